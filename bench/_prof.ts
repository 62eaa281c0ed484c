import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { openPostgres } from '../server/src/db/postgres';
import { searchFilms } from '../server/src/features/films/films.repository';
import { searchMovies } from '../server/src/features/movies/movies.repository';
import { distinctSearchQueries } from './search-queries';

const database = openPostgres(process.env.BENCH_DATABASE_URL as string, { max: 2 });
const pool = database.pool as pg.Pool;
const stats = new Map<string, { n: number; ms: number }>();
const orig = pool.query.bind(pool);
(pool as unknown as { query: unknown }).query = async (...args: unknown[]) => {
  const t0 = performance.now();
  const r = await (orig as (...a: unknown[]) => Promise<unknown>)(...args);
  const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
  const key = text.replace(/\s+/g, ' ').slice(0, 90);
  const s = stats.get(key) ?? { n: 0, ms: 0 };
  s.n++;
  s.ms += performance.now() - t0;
  stats.set(key, s);
  return r;
};
const which = process.argv[2] ?? 'movies';
const qs = await distinctSearchQueries(Number(process.argv[3] ?? 300));
const per: [number, string][] = [];
const t0 = performance.now();
for (const q of qs) {
  const t = performance.now();
  if (which === 'movies') await searchMovies(database.db, q, { page: 1, limit: 20 });
  else await searchFilms(database.db, q, { page: 1, limit: 10 });
  per.push([performance.now() - t, q]);
}
const all = performance.now() - t0;
per.sort((a, b) => a[0] - b[0]);
console.log(
  `${which}: ${qs.length} queries, ${(all / qs.length).toFixed(2)} ms mean, p50 ${per[per.length >> 1]?.[0].toFixed(1)}, p95 ${per[Math.floor(per.length * 0.95)]?.[0].toFixed(1)}`,
);
for (const [k, s] of [...stats].sort((a, b) => b[1].ms - a[1].ms))
  console.log(`${s.ms.toFixed(0).padStart(6)} ms ${String(s.n).padStart(5)}× ${(s.ms / s.n).toFixed(2)} ${k}`);
console.log(
  'slowest',
  per.slice(-8).map(([ms, q]) => `${ms.toFixed(0)} ${q}`),
);
await database.close();
