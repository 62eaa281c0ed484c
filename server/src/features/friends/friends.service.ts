import type {
  FriendEntry,
  FriendshipStatusReply,
  IncomingRequest,
  OutgoingRequest,
  PersonWithStatus,
} from '@kinodost/contracts/schemas/friends';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { FriendshipRow } from '../../db/schema/index';
import { foreignKeyViolation } from '../../lib/db-errors';
import { BadRequestError, ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import type { DomainEvents, EventBus, PersonRef } from '../../lib/event-bus';
import { msg } from '../../lib/messages';
import { insertActivity } from '../feed';
import { insertNotification, markRequestRead } from '../notifications';
import { blockerBetween, isBlockedBetween, lockPairChanges } from '../privacy';
import { avatarUrl } from '../users';
import * as repo from './friends.repository';

export interface FriendsDeps {
  db: Db;
  bus: EventBus;
  log: FastifyBaseLogger;
}

/** The caller, as the auth plugin loaded them. */
export interface Caller {
  id: string;
  username: string;
  avatar: string | null;
}

export interface Page {
  page: number;
  limit: number;
}

/** The outcome of a send: a new pending request, or theirs accepted because they had asked first. */
export interface SendOutcome {
  status: 'pending' | 'accepted';
  requestId: string;
}

/** Feed items and notifications a change wrote, to announce once it has committed. */
interface Written {
  activities: string[];
  notifications: string[];
}

const toPerson = (p: repo.PersonRow): PersonRef => ({
  id: p.id,
  username: p.username,
  avatar_url: avatarUrl(p.avatar),
});

/** The pair's state as the viewer `me` sees it. */
function stateOf(row: Pick<FriendshipRow, 'id' | 'status' | 'requesterId'> | undefined, me: string) {
  if (!row) return { status: 'none' as const };
  if (row.status === 'accepted') return { status: 'accepted' as const, friendshipId: row.id };
  const direction = row.requesterId === me ? ('outgoing' as const) : ('incoming' as const);
  return { status: 'pending' as const, direction, requestId: row.id };
}

const STATUS_TEXT = {
  none: msg.friends.statusNone,
  outgoing: msg.friends.statusOutgoing,
  incoming: msg.friends.statusIncoming,
  accepted: msg.friends.statusAccepted,
} as const;

// A send retries when the pair's row vanished between its insert and its re-read (cancelled or
// removed meanwhile); twice in a row is already unlikely, so a few attempts are plenty.
const SEND_ATTEMPTS = 3;

export const createFriendsService = ({ db, bus, log }: FriendsDeps) => {
  /**
   * Raises a domain event once the change has committed. A listener's failure must
   * not turn a committed change into an error answer, so it is only logged.
   */
  const publish = <K extends keyof DomainEvents>(event: K, ...args: DomainEvents[K]) => {
    try {
      (bus.emit as (e: K, ...a: DomainEvents[K]) => boolean)(event, ...args);
    } catch (err) {
      log.error({ err, event }, 'friend event listener failed');
    }
  };

  const mustFindUser = async (id: string) => {
    const user = await repo.findUserRef(db, id);
    if (!user) throw new NotFoundError(msg.users.notFound);
    return user;
  };

  /**
   * In one transaction: insert a pending request, or, when the pair already has a
   * row, lock it and decide. Crossing requests (A to B while B to A) meet at the
   * unique pair index: the second insert waits for the first to commit, finds its
   * row and accepts it, so they end as one friendship row.
   */
  const sendInTransaction = (me: string, target: string) =>
    db.transaction(async (txRaw): Promise<SendOutcome & { written: Written }> => {
      const tx = txRaw as unknown as Db;
      // After a block between the two (made before, or crossing this request and committed first
      // under the same pair lock) the member is not there for them (docs/social.md "Blocking").
      await lockPairChanges(tx, me, target);
      if (await isBlockedBetween(tx, me, target)) throw new NotFoundError(msg.users.notFound);
      for (let attempt = 0; attempt < SEND_ATTEMPTS; attempt++) {
        const inserted = await repo.insertRequestIfAbsent(tx, me, target);
        if (inserted) {
          const notification = await insertNotification(tx, {
            userId: target,
            type: 'friend_request',
            actorId: me,
            friendshipId: inserted.id,
          });
          return {
            status: 'pending',
            requestId: inserted.id,
            written: { activities: [], notifications: [notification] },
          };
        }
        const row = await repo.lockPair(tx, me, target);
        if (!row) continue;
        if (row.status === 'accepted') throw new ConflictError(msg.friends.alreadyFriends);
        if (row.requesterId === me) throw new ConflictError(msg.friends.alreadyRequested);
        // Locked and still pending, addressed to me: accepting it cannot miss.
        const accepted = await repo.acceptPending(tx, row.id, me);
        if (accepted) return { status: 'accepted', requestId: accepted.id, written: await befriended(tx, accepted) };
      }
      throw new ConflictError(msg.common.conflict);
    });

  /**
   * What an acceptance writes with it: the `friends` item (the one who accepted is its actor, the
   * requester the new friend), the requester's `friend_accepted`, and the request's notification
   * read. The friendship row is their cause: removing the friendship removes them.
   */
  const befriended = async (tx: Db, row: FriendshipRow): Promise<Written> => {
    const activity = await insertActivity(tx, {
      actorId: row.addresseeId,
      type: 'friends',
      otherId: row.requesterId,
      friendshipId: row.id,
    });
    const notification = await insertNotification(tx, {
      userId: row.requesterId,
      type: 'friend_accepted',
      actorId: row.addresseeId,
      friendshipId: row.id,
    });
    await markRequestRead(tx, row.id);
    return { activities: [activity], notifications: [notification] };
  };
  const announce = (written: Written) => {
    for (const id of written.activities) publish('activity:created', { id });
    for (const id of written.notifications) publish('notification:created', { id });
  };

  return {
    /** Sends a friend request, or accepts theirs when the other member had already asked. */
    async sendRequest(me: Caller, targetId: string): Promise<SendOutcome> {
      if (targetId === me.id) throw new BadRequestError(msg.friends.self);
      await mustFindUser(targetId);
      let outcome: SendOutcome & { written: Written };
      try {
        outcome = await sendInTransaction(me.id, targetId);
      } catch (err) {
        // The other member was deleted after the check above: the foreign key refuses the row.
        if (foreignKeyViolation(err) !== undefined) throw new NotFoundError(msg.users.notFound);
        throw err;
      }
      if (outcome.status === 'pending') {
        publish('friend:request', { toUserId: targetId, requestId: outcome.requestId, sender: toPerson(me) });
      } else {
        publish('friend:accepted', { userIds: [me.id, targetId], requestId: outcome.requestId });
      }
      announce(outcome.written);
      return { status: outcome.status, requestId: outcome.requestId };
    },

    /** The receiver accepts a pending request; anyone else, or a handled request, gets 404. */
    async accept(me: string, requestId: string): Promise<void> {
      // One conditional UPDATE: of two concurrent accepts the second re-checks the row after
      // the first commits, finds it no longer pending and answers 404.
      const { row, written } = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const row = await repo.acceptPending(tx, requestId, me);
        return { row, written: row ? await befriended(tx, row) : undefined };
      });
      if (!row || !written) throw new NotFoundError(msg.friends.requestNotFound);
      publish('friend:accepted', { userIds: [row.requesterId, row.addresseeId], requestId: row.id });
      announce(written);
    },

    /** The receiver rejects a pending request: it is deleted, so the sender may ask again later. */
    async reject(me: string, requestId: string): Promise<void> {
      const row = await repo.deletePending(db, requestId, 'addressee', me);
      if (!row) throw new NotFoundError(msg.friends.requestNotFound);
      publish('friend:removed', { userIds: [row.requesterId, row.addresseeId] });
    },

    /** The sender withdraws their pending request. */
    async cancel(me: string, requestId: string): Promise<void> {
      const row = await repo.deletePending(db, requestId, 'requester', me);
      if (!row) throw new NotFoundError(msg.friends.requestNotFound);
      publish('friend:removed', { userIds: [row.requesterId, row.addresseeId] });
    },

    /** Either side ends a friendship. */
    async remove(me: string, friendId: string): Promise<void> {
      const row = await repo.deleteFriendship(db, me, friendId);
      if (!row) throw new NotFoundError(msg.friends.friendshipNotFound);
      publish('friend:removed', { userIds: [row.requesterId, row.addresseeId] });
    },

    /** The viewer's friendship with a member, for the profile's button (docs/product.md#friends). */
    async status(me: string, userId: string): Promise<FriendshipStatusReply> {
      if (userId === me) return { status: 'none', message: msg.friends.statusSelf, actionable: false };
      await mustFindUser(userId);
      // A block either way leaves no friendship and refuses requests: nothing to offer. The blocker
      // is told why; the one blocked reads only that a request cannot be sent.
      const blocker = await blockerBetween(db, me, userId);
      if (blocker) {
        const message = blocker === me ? msg.friends.statusYouBlocked : msg.friends.statusUnavailable;
        return { status: 'none', message, actionable: false };
      }
      const state = stateOf(await repo.findPair(db, me, userId), me);
      const text = state.status === 'pending' ? STATUS_TEXT[state.direction] : STATUS_TEXT[state.status];
      return { ...state, message: text, actionable: true };
    },

    async friends(me: string, { page, limit }: Page): Promise<{ data: FriendEntry[]; total: number }> {
      const { rows, total } = await repo.listFriends(db, me, page, limit);
      const data = rows.map((r) => ({
        ...toPerson(r),
        friendshipId: r.friendshipId,
        since: r.since.toISOString(),
      }));
      return { data, total };
    },

    async incoming(me: string, { page, limit }: Page): Promise<{ data: IncomingRequest[]; total: number }> {
      const { rows, total } = await repo.listPending(db, me, 'incoming', page, limit);
      const data = rows.map((r) => ({
        id: r.requestId,
        sender: toPerson(r.person),
        created_at: r.createdAt.toISOString(),
      }));
      return { data, total };
    },

    async outgoing(me: string, { page, limit }: Page): Promise<{ data: OutgoingRequest[]; total: number }> {
      const { rows, total } = await repo.listPending(db, me, 'outgoing', page, limit);
      const data = rows.map((r) => ({
        id: r.requestId,
        receiver: toPerson(r.person),
        created_at: r.createdAt.toISOString(),
      }));
      return { data, total };
    },

    incomingCount: (me: string) => repo.countIncoming(db, me),

    /** Members whose username contains q, with the caller's state towards each. */
    async searchPeople(me: string, q: string, { page, limit }: Page) {
      const term = q.trim();
      if (!term) throw new ValidationError(msg.common.validation, { q: msg.fields.required });
      const { rows, total } = await repo.searchPeople(db, me, term, page, limit);
      const data: PersonWithStatus[] = rows.map((r) => {
        const state = stateOf(
          r.friendshipId && r.status && r.requesterId
            ? { id: r.friendshipId, status: r.status, requesterId: r.requesterId }
            : undefined,
          me,
        );
        const base = { ...toPerson(r), status: state.status };
        return state.status === 'pending' ? { ...base, direction: state.direction, requestId: state.requestId } : base;
      });
      return { data, total };
    },
  };
};

export type FriendsService = ReturnType<typeof createFriendsService>;
