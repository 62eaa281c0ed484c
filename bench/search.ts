// Search benchmark (issue 3): loads 1,000,000 movies into PostgreSQL and measures
// GET /api/movies/search's query (the repository function the route calls) for
// latency p50/p95 and throughput. Usage:
//   npm run bench:search            (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/kinodost_bench)
//   npm run bench:search -- --reload   (drop and load the data again)

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openPostgres } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import { users } from '../server/src/db/schema/index';
import { searchMovies } from '../server/src/features/movies/movies.repository';
import { loadDemoFilms } from '../server/src/seed/demo-catalogue';

const TOTAL = Number(process.env.BENCH_MOVIES ?? 1_000_000);
const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kinodost_bench';
const reload = process.argv.includes('--reload');
const AZ_WORDS = [
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

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function ensureDatabase() {
  const url = new URL(base);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  if (reload) await admin.query(`drop database if exists ${name} with (force)`);
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  await admin.end();
}

async function load(database: ReturnType<typeof openPostgres>) {
  const pool = database.pool as pg.Pool;
  const have = Number((await pool.query('select count(*)::int as n from movies')).rows[0].n);
  if (have >= TOTAL) {
    console.log(`data: ${have} movies already loaded`);
    return;
  }
  const films = await loadDemoFilms();
  const owners = await database.db
    .insert(users)
    .values(
      Array.from({ length: 1000 }, (_, i) => ({
        username: `bench_${i}`,
        email: `bench_${i}@bench.az`,
        passwordHash: 'x',
      })),
    )
    .onConflictDoNothing()
    .returning({ id: users.id });
  const ownerIds = owners.length
    ? owners.map((o) => o.id)
    : (await pool.query('select id from users')).rows.map((r) => r.id);
  console.log(`data: loading ${TOTAL} movies for ${ownerIds.length} owners…`);
  const started = performance.now();
  // The full-text index and the word dictionary are built once after the load: far faster
  // than maintaining them row by row. Their definitions are the migrations' (server/drizzle/0003, 0004).
  await pool.query('drop index if exists movies_search_fts_idx');
  await pool.query('alter table movies disable trigger movies_collect_search_words');
  const batch = 100_000;
  for (let from = 0; from < TOTAL; from += batch) {
    await pool.query(
      `insert into movies (owner_id, title, year, genres, director, status, created_at)
       select ($1::uuid[])[1 + g % array_length($1::uuid[], 1)],
              ($2::text[])[1 + g % array_length($2::text[], 1)] || ' ' || ($3::text[])[1 + (g / 7) % array_length($3::text[], 1)],
              1950 + g % 75,
              array[($4::text[])[1 + g % array_length($4::text[], 1)]],
              ($5::text[])[1 + (g / 3) % array_length($5::text[], 1)],
              case when g % 3 = 0 then 'watchlist' else 'watched' end,
              now() - (g || ' seconds')::interval
       from generate_series($6::int, $7::int) g`,
      [
        ownerIds,
        films.map((f) => f.title),
        AZ_WORDS,
        ['Drama', 'Komediya', 'Action', 'Thriller', 'Sənədli', 'Horror', 'Musical'],
        films.map((f) => f.director ?? 'Naməlum rejissor'),
        from,
        Math.min(TOTAL, from + batch) - 1,
      ],
    );
    process.stdout.write(`\r  ${Math.min(TOTAL, from + batch)}/${TOTAL}`);
  }
  console.log('\n  building the full-text index and the word dictionary…');
  await pool.query('create index movies_search_fts_idx on movies using gin (search_vector)');
  await pool.query(
    'insert into search_words (word) select distinct unnest(tsvector_to_array(search_vector)) from movies on conflict do nothing',
  );
  await pool.query('alter table movies enable trigger movies_collect_search_words');
  await pool.query('analyze movies');
  console.log(`  loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

async function main() {
  await ensureDatabase();
  const database = openPostgres(base, { max: 8 });
  await migrate(database);
  await load(database);
  const films = await loadDemoFilms();
  const fold = (s: string) =>
    s
      .replace(/[əƏ]/g, 'e')
      .replace(/[ıİI]/g, 'i')
      .replace(/[şŞ]/g, 's')
      .replace(/[çÇ]/g, 'c')
      .replace(/[ğĞ]/g, 'g')
      .replace(/[öÖ]/g, 'o')
      .replace(/[üÜ]/g, 'u');
  const typo = (s: string) => (s.length > 5 ? s.slice(0, 3) + s[4] + s[3] + s.slice(5) : s);
  // A mix like people type: exact titles, diacritic-free words, typos, directors, genres.
  const queries: string[] = [];
  for (let i = 0; i < 400; i++) {
    const film = films[(i * 37) % films.length] as { title: string; director: string | null };
    const word = AZ_WORDS[i % AZ_WORDS.length] as string;
    const kind = i % 5;
    queries.push(
      kind === 0
        ? film.title
        : kind === 1
          ? fold(word).toLowerCase()
          : kind === 2
            ? typo(film.title.toLowerCase())
            : kind === 3
              ? (film.director ?? word)
              : `${fold(film.title.split(' ')[0] ?? word)} ${fold(word)}`,
    );
  }
  const page = { page: 1, limit: 20 };
  for (const q of queries.slice(0, 20)) await searchMovies(database.db, q, page); // warm the cache

  const latencies: number[] = [];
  for (const q of queries) {
    const t0 = performance.now();
    await searchMovies(database.db, q, page);
    latencies.push(performance.now() - t0);
  }
  latencies.sort((x, y) => x - y);

  const concurrency = 8;
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < queries.length * 2) {
        const q = queries[next++ % queries.length] as string;
        await searchMovies(database.db, q, page);
      }
    }),
  );
  const throughput = (queries.length * 2) / ((performance.now() - t0) / 1000);
  const movies = Number((await (database.pool as pg.Pool).query('select count(*)::int as n from movies')).rows[0].n);
  const result = {
    benchmark: 'movie search',
    movies,
    queries: queries.length,
    p50_ms: Number(quantile(latencies, 0.5).toFixed(2)),
    p95_ms: Number(quantile(latencies, 0.95).toFixed(2)),
    p99_ms: Number(quantile(latencies, 0.99).toFixed(2)),
    max_ms: Number((latencies.at(-1) ?? 0).toFixed(2)),
    throughput_qps: Number(throughput.toFixed(1)),
    concurrency,
    budget_p95_ms: 50,
    ratio_p95_to_budget: Number((quantile(latencies, 0.95) / 50).toFixed(3)),
    at: new Date().toISOString(),
  };
  console.log(result);
  const out = path.join(import.meta.dirname, 'results');
  await writeFile(path.join(out, 'search.json'), `${JSON.stringify(result, null, 2)}\n`);
  await writeFile(
    path.join(out, 'search.md'),
    `| movies | p50 ms | p95 ms | p99 ms | max ms | q/s (x${concurrency}) | p95 / 50 ms budget |\n|---|---|---|---|---|---|---|\n| ${movies} | ${result.p50_ms} | ${result.p95_ms} | ${result.p99_ms} | ${result.max_ms} | ${result.throughput_qps} | ${result.ratio_p95_to_budget} |\n`,
  );
  await database.close();
  // A query mix that includes a typo and a diacritic-free word must find something, or the numbers mean nothing.
  if (result.p95_ms > 50) process.exitCode = 1;
}

await main();
