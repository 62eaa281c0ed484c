// Search benchmark (issues 3 and 22): on the generated community (bench/generate.ts, 1,000,000
// movies and films) measures the queries of GET /api/movies/search and GET /api/films/search (the
// repository functions the routes call) for latency p50/p95, and movie search's throughput. Usage:
//   npm run bench:search            (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/kinodost_bench)
//   npm run bench:search -- --reload   (generate the data again)

import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { openPostgres } from '../server/src/db/postgres';
import { searchFilms } from '../server/src/features/films/films.repository';
import { searchMovies } from '../server/src/features/movies/movies.repository';
import { DEFAULT_DATABASE_URL, generatePostgres, readIntoCache } from './generate';
import { round, writeResult } from './machine';
import { distinctSearchQueries, searchQueries } from './search-queries';

const base = process.env.BENCH_DATABASE_URL ?? DEFAULT_DATABASE_URL;
const reload = process.argv.includes('--reload');
/** Searches run, unmeasured, before the measured ones (BENCH_SEARCH_WARM_UP). */
const WARM_UP_QUERIES = Number(process.env.BENCH_SEARCH_WARM_UP ?? 1000);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** Each query once, in turn: its latency alone (p50, p95, p99, max). */
async function latencies(queries: string[], run: (q: string) => Promise<unknown>) {
  const ms: number[] = [];
  for (const q of queries) {
    const t0 = performance.now();
    await run(q);
    ms.push(performance.now() - t0);
  }
  ms.sort((x, y) => x - y);
  return {
    p50_ms: round(quantile(ms, 0.5)),
    p95_ms: round(quantile(ms, 0.95)),
    p99_ms: round(quantile(ms, 0.99)),
    max_ms: round(ms.at(-1) ?? 0),
  };
}

async function main() {
  // The data is bench/generate.ts's (made here when missing), so every benchmark sees the same community.
  await generatePostgres(base, { reload });
  await readIntoCache(base, ['movies', 'users', 'films', 'search_words']);
  const database = openPostgres(base, { max: 8 });
  const queries = await searchQueries();
  const page = { page: 1, limit: 20 };
  // Warmed as a running server is, by other searches of the same kinds (none of the measured
  // ones): on data just generated the first searches read their index pages from disk.
  const measured = new Set(queries.map((q) => q.toLowerCase()));
  const warmUp = (await distinctSearchQueries(WARM_UP_QUERIES)).filter((q) => !measured.has(q.toLowerCase()));
  for (const q of warmUp) await searchMovies(database.db, q, page);
  const movieLatency = await latencies(queries, (q) => searchMovies(database.db, q, page));
  // Film search as the add-a-film dialog sends it (10 a page), over the same mix.
  for (const q of warmUp) await searchFilms(database.db, q, { page: 1, limit: 10 });
  const filmLatency = await latencies(queries, (q) => searchFilms(database.db, q, { page: 1, limit: 10 }));
  // The machine's own state in the same minutes: a primary-key SELECT's latency, query by query.
  const pool = database.pool as pg.Pool;
  const ids = (await pool.query('select id from users order by id limit 400')).rows.map((r) => r.id as string);
  const selectLatency = await latencies(ids, (id) =>
    pool.query({ name: 'bench_pk', text: 'select id, username from users where id = $1', values: [id] }),
  );
  const reference = `one PK SELECT, query by query: p95 ${selectLatency.p95_ms} ms, p50 ${selectLatency.p50_ms} ms`;

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
  const movies = Number((await pool.query('select count(*)::int as n from movies')).rows[0].n);
  const films = Number((await pool.query('select count(*)::int as n from films')).rows[0].n);
  const result = {
    movies,
    films,
    queries: queries.length,
    ...movieLatency,
    films_latency: filmLatency,
    pk_select_latency: selectLatency,
    throughput_qps: Number(throughput.toFixed(1)),
    concurrency,
    budget_p95_ms: 50,
    ratio_p95_to_budget: Number((movieLatency.p95_ms / 50).toFixed(3)),
    at: new Date().toISOString(),
  };
  console.log(result);
  await writeResult(
    'search',
    result,
    [
      {
        figure: `Search p95 on ${movies.toLocaleString('en')} movies`,
        value: `${movieLatency.p95_ms} ms`,
        reference,
        budget: '< 50 ms',
        ratio: round(movieLatency.p95_ms / 50, 3),
        pass: movieLatency.p95_ms < 50,
      },
      {
        figure: `Film search p95 on ${films.toLocaleString('en')} films`,
        value: `${filmLatency.p95_ms} ms`,
        reference,
        budget: '< 50 ms',
        ratio: round(filmLatency.p95_ms / 50, 3),
        pass: filmLatency.p95_ms < 50,
      },
    ],
    `| search | rows | p50 ms | p95 ms | p99 ms | max ms | p95 / 50 ms budget |\n|---|---|---|---|---|---|---|\n| movies | ${movies} | ${movieLatency.p50_ms} | ${movieLatency.p95_ms} | ${movieLatency.p99_ms} | ${movieLatency.max_ms} | ${result.ratio_p95_to_budget} |\n| films | ${films} | ${filmLatency.p50_ms} | ${filmLatency.p95_ms} | ${filmLatency.p99_ms} | ${filmLatency.max_ms} | ${round(filmLatency.p95_ms / 50, 3)} |\n\n${queries.length} queries (bench/search-queries.ts), each once in turn; movie search at ${concurrency} at once: ${result.throughput_qps} queries/s. Reference in the same minutes: ${reference}.\n`,
  );
  await database.close();
  if (movieLatency.p95_ms >= 50 || filmLatency.p95_ms >= 50) process.exitCode = 1;
}

await main();
