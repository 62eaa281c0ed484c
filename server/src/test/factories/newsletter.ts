import { eq } from 'drizzle-orm';
import type { App } from '../../app';
import { newsletterReads, newsletters } from '../../db/schema/index';
import { newslettersTag } from '../../features/newsletters';
import { dropCached } from './cache';

export type NewsletterRow = typeof newsletters.$inferSelect;

/** Inserts a newsletter straight into the database; createdAt can be set to order them. */
export async function createNewsletter(
  app: App,
  overrides: Partial<Omit<typeof newsletters.$inferInsert, 'id'>> = {},
): Promise<NewsletterRow> {
  const [row] = await app.database.db
    .insert(newsletters)
    .values({
      title: `Yenilik ${Math.random().toString(36).slice(2, 8)}`,
      content: 'Mətn **Markdown** ilə.',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insert failed');
  dropCached(app, newslettersTag);
  return row;
}

/** The read marks of a newsletter, as stored. */
export const readsOf = (app: App, newsletterId: string) =>
  app.database.db.select().from(newsletterReads).where(eq(newsletterReads.newsletterId, newsletterId));
