import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * The phone form of an admin table (below 600 px): one card per row, its facts as label and value
 * pairs and its actions in a row of their own, all in view without scrolling sideways.
 */
export function AdminCardList({
  label,
  empty,
  children,
}: {
  label: string;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ listStyle: 'none', m: 0, px: 1.5, py: 1, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      {children}
      {empty && (
        <Box component="li" sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
          {empty}
        </Box>
      )}
    </Box>
  );
}

export function AdminCard({
  rowId,
  label,
  title,
  details,
  actions,
  selected = false,
}: {
  /** The row's id, for finding the card again (focusTargetAfterRemoval). */
  rowId?: string;
  /** The card's accessible name (the row's person). */
  label: string;
  title: ReactNode;
  details: [label: string, value: ReactNode][];
  actions: ReactNode;
  selected?: boolean;
}) {
  return (
    <Box component="li" data-row-id={rowId}>
      <Paper
        component="article"
        aria-label={label}
        variant="outlined"
        sx={{
          p: 1.5,
          display: 'flex',
          flexDirection: 'column',
          gap: 1,
          bgcolor: selected ? 'action.selected' : undefined,
        }}
      >
        {title}
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5 }}
        >
          {details.map(([name, value]) => (
            <Box key={name} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {name}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 0.5 }}>
          {actions}
        </Box>
      </Paper>
    </Box>
  );
}
