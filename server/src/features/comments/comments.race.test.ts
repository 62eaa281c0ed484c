import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { msg } from '../../lib/messages';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createFilm } from '../../test/factories/film';
import { createMovie } from '../../test/factories/movie';
import { createUser, FACTORY_PASSWORD } from '../../test/factories/user';

// Writes that refer to a row another request removes at the same moment: the service's check has
// passed, the row goes, then the write meets the foreign key (or reads back nothing). On PGlite the
// requests interleave between their queries; on PostgreSQL they overlap outright.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ROUNDS = 12;

it('a comment on an entry its owner deletes at that moment is 201 or 404 with the entry’s text, never a 500', async () => {
  const owner = await createUser(t.app);
  const reader = await createUser(t.app);
  const film = await createFilm(t.app, { title: 'Silinən yazı', year: 2003 });
  const answers = await Promise.all(
    Array.from({ length: ROUNDS }, async (_, round) => {
      const entry = await createMovie(t.app, owner.user.id, { filmId: round === 0 ? film.id : undefined });
      return Promise.all([
        t.injectAs(reader.token, {
          method: 'POST',
          url: `/api/movies/${entry.id}/comments`,
          payload: { text: `Şərh ${round}` },
        }),
        t.injectAs(owner.token, { method: 'DELETE', url: `/api/movies/${entry.id}` }),
      ]);
    }),
  );
  for (const [comment, deletion] of answers) {
    expect(deletion.statusCode).toBe(200);
    expect([201, 404]).toContain(comment.statusCode);
    if (comment.statusCode === 404) expect(comment.json().error).toBe(msg.movies.notFound);
  }
});

it('an entry or a comment sent as its author deletes their account is never a 500, and leaves nothing behind', async () => {
  const film = await createFilm(t.app, { title: 'Son söz', year: 2011 });
  for (let round = 0; round < 3; round++) {
    const member = await createUser(t.app);
    const writes = Array.from({ length: 10 }, (_, i) => [
      t.injectAs(member.token, {
        method: 'POST',
        url: `/api/films/${film.id}/comments`,
        payload: { text: `Söz ${i}` },
      }),
      t.injectAs(member.token, { method: 'POST', url: '/api/movies', payload: { title: `Son film ${round}.${i}` } }),
    ]).flat();
    const deletion = t.injectAs(member.token, {
      method: 'DELETE',
      url: '/api/user/profile',
      payload: { password: FACTORY_PASSWORD },
    });
    const [gone, ...answers] = await Promise.all([deletion, ...writes]);
    expect(gone.statusCode).toBe(204);
    for (const answer of answers) {
      // Written before the deletion (then removed with the account), refused as the account went,
      // or refused after it: never a server error.
      expect([201, 401, 404], answer.body).toContain(answer.statusCode);
    }
    const id = member.user.id;
    const left = await t.app.database.db.execute(
      sql`select (select count(*) from comments where author_id = ${id}) + (select count(*) from movies where owner_id = ${id}) as n`,
    );
    expect(Number((left as unknown as { rows: { n: number | string }[] }).rows[0]?.n)).toBe(0);
  }
});
