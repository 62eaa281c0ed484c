import MovieIcon from '@mui/icons-material/Movie';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { az } from '../../../i18n/az';

/** A stable hue per title, so a placeholder keeps its colours between visits. */
const hueOf = (text: string): number => {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360;
  return hash;
};

/** Up to two initials of the title's first words ('Bir Səhər Yeli' → 'BS'). */
export const titleInitials = (title: string): string =>
  title
    .split(/\s+/)
    .filter((word) => /\p{L}|\p{N}/u.test(word))
    .slice(0, 2)
    .map((word) => Array.from(word.replace(/^[^\p{L}\p{N}]+/u, ''))[0] ?? '')
    .join('')
    .toLocaleUpperCase('az');

/**
 * The poster at 2:3, or, without one (or when it fails to load), a gradient in the title's own
 * colours with its initials and a film icon. `width` fixes the size (list rows); by default it
 * fills its container's width.
 */
export function MoviePoster({ title, posterUrl, width }: { title: string; posterUrl: string | null; width?: number }) {
  const [broken, setBroken] = useState(false);
  const hue = hueOf(title);
  const small = width !== undefined && width < 80;
  return (
    <Box
      sx={{
        position: 'relative',
        width: width ?? '100%',
        aspectRatio: '2 / 3',
        flexShrink: 0,
        overflow: 'hidden',
        borderRadius: 1,
        bgcolor: 'action.hover',
      }}
    >
      {posterUrl && !broken ? (
        <Box
          component="img"
          src={posterUrl}
          alt={az.movies.posterAlt(title)}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          onError={() => setBroken(true)}
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      ) : (
        <Box
          data-testid="poster-placeholder"
          aria-hidden
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: small ? 0 : 1,
            color: '#fff',
            background: `linear-gradient(160deg, hsl(${hue} 55% 42%), hsl(${(hue + 50) % 360} 60% 22%))`,
          }}
        >
          <MovieIcon sx={{ fontSize: small ? 18 : 36, opacity: 0.75 }} />
          <Box
            component="span"
            sx={{
              fontWeight: 800,
              fontSize: small ? 14 : 32,
              letterSpacing: 1,
              textShadow: '0 1px 2px rgb(0 0 0 / 0.4)',
            }}
          >
            {titleInitials(title)}
          </Box>
        </Box>
      )}
    </Box>
  );
}
