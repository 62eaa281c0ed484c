import { inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friendships } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser, type FactoryUser } from '../../test/factories/user';

// On PGlite (one connection) concurrent transactions serialise; on PostgreSQL (a pool)
// they really overlap, which is where a missing lock or constraint shows.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PAIRS = 50;

const send = (from: FactoryUser, to: FactoryUser) =>
  t.injectAs(from.token, { method: 'POST', url: `/api/friends/request/${to.user.id}` });
const put = (who: FactoryUser, url: string) => t.injectAs(who.token, { method: 'PUT', url });

async function pairs(n: number): Promise<Array<[FactoryUser, FactoryUser]>> {
  const out: Array<[FactoryUser, FactoryUser]> = [];
  for (let i = 0; i < n; i++) out.push([await createUser(t.app), await createUser(t.app)]);
  return out;
}

/** Every friendships row touching these users. */
async function rowsFor(users: FactoryUser[]) {
  const ids = users.map((u) => u.user.id);
  return t.app.database.db
    .select()
    .from(friendships)
    .where(or(inArray(friendships.requesterId, ids), inArray(friendships.addresseeId, ids)));
}

describe('concurrency', () => {
  it('crossing requests (A to B while B to A) end as exactly one accepted friendship, every time', async () => {
    for (let round = 0; round < 2; round++) {
      const ps = await pairs(PAIRS);
      const results = await Promise.all(ps.map(([a, b]) => Promise.all([send(a, b), send(b, a)])));
      for (const [first, second] of results) {
        // One created the request (201 pending), the other found it and accepted it (200 accepted).
        const answers = [first, second].map((r) => `${r.statusCode} ${r.json().status}`).sort();
        expect(answers).toEqual(['200 accepted', '201 pending']);
        expect(first.json().requestId).toBe(second.json().requestId);
      }
      const rows = await rowsFor(ps.flat());
      expect(rows).toHaveLength(PAIRS);
      expect(rows.every((r) => r.status === 'accepted' && r.acceptedAt)).toBe(true);
      for (const [a, b] of ps) {
        const mine = rows.filter(
          (r) => [r.requesterId, r.addresseeId].sort().join() === [a.user.id, b.user.id].sort().join(),
        );
        expect(mine).toHaveLength(1);
      }
    }
  });

  it('a request sent twice at once makes one pending request and one 409', async () => {
    const ps = await pairs(PAIRS);
    const results = await Promise.all(ps.map(([a, b]) => Promise.all([send(a, b), send(a, b)])));
    for (const pair of results) expect(pair.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await rowsFor(ps.flat());
    expect(rows).toHaveLength(PAIRS);
    expect(rows.every((r) => r.status === 'pending')).toBe(true);
  });

  it('a double accept lets one succeed and answers the other 404, never 500', async () => {
    const ps = await pairs(PAIRS);
    const ids = await Promise.all(ps.map(async ([a, b]) => (await send(a, b)).json().requestId as string));
    const results = await Promise.all(
      ps.map(([, b], i) =>
        Promise.all([put(b, `/api/friends/accept/${ids[i]}`), put(b, `/api/friends/accept/${ids[i]}`)]),
      ),
    );
    for (const pair of results) expect(pair.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    const rows = await rowsFor(ps.flat());
    expect(rows).toHaveLength(PAIRS);
    expect(rows.every((r) => r.status === 'accepted')).toBe(true);
  });

  it('accept racing cancel and reject: exactly one wins, the state is consistent', async () => {
    const ps = await pairs(PAIRS);
    const ids = await Promise.all(ps.map(async ([a, b]) => (await send(a, b)).json().requestId as string));
    const results = await Promise.all(
      ps.map(([a, b], i) =>
        Promise.all([
          put(b, `/api/friends/accept/${ids[i]}`),
          t.injectAs(a.token, { method: 'DELETE', url: `/api/friends/requests/${ids[i]}` }),
          put(b, `/api/friends/reject/${ids[i]}`),
        ]),
      ),
    );
    const rows = await rowsFor(ps.flat());
    results.forEach(([accept, cancel, reject], i) => {
      const statuses = [accept, cancel, reject].map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 404)).toHaveLength(2);
      const row = rows.find((r) => r.id === ids[i]);
      if (accept.statusCode === 200) expect(row?.status).toBe('accepted');
      else expect(row).toBeUndefined();
    });
  });
});
