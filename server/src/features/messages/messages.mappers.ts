import type { Conversation, Message, MessageFilm } from '@kinodost/contracts/schemas/messages';
import { avatarUrl } from '../users';
import type { ConversationData, MessageData } from './messages.repository';

const filmOf = (r: {
  film_id: string | null;
  film_title: string | null;
  film_year: number | null;
  film_poster_url: string | null;
  film_owned?: boolean;
}): { film?: MessageFilm } =>
  r.film_id && r.film_title !== null
    ? {
        film: {
          id: r.film_id,
          title: r.film_title,
          year: r.film_year,
          poster_url: r.film_poster_url,
          ...(r.film_owned === undefined ? {} : { in_collection: r.film_owned }),
        },
      }
    : {};

/** The API shape of a message. */
export const toMessage = (r: MessageData): Message => ({
  id: r.id,
  from: r.from,
  to: r.to,
  text: r.text,
  ...filmOf(r),
  created_at: r.created_at,
  read_at: r.read_at,
});

export const toConversation = (me: string, r: ConversationData): Conversation => ({
  user: { id: r.other_id, username: r.username, avatar_url: avatarUrl(r.avatar) },
  last: {
    id: r.last_id,
    text: r.last_text,
    ...filmOf(r),
    from_me: r.last_from === me,
    created_at: r.last_created_at,
  },
  unread: Number(r.unread),
});
