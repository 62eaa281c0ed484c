import { type Static, Type } from 'typebox';
import { NEWSLETTER_CONTENT_MAX, NEWSLETTER_TITLE_MAX } from '../limits';
import { Paged } from './common';
import { nameSchemas } from './named';

/** The header dropdown shows this many (docs/product.md#newsletter-popup); /latest allows up to LATEST_MAX. */
export const LATEST_DEFAULT = 5;
export const LATEST_MAX = 20;

const newsletterCore = {
  id: Type.String({ format: 'uuid' }),
  title: Type.String(),
  /** Admin-written; false for everyone's copy unless an admin marked it. */
  is_important: Type.Boolean(),
  /** Whether the caller has opened it; always false for visitors. */
  is_viewed: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
};

/** A newsletter as lists show it (docs/product.md#newsletters), without its content. */
export const NewsletterSummary = Type.Object(newsletterCore);
export type NewsletterSummary = Static<typeof NewsletterSummary>;

/** A newsletter with its Markdown content (docs/product.md#newsletters); clients render it safely. */
export const Newsletter = Type.Object({ ...newsletterCore, content: Type.String() });
export type Newsletter = Static<typeof Newsletter>;

/** GET /api/newsletters: newest first, public; is_viewed per caller. */
export const NewsletterList = Paged(NewsletterSummary);
export type NewsletterList = Static<typeof NewsletterList>;

/** GET /api/newsletters/admin/all: every newsletter with its content, newest first. */
export const AdminNewsletterList = Paged(Newsletter);
export type AdminNewsletterList = Static<typeof AdminNewsletterList>;

/** GET /api/newsletters/latest: not paged. */
export const LatestNewsletters = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(NewsletterSummary),
});
export type LatestNewsletters = Static<typeof LatestNewsletters>;

/** `_t`: a cache-busting timestamp the web client adds (docs/product.md#newsletters); accepted and ignored. */
const CacheBuster = Type.Optional(Type.String({ maxLength: 64 }));

/** GET /api/newsletters/latest?limit&_t (members: their latest unread ones; visitors: the latest). */
export const LatestQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: LATEST_MAX, default: LATEST_DEFAULT }),
  _t: CacheBuster,
});
export type LatestQuery = Static<typeof LatestQuery>;

/** GET /api/newsletters/unread-count?_t */
export const UnreadCountQuery = Type.Object({ _t: CacheBuster });
export type UnreadCountQuery = Static<typeof UnreadCountQuery>;

const newsletterFields = {
  title: Type.String({ minLength: 1, maxLength: NEWSLETTER_TITLE_MAX }),
  /** Markdown. Raw HTML in it is shown as text, never run. */
  content: Type.String({ minLength: 1, maxLength: NEWSLETTER_CONTENT_MAX }),
  is_important: Type.Boolean(),
};

/** POST /api/newsletters/admin/create */
export const CreateNewsletterBody = Type.Object(
  {
    title: newsletterFields.title,
    content: newsletterFields.content,
    is_important: Type.Optional(newsletterFields.is_important),
  },
  { additionalProperties: false },
);
export type CreateNewsletterBody = Static<typeof CreateNewsletterBody>;

/** PUT /api/newsletters/admin/{id}: any of the fields, at least one. */
export const UpdateNewsletterBody = Type.Partial(Type.Object(newsletterFields), {
  additionalProperties: false,
  minProperties: 1,
});
export type UpdateNewsletterBody = Static<typeof UpdateNewsletterBody>;

// Shared by name in the API document (docs/api.md "Named schemas").
nameSchemas({
  NewsletterSummary,
  Newsletter,
  NewsletterList,
  AdminNewsletterList,
  LatestNewsletters,
  CreateNewsletterBody,
  UpdateNewsletterBody,
});
