import type { Newsletter, NewsletterSummary } from '@kinodost/contracts/schemas/newsletters';
import type { NewsletterSummaryRow, NewsletterWithView } from './newsletters.repository';

export const toNewsletterSummary = (n: NewsletterSummaryRow): NewsletterSummary => ({
  id: n.id,
  title: n.title,
  is_important: n.isImportant,
  is_viewed: n.isViewed,
  created_at: n.createdAt.toISOString(),
  updated_at: n.updatedAt.toISOString(),
});

export const toNewsletter = (n: NewsletterWithView): Newsletter => ({ ...toNewsletterSummary(n), content: n.content });
