// Issue 28's peer: MediaTracker (a self-hosted movie and series tracker a self-hoster would pick
// instead), built by hand outside this repository (docs/benchmarks.md, "MediaTracker beside
// KinoDost"), run here on the same Node and machine as KinoDost on SQLite, its default. Its memory
// is measured as bench/http.ts measures KinoDost's: the resident set idle (after start and each
// read answered once) and the highest under its members' reads at 50 connections, 10 s after a
// 2 s warm-up, from the load generator in bench/http-load.ts in its own process.
//   MEDIATRACKER_DIR=/path/to/MediaTracker npm run bench:peer
// Without MEDIATRACKER_DIR it says how to build the peer and exits 0, writing nothing.
// Settings (env): BENCH_DURATION (s, default 10), BENCH_WARMUP (s, default 2), BENCH_CONNECTIONS
// (default 50), PEER_MEMBERS (default 5000), PEER_ITEMS (catalogue, default 50000).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type Figure, round, writeResult } from './machine';
import { expectOk, freePort, runLoad, stopProcess } from './processes';
import { rssMiB, sampleRss } from './rss';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** KinoDost's PGlite data in bench/http.ts: 5,000 members and 50,000 movies and films. */
const MEMBERS = Number(process.env.PEER_MEMBERS ?? 5000);
const ITEMS = Number(process.env.PEER_ITEMS ?? 50_000);
/** Each member's seen movies and watchlist; the first member (the admin) has a large library. */
const SEEN_PER_MEMBER = 10;
const WATCHLIST_PER_MEMBER = 5;
const ADMIN_SEEN = 3000;
const PASSWORD = 'bench-password';
const WORDS = ['Night', 'River', 'Storm', 'Garden', 'Winter', 'Shadow', 'Harbour', 'Mountain', 'Silver', 'Echo'];

const _here = import.meta.dirname;
const log = (line: string) => console.log(`[peer] ${line}`);
const mib = (n: number) => `${Math.round(n)} MiB`;

const dir = process.env.MEDIATRACKER_DIR;
if (!dir) {
  console.log(
    [
      '[peer] MEDIATRACKER_DIR is not set: nothing measured, no result written.',
      '[peer] Build MediaTracker outside this repository as docs/benchmarks.md says ("MediaTracker beside',
      '[peer] KinoDost"), then: MEDIATRACKER_DIR=/path/to/MediaTracker npm run bench:peer',
    ].join('\n'),
  );
  process.exit(0);
}
const serverDir = existsSync(path.join(dir, 'server/build/index.js')) ? path.join(dir, 'server') : dir;
const entry = path.join(serverDir, 'build/index.js');
if (!existsSync(entry)) {
  console.error(`[peer] ${entry} not found: build MediaTracker's server first (docs/benchmarks.md).`);
  process.exit(1);
}

/** MediaTracker's own better-sqlite3 (built with it), to seed its database between two starts. */
interface Sqlite {
  prepare(sql: string): { run(...args: unknown[]): unknown; get(...args: unknown[]): unknown };
  exec(sql: string): void;
  transaction(fn: () => void): () => void;
  close(): void;
}
const Database = createRequire(path.join(serverDir, 'package.json'))('better-sqlite3') as new (file: string) => Sqlite;

let version = 'unknown';
try {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: dir, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  version = git('rev-parse', 'HEAD');
} catch {}
const { version: packageVersion } = createRequire(import.meta.url)(path.join(serverDir, 'package.json')) as {
  version: string;
};

interface Peer {
  child: ChildProcess;
  url: string;
  readyMs: number;
  stop(): Promise<void>;
}

/**
 * MediaTracker as its `npm start` runs it (NODE_ENV=production node build/index.js), with its
 * database, images, logs and home folder in `home`. Its HTTP clients (axios) are pointed at a
 * closed local port, so a metadata refresh it might start cannot leave the machine.
 */
async function startPeer(home: string): Promise<Peer> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [entry], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: home,
      NODE_ENV: 'production',
      HOSTNAME: '127.0.0.1',
      PORT: String(port),
      DATABASE_PATH: path.join(home, 'data.db'),
      ASSETS_PATH: path.join(home, 'img'),
      LOGS_PATH: path.join(home, 'logs'),
      HTTP_PROXY: 'http://127.0.0.1:9',
      HTTPS_PROXY: 'http://127.0.0.1:9',
      http_proxy: 'http://127.0.0.1:9',
      https_proxy: 'http://127.0.0.1:9',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error('MediaTracker exited before it was ready');
    if (performance.now() - started > 60_000) throw new Error('MediaTracker not ready in 60 s');
    const ok = await fetch(`${url}/api/configuration`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    child,
    url,
    readyMs: performance.now() - started,
    stop: () => stopProcess(child),
  };
}

