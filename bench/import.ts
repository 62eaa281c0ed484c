// `npm run bench:import`: a 10,000-row Letterboxd export imported on PGlite (docs/import-export.md).
// Measures rows per second from the POST to the job's end, and the p99 of another member's requests
// (their collection, a film page, their friends) while the import runs, against the same requests
// without it, measured first in the same run: the import's transactions give way to other requests'
// queries (server/src/db/turns.ts), so their p99 may be at most twice the p99 without (issue #28).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { films, users } from '../server/src/db/schema/index';
import { hashPassword } from '../server/src/lib/password';
import { usernameKey } from '../server/src/lib/username';
import { type Figure, round, writeResult } from './machine';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
/** Requests kept in flight by the other member. */
const CONCURRENCY = 4;
const BASELINE_MS = Number(process.env.BENCH_IMPORT_BASELINE_MS ?? 8000);

const dataDir = await mkdtemp(path.join(tmpdir(), 'kinodost-bench-import-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  JWT_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'silent',
  WEB_DIST: path.join(dataDir, 'no-web'),
  CATALOGUE: 'none',
});
const app = await buildApp(config);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const db = app.database.db;

// Half the export's films are in the catalogue, half become member films.
const catalogue = Array.from({ length: ROWS / 2 }, (_, i) => ({
  title: `Kataloq filmi ${i}`,
  year: 1950 + (i % 70),
  source: 'catalogue' as const,
}));
for (let i = 0; i < catalogue.length; i += 1000) await db.insert(films).values(catalogue.slice(i, i + 1000));
const [sample] = await db.insert(films).values({ title: 'Nümunə', year: 2000, source: 'catalogue' }).returning();
const passwordHash = await hashPassword('Bench-Parol-42');
const member = async (username: string) => {
  const [row] = await db
    .insert(users)
    .values({ username, usernameSkeleton: usernameKey(username), email: `${username}@example.com`, passwordHash })
    .returning();
  return app.tokens.sign({ sub: row?.id as string, ver: row?.tokenVersion as number });
};
const importer = await member('importer');
const other = await member('other');

const lines = ['Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date'];
for (let i = 0; i < ROWS; i++) {
  const matched = i % 2 === 0;
  const title = matched ? `Kataloq filmi ${i / 2}` : `Üzv filmi, "${i}"`;
  const year = matched ? 1950 + ((i / 2) % 70) : 1990 + (i % 30);
  const title_ = title.includes(',') ? `"${title.replaceAll('"', '""')}"` : title;
  lines.push(
    `2024-01-01,${title_},${year},https://boxd.it/${i},${((i % 10) + 1) / 2},,,2023-12-${String((i % 28) + 1).padStart(2, '0')}`,
  );
}
const csv = `${lines.join('\n')}\n`;

/** The other member's requests, CONCURRENCY at a time, until stop() says so; their latencies in ms. */
function load(): { stop: () => Promise<number[]> } {
  const latencies: number[] = [];
  let running = true;
  const urls = ['/api/movies/', `/api/films/${sample?.id}`, '/api/friends/'];
  const worker = async (n: number) => {
    for (let i = n; running; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}${urls[i % urls.length]}`, { headers: { authorization: `Bearer ${other}` } });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
    }
  };
  const workers = Array.from({ length: CONCURRENCY }, (_, n) => worker(n));
  return {
    async stop() {
      running = false;
      await Promise.all(workers);
      return latencies;
    },
  };
}
const p = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

// Without an import.
const quiet = load();
await new Promise((r) => setTimeout(r, BASELINE_MS));
const baseline = await quiet.stop();

// With one.
const busy = load();
const form = new FormData();
form.append('file', new Blob([csv], { type: 'text/csv' }), 'diary.csv');
const t0 = performance.now();
const started = await fetch(`${base}/api/import`, {
  method: 'POST',
  headers: { authorization: `Bearer ${importer}` },
  body: form,
});
if (started.status !== 202) throw new Error(`import refused: ${started.status} ${await started.text()}`);
const { data } = (await started.json()) as { data: { id: string } };
const acceptedMs = performance.now() - t0;
let job: { status: string; done: number; added: number } = { status: 'running', done: 0, added: 0 };
while (job.status === 'running') {
  await new Promise((r) => setTimeout(r, 100));
  const res = await fetch(`${base}/api/import/${data.id}`, { headers: { authorization: `Bearer ${importer}` } });
  job = ((await res.json()) as { data: typeof job }).data;
}
const totalMs = performance.now() - t0;
const during = await busy.stop();
await app.close();
await rm(dataDir, { recursive: true, force: true });
if (job.status !== 'done') throw new Error(`import ${job.status}`);

const rowsPerSecond = Math.round(ROWS / (totalMs / 1000));
const p99Quiet = round(p(baseline, 0.99), 1);
const p99Busy = round(p(during, 0.99), 1);
const figures: Figure[] = [
  {
    figure: `Import of a ${ROWS.toLocaleString('en')}-row Letterboxd diary (PGlite)`,
    value: `${rowsPerSecond} rows/s`,
    budget: '≥ 500 rows/s',
    ratio: round(rowsPerSecond / 500),
    pass: rowsPerSecond >= 500,
  },
  {
    figure: "Other member's p99 during the import",
    value: `${p99Busy} ms`,
    reference: `the same requests without an import: p99 ${p99Quiet} ms`,
    budget: '≤ 2× the reference',
    ratio: round(p99Busy / p99Quiet),
    pass: p99Busy <= 2 * p99Quiet,
  },
];
const md = `## Import (bench/import.ts)

| | |
|---|---|
| Rows | ${ROWS.toLocaleString('en')} (half in the catalogue, half new member films) |
| Answered 202 after (read and checked) | ${round(acceptedMs, 0)} ms |
| Whole import | ${round(totalMs / 1000, 1)} s: **${rowsPerSecond} rows/s** |
| Other member's requests without an import | ${baseline.length} requests, p50 ${round(p(baseline, 0.5), 1)} ms, p99 ${p99Quiet} ms |
| The same during the import | ${during.length} requests, p50 ${round(p(during, 0.5), 1)} ms, p99 ${p99Busy} ms |
`;
console.log(md);
await writeResult(
  'import',
  { rows: ROWS, accepted_ms: acceptedMs, total_ms: totalMs, baseline_p99_ms: p99Quiet, during_p99_ms: p99Busy },
  figures,
  md,
);
process.exit(figures.every((f) => f.pass) ? 0 : 1);
