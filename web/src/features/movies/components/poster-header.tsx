import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { MoviePoster } from './movie-poster';

/**
 * The top of a film's or an entry's page: the poster (or its initials placeholder) beside the
 * title with its year, and what the page puts under them.
 */
export function PosterHeader({
  title,
  year,
  posterUrl,
  posterAction,
  children,
}: {
  title: string;
  year: number | null;
  posterUrl: string | null;
  /** Shown under the poster (the film page's upload). */
  posterAction?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 3, sm: 4 },
        gridTemplateColumns: { xs: '1fr', sm: '220px 1fr', md: '280px 1fr' },
        alignItems: 'start',
      }}
    >
      <Box sx={{ width: { xs: 200, sm: '100%' }, mx: { xs: 'auto', sm: 0 } }}>
        <Box sx={{ boxShadow: 3, borderRadius: 1 }}>
          <MoviePoster title={title} posterUrl={posterUrl} />
        </Box>
        {posterAction}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography
          variant="h3"
          component="h1"
          sx={{ fontWeight: 800, fontSize: { xs: '1.9rem', sm: '2.4rem' }, wordBreak: 'break-word' }}
        >
          {title}
          {/* A real space, so the heading reads "Titanic (1997)" to a screen reader too. */}
          {year && (
            <>
              {' '}
              <Typography component="span" color="text.secondary" sx={{ fontSize: '0.6em', fontWeight: 500 }}>
                ({year})
              </Typography>
            </>
          )}
        </Typography>
        {children}
      </Box>
    </Box>
  );
}
