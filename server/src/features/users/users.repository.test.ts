import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { listUsers } from './users.repository';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());
afterEach(() => {
  vi.useRealTimers();
});

const addMembers = (from: number, count: number) =>
  database.db.execute(sql`
    insert into users (username, email, password_hash)
    select 'm' || i, 'm' || i || '@example.com', 'x' from generate_series(${from}::int, ${from + count - 1}::int) as i`);
const total = async () => (await listUsers(database.db, { page: 1, limit: 20 })).total;

it('counts the admin users page exactly on a small install', async () => {
  await addMembers(0, 3);
  expect(await total()).toBe(3);
  await addMembers(3, 1);
  expect(await total()).toBe(4);
});

it('on a large install answers with the last count and recounts in the background once it is 2 s old', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  await addMembers(4, 10_000);
  expect(await total()).toBe(10_004);
  await addMembers(10_004, 1);
  expect(await total()).toBe(10_004);
  vi.setSystemTime(Date.now() + 2_500);
  // The stale total still answers at once; the recount it started lands for the next view.
  expect(await total()).toBe(10_004);
  // The recount is a query of its own, which a loaded machine can hold for seconds.
  await vi.waitFor(async () => expect(await total()).toBe(10_005), { timeout: 20_000 });
});
