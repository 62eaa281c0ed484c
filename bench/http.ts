// HTTP benchmarks (issues 8, 22, 28): the real app (the server bundle, as `npm start` runs it) on the
// generated community, driven by autocannon from a separate process. Every figure is a ratio to a
// reference measured in the same run, in slices alternating with it: each authenticated read
// against a bare Fastify route running the same SQL (bench/reference-servers.ts `reads`), search
// and the film page against the one-SELECT route, the dashboard's revisits with the cache on and
// off, then the embedded PGlite default against bare Fastify + PGlite, reads while another client
// writes, and restart-to-ready against PGlite's own open of the folder.
//   npm run bench:http
// Settings (env): BENCH_DATABASE_URL, BENCH_PGLITE_DIR, BENCH_DURATION (s per run, default 10),
// BENCH_WARMUP (s, default 2), BENCH_CONNECTIONS (default 50), BENCH_ROUNDS (default 3),
// BENCH_SEARCH_QUERIES (default 30000), BENCH_SKIP_PGLITE=1, BENCH_SKIP_POSTGRES=1 (the references still run), BENCH_SCALE.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createSigner } from 'fast-jwt';
import {
  ADMINS,
  BENCH_PASSWORD,
  DEFAULT_DATABASE_URL,
  filmId,
  generatePglite,
  generatePostgres,
  memberId,
  memberName,
  pgliteDataDir,
  pgliteScale,
  postgresScale,
  readIntoCache,
} from './generate';
import type { LoadResult, LoadSpec } from './http-load';
import { type Figure, round, writeResult } from './machine';
import { expectOk, freePort, inTurn, runLoad, stopProcess } from './processes';
import { rssMiB, sampleRss } from './rss';
import { distinctSearchQueries } from './search-queries';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_DATABASE_URL;
const pgliteDir = pgliteDataDir();
const SCALE = postgresScale();
const PGLITE_SCALE = pgliteScale();
/** Budgets of issue 28: every one a ratio to a reference measured in the same run. */
const READ_RATIO_BUDGET = 0.75;
const READ_P99_FACTOR = 1.5;
const SEARCH_RATIO_BUDGET = 0.1;
const SEARCH_P99_FACTOR = 10;
const LOGIN_MIX_P99_FACTOR = 2;
const STARVED_FACTOR = 10;
const RESTART_MARGIN_MS = 1000;
/** Memory budgets of issue 28: on PostgreSQL a ceiling, on PGlite a margin over a bare PGlite process. */
const POSTGRES_RSS_MIB = 250;
const PGLITE_RSS_MARGIN_MIB = 150;
/** Distinct search queries per search run, so none repeats within a run (BENCH_SEARCH_QUERIES). */
const SEARCH_QUERIES = Number(process.env.BENCH_SEARCH_QUERIES ?? 30_000);
/**
 * BENCH_ONLY=reads,revisits,brotli,logins,pglite: only those parts (the references always run);
 * the result is then written as http-<parts> beside the full run's.
 */
const ONLY = process.env.BENCH_ONLY?.split(',').map((x) => x.trim());
const part = (name: string) => !ONLY || ONLY.includes(name);
/** BENCH_READS=search: only the reads whose name holds that text (case-insensitive). */
const READS = process.env.BENCH_READS?.toLowerCase();
/** How many different members' tokens the load rotates through. */
const MEMBERS_IN_LOAD = 5000;
/** Alternating slices of a read and its reference (BENCH_ROUNDS), DURATION seconds of each in all. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

const here = import.meta.dirname;
const root = path.join(here, '..');
const secret = 'bench-secret-that-is-long-enough-for-hs256-0123456789';
const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: 24 * 3600_000 });
const log = (line: string) => console.log(`[http] ${line}`);

interface Server {
  child: ChildProcess;
  url: string;
  /** Milliseconds from spawn until ready. */
  readyMs: number;
  stop(): Promise<void>;
}

/** Spawns a server process and waits until `readyPath` answers 200 (or the child prints "ready"). */
const tsx = (...args: string[]) => ['--import', import.meta.resolve('tsx'), ...args];

/**
 * The app as `npm start` runs it: the server bundle (server/scripts/build.mjs, remade here so
 * it matches the sources) on plain Node; tsx on server/src/main.ts where there is no bundler.
 */
function appCommand(): string[] {
  const build = path.join(root, 'server/scripts/build.mjs');
  if (!existsSync(build)) return tsx('server/src/main.ts');
  const res = spawnSync(process.execPath, [build], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('the server bundle did not build');
  return ['--enable-source-maps', 'server/dist/main.mjs'];
}
let APP: string[] = [];

/** Spawns `node <nodeArgs>` and waits until `readyPath` answers 200 (or the child prints "ready"). */
async function startProcess(nodeArgs: string[], env: Record<string, string>, readyPath?: string): Promise<Server> {
  const args = nodeArgs;
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  let printedReady = false;
  child.stdout?.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes('ready')) printedReady = true;
    if (!readyPath) process.stdout.write(chunk);
  });
  for (;;) {
    if (exited) throw new Error(`${args.join(' ')} exited before it was ready`);
    if (performance.now() - started > 60_000) throw new Error(`${args.join(' ')} not ready in 60 s`);
    if (readyPath) {
      const ok = await fetch(url + readyPath).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 10));
    } else {
      if (printedReady) break;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  const readyMs = performance.now() - started;
  return {
    child,
    url,
    readyMs,
    stop: () => stopProcess(child),
  };
}

