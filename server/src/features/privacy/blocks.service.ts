import type { BlockedPerson } from '@kinodost/contracts/schemas/privacy';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { foreignKeyViolation } from '../../lib/db-errors';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import type { EventBus } from '../../lib/event-bus';
import { msg } from '../../lib/messages';
import { findUserRef } from '../friends';
import { avatarUrl } from '../users';
import * as repo from './blocks.repository';

export interface BlocksDeps {
  db: Db;
  bus: EventBus;
  log: FastifyBaseLogger;
}

/** Blocking (docs/social.md "Blocking"). */
export const createBlocksService = ({ db, bus, log }: BlocksDeps) => {
  const publish = (fn: () => void) => {
    try {
      fn();
    } catch (err) {
      log.error({ err }, 'block event listener failed');
    }
  };

  return {
    /**
     * Blocks a member: in one transaction, the block and the end of any friendship or pending
     * request between the two, either way. Blocking again changes nothing and succeeds.
     */
    async block(me: string, targetId: string): Promise<void> {
      if (me === targetId) throw new BadRequestError(msg.blocks.self);
      if (!(await findUserRef(db, targetId))) throw new NotFoundError(msg.users.notFound);
      let removed: Awaited<ReturnType<typeof repo.deletePairRow>>;
      try {
        removed = await db.transaction(async (txRaw) => {
          const tx = txRaw as unknown as Db;
          await repo.lockPairChanges(tx, me, targetId);
          await repo.insertBlock(tx, me, targetId);
          return repo.deletePairRow(tx, me, targetId);
        });
      } catch (err) {
        // Deleted after the check above: the foreign key refuses the row.
        if (foreignKeyViolation(err) !== undefined) throw new NotFoundError(msg.users.notFound);
        throw err;
      }
      publish(() => {
        if (removed) bus.emit('friend:removed', { userIds: [removed.requesterId, removed.addresseeId] });
        bus.emit('user:blocked', { userIds: [me, targetId], blocked: true });
      });
    },

    /** Lifts the caller's block of a member; nothing to lift also succeeds (the end state is the same). */
    async unblock(me: string, targetId: string): Promise<void> {
      if (await repo.deleteBlock(db, me, targetId)) {
        publish(() => bus.emit('user:blocked', { userIds: [me, targetId], blocked: false }));
      }
    },

    async list(me: string): Promise<BlockedPerson[]> {
      const rows = await repo.listBlocked(db, me);
      return rows.map((r) => ({
        id: r.id,
        username: r.username,
        avatar_url: avatarUrl(r.avatar),
        blocked_at: r.blockedAt.toISOString(),
      }));
    },
  };
};
export type BlocksService = ReturnType<typeof createBlocksService>;
