import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertUser } from '../features/users/users.repository';
import { uniqueViolation } from '../lib/db-errors';
import { usernameKey } from '../lib/username';
import { migrationsFolder } from '../paths';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import type { Db } from './client';
import { migrate } from './migrate';
import { users } from './schema/index';
import { refreshUsernameKeys } from './username-keys';

// An install from before migration 0010, whose members already include look-alikes (only
// lower(username) was unique), upgrades: every member gets a key, the oldest of look-alikes
// keeps the name's key, and the upgrade does not fail. One from before 0024 (the rule's i and l)
// keeps every key until the key step has computed the new ones.

let database: TestDatabase;
let before0010: string;

/** The migrations folder as it was before migration `idx`: its files and a journal cut there. */
async function migrationsBefore(idx: number): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), `kinodost-before-${idx}-`));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < idx);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

/** Only the migrations' SQL files, as Drizzle's migrator applies them: no key step. */
async function migrateTo(folder: string) {
  if (database.pool) {
    const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator');
    await migratePg(database.db as never, { migrationsFolder: folder });
  } else {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as never, { migrationsFolder: folder });
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  // Back to an empty database, then the migrations an older release shipped.
  await database.db.execute(sql`drop schema drizzle cascade`);
  await database.db.execute(sql`drop schema public cascade`);
  await database.db.execute(sql`create schema public`);
  before0010 = await migrationsBefore(10);
  await migrateTo(before0010);
});
afterAll(async () => {
  await database.drop();
  await rm(before0010, { recursive: true, force: true });
});

const LEGACY = ['admin', 'аdmin', 'ａｄｍｉｎ', 'admın', 'şəhla', 'Gülnar_94', 'İlkin'];

it('fills every member’s key; among look-alikes the oldest keeps it, the others get it suffixed', async () => {
  await database.db.execute(sql`
    insert into users (username, email, password_hash, created_at)
    select name, 'm' || n || '@example.com', 'x', now() - (100 - n) * interval '1 minute'
    from unnest(${`{${LEGACY.join(',')}}`}::text[]) with ordinality as l(name, n)`);

  await migrate(database);

  const rows = await database.db
    .select({ id: users.id, username: users.username, key: users.usernameSkeleton })
    .from(users)
    .orderBy(asc(users.createdAt));
  expect(rows.map((r) => r.username)).toEqual(LEGACY);
  const admin = usernameKey('admin');
  expect(rows.map((r) => r.key)).toEqual([
    admin,
    ...rows.slice(1, 4).map((r) => `${admin}#${r.id}`),
    usernameKey('şəhla'),
    usernameKey('Gülnar_94'),
    usernameKey('İlkin'),
  ]);

  // The name stays taken for newcomers, whichever look-alike they try.
  for (const username of ['admin', 'ADMİN', 'аdmin']) {
    const err = await insertUser(database.db as Db, { username, email: `${username}@new.az`, passwordHash: 'x' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(uniqueViolation(err)).toMatch(/^users_username_(skeleton|lower)_key$/);
  }
});

const keyOf = async (username: string) =>
  (await database.db.select({ key: users.usernameSkeleton }).from(users).where(sql`${users.username} = ${username}`))[0]
    ?.key;

it('an upgrade across 0024 keeps every key until the new rule’s are in: `TuraI` is refused throughout', async () => {
  // Back to an install of before 0024, whose `tural` holds the key the old rule gave it (the same
  // letters) and whose `Ali` holds one the new rule changes.
  await database.db.execute(sql`drop schema drizzle cascade`);
  await database.db.execute(sql`drop schema public cascade`);
  await database.db.execute(sql`create schema public`);
  const before0024 = await migrationsBefore(24);
  try {
    await migrateTo(before0024);
    await database.db.execute(sql`
      insert into users (username, username_skeleton, email, password_hash, created_at)
      values ('tural', 'tural', 't@example.com', 'x', now() - interval '2 minutes'),
             ('Ali', 'ali', 'a@example.com', 'x', now() - interval '1 minute')`);

    // 0024's SQL committed, the key step not yet run: the moment another process may register in.
    await migrateTo(migrationsFolder);
    expect(await keyOf('tural')).toBe('tural');
    const err = await insertUser(database.db as Db, {
      username: 'TuraI',
      email: 'turai@new.az',
      passwordHash: 'x',
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(uniqueViolation(err)).toBe('users_username_skeleton_key');

    // The runner's step after the SQL files (db/migrate.ts).
    expect(await refreshUsernameKeys(database.db as Db)).toBe(1);
    expect(await keyOf('Ali')).toBe(usernameKey('all'));
    expect(await keyOf('tural')).toBe(usernameKey('TuraI'));
  } finally {
    await rm(before0024, { recursive: true, force: true });
  }
});

it('a refresh hands keys on by age even where two members trade them', async () => {
  // `leyla` (older) carries the marked key and `LeyIa` the clean one, as after the older one's
  // look-alike was renamed away: by age they trade, and the unique index must not stop the swap.
  await database.db.execute(sql`delete from users`);
  const [older] = await database.db
    .execute<{ id: string }>(sql`
    insert into users (username, username_skeleton, email, password_hash, created_at)
    values ('leyla', 'placeholder', 'l1@example.com', 'x', now() - interval '2 minutes') returning id`)
    .then((r) => (r as unknown as { rows: { id: string }[] }).rows);
  const key = usernameKey('leyla');
  await database.db.execute(sql`update users set username_skeleton = ${`${key}#${older?.id}`}`);
  const [younger] = await database.db
    .execute<{ id: string }>(sql`
    insert into users (username, username_skeleton, email, password_hash)
    values ('LeyIa', ${key}, 'l2@example.com', 'x') returning id`)
    .then((r) => (r as unknown as { rows: { id: string }[] }).rows);

  expect(await refreshUsernameKeys(database.db as Db)).toBe(2);
  expect(await keyOf('leyla')).toBe(key);
  expect(await keyOf('LeyIa')).toBe(`${key}#${younger?.id}`);
  expect(await refreshUsernameKeys(database.db as Db)).toBe(0);
});
