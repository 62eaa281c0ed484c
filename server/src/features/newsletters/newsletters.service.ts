import type { CreateNewsletterBody, UpdateNewsletterBody } from '@kinodost/contracts/schemas/newsletters';
import type { Db } from '../../db/client';
import { isBlank } from '../../lib/blank';
import { foreignKeyViolation } from '../../lib/db-errors';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { EventBus } from '../../lib/event-bus';
import { msg } from '../../lib/messages';
import * as repo from './newsletters.repository';

/** Trims title and content; a field that is blank after trimming is refused with its own text. */
function normalise(body: UpdateNewsletterBody): Partial<repo.NewsletterValues> {
  const values: Partial<repo.NewsletterValues> = {};
  const fields: Record<string, string> = {};
  if (body.title !== undefined) {
    values.title = body.title.trim();
    if (isBlank(values.title)) fields.title = msg.newsletters.blankTitle;
  }
  if (body.content !== undefined) {
    // Only outer blank lines go: leading spaces are Markdown (indented code).
    values.content = body.content.replace(/^\s*\n/, '').trimEnd();
    if (isBlank(values.content)) fields.content = msg.newsletters.blankContent;
  }
  if (body.is_important !== undefined) values.isImportant = body.is_important;
  const first = Object.values(fields)[0];
  if (first) throw new ValidationError(first, fields);
  return values;
}

export interface NewslettersDeps {
  db: Db;
  /** Raised after a commit: the relay tells members, the response cache drops what is stale. */
  bus: EventBus;
}

/** Newsletters and who has read them (docs/product.md#newsletters). */
export const createNewslettersService = ({ db, bus }: NewslettersDeps) => ({
  list: (viewerId: string | null, page: { page: number; limit: number }) => repo.listNewsletters(db, viewerId, page),

  /** Members: their newest unread ones (the header dropdown); visitors: the newest. */
  latest: (viewerId: string | null, limit: number) => repo.latestNewsletters(db, viewerId, limit),

  unreadCount: (userId: string) => repo.countUnread(db, userId),

  async get(id: string, viewerId: string | null) {
    const row = await repo.findNewsletter(db, id, viewerId);
    if (!row) throw new NotFoundError(msg.newsletters.notFound);
    return row;
  },

  /** Idempotent: a second (or concurrent) mark changes nothing and still succeeds. */
  async markViewed(id: string, userId: string) {
    let exists: boolean;
    try {
      exists = await repo.markRead(db, id, userId);
    } catch (err) {
      // Deleted between the SELECT and the insert's foreign-key check: it is gone, not a 500.
      if (foreignKeyViolation(err) !== undefined) throw new NotFoundError(msg.newsletters.notFound);
      throw err;
    }
    if (!exists) throw new NotFoundError(msg.newsletters.notFound);
    bus.emit('newsletter:viewed', { userId });
  },

  /** Publishes a newsletter; once it is stored, the bus tells the realtime feature. */
  async create(authorId: string, body: CreateNewsletterBody) {
    const values = normalise(body) as repo.NewsletterValues;
    const row = await repo.insertNewsletter(db, authorId, { ...values, isImportant: values.isImportant ?? false });
    bus.emit('newsletter:created', {
      id: row.id,
      title: row.title,
      is_important: row.isImportant,
      created_at: row.createdAt.toISOString(),
    });
    return { ...row, isViewed: false };
  },

  async update(id: string, body: UpdateNewsletterBody, viewerId: string) {
    const updated = await repo.updateNewsletter(db, id, normalise(body));
    if (!updated) throw new NotFoundError(msg.newsletters.notFound);
    bus.emit('newsletter:changed', { id });
    return (await repo.findNewsletter(db, id, viewerId)) ?? { ...updated, isViewed: false };
  },

  async remove(id: string) {
    if (!(await repo.deleteNewsletter(db, id))) throw new NotFoundError(msg.newsletters.notFound);
    bus.emit('newsletter:changed', { id });
  },
});
export type NewslettersService = ReturnType<typeof createNewslettersService>;
