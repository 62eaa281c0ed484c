import { inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks, friendships } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser, type FactoryUser } from '../../test/factories/user';

// As friends.race.test.ts: on PGlite (one connection) the transactions serialise; on PostgreSQL
// (a pool) they overlap, which is where a missing pair lock would leave a request behind a block.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PAIRS = 40;

const send = (from: FactoryUser, to: FactoryUser) =>
  t.injectAs(from.token, { method: 'POST', url: `/api/friends/request/${to.user.id}` });
const block = (from: FactoryUser, to: FactoryUser) =>
  t.injectAs(from.token, { method: 'POST', url: `/api/user/${to.user.id}/block` });

async function pairs(n: number): Promise<Array<[FactoryUser, FactoryUser]>> {
  const out: Array<[FactoryUser, FactoryUser]> = [];
  for (let i = 0; i < n; i++) out.push([await createUser(t.app), await createUser(t.app)]);
  return out;
}

async function friendshipRows(users: FactoryUser[]) {
  const ids = users.map((u) => u.user.id);
  return t.app.database.db
    .select()
    .from(friendships)
    .where(or(inArray(friendships.requesterId, ids), inArray(friendships.addresseeId, ids)));
}

describe('a request and a block crossing', () => {
  it('the blocked member’s request crossing the block: no friendship, no pending request, the block stands', async () => {
    const ps = await pairs(PAIRS);
    const results = await Promise.all(ps.map(([a, b]) => Promise.all([block(a, b), send(b, a)])));
    for (const [blocked, request] of results) {
      expect(blocked.statusCode).toBe(204);
      // Before the block: 201 (then deleted by it); after: 404, the blocker is not there for them.
      expect([201, 404]).toContain(request.statusCode);
    }
    expect(await friendshipRows(ps.flat())).toEqual([]);
    const rows = await t.app.database.db
      .select()
      .from(blocks)
      .where(
        inArray(
          blocks.blockerId,
          ps.map(([a]) => a.user.id),
        ),
      );
    expect(rows).toHaveLength(PAIRS);
  });

  it('crossing requests both ways and a block: still nothing left between them', async () => {
    const ps = await pairs(PAIRS);
    await Promise.all(ps.map(([a, b]) => Promise.all([send(a, b), block(a, b), send(b, a)])));
    expect(await friendshipRows(ps.flat())).toEqual([]);
  });

  it('accepting a request while it is blocked away leaves no friendship', async () => {
    const ps = await pairs(PAIRS);
    const ids = await Promise.all(ps.map(async ([a, b]) => (await send(a, b)).json().requestId as string));
    const results = await Promise.all(
      ps.map(([a, b], i) =>
        Promise.all([t.injectAs(b.token, { method: 'PUT', url: `/api/friends/accept/${ids[i]}` }), block(a, b)]),
      ),
    );
    for (const [accept, blocked] of results) {
      expect([200, 404]).toContain(accept.statusCode);
      expect(blocked.statusCode).toBe(204);
    }
    expect(await friendshipRows(ps.flat())).toEqual([]);
  });
});
