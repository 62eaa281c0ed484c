// Search benchmark (issue 3): on the generated community (bench/generate.ts, 1,000,000 movies)
// measures GET /api/movies/search's query (the repository function the route calls) for
// latency p50/p95 and throughput. Usage:
//   npm run bench:search            (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/kinodost_bench)
//   npm run bench:search -- --reload   (generate the data again)

import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { openPostgres } from '../server/src/db/postgres';
import { searchMovies } from '../server/src/features/movies/movies.repository';
import { DEFAULT_DATABASE_URL, generatePostgres } from './generate';
import { round, writeResult } from './machine';
import { searchQueries } from './search-queries';

const base = process.env.BENCH_DATABASE_URL ?? DEFAULT_DATABASE_URL;
const reload = process.argv.includes('--reload');

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function main() {
  // The data is bench/generate.ts's (made here when missing), so every benchmark sees the same community.
  await generatePostgres(base, { reload });
  const database = openPostgres(base, { max: 8 });
  const queries = await searchQueries();
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
  await writeResult(
    'search',
    result,
    [
      {
        figure: `Search p95 on ${movies.toLocaleString('en')} movies`,
        value: `${result.p95_ms} ms`,
        budget: '< 50 ms',
        ratio: round(result.p95_ms / 50, 3),
        pass: result.p95_ms < 50,
      },
    ],
    `| movies | p50 ms | p95 ms | p99 ms | max ms | q/s (x${concurrency}) | p95 / 50 ms budget |\n|---|---|---|---|---|---|---|\n| ${movies} | ${result.p50_ms} | ${result.p95_ms} | ${result.p99_ms} | ${result.max_ms} | ${result.throughput_qps} | ${result.ratio_p95_to_budget} |\n`,
  );
  await database.close();
  // A query mix that includes a typo and a diacritic-free word must find something, or the numbers mean nothing.
  if (result.p95_ms > 50) process.exitCode = 1;
}

await main();
