import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '../../lib/messages';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createFilm } from '../../test/factories/film';
import { createMovie } from '../../test/factories/movie';
import { createAdmin, createUser, type FactoryUser } from '../../test/factories/user';

let t: TestApp;
let owner: FactoryUser;
let author: FactoryUser;
let other: FactoryUser;
let admin: FactoryUser;
let movieId: string;

beforeAll(async () => {
  t = await buildTestApp({ COMMENTS_PER_USER_PER_HOUR: '1000' });
  owner = await createUser(t.app);
  author = await createUser(t.app, { username: 'commenter' });
  other = await createUser(t.app);
  admin = await createAdmin(t.app);
  movieId = (await createMovie(t.app, owner.user.id, { title: 'Commented film' })).id;
});
afterAll(() => t.close());

const as = (who: FactoryUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.injectAs(who.token, { method, url, ...(payload ? { payload } : {}) });
const post = (who: FactoryUser, text: unknown, id = movieId) => as(who, 'POST', `/api/movies/${id}/comments`, { text });
const texts = (res: { json(): { data: { text: string }[] } }) => res.json().data.map((c) => c.text);

describe('posting and reading comments', () => {
  it('a new comment is pending: its author sees it, visitors and others do not, until approved', async () => {
    const res = await post(author, '  Çox gözəl film!  ');
    expect(res.statusCode).toBe(201);
    const comment = res.json();
    expect(comment).toMatchObject({
      movie_id: movieId,
      text: 'Çox gözəl film!',
      status: 'pending',
      author: { id: author.user.id, username: 'commenter', avatar_url: null },
    });

    const url = `/api/movies/${movieId}/comments`;
    expect(texts(await t.inject({ method: 'GET', url }))).toEqual([]);
    expect(texts(await as(other, 'GET', url))).toEqual([]);
    expect((await as(author, 'GET', url)).json().data).toMatchObject([{ text: 'Çox gözəl film!', status: 'pending' }]);

    const approve = await as(admin, 'PUT', `/api/admin/comments/${comment.id}/approve`);
    expect(approve.json()).toEqual({ success: true, count: 1 });
    const publicList = await t.inject({ method: 'GET', url });
    expect(publicList.json()).toMatchObject({
      success: true,
      total: 1,
      data: [{ text: 'Çox gözəl film!', status: 'approved' }],
    });
  });

  it("an admin's own comment is approved as posted: public at once, never in the moderation queue", async () => {
    const before = (await as(admin, 'GET', '/api/stats/admin')).json().pendingCommentCount;
    const res = await post(admin, 'Adminin fikri');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ text: 'Adminin fikri', status: 'approved', author: { id: admin.user.id } });
    const id = res.json().id;
    expect(texts(await t.inject({ method: 'GET', url: `/api/movies/${movieId}/comments?limit=100` }))).toContain(
      'Adminin fikri',
    );
    const pending = await as(admin, 'GET', '/api/admin/comments?limit=100');
    expect(pending.json().data.map((c: { id: string }) => c.id)).not.toContain(id);
    const approved = await as(admin, 'GET', '/api/admin/comments?status=approved&limit=100');
    expect(approved.json().data.map((c: { id: string }) => c.id)).toContain(id);
    expect((await as(admin, 'GET', '/api/stats/admin')).json().pendingCommentCount).toBe(before);
    // A member's comment still waits.
    expect((await post(other, 'Üzvün fikri')).json().status).toBe('pending');
  });

  it('refuses blank, too long or non-text comments, unknown movies and visitors', async () => {
    expect((await post(author, '   ')).json().fields).toEqual({ text: msg.comments.blank });
    expect((await post(author, '\u200b\u200b')).json().fields).toEqual({ text: msg.comments.blank });
    expect((await post(author, '\u2800 \u2800')).json().fields).toEqual({ text: msg.comments.blank });
    expect((await post(author, '')).statusCode).toBe(400);
    expect((await post(author, 'x'.repeat(1001))).json().fields).toEqual({ text: msg.fields.tooLong(1000) });
    expect((await post(author, 42)).json().fields).toEqual({ text: msg.fields.type });
    const missing = await post(author, 'hello', '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(msg.movies.notFound);
    const visitor = await t.inject({ method: 'POST', url: `/api/movies/${movieId}/comments`, payload: { text: 'hi' } });
    expect(visitor.statusCode).toBe(401);
  });

  it('the author or an admin deletes a comment; anyone else gets 404', async () => {
    const id = (await post(author, 'to delete')).json().id;
    const url = `/api/movies/${movieId}/comments/${id}`;
    expect((await as(other, 'DELETE', url)).statusCode).toBe(404);
    expect((await as(owner, 'DELETE', url)).statusCode).toBe(404);
    expect((await as(author, 'DELETE', url)).json()).toEqual({ success: true, message: msg.comments.deleted });
    expect((await as(author, 'DELETE', url)).statusCode).toBe(404);
    const second = (await post(author, 'admin removes')).json().id;
    expect((await as(admin, 'DELETE', `/api/movies/${movieId}/comments/${second}`)).statusCode).toBe(200);
  });

  it('throttles comment posting per member with a 429', async () => {
    const limited = await buildTestApp({ COMMENTS_PER_USER_PER_HOUR: '2' });
    try {
      const u = await createUser(limited.app);
      const m = await createMovie(limited.app, u.user.id);
      const send = () =>
        limited.injectAs(u.token, { method: 'POST', url: `/api/movies/${m.id}/comments`, payload: { text: 'spam' } });
      expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(201);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json().error).toBe(msg.comments.limited);
    } finally {
      await limited.close();
    }
  });
});

