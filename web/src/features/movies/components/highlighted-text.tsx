import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { highlightSegments } from '../../../lib/text-highlight';

/** `text` with every (diacritic-blind) match of `query` in a <mark>. */
export function HighlightedText({ text, query }: { text: string; query: string }) {
  const segments = useMemo(() => highlightSegments(text, query), [text, query]);
  return (
    <>
      {segments.map((segment, index) =>
        segment.match ? (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and never reorder.
            key={index}
            component="mark"
            sx={{ bgcolor: 'warning.light', color: 'inherit', borderRadius: 0.5, px: 0.25, fontWeight: 700 }}
          >
            {segment.text}
          </Box>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}
