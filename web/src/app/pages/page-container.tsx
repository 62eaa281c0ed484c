import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The common frame of content pages: width, spacing and the page's h1. */
export function PageContainer({
  title,
  intro,
  children,
  maxWidth = 'lg',
}: {
  title: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 3, sm: 5 } }}>
      <Typography
        variant="h4"
        component="h1"
        // A title may carry a username: 30 letters with no space do not fit a phone's line.
        sx={{
          fontWeight: 700,
          mb: intro ? 1 : 3,
          fontSize: { xs: '1.75rem', sm: '2.125rem' },
          overflowWrap: 'anywhere',
        }}
      >
        {title}
      </Typography>
      {intro && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {intro}
        </Typography>
      )}
      {children}
    </Container>
  );
}
