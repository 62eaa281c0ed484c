import type { Newsletter } from '../api/newsletter-types';

/** A newsletter as the server sends it; ids are UUIDs like the server's. */
export const sampleNewsletter = (n: number, overrides: Partial<Newsletter> = {}): Newsletter => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  title: `Yenilik ${n}`,
  content: `Mətn ${n}`,
  is_important: false,
  is_viewed: false,
  created_at: `2025-03-${String(10 + n).padStart(2, '0')}T10:00:00.000Z`,
  updated_at: `2025-03-${String(10 + n).padStart(2, '0')}T10:00:00.000Z`,
  ...overrides,
});

export const summaryOf = ({ content: _content, ...summary }: Newsletter) => summary;
