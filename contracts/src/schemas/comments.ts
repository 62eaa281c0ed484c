import { type Static, Type } from 'typebox';
import { COMMENT_MAX, PAGE_MAX, PAGE_SIZE_MAX } from '../limits';
import { Nullable, Paged, StringEnum } from './common';
import { nameSchemas } from './named';
import { PersonRef } from './people';

export const CommentStatus = StringEnum(['pending', 'approved', 'rejected']);
export type CommentStatus = Static<typeof CommentStatus>;

/**
 * A comment on a film; only approved ones are public, authors see their own pending ones.
 * movie_id is the entry it was written on: null when written on the film's page or when that
 * entry was deleted (docs/catalogue.md "Comments").
 */
export const Comment = Type.Object({
  id: Type.String({ format: 'uuid' }),
  film_id: Type.String({ format: 'uuid' }),
  movie_id: Nullable(Type.String({ format: 'uuid' })),
  text: Type.String(),
  status: CommentStatus,
  created_at: Type.String({ format: 'date-time' }),
  author: PersonRef,
});
export type Comment = Static<typeof Comment>;

export const CreateCommentBody = Type.Object({ text: Type.String({ minLength: 1, maxLength: COMMENT_MAX }) });
export type CreateCommentBody = Static<typeof CreateCommentBody>;

export const CommentList = Paged(Comment);
export type CommentList = Static<typeof CommentList>;

const TitledRef = Type.Object({ id: Type.String({ format: 'uuid' }), title: Type.String() });

/** A comment in the moderation queue, with its film and the entry it was written on (if any). */
export const AdminComment = Type.Intersect([Comment, Type.Object({ film: TitledRef, movie: Nullable(TitledRef) })]);
export type AdminComment = Static<typeof AdminComment>;
export const AdminCommentList = Paged(AdminComment);
export type AdminCommentList = Static<typeof AdminCommentList>;

export const AdminCommentQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: 20 }),
  status: Type.Optional(CommentStatus),
});
export type AdminCommentQuery = Static<typeof AdminCommentQuery>;

export const ModerationAction = StringEnum(['approve', 'reject', 'delete']);
export type ModerationAction = Static<typeof ModerationAction>;

/** Moderates up to 100 comments at once. */
export const BulkModerationBody = Type.Object({
  ids: Type.Array(Type.String({ format: 'uuid' }), { minItems: 1, maxItems: PAGE_SIZE_MAX, uniqueItems: true }),
  action: ModerationAction,
});
export type BulkModerationBody = Static<typeof BulkModerationBody>;

// Shared by name in the API document (docs/api.md "Named schemas").
nameSchemas({ Comment, CreateCommentBody, CommentList, AdminComment, AdminCommentList, BulkModerationBody });
