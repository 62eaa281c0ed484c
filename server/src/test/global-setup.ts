import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../db/client';
import { migrate } from '../db/migrate';
import { openPostgres } from '../db/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** 'pglite': each test file loads the migrated data folder dump; 'postgres': each clones the template. */
    testDb: { kind: 'pglite'; dump: string } | { kind: 'postgres'; url: string; template: string };
  }
}

/** Migrates once per run, so every test file starts from a fresh, already-migrated database. */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `kinodost_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const target = new URL(url);
    target.pathname = `/${template}`;
    const database = openPostgres(target.toString(), { max: 1 });
    await migrate(database);
    await database.close();
    project.provide('testDb', { kind: 'postgres', url, template });
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'kinodost-pglite-'));
  const database = await openPglite({});
  await migrate(database);
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = path.join(dir, 'migrated.tar');
  await writeFile(dump, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  project.provide('testDb', { kind: 'pglite', dump });
  return () => rm(dir, { recursive: true, force: true });
}
