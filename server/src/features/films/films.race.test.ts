import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, films, movies } from '../../db/schema/index';
import { msg } from '../../lib/messages';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createFilm } from '../../test/factories/film';
import { createMovie } from '../../test/factories/movie';
import { createAdmin, createUser, type FactoryUser } from '../../test/factories/user';

// An admin's merge (docs/catalogue.md "Admin: edit and merge") racing other writes to the same
// films and entries. On PGlite (one connection) they serialise; on PostgreSQL (a pool) they
// really overlap, which is where a lock taken in the wrong order shows as a deadlock (500).
let t: TestApp;
let admin: FactoryUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
});
afterAll(() => t.close());

const ROUNDS = 12;
const db = () => t.app.database.db;
const merge = (from: string, into: string) =>
  t.injectAs(admin.token, { method: 'POST', url: `/api/admin/films/${from}/merge`, payload: { into } });
const addEntry = (who: FactoryUser, filmId: string) =>
  t.injectAs(who.token, { method: 'POST', url: '/api/movies', payload: { film_id: filmId, status: 'watched' } });

/** Two films of one title, a member's entry of the first (with a comment on it); answers them. */
async function duplicatePair(round: number) {
  const from = await createFilm(t.app, { title: `Dublikat ${round}`, year: 2001, source: 'member' });
  const into = await createFilm(t.app, { title: `Dublikat ${round}`, year: 2004, source: 'catalogue' });
  const member = await createUser(t.app);
  const entry = await createMovie(t.app, member.user.id, { filmId: from.id });
  const [comment] = await db()
    .insert(comments)
    .values({ filmId: from.id, movieId: entry.id, authorId: member.user.id, text: 'Əla film' })
    .returning();
  return { from, into, member, entry, comment: comment! };
}

/** Nothing is left half-merged: no entry or comment names a film that is gone, one entry per member and film. */
async function assertWhole(filmIds: string[]) {
  const left = await db().select({ id: films.id }).from(films).where(inArray(films.id, filmIds));
  const alive = new Set(left.map((f) => f.id));
  const entries = await db().select().from(movies).where(inArray(movies.filmId, filmIds));
  const notes = await db().select().from(comments).where(inArray(comments.filmId, filmIds));
  for (const e of entries) expect(alive.has(e.filmId)).toBe(true);
  for (const c of notes) expect(alive.has(c.filmId)).toBe(true);
  const pairs = entries.map((e) => `${e.ownerId}/${e.filmId}`);
  expect(new Set(pairs).size).toBe(pairs.length);
  // A comment written on an entry still names an entry of its own film.
  const byId = new Map(entries.map((e) => [e.id, e]));
  for (const c of notes.filter((n) => n.movieId)) expect(byId.get(c.movieId as string)?.filmId).toBe(c.filmId);
}

