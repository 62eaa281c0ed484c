import { type Static, Type } from 'typebox';
import { RATING_MAX, RATING_MIN } from '../limits';
import { Nullable, StringEnum } from './common';
import { PersonRef } from './people';

/** A film as a feed item or a notification names it. */
export const FilmRef = Type.Object({
  id: Type.String({ format: 'uuid' }),
  title: Type.String(),
  year: Nullable(Type.Integer()),
  poster_url: Nullable(Type.String()),
});
export type FilmRef = Static<typeof FilmRef>;

export const ACTIVITY_TYPES = ['watched', 'watchlist', 'rated', 'commented', 'friends'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/**
 * One thing a member did (docs/feed.md): `film` for every type but `friends`,
 * `rating` for watched (when rated) and rated, `text` (an excerpt) for commented, `other` (the new
 * friend) for friends. Absent fields are left out, not null.
 */
export const FeedItem = Type.Object({
  id: Type.String({ format: 'uuid' }),
  type: StringEnum(ACTIVITY_TYPES),
  actor: PersonRef,
  film: Type.Optional(FilmRef),
  rating: Type.Optional(Type.Integer({ minimum: RATING_MIN, maximum: RATING_MAX })),
  text: Type.Optional(Type.String()),
  other: Type.Optional(PersonRef),
  created_at: Type.String({ format: 'date-time' }),
});
export type FeedItem = Static<typeof FeedItem>;

/** Keyset paging: `before` is the `next_cursor` of the previous page (opaque), limit 1..50 (20). */
export const CursorQuery = Type.Object({
  before: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Integer({ minimum: 1, maximum: 50, default: 20 }),
});
export type CursorQuery = Static<typeof CursorQuery>;

export const FeedPage = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(FeedItem),
  /** The cursor of the next (older) page; null on the last page. */
  next_cursor: Nullable(Type.String()),
});
export type FeedPage = Static<typeof FeedPage>;
