import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrationsFolder } from '../paths';
import { type Database, openPglite } from './client';
import { openPostgres } from './postgres';

/**
 * Migration 0013 (docs/catalogue.md "Linking"): a database of the old shape, where every member's
 * entry carried its own title, is migrated to entries linked to films, and nothing is lost.
 */

const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
const statementsOf = (tag: string) =>
  readFileSync(path.join(migrationsFolder, `${tag}.sql`), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
const LINK = '0013_entries_link_films';

/** A new, empty database of this file's own (PGlite in memory, or a new PostgreSQL database). */
async function emptyDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const source = inject('testDb');
  if (source.kind === 'pglite') {
    const database = await openPglite({});
    return { database, drop: () => database.close() };
  }
  const name = `kinodost_m_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: source.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(source.url);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString());
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const rows = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

let target: Awaited<ReturnType<typeof emptyDatabase>>;
let db: Database;
/** The old database's entries and comments, by name. */
const ids: Record<string, string> = {};
let commentsBefore: { id: string; movie_id: string; text: string; author_id: string; status: string }[];

beforeAll(async () => {
  target = await emptyDatabase();
  db = target.database;
  // The schema as it was before entries were linked.
  for (const { tag } of journal.entries) {
    if (tag === LINK) break;
    for (const statement of statementsOf(tag)) await db.db.execute(sql.raw(statement));
  }
  const user = async (name: string) => {
    const [row] = await rows<{ id: string }>(
      db,
      sql`insert into users (username, email, password_hash) values (${name}, ${`${name}@example.com`}, 'x') returning id`,
    );
    ids[name] = row?.id as string;
  };
  for (const name of ['aysel', 'babek', 'cinare', 'dasdemir']) await user(name);
  let minute = 0;
  const film = async (name: string, title: string, year: number | null) => {
    minute += 1;
    const [row] = await rows<{ id: string }>(
      db,
      sql`insert into films (title, year, genres, directors, source, created_at)
          values (${title}, ${year}, '{Dram}', '{Rejissor}', 'catalogue', ${new Date(Date.UTC(2020, 0, 1, 0, minute)).toISOString()})
          returning id`,
    );
    ids[name] = row?.id as string;
  };
  await film('godfather', 'The Godfather', 1972);
  await film('titanic53', 'Titanic', 1953);
  await film('titanic97', 'Titanic', 1997);
  await film('solarisOld', 'Solaris', 1972);
  await film('solarisNew', 'Solaris', 1972);
  const entry = async (
    name: string,
    owner: string,
    title: string,
    year: number | null,
    extra: { genres?: string[]; director?: string; status?: string; rating?: number; updated?: number } = {},
  ) => {
    minute += 1;
    const at = new Date(Date.UTC(2024, 0, 1, 0, minute)).toISOString();
    const updated = new Date(Date.UTC(2024, 0, 2, 0, extra.updated ?? minute)).toISOString();
    const [row] = await rows<{ id: string }>(
      db,
      sql`insert into movies (owner_id, title, year, genres, director, status, rating, created_at, updated_at)
          values (${ids[owner]}, ${title}, ${year}, ${`{${(extra.genres ?? []).map((g) => `"${g}"`).join(',')}}`}::text[],
            ${extra.director ?? null}, ${extra.status ?? 'watchlist'}, ${extra.rating ?? null}, ${at}, ${updated})
          returning id`,
    );
    ids[name] = row?.id as string;
  };
  // One film under folded variants and years off by one (a chain 1960-1961-1962), and one apart.
  await entry('seherA', 'aysel', 'Səhər', 1960, {
    genres: ['Drama', 'Sci-Fi', 'Foo', 'Komediya'],
    director: 'Atakişiyev',
  });
  await entry('seherB', 'babek', 'seher', 1961, { status: 'watched', rating: 9 });
  await entry('seherC', 'cinare', 'SƏHƏR ', 1962);
  await entry('seher65', 'dasdemir', 'Seher', 1965);
  // Catalogue films: the same folded title, the closest year, the oldest of equals.
  await entry('godfatherB', 'babek', 'the godfather', 1973, { rating: 10, status: 'watched' });
  await entry('titanicA', 'aysel', 'TITANIC', 1998);
  await entry('solarisC', 'cinare', 'solaris', 1972);
  // Without a year: one film per title, never a catalogue film with a year.
  await entry('doluA', 'aysel', 'Dolu', null);
  await entry('doluB', 'babek', 'dolu', null);
  await entry('godfatherNoYear', 'cinare', 'The Godfather', null);
  // A member's two entries of one film: the more recently updated stays.
  await entry('nabatOld', 'aysel', 'Nabat', 2014, { status: 'watched', rating: 8, updated: 500 });
  await entry('nabatNew', 'aysel', 'nabat', 2015, { updated: 600 });
  const comment = async (movie: string, author: string, text: string, status = 'approved') =>
    db.db.execute(
      sql`insert into comments (movie_id, author_id, text, status) values (${ids[movie]}, ${ids[author]}, ${text}, ${status})`,
    );
  await comment('nabatOld', 'babek', 'Köhnə qeydə şərh');
  await comment('nabatNew', 'cinare', 'Yeni qeydə şərh', 'pending');
  await comment('seherB', 'aysel', 'Əla film');
  await comment('godfatherB', 'dasdemir', 'Klassika');
  commentsBefore = await rows(db, sql`select id, movie_id, text, author_id, status from comments order by id`);

  await db.db.transaction(async (tx) => {
    for (const statement of statementsOf(LINK)) await tx.execute(sql.raw(statement));
  });
});
afterAll(() => target.drop());

type Entry = {
  id: string;
  owner_id: string;
  film_id: string;
  title: string;
  year: number | null;
  genres: string[];
  director: string | null;
  status: string;
  rating: number | null;
};
const entryOf = async (name: string) =>
  (await rows<Entry>(db, sql`select * from movies where id = ${ids[name]}`))[0] as Entry;
const filmOf = async (id: string) =>
  (
    await rows<{
      id: string;
      title: string;
      year: number | null;
      source: string;
      created_by: string | null;
      genres: string[];
      directors: string[];
    }>(db, sql`select * from films where id = ${id}`)
  )[0];

describe('migration 0013 links every entry to a film', () => {
  it('keeps every entry but a member’s second entry of one film, each linked, one per member and film', async () => {
    const all = await rows<Entry>(db, sql`select * from movies`);
    expect(all).toHaveLength(11);
    expect(all.every((m) => m.film_id)).toBe(true);
    expect(new Set(all.map((m) => `${m.owner_id}|${m.film_id}`)).size).toBe(all.length);
    expect(await rows(db, sql`select 1 from movies where id = ${ids.nabatOld}`)).toHaveLength(0);
  });

  it('makes one member film of folded titles whose years chain within one, from the earliest entry', async () => {
    const [a, b, c, apart] = await Promise.all(['seherA', 'seherB', 'seherC', 'seher65'].map(entryOf));
    expect(b?.film_id).toBe(a?.film_id);
    expect(c?.film_id).toBe(a?.film_id);
    expect(apart?.film_id).not.toBe(a?.film_id);
    const film = await filmOf(a?.film_id as string);
    expect(film).toMatchObject({
      title: 'Səhər',
      year: 1960,
      source: 'member',
      created_by: ids.aysel,
      directors: ['Atakişiyev'],
      genres: ['Dram', 'Fantastika', 'Komediya'],
    });
    // The entries are the film's now; each keeps its own status and rating.
    for (const e of [a, b, c]) expect(e).toMatchObject({ title: 'Səhər', year: 1960, director: 'Atakişiyev' });
    expect(b).toMatchObject({ status: 'watched', rating: 9 });
    expect(await filmOf(apart?.film_id as string)).toMatchObject({
      title: 'Seher',
      year: 1965,
      created_by: ids.dasdemir,
    });
  });

  it('links to an existing film of the same folded title: the closest year, then the oldest film', async () => {
    expect(await entryOf('godfatherB')).toMatchObject({ film_id: ids.godfather, title: 'The Godfather', year: 1972 });
    expect((await entryOf('titanicA')).film_id).toBe(ids.titanic97);
    expect((await entryOf('solarisC')).film_id).toBe(ids.solarisOld);
  });

  it('gives entries without a year one film per title, apart from films with a year', async () => {
    const [a, b, godfather] = await Promise.all(['doluA', 'doluB', 'godfatherNoYear'].map(entryOf));
    expect(b?.film_id).toBe(a?.film_id);
    expect(await filmOf(a?.film_id as string)).toMatchObject({ title: 'Dolu', year: null, source: 'member' });
    expect(godfather?.film_id).not.toBe(ids.godfather);
  });

  it('keeps every comment, on its film, those of a removed entry moved to the kept one', async () => {
    const after = await rows<{
      id: string;
      movie_id: string;
      film_id: string;
      text: string;
      author_id: string;
      status: string;
    }>(
      db,
      sql`select c.*, m.film_id as entry_film from comments c left join movies m on m.id = c.movie_id order by c.id`,
    );
    expect(after.map((c) => c.id)).toEqual(commentsBefore.map((c) => c.id));
    for (const c of after) {
      const before = commentsBefore.find((b) => b.id === c.id);
      expect(c).toMatchObject({ text: before?.text, author_id: before?.author_id, status: before?.status });
      expect(c.film_id).toBe((c as unknown as { entry_film: string }).entry_film);
      expect(c.movie_id).toBe(before?.movie_id === ids.nabatOld ? ids.nabatNew : before?.movie_id);
    }
    const kept = await entryOf('nabatNew');
    expect(kept).toMatchObject({ status: 'watchlist', title: 'Nabat', year: 2014 });
  });

  it('keeps movie search working: every entry is found by its film’s folded title', async () => {
    const hits = await rows<{ id: string }>(
      db,
      sql`select id from movies where search_vector @@ to_tsquery('simple'::regconfig, 'seher')`,
    );
    expect(hits.map((h) => h.id).sort()).toEqual([ids.seherA, ids.seherB, ids.seherC, ids.seher65].sort());
    const words = await rows<{ word: string }>(
      db,
      sql`select word from search_words where word in ('seher', 'fantastika')`,
    );
    expect(words).toHaveLength(2);
  });

  it("copies a film's facts to its entries from then on", async () => {
    const { film_id } = await entryOf('seherA');
    await db.db.execute(sql`update films set title = 'Səhər (1960)', genres = '{Tarixi}' where id = ${film_id}`);
    for (const name of ['seherA', 'seherB', 'seherC']) {
      expect(await entryOf(name)).toMatchObject({ title: 'Səhər (1960)', genres: ['Tarixi'] });
    }
    const [row] = await rows<Entry>(
      db,
      sql`insert into movies (owner_id, film_id, title) values (${ids.dasdemir}, ${ids.titanic53}, 'anything') returning *`,
    );
    expect(row).toMatchObject({ title: 'Titanic', year: 1953, genres: ['Dram'], director: 'Rejissor' });
  });
});
