import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './wait';

const run = promisify(execFile);

/** A PostgreSQL cluster of this test run alone: stopping it leaves the machine's shared one alone. */
export interface PrivatePostgres {
  url: string;
  port: number;
  /** `pg_ctl stop -m fast`: clients are cut off, as when the database server goes away. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its files. */
  destroy(): Promise<void>;
}

const binDir = ['/usr/lib/postgresql/15/bin', '/usr/local/bin'].find((d) => existsSync(path.join(d, 'initdb')));
if (!binDir) throw new Error('initdb not found: the reliability suites need PostgreSQL 15 binaries');
const bin = (name: string) => path.join(binDir, name);

/** PostgreSQL refuses to run as root, so as root its commands run as the postgres OS user. */
const asRoot = process.getuid?.() === 0;
const pgRun = (cmd: string, args: string[]) =>
  asRoot ? run('runuser', ['-u', 'postgres', '--', bin(cmd), ...args]) : run(bin(cmd), args);

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = await mkdtemp(path.join(tmpdir(), 'kinodost-pg-'));
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const data = path.join(dir, 'data');
  await pgRun('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  // fsync off: these suites crash the app, never the database host, and it saves seconds.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const ctl = (...args: string[]) => pgRun('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), ...args]);
  let running = false;
  const pg: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await ctl('-w', '-t', '60', '-o', options, 'start');
      running = true;
    },
    async stop() {
      await ctl('-w', '-t', '60', '-m', 'fast', 'stop');
      running = false;
    },
    async destroy() {
      if (running) await pg.stop().catch(() => ctl('-m', 'immediate', 'stop').catch(() => {}));
      await rm(dir, { recursive: true, force: true });
    },
  };
  await pg.start();
  return pg;
}

/** A database of one suite's own on the machine's PostgreSQL (TEST_DATABASE_URL's server); `drop` removes it. */
export interface SuiteDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createSuiteDatabase(prefix: string): Promise<SuiteDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