const appEnv = (dataDir: string, extra: Record<string, string> = {}) => ({
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  JWT_SECRET: secret,
  DATA_DIR: dataDir,
  WEB_DIST: path.join(dataDir, 'no-web'),
  DATABASE_URL: '',
  REDIS_URL: '',
  SMTP_URL: '',
  // Login limits high enough that the benchmark measures the work, not the throttle.
  LOGIN_ATTEMPTS_PER_IP: '1000000',
  LOGIN_FAILURES_PER_ACCOUNT: '100000',
  ...extra,
});

/**
 * Where each rotation of members (a tokens list, or the reference's paths) stopped. The next load
 * of it goes on from there, so the slices and warm-ups of a run meet the members in turn rather
 * than each beginning again with the first ones, whose cached answers the last load left warm.
 */
const rotations = new WeakMap<string[], number>();

/** Runs one load in its own process (so it never shares the server's or another load's event loop). */
async function load(spec: LoadSpec): Promise<LoadResult> {
  const rotation = spec.tokens.length ? spec.tokens : spec.paths;
  const start = rotations.get(rotation) ?? 0;
  const result = await runLoad({ ...spec, start });
  rotations.set(rotation, start + result.requests);
  return result;
}

/** A warm-up run that is thrown away, then the measured one. */
async function measure(spec: Omit<LoadSpec, 'duration' | 'connections'> & { connections?: number }) {
  const full = { connections: CONNECTIONS, duration: DURATION, ...spec };
  if (WARMUP > 0) await load({ ...full, duration: WARMUP });
  return load(full);
}

type Spec = Omit<LoadSpec, 'duration' | 'connections'>;

/**
 * A read and its references in alternating slices, so load that drifts on a shared machine
 * weighs on all alike and their ratios stay meaningful. With `warmEveryMember`, the read's
 * warm-up goes on until it has served every member of its rotation once, and twice when its
 * answers come from the response cache (X-Cache), which once full keeps an answer on its member's
 * second miss (server/src/lib/response-cache.ts). A cached read's slices then measure its steady
 * state, where a fixed warm-up left the first answers of up to thousands of members to the first
 * slice on a fast machine and spread them over the slices on a slow one. What making an answer
 * costs is the cache-off row's.
 */
async function paired(
  spec: Spec,
  refs: Spec[],
  { warmEveryMember = false } = {},
): Promise<{ res: LoadResult; refs: LoadResult[] }> {
  const slice = Math.max(1, Math.round(DURATION / ROUNDS));
  if (WARMUP > 0) {
    const rotation = spec.tokens.length ? spec.tokens : spec.paths;
    const from = rotations.get(rotation) ?? 0;
    let visits = 1;
    for (;;) {
      const warm = await load({ ...spec, connections: CONNECTIONS, duration: WARMUP, countHeader: 'x-cache' });
      const counts = warm.headerCounts ?? {};
      if ((counts.hit ?? 0) + (counts.miss ?? 0) > 0) visits = 2;
      // A server that answers nothing would never complete a rotation: its slices show the failure.
      if (!warmEveryMember || warm.requests === 0) break;
      if ((rotations.get(rotation) ?? 0) - from >= visits * rotation.length) break;
    }
    for (const ref of refs) await load({ ...ref, connections: CONNECTIONS, duration: Math.min(WARMUP, 1) });
  }
  // The references first in each round, then the read.
  const sliced = (s: Spec): LoadSpec => ({ ...s, connections: CONNECTIONS, duration: slice });
  const results = await inTurn([...refs, spec].map(sliced), ROUNDS, load);
  return { res: results[refs.length] as LoadResult, refs: results.slice(0, refs.length) };
}

/** Checks a request answers 200 before loading it, so a wrong path cannot pass as a fast 404. */
interface Row {
  name: string;
  request: string;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  /** The reference this row is a ratio to, and that reference's own figures in the same slices. */
  reference: string;
  ref_rps: number;
  ref_p99: number;
  ref_p50: number;
  /** rps / ref_rps (or, for rows budgeted on latency, the latency against its ceiling). */
  ratio: number;
  p99_ratio: number;
  /** Against the one-SELECT reference, for comparison across rows. */
  ratio_to_select: number | null;
  budget: string;
  pass: boolean | null;
  /** The figure as the summary shows it. */
  value: string;
  note?: string;
}

/** Evenly spread members, so the load touches the whole table rather than its first pages. */
const members = (count: number, total: number) =>
  Array.from({ length: count }, (_, k) => ADMINS + Math.floor((k * (total - ADMINS)) / count));

