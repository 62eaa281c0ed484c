/**
 * MUI Container's look (centred, 16/24 px gutters, a breakpoint's max width) as plain sx styles for
 * the header, footer and landing page: the Container component itself would add to the first
 * download (docs/benchmarks.md).
 */
export const contentWidth = (maxWidth: 'sm' | 'md' | 'lg') =>
  ({ width: '100%', mx: 'auto', px: { xs: 2, sm: 3 }, maxWidth }) as const;
