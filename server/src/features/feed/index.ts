// What other features may use of the feed: writing activities in their own transaction, and the
// cursor and references notifications share with it.

export { toFilmRef, toPersonRef } from './feed.mappers';
export {
  deleteCommentActivities,
  excerpt,
  insertActivity,
  insertCommentActivity,
  type NewActivity,
} from './feed.repository';
export { type Cursor, decodeCursor, keysetPage } from './feed-cursor';
