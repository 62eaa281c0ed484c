import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { friendships } from '../../db/schema/index';
import { insertFriendshipsOf } from '../../test/factories/friendship';
import { insertMembers } from '../../test/factories/user';
import { nodesOf, type PlanNode, plansOf } from '../../test/query-plans';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { countUnread, insertMessage, listConversations, listThread } from './messages.repository';

// The messages reads (docs/messages.md "Storage") seek only the member's own rows: the list is
// one range of conversations_list_idx joined to the member's friends (ranges of the friendships
// list indexes), its unread counts one range of messages_unread_idx; a thread page is one range
// of messages_pair_idx; the unread count one range of messages_unread_idx. Never a table read
// whole, never every friendship hashed. Checked on the statements the repository really sends,
// on both engines; the bench (npm run bench:messages) times the list with 500 conversations.

let database: TestDatabase;
let me: string;
let friend: string;
let cursor: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const ids = await insertMembers(
    db,
    Array.from({ length: 9 }, (_, i) => `msgplan_${i}`),
  );
  me = ids[0] as string;
  friend = ids[1] as string;
  const friends = ids.slice(1, 7);
  await insertFriendshipsOf(db, me, friends);
  // Others talk among themselves too, so the member's rows are a part of each table.
  await db.insert(friendships).values({
    requesterId: ids[7] as string,
    addresseeId: ids[8] as string,
    status: 'accepted',
    acceptedAt: new Date(),
  });
  for (let round = 0; round < 4; round++) {
    for (const other of friends) {
      const sent = await insertMessage(db, { from: other, to: me, text: `salam ${round}`, filmId: null });
      if (other === friend && round === 1 && sent) cursor = sent.id;
      await insertMessage(db, { from: me, to: other, text: `cavab ${round}`, filmId: null });
    }
    await insertMessage(db, { from: ids[7] as string, to: ids[8] as string, text: `başqa ${round}`, filmId: null });
  }
  await db.execute(sql`vacuum analyze messages`);
  await db.execute(sql`vacuum analyze conversations`);
  await db.execute(sql`vacuum analyze friendships`);
});
afterAll(() => database.drop());

/** The index reads of a plan: the index each node uses, with its condition. */
const indexReads = (plan: PlanNode) =>
  nodesOf(plan)
    .filter((n) => n['Index Name'])
    .map((n) => ({ index: n['Index Name'] as string, cond: n['Index Cond'] ?? '' }));

/** The tables a plan reads page by page, whole. */
const tableScans = (plan: PlanNode) =>
  nodesOf(plan)
    .filter((n) => n['Node Type'] === 'Seq Scan')
    .map((n) => n['Relation Name']);

it('the conversation list: the member’s range of conversations, their friends from the list indexes, unread from messages_unread_idx', async () => {
  const plans = await plansOf(database, () => listConversations(database.db, me));
  for (const { sql: text, plan } of plans) {
    expect(tableScans(plan), text).toEqual([]);
    const reads = indexReads(plan);
    // The member's range of either index on conversations that leads with user_id (on a small table
    // the planner may take the primary key and sort the few rows itself).
    expect(reads, text).toContainEqual({
      index: expect.stringMatching(/^conversations_(list_idx|pkey)$/),
      cond: expect.stringMatching(/^\(user_id = /),
    });
    expect(reads, text).toContainEqual({
      index: 'messages_unread_idx',
      cond: expect.stringMatching(/recipient_id = /),
    });
    for (const side of ['requester', 'addressee'])
      expect(reads, text).toContainEqual({
        index: `friendships_${side}_list_idx`,
        cond: expect.stringMatching(new RegExp(`${side}_id = `)),
      });
    // Each friendship is sought by the member, not probed by pair for every conversation.
    expect(reads.map((r) => r.index)).not.toContain('friendships_pair_key');
  }
  expect((await listConversations(database.db, me)).map((c) => c.unread)).toEqual([4, 4, 4, 4, 4, 4]);
});

it.each([
  ['the newest page', () => listThread(database.db, me, friend, undefined, 3)],
  ['an earlier page', () => listThread(database.db, me, friend, cursor, 3)],
])('a thread page (%s): one range of messages_pair_idx, sought by the pair', async (_name, run) => {
  for (const { sql: text, plan } of await plansOf(database, run)) {
    expect(tableScans(plan), text).toEqual([]);
    expect(indexReads(plan), text).toContainEqual({
      index: 'messages_pair_idx',
      cond: expect.stringMatching(/LEAST\(.*GREATEST\(/is),
    });
  }
});

it('the unread count: one range of messages_unread_idx sought by the member', async () => {
  for (const { sql: text, plan } of await plansOf(database, () => countUnread(database.db, me))) {
    expect(tableScans(plan), text).toEqual([]);
    expect(indexReads(plan), text).toContainEqual({
      index: 'messages_unread_idx',
      cond: expect.stringMatching(/recipient_id = /),
    });
  }
  expect(await countUnread(database.db, me)).toBe(24);
});
