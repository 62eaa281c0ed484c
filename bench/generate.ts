// Data at the scale of a large community (issue 8), the one place benchmark data is made:
// 100,000 members, 1,000,000 movies, 2,000,000 friendships, 500,000 comments and 1,000
// newsletters with per-member read marks, on PostgreSQL; and 1/20 of it on PGlite for the
// embedded-default benchmark. Every row is made server-side (INSERT … SELECT generate_series),
// so nothing crosses the wire but the statements. Usage:
//   node --import tsx bench/generate.ts                      (BENCH_DATABASE_URL, default below)
//   node --import tsx bench/generate.ts --reload             (drop and make it again)
//   node --import tsx bench/generate.ts --pglite <dir> [--scale 0.05]   (PGlite in <dir>/db, DATA_DIR=<dir>)
// BENCH_SCALE=0.01 shrinks everything (PostgreSQL and PGlite) for quick development runs.
// Re-running with the data present does nothing. Every member signs in with BENCH_PASSWORD.

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type Database, type Db, pgliteExtensions } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import { openPostgres } from '../server/src/db/postgres';
import * as schema from '../server/src/db/schema/index';
import { hashPassword } from '../server/src/lib/password';
import { loadDemoFilms } from '../server/src/seed/demo-catalogue';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/kinodost_bench';
/** Where the embedded-default benchmark keeps its PGlite data folder (BENCH_PGLITE_DIR). */
export const pgliteDataDir = () => process.env.BENCH_PGLITE_DIR ?? path.join(tmpdir(), 'kinodost-bench-pglite');
export const BENCH_PASSWORD = 'KinoDost-bench-2026!';
/** Members bench_0 … bench_{ADMINS-1} are administrators. */
export const ADMINS = 10;
/** Friendships each member starts (so 2 × this per member in all); the first FRIENDS_ACCEPTED are accepted. */
const STARTED_PER_MEMBER = 20;
const FRIENDS_ACCEPTED = 16;
/** The offsets of a member's friendships: member g starts one with g + 1 + k × friendStep(N), k < STARTED_PER_MEMBER. */
export const friendStep = (members: number) => Math.floor((members / 2 - 2) / STARTED_PER_MEMBER);
/** Newsletters each member has read. */
const READS_PER_MEMBER = 20;

export interface Scale {
  members: number;
  movies: number;
  friendships: number;
  comments: number;
  newsletters: number;
}

export const FULL_SCALE: Scale = {
  members: 100_000,
  movies: 1_000_000,
  friendships: 2_000_000,
  comments: 500_000,
  newsletters: 1_000,
};

export const scaled = (factor: number): Scale => ({
  members: Math.round(FULL_SCALE.members * factor),
  movies: Math.round(FULL_SCALE.movies * factor),
  friendships: Math.round(FULL_SCALE.members * factor) * STARTED_PER_MEMBER,
  comments: Math.round(FULL_SCALE.comments * factor),
  newsletters: Math.max(READS_PER_MEMBER, Math.round(FULL_SCALE.newsletters * factor)),
});

/** The PostgreSQL scale of this run: full, or BENCH_SCALE (a factor, for quick development runs). */
export const postgresScale = (): Scale =>
  process.env.BENCH_SCALE ? scaled(Number(process.env.BENCH_SCALE)) : FULL_SCALE;
/** The embedded PGlite data set: 1/20 of the PostgreSQL one. */
export const pgliteScale = (): Scale => scaled((process.env.BENCH_SCALE ? Number(process.env.BENCH_SCALE) : 1) / 20);

/** Azerbaijani words mixed into titles, so search has diacritics to fold (bench/search.ts queries them). */
export const AZ_WORDS = [
  'Səhər',
  'işıq',
  'gecə',
  'dənizi',
  'yolu',
  'ulduz',
  'bahar',
  'küləyi',
  'qəhrəman',
  'sirri',
  'şəhər',
  'çay',
  'dağ',
  'ürək',
  'günəş',
  'ağac',
  'qış',
  'yağış',
  'ümid',
  'oğlan',
];
export const GENRES = ['Drama', 'Komediya', 'Action', 'Thriller', 'Sənədli', 'Horror', 'Musical'];

/** Ids are md5-derived, so any script can name member i without a query: the same as md5('u' || i)::uuid. */
const uuidOf = (text: string) => {
  const h = createHash('md5').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};
