import { asc, isNotNull, isNull, sql } from 'drizzle-orm';
import { usernameKey } from '../lib/username';
import type { Db } from './client';
import { users } from './schema/index';

const BATCH = 5000;

/**
 * Fills `users.username_skeleton` where it is empty: after migration 0010 for every existing
 * member, and for rows written without it (a restored older backup, a bench load).
 * Oldest member first, so when existing names already look alike the oldest keeps the name's
 * key; each younger one keeps their name, but their key gets `#<id>` appended (no name's key
 * contains `#`), so this never fails and no later name can take the look-alike. Returns how
 * many rows it filled. See docs/reliability.md, "Look-alike usernames".
 */
export async function fillUsernameKeys(db: Db): Promise<number> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // Holds off inserts and renames from a process still serving while keys are handed out.
    await tx.execute(sql`lock table ${users} in share row exclusive mode`);
    const pending = await tx
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(isNull(users.usernameSkeleton))
      .orderBy(asc(users.createdAt), asc(users.id));
    if (pending.length === 0) return 0;
    const held = await tx.select({ key: users.usernameSkeleton }).from(users).where(isNotNull(users.usernameSkeleton));
    const taken = new Set(held.map((r) => r.key));
    const rows = pending.map(({ id, username }) => {
      let key = usernameKey(username);
      if (taken.has(key)) key = `${key}#${id}`;
      taken.add(key);
      return { id, key };
    });
    // Staged, then set by one statement: one pass over the table however many members.
    await tx.execute(sql`create temp table username_keys (id uuid primary key, key text not null) on commit drop`);
    for (let i = 0; i < rows.length; i += BATCH) {
      const batch = JSON.stringify(rows.slice(i, i + BATCH));
      await tx.execute(
        sql`insert into username_keys select * from jsonb_to_recordset(${batch}::jsonb) as v(id uuid, key text)`,
      );
    }
    await tx.execute(sql`analyze username_keys`);
    await tx.execute(sql`update ${users} set username_skeleton = k.key from username_keys k where ${users.id} = k.id`);
    await tx.execute(sql`drop table username_keys`);
    return rows.length;
  });
}
