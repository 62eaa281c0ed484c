// `npm run bench:import`: a 10,000-row Letterboxd export imported on PGlite (docs/import-export.md).
// Rows per second from the POST to the job's end, with no other request (budgeted) and then while
// another member's requests (their collection, a film page, their friends) keep coming (reported),
// each against the reference: the same file read by the same parser and its rows sent in the same
// batches through the same statements to a bare PGlite, back to back (no HTTP, job, turns or named
// statements). And the other member's p99 during the import against the same requests without it,
// measured first in the same run: the import's transactions give way to other requests' queries
// (server/src/db/turns.ts), so their p99 may be at most twice the p99 without (issue #28).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { type Db, pgliteExtensions } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import * as schema from '../server/src/db/schema/index';
import { films, users } from '../server/src/db/schema/index';
import { parseImportFile } from '../server/src/features/imports/import-files';
import * as repo from '../server/src/features/imports/imports.repository';
import { IMPORT_BATCH, newEntry } from '../server/src/features/imports/imports.service';
import { hashPassword } from '../server/src/lib/password';
import { usernameKey } from '../server/src/lib/username';
import { type Figure, round, writeResult } from './machine';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
/** Requests kept in flight by the other member. */
const CONCURRENCY = 4;
const BASELINE_MS = Number(process.env.BENCH_IMPORT_BASELINE_MS ?? 8000);
/** The import's rows per second alone, against the reference's. */
const ALONE_BUDGET = 0.75;

/** Half the export's films are in the catalogue, half become member films. Answers a film to read. */
async function seedCatalogue(db: Db) {
  const catalogue = Array.from({ length: ROWS / 2 }, (_, i) => ({
    title: `Kataloq filmi ${i}`,
    year: 1950 + (i % 70),
    source: 'catalogue' as const,
  }));
  for (let i = 0; i < catalogue.length; i += 1000) await db.insert(films).values(catalogue.slice(i, i + 1000));
  const [sample] = await db.insert(films).values({ title: 'Nümunə', year: 2000, source: 'catalogue' }).returning();
  return sample as { id: string };
}