const clean = (r: LoadResult) => r.non2xx === 0 && r.errors + r.timeouts === 0;

/** A row whose budget is throughput ≥ minRatio × the reference and p99 ≤ p99Factor × its p99. */
function ratioRow(
  name: string,
  request: string,
  r: LoadResult,
  ref: { name: string; res: LoadResult },
  select: LoadResult | undefined,
  budget: { minRatio: number; p99Factor: number } | null,
): Row {
  const ratio = round(r.rps / ref.res.rps, 3);
  const p99Ratio = round(r.p99 / Math.max(1, ref.res.p99), 2);
  return {
    name,
    request,
    rps: round(r.rps, 0),
    p50: r.p50,
    p99: r.p99,
    max: r.max,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    reference: ref.name,
    ref_rps: round(ref.res.rps, 0),
    ref_p50: ref.res.p50,
    ref_p99: ref.res.p99,
    ratio,
    p99_ratio: p99Ratio,
    ratio_to_select: select ? round(r.rps / select.rps, 3) : null,
    budget: budget
      ? `≥ ${budget.minRatio} × reference req/s, p99 ≤ ${budget.p99Factor} × reference p99`
      : 'for comparison',
    pass: budget ? ratio >= budget.minRatio && p99Ratio <= budget.p99Factor && clean(r) : null,
    value: `${round(r.rps, 0)} req/s, p99 ${r.p99} ms`,
  };
}

/** What Chromium sends as Accept-Encoding. */
const BROWSER_ACCEPT = 'gzip, deflate, br, zstd';

interface Read {
  name: string;
  paths: string[];
  tokens: string[];
  /** Its own reference on the reads server (bench/reference-servers.ts): paths in step with `paths` × `tokens`. */
  refPaths?: string[];
  /** Sent to the reference with each request (the profile's token). */
  refTokens?: string[];
  /** Also run alternating with the one-SELECT reference (issue 22's film figures). */
  withSelect?: boolean;
  budget: 'endpoint' | 'search';
  /** Tables read at random over their whole size: read into the OS's cache just before the row. */
  cold?: string[];
}

/** The paths of a rotation in step with its tokens: request i is (tokens[i], paths[i]). */
const perMember = (ids: number[], path: (i: number) => string) => ids.map(path);

/**
 * A dashboard visit sequence as people revisit: members come in groups of REVISIT_GROUP, each
 * opening the dashboard's reads, and the group comes back REVISITS times more within a few
 * hundred requests (to a film and back, a reload), in shuffled order, before the next group.
 * A revisit then lands within an answer's life at any throughput above a few dozen requests a
 * second, so the share of hits is about REVISITS / (REVISITS + 1). Returns request i's token and path.
 */
const REVISIT_GROUP = 20;
const REVISITS = 3;
function revisits(ids: number[], pages: string[], groups: number) {
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const tokens: string[] = [];
  const paths: string[] = [];
  for (let g = 0; g < groups; g++) {
    const group = Array.from({ length: REVISIT_GROUP }, (_, k) => ids[(g * REVISIT_GROUP + k) % ids.length] as number);
    const visits = group.flatMap((m) => Array.from({ length: REVISITS + 1 }, () => m));
    for (let i = visits.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [visits[i], visits[j]] = [visits[j] as number, visits[i] as number];
    }
    for (const m of visits) {
      const token = sign({ sub: memberId(m), ver: 0 });
      for (const p of pages) {
        tokens.push(token);
        paths.push(p);
      }
    }
  }
  return { tokens, paths };
}

interface Refs {
  node: LoadResult;
  select: LoadResult;
  selectSpec: Spec;
  /** The per-endpoint reads reference's URL. */
  readsUrl: string;
  readsPid?: number;
}

/** Resident memory figures (MiB), measured beside the loads above; each with its reference. */
const memoryFigures: Figure[] = [];
const mib = (n: number) => `${Math.round(n)} MiB`;

