import type { FilmPage } from '@kinodost/contracts/schemas/films';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { az } from '../../../i18n/az';
import { PosterHeader } from '../../movies/components/poster-header';

const t = az.films.page;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, fontWeight: 600, minWidth: 0, wordBreak: 'break-word' }}>
        {children}
      </Box>
    </>
  );
}

/** The film page's top: poster (or the initials placeholder), title, year and the facts; `aside` below them. */
export function FilmFacts({
  film,
  aside,
  posterAction,
}: {
  film: FilmPage;
  aside?: ReactNode;
  posterAction?: ReactNode;
}) {
  const original = film.original_title && film.original_title !== film.title ? film.original_title : null;
  return (
    <PosterHeader title={film.title} year={film.year} posterUrl={film.poster_url} posterAction={posterAction}>
      <Box
        component="dl"
        sx={{ mt: 2, mb: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}
      >
        {original && <Fact label={t.originalTitle}>{original}</Fact>}
        {film.directors.length > 0 && (
          <Fact label={t.directors(film.directors.length)}>{film.directors.join(', ')}</Fact>
        )}
        {film.genres.length > 0 && (
          <Fact label={t.genres}>
            <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
              {film.genres.map((genre) => (
                <Chip key={genre} label={genre} size="small" variant="outlined" />
              ))}
            </Box>
          </Fact>
        )}
        {film.runtime !== null && <Fact label={t.runtime}>{t.runtimeValue(film.runtime)}</Fact>}
      </Box>
      {aside}
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 0.5, fontWeight: 700 }}>
        {t.overview}
      </Typography>
      <Typography color={film.overview ? 'text.primary' : 'text.secondary'} sx={{ whiteSpace: 'pre-wrap' }}>
        {film.overview ?? t.noOverview}
      </Typography>
    </PosterHeader>
  );
}
