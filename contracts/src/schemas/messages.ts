import { type Static, Type } from 'typebox';
import { MESSAGE_MAX, PAGE_SIZE_MAX } from '../limits';
import { Nullable } from './common';
import { PersonRef } from './people';

/** A film as a message carries it: enough for its card. */
export const MessageFilm = Type.Object({
  id: Type.String({ format: 'uuid' }),
  title: Type.String(),
  year: Nullable(Type.Integer()),
  poster_url: Nullable(Type.String()),
  /**
   * In a thread page only: whether the film is in the reader's collection already, so its card
   * says so before any click. Absent elsewhere (a live message, the conversation list).
   */
  in_collection: Type.Optional(Type.Boolean()),
});
export type MessageFilm = Static<typeof MessageFilm>;

/** One message between two friends: text, a film (a recommendation), or both. */
export const Message = Type.Object({
  id: Type.String({ format: 'uuid' }),
  from: Type.String({ format: 'uuid' }),
  to: Type.String({ format: 'uuid' }),
  text: Nullable(Type.String()),
  film: Type.Optional(MessageFilm),
  created_at: Type.String({ format: 'date-time' }),
  read_at: Nullable(Type.String({ format: 'date-time' })),
});
export type Message = Static<typeof Message>;

/** POST /api/messages/{userId}: text, film_id or both. */
export const SendMessageBody = Type.Object(
  {
    text: Type.Optional(Type.String({ maxLength: MESSAGE_MAX })),
    film_id: Type.Optional(Type.String({ format: 'uuid' })),
  },
  { additionalProperties: false },
);
export type SendMessageBody = Static<typeof SendMessageBody>;

/** GET /api/messages/{userId}: a page of the thread, newest first, older than `before` (a message id). */
export const ThreadQuery = Type.Object({
  before: Type.Optional(Type.String({ format: 'uuid' })),
  limit: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: 30 }),
});
export type ThreadQuery = Static<typeof ThreadQuery>;

/** A page of a thread, newest first; next_cursor is the `before` of the next (older) page, null at the start. */
export const ThreadPage = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(Message),
  next_cursor: Nullable(Type.String()),
});
export type ThreadPage = Static<typeof ThreadPage>;

/** The newest message of a conversation, as the list shows it. */
export const LastMessage = Type.Object({
  id: Type.String({ format: 'uuid' }),
  text: Nullable(Type.String()),
  film: Type.Optional(MessageFilm),
  from_me: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
});
export type LastMessage = Static<typeof LastMessage>;

export const Conversation = Type.Object({
  user: PersonRef,
  last: LastMessage,
  unread: Type.Integer(),
});
export type Conversation = Static<typeof Conversation>;

/** GET /api/messages: the caller's conversations with friends, newest first. */
export const ConversationList = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(Conversation),
});
export type ConversationList = Static<typeof ConversationList>;

/** POST /api/messages/{userId}/read: how many were marked, and the newest of them (null when none). */
export const MarkReadReply = Type.Object({
  success: Type.Literal(true),
  count: Type.Integer(),
  up_to: Nullable(Type.String({ format: 'uuid' })),
});
export type MarkReadReply = Static<typeof MarkReadReply>;