/** A Letterboxd diary of ROWS films, every other one in the catalogue; `tag` names its new films apart. */
function diary(tag: string) {
  const lines = ['Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date'];
  for (let i = 0; i < ROWS; i++) {
    const matched = i % 2 === 0;
    const title = matched ? `Kataloq filmi ${i / 2}` : `Üzv filmi ${tag}, "${i}"`;
    const year = matched ? 1950 + ((i / 2) % 70) : 1990 + (i % 30);
    const title_ = title.includes(',') ? `"${title.replaceAll('"', '""')}"` : title;
    lines.push(
      `2024-01-01,${title_},${year},https://boxd.it/${i},${((i % 10) + 1) / 2},,,2023-12-${String((i % 28) + 1).padStart(2, '0')}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The reference: the diary parsed, then its rows matched, their missing films made, their entries
 * added and the progress written, IMPORT_BATCH at a time as the app's job does (the diary has one
 * row per film and the member no entries, so nothing is changed), on a bare PGlite. Answers ms.
 */
async function bareImport(csv: string): Promise<number> {
  const dir = await mkdtemp(path.join(tmpdir(), 'kinodost-bench-import-ref-'));
  const client = await PGlite.create({ dataDir: dir, extensions: pgliteExtensions });
  const db = drizzle({ client, schema }) as unknown as Db;
  await migrate({ kind: 'pglite', db, ping: async () => {}, close: () => client.close() });
  await seedCatalogue(db);
  const [owner] = await db
    .insert(users)
    .values({
      username: 'reference',
      usernameSkeleton: usernameKey('reference'),
      email: 'ref@example.com',
      passwordHash: 'x',
    })
    .returning();
  const ownerId = owner?.id as string;
  const t0 = performance.now();
  const parsed = await parseImportFile(Buffer.from(csv), 'diary.csv');
  const job = await repo.insertJob(db, ownerId, parsed.format, parsed.items.length, parsed.skipped);
  const unmatched: { title: string; year: number | null }[] = [];
  for (let i = 0; i < parsed.items.length; i += IMPORT_BATCH) {
    const batch = parsed.items.slice(i, i + IMPORT_BATCH);
    const input = batch.map((item, idx) => ({ idx, imdb_id: item.imdbId, title: item.title, year: item.year }));
    const matches = await db.transaction(async (tx) => {
      await repo.planEachRun(tx as unknown as Db);
      return repo.matchFilms(tx as unknown as Db, ownerId, input);
    });
    const filmOf = new Map(matches.flatMap((m) => (m.film_id ? [[m.idx, m.film_id] as const] : [])));
    const missing = batch.flatMap((item, idx) => (filmOf.has(idx) ? [] : [{ idx, id: randomUUID(), item }]));
    await repo.insertMemberFilms(db, job.id, ownerId, missing);
    for (const { idx, id, item } of missing) {
      filmOf.set(idx, id);
      unmatched.push({ title: item.title, year: item.year });
    }
    const entries = batch.map((item, idx) => newEntry(filmOf.get(idx) as string, item));
    await repo.insertEntries(db, job.id, ownerId, entries);
    await db.transaction((tx) =>
      repo.recordProgress(tx as unknown as Db, job.id, {
        done: batch.length,
        added: batch.length,
        updated: 0,
        skipped: 0,
      }),
    );
  }
  await db.transaction((tx) => repo.finishJob(tx as unknown as Db, job.id, unmatched));
  const ms = performance.now() - t0;
  const added = await db.$count(schema.movies);
  await client.close();
  await rm(dir, { recursive: true, force: true });
  if (added !== ROWS) throw new Error(`the reference added ${added} entries of ${ROWS}`);
  return ms;
}

const referenceMs = await bareImport(diary('A'));

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

const sample = await seedCatalogue(db);
const passwordHash = await hashPassword('Bench-Parol-42');
const member = async (username: string) => {
  const [row] = await db
    .insert(users)
    .values({ username, usernameSkeleton: usernameKey(username), email: `${username}@example.com`, passwordHash })
    .returning();
  return app.tokens.sign({ sub: row?.id as string, ver: row?.tokenVersion as number });
};
const alone = await member('alone');
const importer = await member('importer');
const other = await member('other');

/** The other member's requests, CONCURRENCY at a time, until stop() says so; their latencies in ms. */
function load(): { stop: () => Promise<number[]> } {
  const latencies: number[] = [];
  let running = true;
  const urls = ['/api/movies/', `/api/films/${sample.id}`, '/api/friends/'];
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

/** Imports a diary as a member, from the POST until the job is done; ms to the 202 and to the end. */
async function appImport(token: string, csv: string) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'diary.csv');
  const t0 = performance.now();
  const started = await fetch(`${base}/api/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (started.status !== 202) throw new Error(`import refused: ${started.status} ${await started.text()}`);
  const { data } = (await started.json()) as { data: { id: string } };
  const acceptedMs = performance.now() - t0;
  let job: { status: string; added: number } = { status: 'running', added: 0 };
  while (job.status === 'running') {
    await new Promise((r) => setTimeout(r, 100));
    const res = await fetch(`${base}/api/import/${data.id}`, { headers: { authorization: `Bearer ${token}` } });
    job = ((await res.json()) as { data: typeof job }).data;
  }
  if (job.status !== 'done' || job.added !== ROWS) throw new Error(`import ${job.status}, ${job.added} added`);
  return { acceptedMs, totalMs: performance.now() - t0 };
}

// Alone: the same work as the reference's.
const aloneRun = await appImport(alone, diary('A'));

// The other member's requests without an import, then with one.
const quiet = load();
await new Promise((r) => setTimeout(r, BASELINE_MS));
const baseline = await quiet.stop();
const busy = load();
const loadedRun = await appImport(importer, diary('B'));
const during = await busy.stop();
await app.close();
await rm(dataDir, { recursive: true, force: true });

const perSecond = (ms: number) => Math.round(ROWS / (ms / 1000));
const refRate = perSecond(referenceMs);
const aloneRate = perSecond(aloneRun.totalMs);
const loadedRate = perSecond(loadedRun.totalMs);
const reference = `the same rows through the same statements on a bare PGlite: ${refRate} rows/s`;
const p99Quiet = round(p(baseline, 0.99), 1);
const p99Busy = round(p(during, 0.99), 1);
const figures: Figure[] = [
  {
    figure: `Import of a ${ROWS.toLocaleString('en')}-row Letterboxd diary (PGlite), alone`,
    value: `${aloneRate} rows/s`,
    reference,
    budget: `≥ ${ALONE_BUDGET} of the reference`,
    ratio: round(aloneRate / refRate),
    pass: aloneRate >= ALONE_BUDGET * refRate,
  },
  {
    figure: "The same import while another member's requests come",
    value: `${loadedRate} rows/s`,
    reference,
    // Reported: requests go first (server/src/db/turns.ts), and their p99 below is what is budgeted.
    budget: 'reported',
    ratio: round(loadedRate / refRate),
    pass: null,
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
| Reference: the same rows through the same statements, bare PGlite | ${round(referenceMs / 1000, 1)} s: **${refRate} rows/s** |
| Import alone | answered 202 (read and checked) after ${round(aloneRun.acceptedMs, 0)} ms, done after ${round(aloneRun.totalMs / 1000, 1)} s: **${aloneRate} rows/s** |
| Import while another member's requests come | answered 202 after ${round(loadedRun.acceptedMs, 0)} ms, done after ${round(loadedRun.totalMs / 1000, 1)} s: **${loadedRate} rows/s** |
| Other member's requests without an import | ${baseline.length} requests, p50 ${round(p(baseline, 0.5), 1)} ms, p99 ${p99Quiet} ms |
| The same during the import | ${during.length} requests, p50 ${round(p(during, 0.5), 1)} ms, p99 ${p99Busy} ms |
`;
console.log(md);
await writeResult(
  'import',
  {
    rows: ROWS,
    reference_ms: referenceMs,
    alone_ms: aloneRun.totalMs,
    accepted_ms: loadedRun.acceptedMs,
    total_ms: loadedRun.totalMs,
    baseline_p99_ms: p99Quiet,
    during_p99_ms: p99Busy,
  },
  figures,
  md,
);
// A reported figure (pass null) neither passes nor fails.
process.exit(figures.every((f) => f.pass !== false) ? 0 : 1);
