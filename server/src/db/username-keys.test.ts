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

// An install from before migration 0010, whose members already include look-alikes (only
// lower(username) was unique), upgrades: every member gets a key, the oldest of look-alikes
// keeps the name's key, and the upgrade does not fail.

let database: TestDatabase;
let before0010: string;

/** The migrations folder as it was before 0010: its files and a journal cut there. */
async function migrationsBefore0010(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'kinodost-before-0010-'));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < 10);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

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
  before0010 = await migrationsBefore0010();
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
