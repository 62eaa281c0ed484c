import { and, count, desc, eq, getTableColumns, notExists, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { newsletterReads, newsletters } from '../../db/schema/index';

/** All SQL about newsletters and their read marks. */

export type NewsletterRow = typeof newsletters.$inferSelect;
export type NewsletterWithView = NewsletterRow & { isViewed: boolean };
/** What lists show: no content. */
export type NewsletterSummaryRow = Omit<NewsletterWithView, 'content'>;
export type NewsletterValues = Pick<typeof newsletters.$inferInsert, 'title' | 'content' | 'isImportant'>;

/** Whether the viewer has a read mark on the row; false for visitors. */
const viewedBy = (viewerId: string | null): SQL<boolean> =>
  viewerId
    ? sql<boolean>`exists (select 1 from ${newsletterReads} where ${newsletterReads.newsletterId} = ${newsletters.id} and ${newsletterReads.userId} = ${viewerId})`
    : sql<boolean>`false`;

/** Newsletters the user has not read (served by the reads primary key). */
const unreadBy = (db: Db, userId: string | Placeholder) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(newsletterReads)
      .where(and(eq(newsletterReads.newsletterId, newsletters.id), eq(newsletterReads.userId, userId))),
  );

const newestFirst = [desc(newsletters.createdAt), desc(newsletters.id)];

const selectWithView = (db: Db, viewerId: string | null) =>
  db.select({ newsletter: newsletters, isViewed: viewedBy(viewerId) }).from(newsletters);

const flatten = (r: { newsletter: NewsletterRow; isViewed: boolean }): NewsletterWithView => ({
  ...r.newsletter,
  isViewed: Boolean(r.isViewed),
});

/** One page of every newsletter, newest first, with the viewer's read state. */
export const listNewsletters = async (
  db: Db,
  viewerId: string | null,
  q: { page: number; limit: number },
): Promise<{ rows: NewsletterWithView[]; total: number }> => {
  const [rows, totals] = await Promise.all([
    selectWithView(db, viewerId)
      .orderBy(...newestFirst)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(newsletters),
  ]);
  return { rows: rows.map(flatten), total: totals[0]?.n ?? 0 };
};

const { content: _content, ...summaryColumns } = getTableColumns(newsletters);

/** The newest ones, without their content; for a member only those they have not read (so none is viewed). */
export const latestNewsletters = async (
  db: Db,
  viewerId: string | null,
  limit: number,
): Promise<NewsletterSummaryRow[]> => {
  const rows = viewerId
    ? await preparedOnce(db, 'newsletters_latest_unread', (name) =>
        db
          .select(summaryColumns)
          .from(newsletters)
          .where(unreadBy(db, sql.placeholder('viewer')))
          .orderBy(...newestFirst)
          .limit(sql.placeholder('limit'))
          .prepare(name),
      ).execute({ viewer: viewerId, limit })
    : await db
        .select(summaryColumns)
        .from(newsletters)
        .orderBy(...newestFirst)
        .limit(limit);
  return rows.map((r) => ({ ...r, isViewed: false }));
};

/**
 * Newsletters less the member's read marks. A mark exists only for an existing newsletter
 * (the foreign key cascades) and once per pair (the primary key), so the difference is
 * exact, and costs two index counts instead of a read-mark probe for every newsletter.
 */
export const countUnread = async (db: Db, userId: string): Promise<number> =>
  (
    await preparedOnce(db, 'newsletters_unread_count', (name) =>
      db
        .select({
          n: sql<number>`(select count(*) from ${newsletters})::int - (select count(*) from ${newsletterReads} where ${newsletterReads.userId} = ${sql.placeholder('viewer')})::int`,
        })
        .from(sql`(select 1) as one`)
        .prepare(name),
    ).execute({ viewer: userId })
  )[0]?.n ?? 0;

export const findNewsletter = async (
  db: Db,
  id: string,
  viewerId: string | null,
): Promise<NewsletterWithView | undefined> => {
  const [row] = await selectWithView(db, viewerId).where(eq(newsletters.id, id));
  return row && flatten(row);
};

export const insertNewsletter = async (db: Db, authorId: string, values: NewsletterValues): Promise<NewsletterRow> =>
  (
    await db
      .insert(newsletters)
      .values({ ...values, authorId })
      .returning()
  )[0] as NewsletterRow;

export const updateNewsletter = async (
  db: Db,
  id: string,
  values: Partial<NewsletterValues>,
): Promise<NewsletterRow | undefined> =>
  (
    await db
      .update(newsletters)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(newsletters.id, id))
      .returning()
  )[0];

/** Deletes one; its read marks go with it (ON DELETE CASCADE). */
export const deleteNewsletter = async (db: Db, id: string): Promise<boolean> =>
  (await db.delete(newsletters).where(eq(newsletters.id, id)).returning({ id: newsletters.id })).length > 0;

/**
 * Marks a newsletter read by a user in one statement. The SELECT makes an unknown id insert
 * nothing, and ON CONFLICT makes a repeated or concurrent mark a no-op instead of a unique
 * violation. Answers whether the newsletter exists (read before or now).
 */
export const markRead = async (db: Db, newsletterId: string, userId: string): Promise<boolean> => {
  const inserted = await db
    .insert(newsletterReads)
    .select(
      db
        .select({
          newsletterId: newsletters.id,
          userId: sql<string>`${userId}::uuid`.as('user_id'),
          readAt: sql<Date>`now()`.as('read_at'),
        })
        .from(newsletters)
        .where(eq(newsletters.id, newsletterId)),
    )
    .onConflictDoNothing()
    .returning({ id: newsletterReads.newsletterId });
  if (inserted.length > 0) return true;
  const [exists] = await db.select({ id: newsletters.id }).from(newsletters).where(eq(newsletters.id, newsletterId));
  return Boolean(exists);
};
