// Feed benchmark (issue 23): a member with 500 friends among 5,000,000 activity rows.
//   npm run bench:feed
// 1. Latency: GET /api/feed's query (listFeed, the repository function the route calls) for 20
//    such members, first pages and the four pages after each (by their cursors): p50/p95/p99.
// 2. Throughput at BENCH_CONNECTIONS (50): the real app's GET /api/feed (tsx server/src/main.ts
//    on PostgreSQL) against the one-SELECT reference (bench/reference-servers.ts select), measured
//    in the same run, as a ratio.
// Settings (env): BENCH_FEED_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/kinodost_bench_feed),
// BENCH_FEED_ACTIVITIES (default 5,000,000; smaller for a quick run), BENCH_FEED_MEMBERS (100,000),
// BENCH_DURATION (s per load, 10), BENCH_WARMUP (s, 2), BENCH_CONNECTIONS (50), --reload.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createSigner } from 'fast-jwt';
import pg from 'pg';
import { migrate } from '../server/src/db/migrate';
import { openPostgres } from '../server/src/db/postgres';
import { listFeed } from '../server/src/features/feed/feed.repository';
import { decodeCursor, encodeCursor } from '../server/src/features/feed/feed-cursor';
import { loadSessions, memberId, sameScale } from './generate';
import type { LoadResult, LoadSpec } from './http-load';
import { type Figure, round, writeResult } from './machine';
import { freePort, runLoad, stopProcess } from './processes';

