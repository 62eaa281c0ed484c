import { type Static, Type } from 'typebox';
import { Paged, StringEnum } from './common';
import { PersonRef } from './people';

export const CommentStatus = StringEnum(['pending', 'approved', 'rejected']);
export type CommentStatus = Static<typeof CommentStatus>;

/** A comment on a movie; only approved ones are public, authors see their own pending ones. */
export const Comment = Type.Object({
  id: Type.String({ format: 'uuid' }),
  movie_id: Type.String({ format: 'uuid' }),
  text: Type.String(),
  status: CommentStatus,
  created_at: Type.String({ format: 'date-time' }),
  author: PersonRef,
});
export type Comment = Static<typeof Comment>;

export const CreateCommentBody = Type.Object({ text: Type.String({ minLength: 1, maxLength: 1000 }) });
export type CreateCommentBody = Static<typeof CreateCommentBody>;

export const CommentList = Paged(Comment);
export type CommentList = Static<typeof CommentList>;

/** A comment in the moderation queue, with the movie it is on. */
export const AdminComment = Type.Intersect([
  Comment,
  Type.Object({ movie: Type.Object({ id: Type.String({ format: 'uuid' }), title: Type.String() }) }),
]);
export type AdminComment = Static<typeof AdminComment>;
export const AdminCommentList = Paged(AdminComment);
export type AdminCommentList = Static<typeof AdminCommentList>;

export const AdminCommentQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  status: Type.Optional(CommentStatus),
});
export type AdminCommentQuery = Static<typeof AdminCommentQuery>;

export const ModerationAction = StringEnum(['approve', 'reject', 'delete']);
export type ModerationAction = Static<typeof ModerationAction>;

/** Moderates up to 100 comments at once. */
export const BulkModerationBody = Type.Object({
  ids: Type.Array(Type.String({ format: 'uuid' }), { minItems: 1, maxItems: 100, uniqueItems: true }),
  action: ModerationAction,
});
export type BulkModerationBody = Static<typeof BulkModerationBody>;
