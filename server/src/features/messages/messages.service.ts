import type { Conversation, Message, SendMessageBody } from '@kinodost/contracts/schemas/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { isBlank } from '../../lib/blank';
import { foreignKeyViolation } from '../../lib/db-errors';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { DomainEvents, EventBus } from '../../lib/event-bus';
import { msg } from '../../lib/messages';
import type { Throttle } from '../../lib/throttle';
import type { FilmsService } from '../films';
import { toConversation, toMessage } from './messages.mappers';
import * as repo from './messages.repository';

export interface MessagesDeps {
  db: Db;
  bus: EventBus;
  log: FastifyBaseLogger;
  throttle: Throttle;
  films: Pick<FilmsService, 'get'>;
}

/**
 * Messages between friends (docs/messages.md). Every call about a conversation first checks the
 * two are friends now: anyone else, and a blocked member (a block removes the friendship), gets
 * the same 404 as an unknown member.
 */
export const createMessagesService = ({ db, bus, log, throttle, films }: MessagesDeps) => {
  const publish = <K extends keyof DomainEvents>(event: K, ...args: DomainEvents[K]) => {
    try {
      (bus.emit as (e: K, ...a: DomainEvents[K]) => boolean)(event, ...args);
    } catch (err) {
      log.error({ err, event }, 'message event listener failed');
    }
  };
  const mustBeFriends = async (me: string, other: string) => {
    if (me === other || !(await repo.areFriends(db, me, other))) throw new NotFoundError(msg.messages.notFriend);
  };

  return {
    async conversations(me: string): Promise<Conversation[]> {
      return (await repo.listConversations(db, me)).map((r) => toConversation(me, r));
    },

    unreadCount: (me: string) => repo.countUnread(db, me),

    async thread(me: string, other: string, q: { before?: string; limit: number }) {
      await mustBeFriends(me, other);
      // A cursor from another thread would page this one from an unrelated point.
      if (q.before && !(await repo.isInThread(db, me, other, q.before))) {
        throw new ValidationError(msg.common.validation, { before: msg.fields.invalid });
      }
      const rows = await repo.listThread(db, me, other, q.before, q.limit + 1);
      const page = rows.slice(0, q.limit).map(toMessage);
      const more = rows.length > q.limit;
      return { data: page, next_cursor: more ? (page[page.length - 1]?.id ?? null) : null };
    },

    /**
     * Stores the message, then answers and emits it: one acknowledged is committed. The
     * friendship is checked by the storing statement itself (one round trip per send), so an
     * attempt to write to a non-friend counts toward the sender's limit.
     */
    async send(me: string, other: string, body: SendMessageBody): Promise<Message> {
      const text = body.text !== undefined && !isBlank(body.text) ? body.text.trim() : null;
      if (text === null && !body.film_id) {
        throw new ValidationError(msg.messages.empty, { text: msg.messages.empty });
      }
      if (me === other) throw new NotFoundError(msg.messages.notFriend);
      if (body.film_id) await films.get(body.film_id);
      await throttle.hit(me);
      let row: repo.MessageData | undefined;
      try {
        row = await repo.insertMessage(db, { from: me, to: other, text, filmId: body.film_id ?? null });
      } catch (err) {
        // The film or the friend was deleted between the checks and the insert.
        if (foreignKeyViolation(err) !== undefined) throw new NotFoundError(msg.messages.notFriend);
        throw err;
      }
      if (!row) throw new NotFoundError(msg.messages.notFriend);
      const message = toMessage(row);
      publish('message:new', { message });
      return message;
    },

    /** Marks the friend's messages to `me` read; the friend's sockets are told up to which one. */
    async markRead(me: string, other: string) {
      await mustBeFriends(me, other);
      const { count, upTo } = await repo.markRead(db, me, other);
      if (upTo) publish('message:read', { by: me, other, upTo });
      return { count, upTo };
    },
  };
};

export type MessagesService = ReturnType<typeof createMessagesService>;