const url = process.env.BENCH_FEED_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kinodost_bench_feed';
const ACTIVITIES = Number(process.env.BENCH_FEED_ACTIVITIES ?? 5_000_000);
const MEMBERS = Number(process.env.BENCH_FEED_MEMBERS ?? 100_000);
const FRIENDS = 500;
/** Members 0 … FOCAL-1 have FRIENDS friends each; the load rotates through them. */
const FOCAL = 20;
const PAGES = 5;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const P95_BUDGET_MS = 30;
const reload = process.argv.includes('--reload');
const root = path.join(import.meta.dirname, '..');
const secret = 'bench-secret-that-is-long-enough-for-hs256-0123456789';
const t0 = performance.now();
const log = (line: string) => console.log(`[feed ${((performance.now() - t0) / 1000).toFixed(1)} s] ${line}`);
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** Creates and fills the database unless a generation of this size is there already. */
async function generate() {
  const scale = { members: MEMBERS, activities: ACTIVITIES, friends: FRIENDS, focal: FOCAL };
  const adminUrl = new URL(url);
  const name = decodeURIComponent(adminUrl.pathname.slice(1));
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    if ((await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1 && !reload) {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const made = await c
        .query('select scale from bench_feed_generated')
        .then((r) => sameScale(r.rows[0]?.scale as Partial<typeof scale> | undefined, scale))
        .catch(() => false)
        .finally(() => c.end());
      if (made) return log(`${name}: data already generated (--reload to make it again)`);
    }
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const database = openPostgres(url, { max: 2 });
  await migrate(database);
  await database.close();
  // The second session takes activity slices while the first makes the friendships, then both
  // take them in turn.
  const [c, c2] = await loadSessions(url);
  try {
    for (const session of [c, c2]) await session.query('set session_replication_role = replica');
    log(`members: ${MEMBERS}`);
    // As bench/generate.ts names them: member g is md5('u' || g)::uuid (memberId).
    await c.query(
      `insert into users (id, username, email, password_hash, is_admin, created_at, updated_at)
       select md5('u' || g)::uuid, 'bench_' || g, 'bench_' || g || '@bench.az', 'not-a-hash', false, now(), now()
       from generate_series(0, $1::int - 1) g`,
      [MEMBERS],
    );
    const indexes = (
      await c.query(
        `select indexname, indexdef from pg_indexes where tablename = 'activities' and indexname <> 'activities_pkey'`,
      )
    ).rows as { indexname: string; indexdef: string }[];
    for (const i of indexes) await c.query(`drop index "${i.indexname}"`);
    const slice = 500_000;
    let next = 0;
    let done = 0;
    // Every member's items are spread over the whole time range (member g % MEMBERS acts every
    // MEMBERS-th second): a page must look at each friend, none is all old or all new. Each
    // session takes the next slice when it is free.
    const activities = async (session: pg.Client) => {
      for (let from = next; from < ACTIVITIES; from = next) {
        next = from + slice;
        const to = Math.min(ACTIVITIES, from + slice) - 1;
        await session.query(
          `insert into activities (actor_id, type, rating, created_at)
           select md5('u' || (g % $3::int))::uuid,
                  (array['watched', 'watchlist', 'rated'])[1 + g % 3],
                  case when g % 3 = 1 then null else 1 + g % 10 end,
                  now() - ((($4::int - g) * 6) || ' seconds')::interval
           from generate_series($1::int, $2::int) g`,
          [from, to, MEMBERS, ACTIVITIES],
        );
        done += to + 1 - from;
        log(`  activities: ${done}/${ACTIVITIES}`);
      }
    };
    const friendships = async () => {
      log(`friendships: ${FOCAL} members with ${FRIENDS} friends each, and 10 for every other member`);
      await c.query(
        `insert into friendships (requester_id, addressee_id, status, accepted_at)
       select md5('u' || f)::uuid, md5('u' || ($2::int + f * $1::int + j))::uuid, 'accepted', now()
       from generate_series(0, $3::int - 1) f, generate_series(0, $1::int - 1) j`,
        [FRIENDS, FOCAL, FOCAL],
      );
      await c.query(
        `insert into friendships (requester_id, addressee_id, status, accepted_at)
       select md5('u' || g)::uuid, md5('u' || ((g + k * 7919) % $1::int))::uuid, 'accepted', now()
       from generate_series($2::int, $1::int - 1) g, generate_series(1, 5) k
       where (g + k * 7919) % $1::int >= $2::int
       on conflict do nothing`,
        [MEMBERS, FOCAL + FOCAL * FRIENDS],
      );
    };
    await Promise.all([friendships().then(() => activities(c)), activities(c2)]);
    for (const i of indexes) {
      log(`  index ${i.indexname}`);
      await c.query(i.indexdef);
    }
    await c.query('set session_replication_role = origin');
    log('vacuum analyze');
    await c.query('vacuum analyze');
    await c.query('create table bench_feed_generated (scale jsonb not null)');
    await c.query('insert into bench_feed_generated values ($1)', [JSON.stringify(scale)]);
  } finally {
    await Promise.all([c.end(), c2.end()]);
  }
}

/** Spawns `node --import tsx <script>` on a free port and waits until `readyPath` answers 200. */
async function start(script: string, args: string[], env: Record<string, string>, readyPath: string) {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), path.join(root, script), ...args],
    { cwd: root, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const base = `http://127.0.0.1:${port}`;
  const began = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited before it was ready`);
    if (performance.now() - began > 120_000) throw new Error(`${script} not ready in 120 s`);
    if (
      await fetch(base + readyPath).then(
        (r) => r.status === 200,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base,
    stop: () => stopProcess(child),
  };
}

/** One load in its own process (bench/http-load.ts), after a warm-up that is thrown away. */
async function measure(spec: Omit<LoadSpec, 'duration' | 'connections'>): Promise<LoadResult> {
  const once = (duration: number) => runLoad({ ...spec, connections: CONNECTIONS, duration });
  if (WARMUP > 0) await once(WARMUP);
  return once(DURATION);
}

async function main() {
  await generate();
  const database = openPostgres(url, { max: 8 });
  const focal = Array.from({ length: FOCAL }, (_, i) => memberId(i));
  // Warm the cache with one pass, then time each page.
  for (const id of focal) await listFeed(database.db, id, undefined, 20);
  const latencies: number[] = [];
  for (let round = 0; round < 2; round++) {
    for (const id of focal) {
      let cursor: ReturnType<typeof decodeCursor>;
      for (let p = 0; p < PAGES; p++) {
        const began = performance.now();
        const rows = await listFeed(database.db, id, cursor, 20);
        latencies.push(performance.now() - began);
        const last = rows[19];
        if (rows.length <= 20 || !last) break;
        cursor = decodeCursor(encodeCursor(last));
      }
    }
  }
  latencies.sort((a, b) => a - b);
  const counts = (
    await (database.pool as pg.Pool).query(
      'select (select count(*) from activities)::int as activities, (select count(*) from friendships)::int as friendships',
    )
  ).rows[0] as { activities: number; friendships: number };
  await database.close();
  log(`page p50 ${quantile(latencies, 0.5).toFixed(2)} ms, p95 ${quantile(latencies, 0.95).toFixed(2)} ms`);

  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: 24 * 3600_000 });
  const tokens = focal.map((sub) => sign({ sub, ver: 0 }));
  const reference = await start('bench/reference-servers.ts', ['select'], { DATABASE_URL: url }, `/user/${focal[0]}`);
  const refLoad = await measure({
    url: reference.base,
    method: 'GET',
    paths: Array.from({ length: 1000 }, (_, i) => `/user/${memberId(i)}`),
    tokens: [],
  });
  await reference.stop();
  // The app's data folder holds nothing here (the data is in PostgreSQL): a temporary one.
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kinodost-bench-feed-'));
  const app = await start(
    'server/src/main.ts',
    [],
    {
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JWT_SECRET: secret,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      CATALOGUE: 'none',
      REDIS_URL: '',
      SMTP_URL: '',
    },
    '/api/health',
  );
  const feedLoad = await measure({ url: app.base, method: 'GET', paths: ['/api/feed?limit=20'], tokens });
  await app.stop();
  await rm(dataDir, { recursive: true, force: true });
  const ratio = feedLoad.rps / refLoad.rps;
  log(`50 connections: feed ${feedLoad.rps.toFixed(0)} req/s, one-SELECT reference ${refLoad.rps.toFixed(0)} req/s`);

  const p95 = quantile(latencies, 0.95);
  const figures: Figure[] = [
    {
      figure: `Feed page p95 (${FRIENDS} friends, ${counts.activities.toLocaleString('en')} items)`,
      value: `${p95.toFixed(2)} ms`,
      budget: `< ${P95_BUDGET_MS} ms`,
      ratio: round(p95 / P95_BUDGET_MS, 3),
      pass: p95 < P95_BUDGET_MS,
    },
    {
      figure: `GET /api/feed at ${CONNECTIONS} connections / one-SELECT reference`,
      value: `${feedLoad.rps.toFixed(0)} / ${refLoad.rps.toFixed(0)} req/s`,
      budget: 'reported',
      ratio: round(ratio, 3),
      pass: null,
    },
  ];
  const data = {
    activities: counts.activities,
    friendships: counts.friendships,
    friends: FRIENDS,
    pages_timed: latencies.length,
    p50_ms: round(quantile(latencies, 0.5)),
    p95_ms: round(p95),
    p99_ms: round(quantile(latencies, 0.99)),
    max_ms: round(latencies.at(-1) ?? 0),
    load: {
      connections: CONNECTIONS,
      duration_s: DURATION,
      feed: feedLoad,
      reference: refLoad,
      ratio: round(ratio, 3),
    },
  };
  const md = [
    '# Feed',
    '',
    `A member with ${FRIENDS} friends among ${counts.activities.toLocaleString('en')} activity rows (${counts.friendships.toLocaleString('en')} friendships).`,
    '',
    '| Figure | Value | Budget |',
    '| --- | --- | --- |',
    ...figures.map((f) => `| ${f.figure} | ${f.value} | ${f.budget} |`),
    `| Feed page p50 / p99 / max | ${data.p50_ms} / ${data.p99_ms} / ${data.max_ms} ms | |`,
    `| GET /api/feed p50 / p99 at ${CONNECTIONS} connections | ${feedLoad.p50} / ${feedLoad.p99} ms | |`,
    '',
  ].join('\n');
  await writeResult('feed', data, figures, md);
  console.log(md);
  if (p95 >= P95_BUDGET_MS) process.exitCode = 1;
}

await main();