/** PostgreSQL runs: each read alternating with its own reference (and some with the one-SELECT one). */
async function postgresRuns(refs: Refs, dataDir: string) {
  const rows: Row[] = [];
  const app = await startProcess(APP, appEnv(dataDir, { DATABASE_URL: databaseUrl }), '/api/ready');
  try {
    const ids = members(Math.min(MEMBERS_IN_LOAD, SCALE.members - ADMINS), SCALE.members);
    const tokens = ids.map((i) => sign({ sub: memberId(i), ver: 0 }));
    const adminIds = Array.from({ length: ADMINS }, (_, i) => i);
    const adminTokens = adminIds.map((i) => sign({ sub: memberId(i), ver: 0 }));
    const adminPages = [1, 2, 3, 4, 5];
    const search = await distinctSearchQueries(SEARCH_QUERIES);
    const half = Math.floor(search.length / 2);
    const reads: Read[] = [
      {
        name: 'Profile',
        paths: ['/api/user/profile'],
        tokens,
        refPaths: ['/profile'],
        refTokens: tokens,
        budget: 'endpoint',
      },
      {
        name: 'Own movies page',
        paths: ['/api/movies?page=1&limit=20'],
        tokens,
        refPaths: perMember(ids, (i) => `/movies/${memberId(i)}`),
        budget: 'endpoint',
      },
      {
        name: 'Friends list',
        paths: ['/api/friends?page=1&limit=20'],
        tokens,
        refPaths: perMember(ids, (i) => `/friends/${memberId(i)}`),
        budget: 'endpoint',
      },
      {
        name: 'Incoming requests',
        paths: ['/api/friends/requests/incoming?page=1&limit=20'],
        tokens,
        refPaths: perMember(ids, (i) => `/incoming/${memberId(i)}`),
        budget: 'endpoint',
      },
      {
        name: 'Newsletters unread count',
        paths: ['/api/newsletters/unread-count'],
        tokens,
        refPaths: perMember(ids, (i) => `/unread/${memberId(i)}`),
        budget: 'endpoint',
      },
      {
        name: 'Latest newsletters',
        paths: ['/api/newsletters/latest?limit=5'],
        tokens,
        refPaths: perMember(ids, (i) => `/latest/${memberId(i)}`),
        budget: 'endpoint',
      },
      {
        // Ten admins, five pages: 5 and 10 share factors, so each admin's rotation meets every page
        // only if the paths list is as long as the tokens list.
        name: 'Admin users page',
        paths: adminTokens.map((_, k) => `/api/user/all?page=${adminPages[k % 5]}&limit=20`),
        tokens: adminTokens,
        refPaths: adminTokens.map((_, k) => `/admin-users?page=${adminPages[k % 5]}`),
        budget: 'endpoint',
      },
      {
        // Member h on film h sees ten friends' entries (bench/generate.ts).
        name: 'Film page (10 friends on it)',
        paths: perMember(ids, (i) => `/api/films/${filmId(i)}`),
        tokens,
        refPaths: perMember(ids, (i) => `/film/${memberId(i)}/${filmId(i)}`),
        withSelect: true,
        budget: 'endpoint',
      },
      {
        name: `Film search (${(SCALE.movies + 3000).toLocaleString('en')} films, distinct queries)`,
        paths: search.slice(0, half).map((q) => `/api/films/search?q=${encodeURIComponent(q)}&limit=10`),
        tokens,
        // Signed in, as the add dialog asks: the hits and which of them the member holds.
        refPaths: search
          .slice(0, half)
          .map((q, k) => `/film-search?q=${encodeURIComponent(q)}&viewer=${memberId(ids[k % ids.length] as number)}`),
        withSelect: true,
        budget: 'search',
        cold: ['films', 'search_words'],
      },
      {
        name: `Movie search (${SCALE.movies.toLocaleString('en')} movies, distinct queries)`,
        paths: search.slice(half).map((q) => `/api/movies/search/${encodeURIComponent(q)}?page=1&limit=20`),
        tokens,
        budget: 'search',
        cold: ['movies', 'users', 'search_words'],
      },
    ];
    const selectRef = { name: 'one-SELECT', res: refs.select };
    // Each read answered once (a wrong path cannot pass as a fast 404), then the app's memory idle
    // and at its highest under the reads.
    for (const r of reads) await expectOk(app.url, r.paths[0] as string, r.tokens[0]);
    const idle = [rssMiB(app.child.pid), rssMiB(refs.readsPid)];
    const underReads = sampleRss([app.child.pid, refs.readsPid]);
    for (const r of part('reads') ? reads.filter((x) => !READS || x.name.toLowerCase().includes(READS)) : []) {
      log(`PostgreSQL: ${r.name}…`);
      const spec: Spec = { url: app.url, method: 'GET', paths: r.paths, tokens: r.tokens };
      const own: Spec | undefined = r.refPaths && {
        url: refs.readsUrl,
        method: 'GET',
        paths: r.refPaths,
        tokens: r.refTokens ?? [],
      };
      if (own) await expectOk(refs.readsUrl, own.paths[0] as string, own.tokens[0]);
      if (r.cold) await readIntoCache(databaseUrl, r.cold);
      const against = [...(own ? [own] : []), ...(r.withSelect || !own ? [refs.selectSpec] : [])];
      const pair = await paired(spec, against, { warmEveryMember: r.budget === 'endpoint' });
      const ownRes = own ? pair.refs[0] : undefined;
      const selectRes = r.withSelect || !own ? pair.refs.at(-1) : undefined;
      if (r.budget === 'endpoint' && ownRes) {
        rows.push(
          ratioRow(r.name, `GET ${r.paths[0]}`, pair.res, { name: 'its own bare route', res: ownRes }, selectRes, {
            minRatio: READ_RATIO_BUDGET,
            p99Factor: READ_P99_FACTOR,
          }),
        );
      }
      if (r.budget === 'search' && selectRes) {
        rows.push(
          ratioRow(r.name, `GET ${r.paths[0]}`, pair.res, { name: 'one-SELECT', res: selectRes }, selectRes, {
            minRatio: SEARCH_RATIO_BUDGET,
            p99Factor: SEARCH_P99_FACTOR,
          }),
        );
        if (ownRes)
          rows.push(
            ratioRow(
              `${r.name} vs its own bare route`,
              `GET ${r.paths[0]}`,
              pair.res,
              { name: 'its own bare route', res: ownRes },
              selectRes,
              {
                minRatio: READ_RATIO_BUDGET,
                p99Factor: READ_P99_FACTOR,
              },
            ),
          );
      } else if (r.withSelect && selectRes) {
        rows.push(
          ratioRow(
            `${r.name} vs one-SELECT`,
            `GET ${r.paths[0]}`,
            pair.res,
            selectRef && { name: 'one-SELECT', res: selectRes },
            selectRes,
            null,
          ),
        );
      }
      const last = rows.at(-1) as Row;
      log(
        `  ${pair.res.rps.toFixed(0)} req/s, p50 ${pair.res.p50} ms, p99 ${pair.res.p99} ms; ${pair.refs.map((x, k) => `ref ${k}: ${x.rps.toFixed(0)} req/s p99 ${x.p99} ms`).join('; ')}; ratio ${last.ratio}; app RSS now ${Math.round(rssMiB(app.child.pid))} MiB`,
      );
    }

    const [appPeak = Number.NaN, refPeak = Number.NaN] = underReads.stop();
    if (part('reads'))
      memoryFigures.push({
        figure: 'Memory on PostgreSQL under the reads above (highest RSS)',
        value: `${mib(appPeak)} (idle ${mib(idle[0] as number)})`,
        reference: `the bare Fastify + pg pool routes, same reads: ${mib(refPeak)} (idle ${mib(idle[1] as number)})`,
        budget: `< ${POSTGRES_RSS_MIB} MiB`,
        ratio: round(appPeak / POSTGRES_RSS_MIB, 3),
        pass: appPeak < POSTGRES_RSS_MIB,
      });

    // Members coming back to their dashboards within an answer's life: the hit ratio is measured
    // from the answers' X-Cache header. The same sequence with the cache off shows what it saves.
    const dashboard = [
      '/api/movies?page=1&limit=20',
      '/api/friends?page=1&limit=20',
      '/api/friends/requests/incoming?page=1&limit=20',
      '/api/newsletters/latest?limit=5',
    ];
    const visits = revisits(ids, dashboard, part('revisits') ? 600 : 0);
    const cold = await startProcess(
      APP,
      appEnv(dataDir, { DATABASE_URL: databaseUrl, RESPONSE_CACHE_MB: '0' }),
      '/api/ready',
    );
    try {
      for (const [label, server] of part('revisits')
        ? ([
            ['cache on', app],
            ['cache off', cold],
          ] as const)
        : []) {
        log(`PostgreSQL: dashboard revisits, ${label}…`);
        const spec: Spec = { url: server.url, method: 'GET', paths: visits.paths, tokens: visits.tokens };
        const pair = await paired({ ...spec, countHeader: 'x-cache' }, [refs.selectSpec]);
        const counts = pair.res.headerCounts ?? {};
        const hits = counts.hit ?? 0;
        const seen = hits + (counts.miss ?? 0);
        const row = ratioRow(
          `Dashboard revisits (groups of ${REVISIT_GROUP} members, ${REVISITS} revisits each), ${label}`,
          `GET ${dashboard.map((p) => p.split('?')[0]).join(', ')}`,
          pair.res,
          { name: 'one-SELECT', res: pair.refs[0] as LoadResult },
          pair.refs[0],
          null,
        );
        if (label === 'cache on') {
          row.note = `hit ratio ${seen ? round(hits / seen, 3) : '?'} (${hits} of ${seen} answers)`;
          row.value = `${row.value}, ${row.note}`;
        }
        rows.push(row);
        log(
          `  ${pair.res.rps.toFixed(0)} req/s, p99 ${pair.res.p99} ms; one-SELECT ${pair.refs[0]?.rps.toFixed(0)}; ${row.note ?? ''}`,
        );
      }
    } finally {
      await cold.stop();
    }

    // A browser asks for its answers compressed (plugins/compression.ts): what that costs a cached page.
    if (part('brotli')) {
      const paths = ['/api/movies?page=1&limit=20'];
      log('PostgreSQL: Own movies page, as a browser asks (brotli)…');
      const pair = await paired(
        { url: app.url, method: 'GET', paths, tokens, headers: { 'accept-encoding': BROWSER_ACCEPT } },
        [refs.selectSpec],
      );
      rows.push(
        ratioRow(
          'Own movies page, brotli',
          `GET ${paths[0]} (${BROWSER_ACCEPT})`,
          pair.res,
          { name: 'one-SELECT', res: pair.refs[0] as LoadResult },
          pair.refs[0],
          null,
        ),
      );
    }

    // 50 logins in flight while 50 connections read: the reads' p99 against the same reads alone just before.
    const loginBodies = ids
      .slice(0, 1000)
      .map((i) => JSON.stringify({ username: memberName(i), password: BENCH_PASSWORD }));
    if (!part('logins')) return rows;
    await expectOk(app.url, '/api/auth/login', undefined, loginBodies[0]);
    const loginSpec = {
      url: app.url,
      method: 'POST' as const,
      paths: ['/api/auth/login'],
      tokens: [],
      bodies: loginBodies,
    };
    const readSpec = { url: app.url, method: 'GET' as const, paths: ['/api/user/profile'], tokens };
    log('PostgreSQL: profile reads alone, then during 50 concurrent logins…');
    const alone = await load({ ...readSpec, connections: CONNECTIONS, duration: DURATION });
    const [during, logins] = await Promise.all([
      load({ ...readSpec, connections: CONNECTIONS, duration: DURATION }),
      load({ ...loginSpec, connections: 50, duration: DURATION + 1 }),
    ]);
    const loginRow = ratioRow(
      'Profile during 50 logins',
      `GET /api/user/profile + 50 × POST /api/auth/login (${logins.rps.toFixed(0)} logins/s)`,
      during,
      { name: 'the same reads alone, just before', res: alone },
      undefined,
      null,
    );
    loginRow.budget = `p99 ≤ ${LOGIN_MIX_P99_FACTOR} × the reads alone`;
    loginRow.pass = loginRow.p99_ratio <= LOGIN_MIX_P99_FACTOR && clean(during);
    loginRow.value = `p99 ${during.p99} ms`;
    loginRow.ratio = loginRow.p99_ratio;
    rows.push(loginRow);
    log(`  alone p99 ${alone.p99} ms; during: ${during.rps.toFixed(0)} req/s, p99 ${during.p99} ms`);
  } finally {
    await app.stop();
  }
  return rows;
}

