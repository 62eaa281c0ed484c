import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { blocks, users } from '../../db/schema/index';
import { insertMembers } from '../../test/factories/user';
import { plansOf, scansOf } from '../../test/query-plans';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { hiddenOwnersFor } from './visibility';

// Every search over everyone's movies first asks whose collections the searcher may not see. Most
// members are public: the list is read from the index of the others and from the blocks of the
// searcher, never from every member (which also made PostgreSQL compile the plan: docs/architecture.md).

let database: TestDatabase;
let ids: string[];

beforeAll(async () => {
  database = await createTestDatabase();
  ids = await insertMembers(
    database.db,
    Array.from({ length: 3000 }, (_, i) => `uzv_${i + 1}`),
  );
  const [me, blockedByMe, blockerOfMe, hidden, friendsOnly] = ids as [string, string, string, string, string];
  await database.db.update(users).set({ visibility: 'private' }).where(sql`${users.id} = ${hidden}`);
  await database.db.update(users).set({ visibility: 'friends' }).where(sql`${users.id} = ${friendsOnly}`);
  await database.db.insert(blocks).values([
    { blockerId: me, blockedId: blockedByMe },
    { blockerId: blockerOfMe, blockedId: me },
  ]);
  await database.db.execute(sql`analyze users`);
  await database.db.execute(sql`analyze blocks`);
});
afterAll(() => database.drop());

it('names the members not public to the searcher and those blocked either way', async () => {
  const [me, blockedByMe, blockerOfMe, hidden, friendsOnly] = ids as [string, string, string, string, string];
  expect((await hiddenOwnersFor(database.db, me)).sort()).toEqual(
    [blockedByMe, blockerOfMe, hidden, friendsOnly].sort(),
  );
  expect((await hiddenOwnersFor(database.db, null)).sort()).toEqual([hidden, friendsOnly].sort());
  expect((await hiddenOwnersFor(database.db, hidden)).sort()).toEqual([friendsOnly].sort());
});

it.each([
  ['a member', () => ids[0] as string],
  ['a visitor', () => null],
])('for %s, reads indexes, never every member', async (_who, viewer) => {
  const plans = await plansOf(database, () => hiddenOwnersFor(database.db, viewer()));
  expect(plans.length).toBeGreaterThan(0);
  for (const { sql: text, plan } of plans) {
    expect(
      scansOf(plan, 'users').map((n) => n['Node Type']),
      text,
    ).not.toContain('Seq Scan');
  }
});
