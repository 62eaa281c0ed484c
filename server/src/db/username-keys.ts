import { asc, sql } from 'drizzle-orm';
import { usernameKey } from '../lib/username';
import type { Db } from './client';
import { users } from './schema/index';

const BATCH = 5000;

/**
 * Gives every member the look-alike key of today's rule (`usernameKey`), in one transaction that
 * holds off inserts and renames, so no newcomer ever meets a table with keys missing or half of
 * them recomputed. It runs after a migration (0010 brought the keys, 0024 changed the rule), on a
 * restore, and for rows written without a key (a bench load).
 * Oldest member first, so when names already look alike the oldest keeps the name's key; each
 * younger one keeps their name, but their key gets `#<id>` appended (no name's key contains `#`),
 * so this never fails and no later name can take the look-alike. Only keys that differ are
 * written. Returns how many. See docs/reliability.md, "Look-alike usernames".
 */
export async function refreshUsernameKeys(db: Db): Promise<number> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // Holds off inserts and renames from a process still serving while keys are handed out.
    await tx.execute(sql`lock table ${users} in share row exclusive mode`);
    const members = await tx
      .select({ id: users.id, username: users.username, key: users.usernameSkeleton })
      .from(users)
      .orderBy(asc(users.createdAt), asc(users.id));
    const taken = new Set<string>();
    const rows: { id: string; key: string }[] = [];
    for (const { id, username, key: stored } of members) {
      let key = usernameKey(username);
      if (taken.has(key)) key = `${key}#${id}`;
      taken.add(key);
      if (key !== stored) rows.push({ id, key });
    }
    if (rows.length === 0) return 0;
    // Staged, then set by one statement: one pass over the table however many members.
    await tx.execute(sql`create temp table username_keys (id uuid primary key, key text not null) on commit drop`);
    for (let i = 0; i < rows.length; i += BATCH) {
      const batch = JSON.stringify(rows.slice(i, i + BATCH));
      await tx.execute(
        sql`insert into username_keys select * from jsonb_to_recordset(${batch}::jsonb) as v(id uuid, key text)`,
      );
    }
    await tx.execute(sql`analyze username_keys`);
    // Emptied first: two members can trade keys (an older look-alike's name freed by a rename), and
    // the unique index checks each row as it is written.
    await tx.execute(sql`update ${users} set username_skeleton = null from username_keys k where ${users.id} = k.id`);
    await tx.execute(sql`update ${users} set username_skeleton = k.key from username_keys k where ${users.id} = k.id`);
    await tx.execute(sql`drop table username_keys`);
    return rows.length;
  });
}