async function pgliteRuns(selectSpec: Spec) {
  const rows: Row[] = [];
  await generatePglite(pgliteDir, { scale: PGLITE_SCALE });
  // The reference opens a copy: one process per PGlite folder.
  const refDir = await mkdtemp(path.join(tmpdir(), 'kinodost-bench-pglite-ref-'));
  await cp(path.join(pgliteDir, 'db'), path.join(refDir, 'db'), { recursive: true });
  const env = appEnv(pgliteDir);
  let app = await startProcess(APP, env, '/api/ready');
  const reference = await startProcess(
    tsx('bench/reference-servers.ts', 'reads', '--pglite', path.join(refDir, 'db')),
    { JWT_SECRET: secret },
  );
  const restarts: { app: number; open: number }[] = [];
  try {
    const ids = members(Math.min(MEMBERS_IN_LOAD, PGLITE_SCALE.members - ADMINS), PGLITE_SCALE.members);
    const tokens = ids.map((i) => sign({ sub: memberId(i), ver: 0 }));
    // The authenticated reads of a member's pages, in turn; the reference's in step.
    const mix = [
      '/api/user/profile',
      '/api/movies?page=1&limit=20',
      '/api/friends?page=1&limit=20',
      '/api/friends/requests/incoming?page=1&limit=20',
      '/api/newsletters/unread-count',
      '/api/newsletters/latest?limit=5',
    ];
    const refMix = ['/profile', '/movies', '/friends', '/incoming', '/unread', '/latest'];
    // Request i is member i's (token and reference path) and page i % 6; 6 ∤ the member count
    // keeps every page meeting every member.
    const n = ids.length * mix.length;
    const mixTokens = Array.from({ length: n }, (_, i) => tokens[i % tokens.length] as string);
    const mixPaths = Array.from({ length: n }, (_, i) => mix[i % mix.length] as string);
    const refPaths = Array.from({ length: n }, (_, i) => {
      const p = refMix[i % refMix.length] as string;
      return p === '/profile' ? p : `${p}/${memberId(ids[i % ids.length] as number)}`;
    });
    for (const p of mix) await expectOk(app.url, p, tokens[0]);
    for (const p of refPaths.slice(0, refMix.length)) await expectOk(reference.url, p, tokens[0]);
    log('PGlite: read mix…');
    const mixSpec: Spec = { url: app.url, method: 'GET', paths: mixPaths, tokens: mixTokens };
    const refSpec: Spec = { url: reference.url, method: 'GET', paths: refPaths, tokens: mixTokens };
    // Memory: the app and a bare PGlite process on a copy of the same folder, each having answered
    // every read once (idle), then at their highest while they serve the same mix in turns.
    const idle = [rssMiB(app.child.pid), rssMiB(reference.child.pid)] as const;
    const underMix = sampleRss([app.child.pid, reference.child.pid]);
    const pair = await paired(mixSpec, [refSpec, selectSpec]);
    const [appPeak = Number.NaN, refPeak = Number.NaN] = underMix.stop();
    memoryFigures.push(
      {
        figure: 'Memory on PGlite, idle (RSS)',
        value: mib(idle[0]),
        reference: `bare Fastify + PGlite on a copy of the folder: ${mib(idle[1])}`,
        budget: `≤ reference + ${PGLITE_RSS_MARGIN_MIB} MiB`,
        ratio: round(idle[0] / (idle[1] + PGLITE_RSS_MARGIN_MIB), 3),
        pass: idle[0] <= idle[1] + PGLITE_RSS_MARGIN_MIB,
      },
      {
        figure: 'Memory on PGlite under the read mix (highest RSS)',
        value: mib(appPeak),
        reference: `bare Fastify + PGlite, same reads: ${mib(refPeak)}`,
        budget: `≤ reference + ${PGLITE_RSS_MARGIN_MIB} MiB`,
        ratio: round(appPeak / (refPeak + PGLITE_RSS_MARGIN_MIB), 3),
        pass: appPeak <= refPeak + PGLITE_RSS_MARGIN_MIB,
      },
    );
    log(
      `  memory: app ${mib(idle[0])} idle, ${mib(appPeak)} under the mix; bare PGlite ${mib(idle[1])}, ${mib(refPeak)}`,
    );
    rows.push(
      ratioRow(
        'PGlite: read mix',
        'GET profile, movies, friends, requests, unread, latest',
        pair.res,
        { name: 'bare Fastify + PGlite, same statements', res: pair.refs[0] as LoadResult },
        pair.refs[1],
        { minRatio: READ_RATIO_BUDGET, p99Factor: READ_P99_FACTOR },
      ),
    );
    log(
      `  ${pair.res.rps.toFixed(0)} req/s, p99 ${pair.res.p99} ms; reference ${pair.refs[0]?.rps.toFixed(0)} req/s, p99 ${pair.refs[0]?.p99} ms`,
    );
    await reference.stop();

    // Writers add movies (a transaction with the search-word trigger) while the readers read.
    // A member holds one entry per film (a second add is 409): a prime number of titles against
    // the members' tokens repeats no (member, title) pair within a run, and the run's mark keeps
    // one run's titles apart from the last one's.
    const run = Date.now().toString(36);
    const body = (k: number) =>
      JSON.stringify({
        title: `Bench yazı ${run} ${k} ulduz`,
        year: 2000 + (Math.abs(k) % 25),
        genres: ['Drama'],
        status: 'watched',
      });
    const writeSpec: LoadSpec = {
      url: app.url,
      method: 'POST',
      paths: ['/api/movies'],
      tokens,
      bodies: Array.from({ length: 1009 }, (_, k) => body(k)),
      connections: 10,
      duration: WARMUP + DURATION + 1,
    };
    await expectOk(app.url, '/api/movies', tokens[0], body(-1));
    log('PGlite: reads while 10 connections write…');
    const [rw, writes] = await Promise.all([measure(mixSpec), load(writeSpec)]);
    const starvedAt = STARVED_FACTOR * Math.max(1, rw.p50);
    rows.push({
      ...ratioRow(
        'PGlite: reads while writing',
        `read mix + 10 × POST /api/movies (${writes.rps.toFixed(0)} writes/s)`,
        rw,
        { name: 'the same reads’ median', res: rw },
        undefined,
        null,
      ),
      budget: `max < ${STARVED_FACTOR} × median (none starved)`,
      ratio: round(rw.max / starvedAt, 3),
      pass: rw.max < starvedAt && clean(rw),
      value: `max ${rw.max} ms, median ${rw.p50} ms, p99 ${rw.p99} ms`,
    });
    log(
      `  reads ${rw.rps.toFixed(0)} req/s, p50 ${rw.p50} ms, p99 ${rw.p99} ms, max ${rw.max} ms; writes ${writes.rps.toFixed(0)}/s`,
    );

    // Restart to ready against PGlite's own open of the same folder, in turns.
    for (let k = 0; k < 3; k++) {
      await app.stop();
      const open = await startProcess(tsx('bench/reference-servers.ts', 'pglite-open'), {
        PGLITE_DIR: path.join(pgliteDir, 'db'),
      });
      await open.stop();
      app = await startProcess(APP, env, '/api/ready');
      restarts.push({ app: app.readyMs, open: open.readyMs });
      log(`PGlite: restart to ready ${app.readyMs.toFixed(0)} ms; PGlite's own open ${open.readyMs.toFixed(0)} ms`);
    }
  } finally {
    await reference.stop();
    await app.stop();
    await rm(refDir, { recursive: true, force: true });
  }
  return { rows, restarts };
}