/** The first member through MediaTracker's own API: register (the first is admin), log in, make a token. */
async function registerThroughApi(url: string): Promise<string> {
  const json = { 'content-type': 'application/json' };
  const register = await fetch(`${url}/api/user/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username: 'member0', password: PASSWORD, confirmPassword: PASSWORD }),
  });
  if (register.status !== 200) throw new Error(`register: ${register.status}`);
  const login = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username: 'member0', password: PASSWORD }),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0];
  if (login.status !== 200 || !cookie) throw new Error(`login: ${login.status}`);
  const res = await fetch(`${url}/api/tokens?description=bench`, { method: 'PUT', headers: { cookie } });
  if (res.status !== 200) throw new Error(`token: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

const tokenOf = (member: number) => `bench-token-${member}`;
const sha256 = (s: string) => createHash('sha256').update(s, 'utf-8').digest('hex');
/** Deterministic spread of a member's movies over the catalogue. */
const itemOf = (member: number, k: number) => 1 + ((member * 7919 + k * 104_729) % ITEMS);

/**
 * The catalogue and the members straight into its SQLite (its API adds items only from TMDB and
 * the other online providers): movies as a TMDB import leaves them, refreshed just now so its
 * hourly metadata update finds nothing to fetch; members with the first one's password hash, a
 * watchlist and an access token each.
 */
function seed(file: string) {
  const db = new Database(file);
  const now = Date.now();
  db.exec('PRAGMA journal_mode = WAL');
  const hash = (db.prepare('SELECT password FROM user WHERE id = 1').get() as { password: string }).password;
  const addItem = db.prepare(
    `INSERT INTO mediaItem (id, tmdbId, imdbId, mediaType, title, originalTitle, externalPosterUrl, tmdbRating,
      releaseDate, overview, lastTimeUpdated, source, runtime, genres, status, language, needsDetails)
     VALUES (?, ?, ?, 'movie', ?, ?, ?, ?, ?, ?, ?, 'tmdb', ?, ?, 'Released', 'en', 0)`,
  );
  const addUser = db.prepare(
    `INSERT INTO user (id, name, password, admin, publicReviews, hideEpisodeTitleForUnseenEpisodes,
      hideOverviewForUnseenSeasons) VALUES (?, ?, ?, 0, 0, 0, 0)`,
  );
  const addList = db.prepare(
    `INSERT INTO list (name, privacy, sortBy, sortOrder, createdAt, updatedAt, userId, allowComments,
      displayNumbers, isWatchlist) VALUES ('Watchlist', 'private', 'recently-watched', 'desc', ?, ?, ?, 0, 0, 1)`,
  );
  const addToken = db.prepare('INSERT INTO accessToken (userId, token, description) VALUES (?, ?, ?)');
  const addSeen = db.prepare('INSERT INTO seen (date, mediaItemId, userId) VALUES (?, ?, ?)');
  const addListItem = db.prepare('INSERT INTO listItem (listId, mediaItemId, addedAt) VALUES (?, ?, ?)');
  const listOf = db.prepare('SELECT id FROM list WHERE userId = ? AND isWatchlist = 1');
  db.transaction(() => {
    for (let i = 1; i <= ITEMS; i++) {
      const w = WORDS[i % WORDS.length] as string;
      const v = WORDS[(i * 7) % WORDS.length] as string;
      const title = `${w} of the ${v} ${i}`;
      addItem.run(
        i,
        100_000 + i,
        `tt${String(1_000_000 + i)}`,
        title,
        title,
        `https://posters.invalid/${i}.jpg`,
        5 + (i % 50) / 10,
        `${1950 + (i % 70)}-0${1 + (i % 9)}-1${i % 10}`,
        `${title}: a film about ${w.toLowerCase()} and ${v.toLowerCase()}, its people and the years between them. `.repeat(
          2,
        ),
        now,
        80 + (i % 60),
        JSON.stringify(['Drama', 'Comedy', 'Thriller'].slice(0, 1 + (i % 3))),
      );
    }
    // member0 (id 1) exists already; its token from the API is kept, a known one is added.
    for (let m = 0; m < MEMBERS; m++) {
      const id = m + 1;
      if (m > 0) {
        addUser.run(id, `member${m}`, hash);
        addList.run(now, now, id);
      }
      addToken.run(id, sha256(tokenOf(m)), 'bench-seeded');
      const list = (listOf.get(id) as { id: number }).id;
      const seen = m === 0 ? ADMIN_SEEN : SEEN_PER_MEMBER;
      for (let k = 0; k < seen; k++) addSeen.run(now - k * 86_400_000, itemOf(m, k), id);
      for (let k = 0; k < WATCHLIST_PER_MEMBER; k++) addListItem.run(list, itemOf(m, seen + k), now - k * 3_600_000);
    }
  })();
  db.close();
}

async function main() {
  const home = await mkdtemp(path.join(tmpdir(), 'kinodost-bench-mediatracker-'));
  let peer: Peer | undefined;
  try {
    // First start: its migrations make the schema; the first member comes through its API.
    log(`MediaTracker ${packageVersion} (${version}) from ${serverDir}, data in ${home}`);
    peer = await startPeer(home);
    const apiToken = await registerThroughApi(peer.url);
    await expectOk(peer.url, '/api/user', apiToken);
    await peer.stop();
    const t0 = performance.now();
    seed(path.join(home, 'data.db'));
    log(
      `seeded ${ITEMS.toLocaleString('en')} movies, ${MEMBERS.toLocaleString('en')} members (${SEEN_PER_MEMBER} seen and ${WATCHLIST_PER_MEMBER} on the watchlist each, member0 ${ADMIN_SEEN.toLocaleString('en')} seen) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    // Second start, on the seeded database: the process that is measured.
    peer = await startPeer(home);
    log(`ready in ${Math.round(peer.readyMs)} ms, RSS ${mib(rssMiB(peer.child.pid))}`);
    // Its members' reads, nearest to KinoDost's read mix: who am I, my list (its items page, 40 a
    // page), my watchlist, a search of my library (its /api/search asks TMDB, so its local filter
    // is the search that stays on this machine), and a movie's details page.
    const pages = (m: number, k: number) => [
      '/api/user',
      '/api/items/paginated?page=1&orderBy=title&sortOrder=asc',
      '/api/items/paginated?page=1&onlyOnWatchlist=true',
      `/api/items/paginated?page=1&filter=${WORDS[(m + k) % WORDS.length]}`,
      `/api/details/${itemOf(m, k % SEEN_PER_MEMBER)}`,
    ];
    const perMember = pages(0, 0).length;
    // Request i is member 1 + (i mod members)'s, page i mod 5; 5 ∤ members keeps every page
    // meeting every member. member0, whose 3,000-movie library its list query takes seconds on,
    // is left out of the load and read once after it.
    const members = (MEMBERS - 1) % perMember === 0 ? MEMBERS - 2 : MEMBERS - 1;
    const n = members * perMember;
    const paths = Array.from({ length: n }, (_, i) => {
      const m = 1 + (i % members);
      return pages(m, Math.floor(i / members))[i % perMember] as string;
    });
    const tokens = Array.from({ length: n }, (_, i) => tokenOf(1 + (i % members)));
    const url = peer.url;
    const timed = async (m: number) => {
      const out: { path: string; ms: number; bytes: number }[] = [];
      for (const p of pages(m, 0)) {
        const t = performance.now();
        const body = await expectOk(url, p, tokenOf(m));
        if (p.includes('orderBy') && !body.includes('"total":'))
          throw new Error(`unexpected ${p}: ${body.slice(0, 200)}`);
        out.push({ path: p, ms: Math.round(performance.now() - t), bytes: body.length });
        log(`  GET ${p} (member${m}): ${out.at(-1)?.ms} ms, ${body.length} bytes`);
      }
      return out;
    };
    // Each read answered once (by member1), then the idle figure, as bench/http.ts does for KinoDost.
    const once = await timed(1);
    await new Promise((r) => setTimeout(r, 1000));
    const idle = rssMiB(peer.child.pid);
    log(`idle RSS ${mib(idle)}; reads at ${CONNECTIONS} connections, ${WARMUP} s warm-up then ${DURATION} s…`);
    const sampler = sampleRss([peer.child.pid]);
    const spec = { url: peer.url, method: 'GET' as const, paths, tokens, connections: CONNECTIONS };
    // The measured run goes on through the members from where the warm-up stopped.
    const warm = WARMUP > 0 ? await runLoad({ ...spec, duration: WARMUP }) : undefined;
    const res = await runLoad({ ...spec, duration: DURATION, start: warm?.requests ?? 0 });
    const [peak = Number.NaN] = sampler.stop();
    const after = rssMiB(peer.child.pid);
    log(
      `${res.rps.toFixed(0)} req/s, p50 ${res.p50} ms, p99 ${res.p99} ms, max ${res.max} ms (${res.requests} requests, ${res.non2xx} non-2xx, ${res.errors} errors, ${res.timeouts} timeouts); highest RSS ${mib(peak)}, after ${mib(after)}`,
    );
    // A request still unanswered after 10 s is a timeout (bench/http-load.ts): the peer's pace at
    // 50 connections, reported; any other error or a non-2xx answer voids the run.
    if (res.non2xx || res.errors > res.timeouts)
      throw new Error('the peer answered errors under load: its figures would not stand');
    // member0's 3,000-movie library, each page once, after the load: the time its list query takes
    // on a large library, and what those answers leave in memory.
    log('member0 (3,000 seen movies), each read once…');
    const large = await timed(0);
    const afterLarge = rssMiB(peer.child.pid);
    log(`RSS after member0's reads ${mib(afterLarge)}`);
    await peer.stop();

    const what = `MediaTracker ${packageVersion} (${version.slice(0, 7)}), SQLite, ${ITEMS.toLocaleString('en')} movies, ${MEMBERS.toLocaleString('en')} members`;
    const figures: Figure[] = [
      {
        figure: 'Memory, MediaTracker on SQLite, idle (RSS)',
        value: mib(idle),
        reference: `${what}; after start and each read once`,
        budget: 'reported',
        ratio: null,
        pass: null,
      },
      {
        figure: 'Memory, MediaTracker on SQLite, under its reads (highest RSS)',
        value: mib(peak),
        reference: `${CONNECTIONS} connections, ${DURATION} s after ${WARMUP} s: ${res.rps.toFixed(0)} req/s, p99 ${res.p99} ms, ${res.timeouts} timeouts`,
        budget: 'reported',
        ratio: null,
        pass: null,
      },
    ];
    const shape = (p: string) => p.replace(/\d+$/, ':id').replace(/filter=\w+/, 'filter=:word');
    const md = [
      '# MediaTracker beside KinoDost: memory (issue 28)',
      '',
      `MediaTracker ${packageVersion}, commit ${version}, built by hand outside this repository (docs/benchmarks.md, "MediaTracker beside KinoDost"), run as its \`npm start\` runs it (\`NODE_ENV=production node build/index.js\`) on the same Node as KinoDost, on SQLite (better-sqlite3, its default) in a fresh temp folder.`,
      `Seeded: ${ITEMS.toLocaleString('en')} movies (source TMDB, refreshed at seeding), ${MEMBERS.toLocaleString('en')} members with a watchlist and an access token each; ${SEEN_PER_MEMBER} seen movies and ${WATCHLIST_PER_MEMBER} watchlist entries per member, ${ADMIN_SEEN.toLocaleString('en')} seen for member0. The first member was registered, logged in and given a token through its API; the rest went straight into its SQLite.`,
      `Reads: ${pages(1, 0)
        .map((p) => `\`GET ${shape(p)}\``)
        .join(
          ', ',
        )}; request i is a member's (${members.toLocaleString('en')} members' tokens in turn, member0 left out), page i mod ${perMember}, ${CONNECTIONS} connections, ${DURATION} s after a ${WARMUP} s warm-up, from bench/http-load.ts in its own process.`,
      '',
      '| figure | value | reads |',
      '|---|---|---|',
      `| Memory, MediaTracker on SQLite, idle (RSS, after start and each read once) | ${mib(idle)} | |`,
      `| Memory, MediaTracker on SQLite, under its reads (highest RSS) | ${mib(peak)} | ${res.rps.toFixed(0)} req/s, p50 ${res.p50} ms, p99 ${res.p99} ms, max ${res.max} ms, ${res.requests} answers, ${res.timeouts} timeouts (10 s) |`,
      `| Memory, MediaTracker on SQLite, after member0's pages (RSS) | ${mib(afterLarge)} | each read once, after the load |`,
      '',
      'Each read once, one request at a time (member1: 10 seen movies, before the load; member0: 3,000 seen movies, after it):',
      '',
      '| read | member1 ms | member1 bytes | member0 ms | member0 bytes |',
      '|---|---|---|---|---|',
      ...once.map((x, k) => {
        const y = large[k];
        return `| \`GET ${shape(x.path)}\` | ${x.ms} | ${x.bytes} | ${y?.ms ?? ''} | ${y?.bytes ?? ''} |`;
      }),
      '',
      `Started to ready (GET /api/configuration 200) on the seeded database in ${Math.round(peer.readyMs)} ms; RSS ${mib(after)} once the load had stopped.`,
      '',
    ].join('\n');
    await writeResult(
      'peer',
      {
        peer: { name: 'MediaTracker', version: packageVersion, commit: version },
        seeded: {
          items: ITEMS,
          members: MEMBERS,
          seenPerMember: SEEN_PER_MEMBER,
          watchlistPerMember: WATCHLIST_PER_MEMBER,
          adminSeen: ADMIN_SEEN,
        },
        connections: CONNECTIONS,
        duration_s: DURATION,
        warmup_s: WARMUP,
        idle_mib: round(idle, 1),
        peak_mib: round(peak, 1),
        after_mib: round(after, 1),
        after_member0_mib: round(afterLarge, 1),
        once: { member1: once, member0: large },
        ready_ms: Math.round(peer.readyMs),
        load: res,
      },
      figures,
      md,
    );
    log('wrote bench/results/peer.md and peer.json');
  } finally {
    await peer?.stop();
    await rm(home, { recursive: true, force: true });
  }
}

await main();