describe('moderation (admins only)', () => {
  it('lists pending comments oldest first with the movie and the author; members get 403, visitors 401', async () => {
    const a = (await post(other, 'first pending')).json().id;
    const b = (await post(other, 'second pending')).json().id;
    const res = await as(admin, 'GET', '/api/admin/comments?limit=100');
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((c: { id: string }) => c.id);
    expect(ids.indexOf(a)).toBeLessThan(ids.indexOf(b));
    expect(res.json().data.find((c: { id: string }) => c.id === a)).toMatchObject({
      status: 'pending',
      film: { title: 'Commented film' },
      movie: { id: movieId, title: 'Commented film' },
      author: { id: other.user.id },
    });
    expect((await as(other, 'GET', '/api/admin/comments')).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/admin/comments' })).statusCode).toBe(401);
    expect((await as(other, 'PUT', `/api/admin/comments/${a}/approve`)).statusCode).toBe(403);
  });

  it('rejects and deletes singly, and approves, rejects or deletes in bulk', async () => {
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push((await post(author, `bulk ${i}`)).json().id as string);
    const reject = await as(admin, 'PUT', `/api/admin/comments/${ids[0]}/reject`);
    expect(reject.json()).toEqual({ success: true, count: 1 });
    const rejected = await as(admin, 'GET', '/api/admin/comments?status=rejected');
    expect(rejected.json().data.map((c: { id: string }) => c.id)).toContain(ids[0]);

    const bulk = await as(admin, 'POST', '/api/admin/comments/bulk', { ids: [ids[1], ids[2]], action: 'approve' });
    expect(bulk.json()).toEqual({ success: true, count: 2 });
    const visible = texts(await t.inject({ method: 'GET', url: `/api/movies/${movieId}/comments?limit=100` }));
    expect(visible).toEqual(expect.arrayContaining(['bulk 1', 'bulk 2']));
    expect(visible).not.toContain('bulk 0');

    const del = await as(admin, 'POST', '/api/admin/comments/bulk', { ids: [ids[3], ids[1]], action: 'delete' });
    expect(del.json()).toEqual({ success: true, count: 2 });
    expect((await as(admin, 'DELETE', `/api/admin/comments/${ids[3]}`)).statusCode).toBe(404);
    expect((await as(admin, 'DELETE', `/api/admin/comments/${ids[2]}`)).json()).toEqual({ success: true, count: 1 });

    expect((await as(admin, 'POST', '/api/admin/comments/bulk', { ids: [], action: 'approve' })).statusCode).toBe(400);
    expect((await as(admin, 'POST', '/api/admin/comments/bulk', { ids: [ids[0]], action: 'burn' })).statusCode).toBe(
      400,
    );
    const unknown = await as(admin, 'POST', '/api/admin/comments/bulk', {
      ids: ['00000000-0000-4000-8000-000000000000'],
      action: 'approve',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("deleting an entry keeps its comments on the film's, no longer naming the entry", async () => {
    const m = await createMovie(t.app, owner.user.id, { title: 'Silinən qeyd' });
    const c = (await post(author, 'on a deleted entry', m.id)).json().id;
    expect((await as(owner, 'DELETE', `/api/movies/${m.id}`)).statusCode).toBe(200);
    expect((await as(admin, 'PUT', `/api/admin/comments/${c}/approve`)).statusCode).toBe(200);
    const onFilm = await t.inject({ method: 'GET', url: `/api/films/${m.filmId}/comments` });
    expect(onFilm.json().data).toMatchObject([{ id: c, film_id: m.filmId, movie_id: null }]);
    const queue = await as(admin, 'GET', '/api/admin/comments?status=approved&limit=100');
    expect(queue.json().data.find((x: { id: string }) => x.id === c)).toMatchObject({
      film: { id: m.filmId, title: 'Silinən qeyd' },
      movie: null,
    });
  });
});

describe('comments belong to the film', () => {
  it("an entry's page and the film's page show the same comments, whoever's entry they were written on", async () => {
    const film = await createFilm(t.app, { title: 'Ortaq film' });
    const mine = await createMovie(t.app, owner.user.id, { filmId: film.id });
    const theirs = await createMovie(t.app, other.user.id, { filmId: film.id });
    const onMine = (await post(author, 'Birinci qeydə', mine.id)).json();
    expect(onMine).toMatchObject({ film_id: film.id, movie_id: mine.id });
    const onFilm = await as(author, 'POST', `/api/films/${film.id}/comments`, { text: '  Film səhifəsində  ' });
    expect(onFilm.statusCode).toBe(201);
    expect(onFilm.json()).toMatchObject({
      film_id: film.id,
      movie_id: null,
      text: 'Film səhifəsində',
      status: 'pending',
    });
    for (const id of [onMine.id, onFilm.json().id]) await as(admin, 'PUT', `/api/admin/comments/${id}/approve`);
    await post(author, 'Hələ gözləyir', theirs.id);

    const expected = ['Birinci qeydə', 'Film səhifəsində'];
    for (const url of [
      `/api/movies/${mine.id}/comments`,
      `/api/movies/${theirs.id}/comments`,
      `/api/films/${film.id}/comments`,
    ]) {
      expect(texts(await t.inject({ method: 'GET', url })), url).toEqual(expected);
      expect(texts(await as(other, 'GET', url)), url).toEqual(expected);
      // Its author also sees their pending one, wherever they read.
      expect(texts(await as(author, 'GET', url)), url).toEqual([...expected, 'Hələ gözləyir']);
    }
    // A comment of the film is deleted through any entry of it.
    const pending = (await as(author, 'GET', `/api/films/${film.id}/comments`)).json().data[2].id;
    expect((await as(author, 'DELETE', `/api/movies/${mine.id}/comments/${pending}`)).statusCode).toBe(200);
  });

  it('refuses blank or long text, unknown films, malformed ids and visitors on a film', async () => {
    const film = await createFilm(t.app);
    const url = `/api/films/${film.id}/comments`;
    expect((await as(author, 'POST', url, { text: '   ' })).json().fields).toEqual({ text: msg.comments.blank });
    expect((await as(author, 'POST', url, { text: 'x'.repeat(1001) })).json().fields).toEqual({
      text: msg.fields.tooLong(1000),
    });
    const unknown = '/api/films/00000000-0000-4000-8000-000000000000/comments';
    const missing = await as(author, 'POST', unknown, { text: 'salam' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, error: msg.films.notFound, code: 'NOT_FOUND' });
    expect((await t.inject({ method: 'GET', url: unknown })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/api/films/42/comments' })).statusCode).toBe(400);
    expect((await t.inject({ method: 'POST', url, payload: { text: 'salam' } })).statusCode).toBe(401);
  });

  it("shares one throttle between a film's and an entry's comments", async () => {
    const limited = await buildTestApp({ COMMENTS_PER_USER_PER_HOUR: '2' });
    try {
      const u = await createUser(limited.app);
      const m = await createMovie(limited.app, u.user.id);
      const send = (url: string) => limited.injectAs(u.token, { method: 'POST', url, payload: { text: 'spam' } });
      expect((await send(`/api/movies/${m.id}/comments`)).statusCode).toBe(201);
      expect((await send(`/api/films/${m.filmId}/comments`)).statusCode).toBe(201);
      const third = await send(`/api/films/${m.filmId}/comments`);
      expect(third.statusCode).toBe(429);
      expect(third.json().error).toBe(msg.comments.limited);
    } finally {
      await limited.close();
    }
  });
});