describe('merge races', () => {
  it('a member adding the kept film while their entry of the duplicate moves to it: one entry, a 409, never a 500', async () => {
    const rounds = await Promise.all(Array.from({ length: ROUNDS }, (_, i) => duplicatePair(i)));
    const answers = await Promise.all(
      rounds.map(({ from, into, member }) => Promise.all([merge(from.id, into.id), addEntry(member, into.id)])),
    );
    for (const [i, [merged, added]] of answers.entries()) {
      expect(merged.statusCode, merged.body).toBe(200);
      // The add came first (then the merge kept one of the two entries) or after (then it is a duplicate).
      if (added.statusCode === 409) expect(added.json().error).toBe(msg.movies.duplicate);
      else expect(added.statusCode, added.body).toBe(201);
      const { into, member, comment } = rounds[i]!;
      const mine = await db().select().from(movies).where(eq(movies.ownerId, member.user.id));
      expect(mine.map((m) => m.filmId)).toEqual([into.id]);
      const [moved] = await db().select().from(comments).where(eq(comments.id, comment.id));
      expect(moved).toMatchObject({ filmId: into.id, movieId: mine[0]!.id });
    }
    await assertWhole(rounds.flatMap((r) => [r.from.id, r.into.id]));
  });

  it('a member adding the duplicate as it is merged away: their entry moves with it, or a 404, never a 500', async () => {
    const rounds = await Promise.all(Array.from({ length: ROUNDS }, (_, i) => duplicatePair(100 + i)));
    const late = await Promise.all(rounds.map(() => createUser(t.app)));
    const answers = await Promise.all(
      rounds.map(({ from, into }, i) => Promise.all([merge(from.id, into.id), addEntry(late[i]!, from.id)])),
    );
    for (const [i, [merged, added]] of answers.entries()) {
      expect(merged.statusCode, merged.body).toBe(200);
      if (added.statusCode === 404) expect(added.json().error).toBe(msg.films.notFound);
      else expect(added.statusCode, added.body).toBe(201);
      const theirs = await db().select().from(movies).where(eq(movies.ownerId, late[i]!.user.id));
      expect(theirs.map((m) => m.filmId)).toEqual(added.statusCode === 201 ? [rounds[i]!.into.id] : []);
    }
    await assertWhole(rounds.flatMap((r) => [r.from.id, r.into.id]));
  });

  it('one duplicate merged into two films at once, or two films into each other: one 200, the other a 404', async () => {
    const rounds = await Promise.all(Array.from({ length: ROUNDS }, (_, i) => duplicatePair(200 + i)));
    const third = await Promise.all(
      rounds.map((_, i) => createFilm(t.app, { title: `Üçüncü ${i}`, source: 'catalogue' })),
    );
    const answers = await Promise.all(
      rounds.map(({ from, into }, i) =>
        Promise.all([merge(from.id, into.id), i % 2 ? merge(from.id, third[i]!.id) : merge(into.id, from.id)]),
      ),
    );
    for (const pair of answers) {
      expect(pair.map((r) => r.statusCode).sort(), pair.map((r) => r.body).join(' | ')).toEqual([200, 404]);
      expect(pair.find((r) => r.statusCode === 404)?.json().error).toBe(msg.films.notFound);
    }
    await assertWhole([...rounds.flatMap((r) => [r.from.id, r.into.id]), ...third.map((f) => f.id)]);
  });

  it('a member rating or deleting an entry as it collapses into their other one: no 500, no half-merged state', async () => {
    const rounds = await Promise.all(Array.from({ length: ROUNDS }, (_, i) => duplicatePair(300 + i)));
    const kept = await Promise.all(
      rounds.map(({ into, member }) => createMovie(t.app, member.user.id, { filmId: into.id, rating: 5 })),
    );
    const answers = await Promise.all(
      rounds.map(({ from, into, member, entry }, i) =>
        Promise.all([
          merge(from.id, into.id),
          i % 2
            ? t.injectAs(member.token, { method: 'PUT', url: `/api/movies/${entry.id}`, payload: { rating: 9 } })
            : t.injectAs(member.token, { method: 'DELETE', url: `/api/movies/${kept[i]!.id}` }),
        ]),
      ),
    );
    for (const [merged, other] of answers) {
      expect(merged.statusCode, merged.body).toBe(200);
      expect([200, 404], other.body).toContain(other.statusCode);
    }
    await assertWhole(rounds.flatMap((r) => [r.from.id, r.into.id]));
  });
});

describe('members adding one new title at once', () => {
  it('makes one film of it, whichever comes first, and every entry is of that film', async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => createUser(t.app)));
    const answers = await Promise.all(
      members.map((m) =>
        t.injectAs(m.token, {
          method: 'POST',
          url: '/api/movies',
          payload: { title: 'Yeni Gələn', year: 2031, status: 'watchlist' },
        }),
      ),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(201);
    const made = await db().select({ id: films.id }).from(films).where(eq(films.title, 'Yeni Gələn'));
    expect(made).toHaveLength(1);
    expect(new Set(answers.map((a) => a.json().film_id))).toEqual(new Set([made[0]?.id]));
  });
});
