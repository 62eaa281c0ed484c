import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { searchPeople } from '../features/friends/friends.repository';
import { listUsers } from '../features/users/users.repository';
import { insertMembers } from '../test/factories/user';
import { nodesOf, plansOf, scansOf } from '../test/query-plans';
import { createTestDatabase, type TestDatabase } from '../test/test-database';

// The people search and the admins' user search match a fragment anywhere in a name or email
// (ILIKE '%…%'). From three letters on, trigram indexes answer it (migration 0009): members are
// sought, never all read, for the page and for its count.

let database: TestDatabase;
let me: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const ids = await insertMembers(
    database.db,
    Array.from({ length: 3000 }, (_, i) => `member_${i + 1}`),
  );
  await database.db.execute(sql`analyze users`);
  me = ids[0] as string;
});
afterAll(() => database.drop());

it.each([
  ['the people search', () => searchPeople(database.db, me, 'Ber_12', 1, 20), ['users_username_trgm_idx']],
  [
    "the admins' user search",
    () => listUsers(database.db, { page: 1, limit: 20, search: 'ber_12' }),
    ['users_username_trgm_idx', 'users_email_trgm_idx'],
  ],
])('%s seeks members by trigrams, never reads them all', async (_name, run, indexes) => {
  const sought = new Set<string>();
  for (const { sql: text, plan } of await plansOf(database, run)) {
    expect(
      scansOf(plan, 'users').map((n) => n['Node Type']),
      text,
    ).not.toContain('Seq Scan');
    for (const node of nodesOf(plan)) if (node['Index Name']) sought.add(node['Index Name']);
  }
  // The count has only the trigrams; a page sorted by date may rather walk that date's index.
  expect([...sought]).toEqual(expect.arrayContaining(indexes));
});

it('finds the same members, any case, as before', async () => {
  const people = await searchPeople(database.db, me, 'BER_12', 1, 20);
  expect(people.total).toBe(111);
  expect(people.rows[0]?.username).toBe('member_12');
  const users = await listUsers(database.db, { page: 1, limit: 5, search: '_199@' });
  expect(users.rows.map((u) => u.username)).toEqual(['member_199']);
  expect(users.total).toBe(1);
});
