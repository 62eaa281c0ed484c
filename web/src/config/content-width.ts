/**
 * MUI Container's look (centred, 16/24 px gutters, a breakpoint's max width) as plain sx styles for
 * the header, footer and landing page: the Container component itself costs about 1 kB gzip in the
 * first download.
 */
export const contentWidth = (maxWidth: 'sm' | 'md' | 'lg') =>
  ({ width: '100%', mx: 'auto', px: { xs: 2, sm: 3 }, maxWidth }) as const;