async function main() {
  await generatePostgres(databaseUrl);
  APP = appCommand();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kinodost-bench-http-'));
  try {
    const ids = members(Math.min(MEMBERS_IN_LOAD, SCALE.members - ADMINS), SCALE.members);
    log('reference: bare node:http…');
    const bare = await startProcess(tsx('bench/reference-servers.ts', 'node'), {});
    const node = await measure({ url: bare.url, method: 'GET', paths: ['/'], tokens: [] }).finally(() => bare.stop());
    log(`  ${node.rps.toFixed(0)} req/s, p99 ${node.p99} ms`);
    log('reference: Fastify + one primary-key SELECT…');
    const sel = await startProcess(tsx('bench/reference-servers.ts', 'select'), { DATABASE_URL: databaseUrl });
    const reads = await startProcess(tsx('bench/reference-servers.ts', 'reads'), {
      DATABASE_URL: databaseUrl,
      JWT_SECRET: secret,
    });
    const rows: Row[] = [];
    let selectSpec: Spec | undefined;
    try {
      selectSpec = { url: sel.url, method: 'GET', paths: ids.map((i) => `/user/${memberId(i)}`), tokens: [] };
      const select = await measure(selectSpec);
      log(
        `  ${select.rps.toFixed(0)} req/s, p99 ${select.p99} ms (${(select.rps / node.rps).toFixed(2)} of node:http)`,
      );
      const refs: Refs = { node, select, selectSpec, readsUrl: reads.url, readsPid: reads.child.pid };
      const nodeRow = ratioRow(
        'Reference: bare node:http JSON',
        'GET /',
        node,
        { name: 'itself', res: node },
        select,
        null,
      );
      const selectRow = ratioRow(
        'Reference: Fastify + 1 PK SELECT (pg pool)',
        'GET /user/:id',
        select,
        { name: 'node:http', res: node },
        select,
        null,
      );
      rows.push({ ...nodeRow, budget: 'reference' }, { ...selectRow, budget: 'reference' });
      if (process.env.BENCH_SKIP_POSTGRES !== '1') rows.push(...(await postgresRuns(refs, dataDir)));
    } finally {
      await reads.stop();
    }
    let restarts: { app: number; open: number }[] = [];
    try {
      if (process.env.BENCH_SKIP_PGLITE !== '1' && part('pglite') && selectSpec) {
        const p = await pgliteRuns(selectSpec);
        rows.push(...p.rows);
        restarts = p.restarts;
      }
    } finally {
      await sel.stop();
    }

    const figures: Figure[] = rows
      .filter((r) => r.pass !== null || r.note)
      .map((r) => ({
        figure: `HTTP ${r.name}`,
        value: r.value,
        reference: `${r.reference}: ${r.ref_rps} req/s, p50 ${r.ref_p50} ms, p99 ${r.ref_p99} ms`,
        budget: r.budget,
        ratio: r.ratio,
        pass: r.pass,
      }));
    figures.push(...memoryFigures);
    if (restarts.length) {
      const worst = restarts.reduce((w, x) => (x.app - x.open > w.app - w.open ? x : w));
      figures.push({
        figure: 'PGlite restart to ready (existing data folder)',
        value: `${Math.round(worst.app)} ms (worst of ${restarts.length} against the open just before it)`,
        reference: `PGlite's own open of the folder in a new process: ${Math.round(worst.open)} ms`,
        budget: `≤ reference + ${RESTART_MARGIN_MS} ms`,
        ratio: round(worst.app / (worst.open + RESTART_MARGIN_MS), 3),
        pass: worst.app <= worst.open + RESTART_MARGIN_MS,
      });
    }
    const md = [
      `HTTP at ${CONNECTIONS} connections, ${DURATION} s per run after a ${WARMUP} s warm-up; tokens of up to ${MEMBERS_IN_LOAD} members rotate request by request; each read runs in ${ROUNDS} slices alternating with its references' (p99 and max: of all the slices' requests together). PostgreSQL rows run on ${SCALE.members.toLocaleString('en')} members / ${SCALE.movies.toLocaleString('en')} movies and films / ${SCALE.friendships.toLocaleString('en')} friendships, PGlite rows on ${PGLITE_SCALE.members.toLocaleString('en')} / ${PGLITE_SCALE.movies.toLocaleString('en')} / ${PGLITE_SCALE.friendships.toLocaleString('en')}.`,
      '',
      '| run | request | req/s | p50 ms | p99 ms | max ms | reference | ref req/s | ref p99 ms | ratio | p99 / ref p99 | / 1-SELECT | budget | pass |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
      ...rows.map(
        (r) =>
          `| ${r.name}${r.note ? ` (${r.note})` : ''} | \`${r.request}\` | ${r.rps} | ${r.p50} | ${r.p99} | ${r.max} | ${r.reference} | ${r.ref_rps} | ${r.ref_p99} | ${r.ratio} | ${r.p99_ratio} | ${r.ratio_to_select ?? ''} | ${r.budget} | ${r.pass === null ? '' : r.pass ? 'yes' : '**no**'}${r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : ''} |`,
      ),
      '',
      restarts.length
        ? `PGlite restart to ready (spawn of \`node ${APP.join(' ')}\` until GET /api/ready is 200), each after PGlite's own open of the folder in a new process: ${restarts.map((t) => `${Math.round(t.app)} ms (open ${Math.round(t.open)} ms)`).join(', ')}; budget ≤ open + ${RESTART_MARGIN_MS} ms.\n`
        : '',
    ].join('\n');
    await writeResult(
      ONLY ? `http-${ONLY.join('-')}` : 'http',
      {
        connections: CONNECTIONS,
        duration_s: DURATION,
        warmup_s: WARMUP,
        postgres_scale: SCALE,
        pglite_scale: PGLITE_SCALE,
        rows,
        restart_to_ready_ms: restarts,
      },
      figures,
      md,
    );
    console.log(md);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
