import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { movies } from '../db/schema/index';
import type { TestApp } from './build-test-app';

/** Test support for imports: the fixture exports, zips of them, uploads, and the collection as read back. */

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../features/imports/fixtures');

export const fixture = (name: string): Buffer => readFileSync(path.join(FIXTURES, name));

/** The Letterboxd fixture export as the .zip Letterboxd hands out (files at its root). */
export const letterboxdZip = (names = ['watched.csv', 'diary.csv', 'ratings.csv', 'watchlist.csv', 'reviews.csv']) =>
  Buffer.from(
    zipSync(Object.fromEntries([...names, 'profile.csv'].map((n) => [n, new Uint8Array(fixture(`letterboxd/${n}`))]))),
  );

export const zipOf = (files: Record<string, Buffer | string>) =>
  Buffer.from(
    zipSync(
      Object.fromEntries(
        Object.entries(files).map(([n, b]) => [n, new Uint8Array(typeof b === 'string' ? Buffer.from(b) : b)]),
      ),
    ),
  );

/** POST /api/import with one file. */
export function upload(t: TestApp, token: string, bytes: Buffer, filename: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), filename);
  return t.injectAs(token, { method: 'POST', url: '/api/import', payload: form as unknown as string });
}

/** Starts an import and answers its job once it has ended. */
export async function importFile(t: TestApp, token: string, bytes: Buffer, filename: string) {
  const res = await upload(t, token, bytes, filename);
  if (res.statusCode !== 202) throw new Error(`import refused: ${res.statusCode} ${res.body}`);
  await t.settled();
  const job = await t.injectAs(token, { method: 'GET', url: `/api/import/${res.json().data.id}` });
  return job.json().data as {
    id: string;
    status: string;
    format: string;
    total: number;
    done: number;
    added: number;
    updated: number;
    skipped: number;
    unmatched: { title: string; year: number | null }[];
    error?: string;
  };
}

/** A member's collection, as comparable rows sorted by title. */
export async function collectionOf(t: TestApp, ownerId: string) {
  const rows = await t.app.database.db
    .select({
      title: movies.title,
      year: movies.year,
      status: movies.status,
      rating: movies.rating,
      watchedAt: movies.watchedAt,
      filmId: movies.filmId,
    })
    .from(movies)
    .where(and(eq(movies.ownerId, ownerId)));
  return rows
    .map((r) => ({
      title: r.title,
      year: r.year,
      status: r.status,
      rating: r.rating,
      watched: r.watchedAt?.toISOString().slice(0, 10) ?? null,
      filmId: r.filmId,
    }))
    .sort((a, b) => a.title.localeCompare(b.title));
}