export const memberId = (i: number) => uuidOf(`u${i}`);
export const memberName = (i: number) => `bench_${i}`;
/** Film h (h < members) is held by h's first ten accepted friends: the film page of member h shows them. */
export const filmId = (h: number) => uuidOf(`f${h}`);

/** What the loader needs of a connection: one session, so SET sticks. */
interface Session {
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

const t0 = performance.now();
const log = (line: string) => console.log(`[generate ${((performance.now() - t0) / 1000).toFixed(1)} s] ${line}`);

/** Runs a batched INSERT … SELECT over [0, total) in slices, with a progress line per slice. */
async function inSlices(
  label: string,
  total: number,
  slice: number,
  run: (from: number, to: number) => Promise<unknown>,
) {
  for (let from = 0; from < total; from += slice) {
    const to = Math.min(total, from + slice) - 1;
    await run(from, to);
    log(`  ${label}: ${to + 1}/${total}`);
  }
}

/**
 * Drops a table's plain indexes (not the primary key) for the load and returns a function
 * that builds them again from their own definitions, which come from the migrations.
 * Building an index once is far faster than keeping it up to date row by row; a unique
 * index built afterwards still proves its invariant (friendship pairs).
 */
async function withoutIndexes(s: Session, table: string): Promise<() => Promise<void>> {
  const { rows } = await s.query(
    `select i.indexname, i.indexdef from pg_indexes i
     where i.schemaname = 'public' and i.tablename = $1
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [table],
  );
  for (const r of rows) await s.query(`drop index "${r.indexname as string}"`);
  return async () => {
    for (const r of rows) {
      log(`  index ${r.indexname as string}`);
      await s.query(r.indexdef as string);
    }
  };
}

/**
 * Fills the tables. Given two sessions (PostgreSQL), the tables that read none of each other
 * load at once, a chain of them on each session, so that both cores work: the films and then
 * the friendships beside the movies and then the comments and newsletters. Given one (PGlite,
 * one connection), the same chains run in turn.
 */
async function load(sessions: [Session] | [Session, Session], scale: Scale, opts: { bigSlices: boolean }) {
  const [s, t = s] = sessions;
  const films = await loadDemoFilms();
  const N = scale.members;
  const slice = opts.bigSlices ? 100_000 : 25_000;
  log('hashing the members’ password (argon2id, once)…');
  const hash = await hashPassword(BENCH_PASSWORD);
  // Foreign keys and the search-word trigger are skipped for the load (ids are correct by
  // construction; the word dictionary is filled once below from the same definition).
  for (const session of new Set([s, t])) await session.query(`set session_replication_role = replica`);
  const both = async (first: () => Promise<void>, second: () => Promise<void>) => {
    if (t === s) {
      await first();
      await second();
    } else await Promise.all([first(), second()]);
  };

  const rebuild = await withoutIndexes(s, 'users');
  await inSlices('members', N, slice, (from, to) =>
    s.query(
      `insert into users (id, username, email, password_hash, is_admin, last_seen_at, created_at, updated_at)
       select md5('u' || g)::uuid, 'bench_' || g, 'bench_' || g || '@bench.az', $1, g < $2,
              now() - (g % 1440 || ' minutes')::interval,
              now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
       from generate_series($3::int, $4::int) g`,
      [hash, ADMINS, from, to],
    ),
  );
  await rebuild();

  // Every member's entries are on films their friends hold too, so a film page shows friends
  // (docs/benchmarks.md "Data"): entry j of member o (movie g = o + j × N) is for film
  // (o − d_j) mod N, where d_j is the offset of o's j-th friendship. Film h is then held by
  // h + d_0 … h + d_9, all accepted friends of member h. Films past N are in the catalogue
  // with no entries. Each film's facts are made first; the entry copies them (the triggers
  // that would copy them are off for the load).
  const step = friendStep(N);
  if (scale.movies > FRIENDS_ACCEPTED * N) throw new Error('more entries per member than accepted friendships');
  const filmOf = (g: string) =>
    `((((${g}) % $N::int) - (1 + ((${g}) / $N::int) * $STEP::int)) % $N::int + $N::int) % $N::int`;
  const bind = (sqlText: string, first: number) =>
    sqlText.replaceAll('$N', () => `$${first}`).replaceAll('$STEP', () => `$${first + 1}`);
  const loadFilms = async (s: Session) => {
    const rebuild = await withoutIndexes(s, 'films');
    await inSlices('films', scale.movies, slice, (from, to) =>
      s.query(
        `insert into films (id, title, year, genres, directors, source, created_at, updated_at)
         select md5('f' || g)::uuid,
                ($1::text[])[1 + g % array_length($1::text[], 1)] || ' ' || ($2::text[])[1 + (g / 7) % array_length($2::text[], 1)],
                1950 + g % 75,
                array[($3::text[])[1 + g % array_length($3::text[], 1)]],
                array[($4::text[])[1 + (g / 3) % array_length($4::text[], 1)]],
                'member', now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
         from generate_series($5::int, $6::int) g`,
        [films.map((f) => f.title), AZ_WORDS, GENRES, films.map((f) => f.director ?? 'Naməlum rejissor'), from, to],
      ),
    );
    await rebuild();
  };
  const loadMovies = async (s: Session) => {
    const rebuild = await withoutIndexes(s, 'movies');
    // Titles mix a real film title with an Azerbaijani word; ten movies per member on average.
    await inSlices('movies', scale.movies, slice, (from, to) =>
      s.query(
        bind(
          `insert into movies (id, owner_id, film_id, title, year, genres, director, status, rating, watched_at, created_at, updated_at)
         select md5('m' || g)::uuid,
                md5('u' || (g % $1::int))::uuid,
                md5('f' || f)::uuid,
                ($2::text[])[1 + f % array_length($2::text[], 1)] || ' ' || ($3::text[])[1 + (f / 7) % array_length($3::text[], 1)],
                1950 + f % 75,
                array[($4::text[])[1 + f % array_length($4::text[], 1)]],
                ($5::text[])[1 + (f / 3) % array_length($5::text[], 1)],
                case when g % 3 = 0 then 'watchlist' else 'watched' end,
                case when g % 3 = 0 then null else 1 + g % 10 end,
                case when g % 3 = 0 then null else now() - (g || ' seconds')::interval end,
                now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
         from generate_series($6::int, $7::int) g, lateral (select ${filmOf('g')} as f) film`,
          8,
        ),
        [
          N,
          films.map((f) => f.title),
          AZ_WORDS,
          GENRES,
          films.map((f) => f.director ?? 'Naməlum rejissor'),
          from,
          to,
          N,
          step,
        ],
      ),
    );
    await rebuild();
  };
  const loadFriendships = async (s: Session) => {
    // Member g starts a friendship with g + d_k for STARTED_PER_MEMBER distinct offsets d_k below
    // N/2, so no unordered pair repeats: each member has 2 × STARTED_PER_MEMBER relations, most
    // accepted, the rest pending requests both ways.
    const rebuild = await withoutIndexes(s, 'friendships');
    for (let k = 0; k < STARTED_PER_MEMBER; k++) {
      const accepted = k < FRIENDS_ACCEPTED;
      await s.query(
        `insert into friendships (requester_id, addressee_id, status, created_at, accepted_at)
         select md5('u' || g)::uuid, md5('u' || ((g + $1::int) % $2::int))::uuid, $3,
                now() - ((g + $1::int) % 5000 || ' hours')::interval,
                case when $3 = 'accepted' then now() - ((g + $1::int) % 4000 || ' hours')::interval end
         from generate_series(0, $2::int - 1) g`,
        [1 + k * step, N, accepted ? 'accepted' : 'pending'],
      );
      if ((k + 1) % 5 === 0) log(`  friendships: ${(k + 1) * N}/${scale.friendships}`);
    }
    await rebuild();
  };
  const loadComments = async (s: Session) => {
    const rebuild = await withoutIndexes(s, 'comments');
    const texts = ['Çox gözəl film idi!', 'Sonu gözlənilməz oldu.', 'Aktyorlar əla oynayıb.', 'Bir daha baxardım.'];
    await inSlices('comments', scale.comments, slice, (from, to) =>
      s.query(
        bind(
          `insert into comments (film_id, movie_id, author_id, text, status, moderated_by, moderated_at, created_at)
         select md5('f' || ${filmOf('m')})::uuid, md5('m' || m)::uuid,
                md5('u' || ((g::bigint * 31) % $2::int))::uuid,
                ($3::text[])[1 + g % array_length($3::text[], 1)],
                case when g % 20 < 16 then 'approved' when g % 20 < 19 then 'pending' else 'rejected' end,
                case when g % 20 < 16 or g % 20 = 19 then md5('u0')::uuid end,
                case when g % 20 < 16 or g % 20 = 19 then now() - (g || ' seconds')::interval end,
                now() - (g || ' seconds')::interval - interval '1 hour'
         from generate_series($4::int, $5::int) g, lateral (select ((g::bigint * 7919) % $1::int)::int as m) movie`,
          6,
        ),
        [scale.movies, N, texts, from, to, N, step],
      ),
    );
    await rebuild();
  };
  const loadNewsletters = async (s: Session) => {
    await s.query(
      `insert into newsletters (id, title, content, is_important, author_id, created_at, updated_at)
       select md5('n' || g)::uuid, 'Xəbər bülleteni №' || ($1::int - g),
              '## Yeniliklər' || chr(10) || 'Bu həftə KinoDost-da yeni filmlər və dostlar.', g % 10 = 0, md5('u0')::uuid,
              now() - (g * 8 || ' hours')::interval, now() - (g * 8 || ' hours')::interval
       from generate_series(0, $1::int - 1) g`,
      [scale.newsletters],
    );
    log(`  newsletters: ${scale.newsletters}`);
    // Member i has read READS_PER_MEMBER newsletters spread over the list (newsletter g is g × 8 hours old).
    const rebuild = await withoutIndexes(s, 'newsletter_reads');
    const spread = Math.floor(scale.newsletters / READS_PER_MEMBER);
    await inSlices('read marks', N, Math.floor(slice / 4), (from, to) =>
      s.query(
        `insert into newsletter_reads (newsletter_id, user_id, read_at)
         select md5('n' || (i % $1::int + t * $1::int))::uuid, md5('u' || i)::uuid, now() - (t || ' days')::interval
         from generate_series($2::int, $3::int) i, generate_series(0, $4::int - 1) t`,
        [spread, from, to, READS_PER_MEMBER],
      ),
    );
    await rebuild();
  };

  await both(
    async () => {
      await loadFilms(s);
      await loadFriendships(s);
    },
    async () => {
      await loadMovies(t);
      await loadComments(t);
      await loadNewsletters(t);
    },
  );
  // The dictionary reads both the films and the movies.
  log('  the search-word dictionary…');
  await s.query(
    `insert into search_words (word)
     select unnest(tsvector_to_array(search_vector)) from movies
     union select unnest(tsvector_to_array(search_vector)) from films
     on conflict do nothing`,
  );

  await s.query(`set session_replication_role = origin`);
  for (const table of [
    'users',
    'films',
    'movies',
    'search_words',
    'friendships',
    'comments',
    'newsletters',
    'newsletter_reads',
  ]) {
    log(`  vacuum analyze ${table}`);
    await s.query(`vacuum analyze ${table}`);
  }
}

/** Refuses to mark a generation finished unless every table holds what the scale asks for. */
async function checkCounts(s: Session, scale: Scale) {
  const expected: Record<string, number> = {
    users: scale.members,
    movies: scale.movies,
    friendships: scale.friendships,
    comments: scale.comments,
    newsletters: scale.newsletters,
    newsletter_reads: scale.members * READS_PER_MEMBER,
  };
  for (const [table, want] of Object.entries(expected)) {
    const { rows } = await s.query(`select count(*)::int as n from ${table}`);
    if (rows[0]?.n !== want) throw new Error(`${table}: ${rows[0]?.n} rows, expected ${want}`);
  }
}

/** Whether a stored scale (jsonb, which keeps its keys in an order of its own) is this one. */
export const sameScale = <T extends object>(stored: Partial<T> | undefined, scale: T): boolean =>
  !!stored && (Object.keys(scale) as (keyof T)[]).every((k) => stored[k] === scale[k]);

/**
 * Two connected sessions for a bulk load (each statement runs in one backend, so two keep both
 * cores busy), with commits that do not wait for the disk and room for index builds. The caller
 * ends them.
 */
export async function loadSessions(url: string): Promise<[pg.Client, pg.Client]> {
  const sessions: [pg.Client, pg.Client] = [
    new pg.Client({ connectionString: url }),
    new pg.Client({ connectionString: url }),
  ];
  for (const session of sessions) {
    await session.connect();
    await session.query(`set synchronous_commit = off`);
    await session.query(`set maintenance_work_mem = '512MB'`);
  }
  return sessions;
}

/** True when a finished generation of this scale is in place (the marker is written last). */
async function generated(s: Session, scale: Scale): Promise<boolean> {
  const { rows } = await s.query(`select to_regclass('public.bench_generated') is not null as present`);
  if (!rows[0]?.present) return false;
  const marker = await s.query('select scale from bench_generated');
  return sameScale(marker.rows[0]?.scale as Partial<Scale> | undefined, scale);
}

async function markGenerated(s: Session, scale: Scale) {
  await s.query('create table bench_generated (scale jsonb not null, at timestamptz not null default now())');
  await s.query('insert into bench_generated (scale) values ($1)', [JSON.stringify(scale)]);
}

/** Fills PostgreSQL (creating the database) unless the same scale is already there. */
export async function generatePostgres(url = DEFAULT_DATABASE_URL, opts: { reload?: boolean; scale?: Scale } = {}) {
  const scale = opts.scale ?? postgresScale();
  const adminUrl = new URL(url);
  const name = decodeURIComponent(adminUrl.pathname.slice(1));
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (exists && !opts.reload) {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const done = await generated(c, scale).finally(() => c.end());
      if (done) {
        log(`${name}: data already generated (--reload to make it again)`);
        return;
      }
      log(`${name}: no finished generation of this scale; making it again`);
    }
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const database = openPostgres(url, { max: 2 });
  await migrate(database);
  await database.close();
  const [c, c2] = await loadSessions(url);
  try {
    log(`${name}: loading ${JSON.stringify(scale)}`);
    await load([c, c2], scale, { bigSlices: true });
    await checkCounts(c, scale);
    await markGenerated(c, scale);
    log(`${name}: done`);
  } finally {
    await Promise.all([c.end(), c2.end()]);
  }
}

/**
 * Reads the tables (and all their indexes) into the OS's cache (pg_prewarm, `read` mode), so that
 * a measurement of work over a large table measures the work and not the disk: the 2-core VMs
 * these benchmarks run on page out memory unused for a minute (DAMON reclaim), page cache
 * included, and a search over a table left cold since generation served 25 req/s where a warm
 * one serves 400 (docs/benchmarks.md, "Cold tables").
 */
export async function readIntoCache(url: string, tables: string[]): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('create extension if not exists pg_prewarm');
    await c.query(
      `select pg_prewarm(r.oid, 'read') from pg_class r
       where r.oid = any($1::regclass[])
          or r.oid in (select indexrelid from pg_index where indrelid = any($1::regclass[]))`,
      [tables],
    );
  } finally {
    await c.end();
  }
}

/** Fills a PGlite data folder (<dataDir>/db, as the server opens it with DATA_DIR=dataDir). */
export async function generatePglite(dataDir: string, opts: { reload?: boolean; scale?: Scale } = {}) {
  const scale = opts.scale ?? pgliteScale();
  const dir = path.join(dataDir, 'db');
  if (existsSync(dir) && !opts.reload) {
    const client = await PGlite.create({ dataDir: dir, extensions: pgliteExtensions });
    const done = await generated(client, scale).finally(() => client.close());
    if (done) {
      log(`${dir}: data already generated (--reload to make it again)`);
      return;
    }
  }
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const client = await PGlite.create({ dataDir: dir, extensions: pgliteExtensions });
  try {
    const database: Database = {
      kind: 'pglite',
      db: drizzlePglite({ client, schema }) as unknown as Db,
      ping: async () => {},
      close: async () => {},
    };
    await migrate(database);
    log(`${dir}: loading ${JSON.stringify(scale)}`);
    await load([client], scale, { bigSlices: false });
    await checkCounts(client, scale);
    await markGenerated(client, scale);
    log(`${dir}: done`);
  } finally {
    await client.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const reload = args.includes('--reload');
  const at = args.indexOf('--pglite');
  const scaleAt = args.indexOf('--scale');
  const factor = scaleAt >= 0 ? Number(args[scaleAt + 1]) : undefined;
  if (factor !== undefined && !(factor > 0 && factor <= 1)) throw new Error('--scale takes a number in (0, 1]');
  if (at >= 0) {
    const dir = args[at + 1];
    if (!dir) throw new Error('--pglite takes a data folder');
    await generatePglite(path.resolve(dir), { reload, scale: factor ? scaled(factor) : pgliteScale() });
  } else {
    await generatePostgres(process.env.BENCH_DATABASE_URL ?? DEFAULT_DATABASE_URL, {
      reload,
      scale: factor ? scaled(factor) : postgresScale(),
    });
  }
}
