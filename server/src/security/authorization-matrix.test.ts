import { createHash, randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, friendships, importJobs, passwordResets } from '../db/schema/index';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createFilm } from '../test/factories/film';
import { makeFriends } from '../test/factories/friendship';
import { createMovie } from '../test/factories/movie';
import { createNewsletter } from '../test/factories/newsletter';
import { createAdmin, createUser, FACTORY_PASSWORD, type FactoryUser } from '../test/factories/user';

/**
 * Issue 7 "Access control": every /api route, called by every kind of caller, answers
 * exactly the status written here. The route table is the app's own OpenAPI document
 * (every route declares a schema), so a route added without a row here fails the suite.
 *
 * Actors:
 * - visitor: no token.
 * - member: a member with no relation to the fixtures (an IDOR attempt on owned things).
 * - owner: the member the target belongs to: the movie's owner, the comment's author, the
 *   receiver of the incoming request, the sender of the outgoing one, the friend, the profile.
 * - other: a member close to the target but not entitled to it: the sender of the request
 *   the owner received, the owner of the movie the owner's comment is on, the owner's friend
 *   for the owner's movie. These answer 404, never 403 (docs/product.md#api-shape).
 * - admin: an admin, a stranger to every friendship.
 */
const ACTORS = ['visitor', 'member', 'owner', 'other', 'admin'] as const;
type Actor = (typeof ACTORS)[number];
type Expect = Record<Actor, number>;

/** A fresh set of fixtures for one cell, so destructive calls never leak into the next cell. */
interface World {
  users: Record<Exclude<Actor, 'visitor'>, FactoryUser> & { friend: FactoryUser; target: FactoryUser };
  /** Owned by owner; `friend` is the owner's friend. */
  movie: string;
  /** Owned by other; carries the owner's pending comment. */
  otherMovie: string;
  comment: string;
  /** other -> owner, pending. */
  requestIn: string;
  /** owner -> target, pending. */
  requestOut: string;
  newsletter: string;
  /** A catalogue film. */
  film: string;
  /** The member film the owner made through their movie (its poster is theirs to upload). */
  memberFilm: string;
  /** A valid password-reset token of the owner. */
  resetToken: string;
  /** The owner's finished import. */
  importJob: string;
}

let t: TestApp;
let pngBytes: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  pngBytes = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3f51b5' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

async function makeWorld(): Promise<World> {
  const [member, owner, other, admin, friend, target] = await Promise.all([
    createUser(t.app),
    createUser(t.app),
    createUser(t.app),
    createAdmin(t.app),
    createUser(t.app),
    createUser(t.app),
  ]);
  const db = t.app.database.db;
  const movie = await createMovie(t.app, owner.user.id, { title: 'Matris filmi' });
  const otherMovie = await createMovie(t.app, other.user.id);
  const [comment] = await db
    .insert(comments)
    .values({ filmId: otherMovie.filmId, movieId: otherMovie.id, authorId: owner.user.id, text: 'Gözəl film' })
    .returning();
  const [requestIn] = await db
    .insert(friendships)
    .values({ requesterId: other.user.id, addresseeId: owner.user.id, status: 'pending' })
    .returning();
  const [requestOut] = await db
    .insert(friendships)
    .values({ requesterId: owner.user.id, addresseeId: target.user.id, status: 'pending' })
    .returning();
  await makeFriends(t.app, owner.user.id, friend.user.id);
  const newsletter = await createNewsletter(t.app);
  const film = await createFilm(t.app, { title: 'Matris' });
  const resetToken = randomBytes(24).toString('hex');
  await db.insert(passwordResets).values({
    userId: owner.user.id,
    tokenHash: createHash('sha256').update(resetToken).digest('hex'),
    expiresAt: new Date(Date.now() + 3600_000),
  });
  const [importJob] = await db
    .insert(importJobs)
    .values({ userId: owner.user.id, format: 'letterboxd', total: 1, done: 1, added: 1, status: 'done' })
    .returning();
  if (!comment || !requestIn || !requestOut || !importJob) throw new Error('fixture insert failed');
  return {
    users: { member, owner, other, admin, friend, target },
    movie: movie.id,
    otherMovie: otherMovie.id,
    comment: comment.id,
    requestIn: requestIn.id,
    requestOut: requestOut.id,
    newsletter: newsletter.id,
    film: film.id,
    memberFilm: movie.filmId,
    resetToken,
    importJob: importJob.id,
  };
}

const fresh = () => `m${randomBytes(5).toString('hex')}`;

interface Row {
  /** The OpenAPI path, e.g. /api/movies/{id}. */
  path: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The concrete URL for this world. */
  url: (w: World) => string;
  /** A valid body, so validation (400) never hides the rights check. */
  body?: (w: World, actor: Actor) => InjectOptions['payload'];
  expect: Expect;
  why?: string;
}

const all = (status: number): Expect => ({
  visitor: status,
  member: status,
  owner: status,
  other: status,
  admin: status,
});
/** Any signed-in member may call it, on their own data. */
const members = (status: number): Expect => ({ ...all(status), visitor: 401 });
/** Admins only: visitors 401, members 403. */
const adminOnly = (status: number): Expect => ({ visitor: 401, member: 403, owner: 403, other: 403, admin: status });
/** Only the owner (or an admin where noted) may; everyone else signed in gets 404. */
const ownerOnly = (status: number, admin: number): Expect => ({
  visitor: 401,
  member: 404,
  owner: status,
  other: 404,
  admin,
});

const MATRIX: Row[] = [
  // health
  { method: 'GET', path: '/api/health', url: () => '/api/health', expect: all(200) },
  { method: 'GET', path: '/api/ready', url: () => '/api/ready', expect: all(200) },
  // auth: public; each caller signs up under a new name
  {
    method: 'POST',
    path: '/api/auth/register',
    url: () => '/api/auth/register',
    body: () => {
      const name = fresh();
      return { username: name, email: `${name}@example.com`, password: 'Kino-Matris-Parol-9' };
    },
    expect: all(201),
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    url: () => '/api/auth/login',
    body: (w) => ({ username: w.users.owner.user.username, password: FACTORY_PASSWORD }),
    expect: all(200),
  },
  {
    method: 'POST',
    path: '/api/auth/forgot-password',
    url: () => '/api/auth/forgot-password',
    body: (w) => ({ email: w.users.owner.user.email }),
    expect: all(200),
  },
  {
    method: 'GET',
    path: '/api/auth/reset-password/{token}',
    url: (w) => `/api/auth/reset-password/${w.resetToken}`,
    expect: all(200),
    why: 'the token is the right, not the caller',
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password',
    url: () => '/api/auth/reset-password',
    body: (w) => ({ token: w.resetToken, newPassword: 'Tamam-Yeni-Parol-77' }),
    expect: all(200),
    why: 'the token is the right, not the caller',
  },
  // own account
  {
    method: 'PUT',
    path: '/api/user/change-password',
    url: () => '/api/user/change-password',
    body: () => ({ currentPassword: FACTORY_PASSWORD, newPassword: 'Tamam-Yeni-Parol-77' }),
    expect: members(200),
  },
  { method: 'GET', path: '/api/user/profile', url: () => '/api/user/profile', expect: members(200) },
  {
    method: 'PUT',
    path: '/api/user/profile',
    url: () => '/api/user/profile',
    body: () => ({ username: fresh() }),
    expect: members(200),
  },
  {
    method: 'GET',
    path: '/api/user/profile/{id}',
    url: (w) => `/api/user/profile/${w.users.owner.user.id}`,
    expect: all(200),
  },
  {
    method: 'GET',
    path: '/api/user/profile/username/{username}',
    url: (w) => `/api/user/profile/username/${w.users.owner.user.username}`,
    expect: all(200),
  },
  {
    method: 'POST',
    path: '/api/user/avatar',
    url: () => '/api/user/avatar',
    body: () => {
      const form = new FormData();
      form.append('avatar', new Blob([new Uint8Array(pngBytes)], { type: 'image/png' }), 'a.png');
      return form as unknown as string;
    },
    expect: members(200),
  },
  { method: 'DELETE', path: '/api/user/avatar', url: () => '/api/user/avatar', expect: members(200) },
  {
    method: 'DELETE',
    path: '/api/user/profile',
    url: () => '/api/user/profile',
    body: () => ({ password: FACTORY_PASSWORD }),
    why: 'each world has an admin besides the one deleting themself',
    expect: members(204),
  },
  // imports and exports: a member's own
  {
    method: 'POST',
    path: '/api/import',
    url: () => '/api/import/',
    body: () => {
      const form = new FormData();
      const csv = 'Date,Name,Year,Letterboxd URI\n2024-01-01,Matris,1999,https://boxd.it/1\n';
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'watchlist.csv');
      return form as unknown as string;
    },
    expect: members(202),
  },
  {
    method: 'GET',
    path: '/api/import/{id}',
    url: (w) => `/api/import/${w.importJob}`,
    why: "another member's import is not found, also for admins",
    expect: ownerOnly(200, 404),
  },
  { method: 'GET', path: '/api/export/letterboxd.csv', url: () => '/api/export/letterboxd.csv', expect: members(200) },
  { method: 'GET', path: '/api/export/kinodost.json', url: () => '/api/export/kinodost.json', expect: members(200) },
  // user administration: a member acting on any user, themselves included, is 403
  { method: 'GET', path: '/api/user/all', url: () => '/api/user/all', expect: adminOnly(200) },
  {
    method: 'PUT',
    path: '/api/user/{id}/admin',
    url: (w) => `/api/user/${w.users.owner.user.id}/admin`,
    body: () => ({ isAdmin: true }),
    expect: adminOnly(200),
  },
  {
    method: 'PUT',
    path: '/api/user/{id}',
    url: (w) => `/api/user/${w.users.owner.user.id}`,
    body: () => ({ username: fresh() }),
    expect: adminOnly(200),
  },
  {
    method: 'DELETE',
    path: '/api/user/{id}',
    url: (w) => `/api/user/${w.users.owner.user.id}`,
    expect: adminOnly(200),
  },
  // friends: everything needs a member, and only the parties may act on a request
  { method: 'GET', path: '/api/friends', url: () => '/api/friends/', expect: members(200) },
  {
    method: 'GET',
    path: '/api/friends/requests/incoming',
    url: () => '/api/friends/requests/incoming',
    expect: members(200),
  },
  {
    method: 'GET',
    path: '/api/friends/requests/outgoing',
    url: () => '/api/friends/requests/outgoing',
    expect: members(200),
  },
  {
    method: 'GET',
    path: '/api/friends/requests/count',
    url: () => '/api/friends/requests/count',
    expect: members(200),
  },
  {
    method: 'GET',
    path: '/api/friends/status/{userId}',
    url: (w) => `/api/friends/status/${w.users.owner.user.id}`,
    expect: members(200),
  },
  { method: 'GET', path: '/api/friends/people', url: () => '/api/friends/people?q=user', expect: members(200) },
  {
    method: 'POST',
    path: '/api/friends/request/{userId}',
    url: (w) => `/api/friends/request/${w.users.other.user.id}`,
    // owner: other had already asked, so this accepts theirs (200); other: oneself (400).
    expect: { visitor: 401, member: 201, owner: 200, other: 400, admin: 201 },
  },
  {
    method: 'PUT',
    path: '/api/friends/accept/{id}',
    url: (w) => `/api/friends/accept/${w.requestIn}`,
    // other is the sender: accepting one's own request is someone else's right.
    expect: ownerOnly(200, 404),
  },
  {
    method: 'PUT',
    path: '/api/friends/reject/{id}',
    url: (w) => `/api/friends/reject/${w.requestIn}`,
    expect: ownerOnly(200, 404),
  },
  {
    method: 'DELETE',
    path: '/api/friends/requests/{id}',
    url: (w) => `/api/friends/requests/${w.requestOut}`,
    expect: ownerOnly(200, 404),
  },
  {
    method: 'DELETE',
    path: '/api/friends/{userId}',
    url: (w) => `/api/friends/${w.users.friend.user.id}`,
    expect: ownerOnly(200, 404),
  },
  // blocking (docs/social.md "Blocking"): any member, towards anyone but themselves
  { method: 'GET', path: '/api/user/blocks', url: () => '/api/user/blocks', expect: members(200) },
  {
    method: 'POST',
    path: '/api/user/{id}/block',
    url: (w) => `/api/user/${w.users.target.user.id}/block`,
    expect: members(204),
  },
  {
    method: 'DELETE',
    path: '/api/user/{id}/block',
    url: (w) => `/api/user/${w.users.target.user.id}/block`,
    expect: members(204),
    why: 'lifting a block one never made leaves the same state',
  },
  // messages: only between friends; anyone else (a stranger, an admin) gets 404 for the conversation
  { method: 'GET', path: '/api/messages', url: () => '/api/messages/', expect: members(200) },
  {
    method: 'GET',
    path: '/api/messages/unread-count',
    url: () => '/api/messages/unread-count',
    expect: members(200),
  },
  {
    method: 'GET',
    path: '/api/messages/{userId}',
    url: (w) => `/api/messages/${w.users.friend.user.id}`,
    expect: ownerOnly(200, 404),
  },
  {
    method: 'POST',
    path: '/api/messages/{userId}',
    url: (w) => `/api/messages/${w.users.friend.user.id}`,
    body: (w) => ({ text: 'Salam', film_id: w.film }),
    expect: ownerOnly(201, 404),
  },
  {
    method: 'POST',
    path: '/api/messages/{userId}/read',
    url: (w) => `/api/messages/${w.users.friend.user.id}/read`,
    expect: ownerOnly(200, 404),
  },
  // films: the catalogue is public
  { method: 'GET', path: '/api/films/search', url: () => '/api/films/search?q=Matris', expect: all(200) },
  { method: 'GET', path: '/api/films/{id}', url: (w) => `/api/films/${w.film}`, expect: all(200) },
  // TMDB is for members, and this install has no TMDB_API_KEY: 404 for them (docs/catalogue.md)
  {
    method: 'GET',
    path: '/api/films/tmdb/search',
    url: () => '/api/films/tmdb/search?q=Matris',
    expect: members(404),
  },
  { method: 'POST', path: '/api/films/tmdb/{tmdbId}', url: () => '/api/films/tmdb/603', expect: members(404) },
  // a member film's poster: its maker's or an admin's; anyone else is told it does not exist
  {
    method: 'POST',
    path: '/api/films/{id}/poster',
    url: (w) => `/api/films/${w.memberFilm}/poster`,
    body: () => {
      const form = new FormData();
      form.append('poster', new Blob([new Uint8Array(pngBytes)], { type: 'image/png' }), 'p.png');
      return form as unknown as string;
    },
    expect: ownerOnly(200, 200),
  },
  // the catalogue's administration
  { method: 'GET', path: '/api/admin/films', url: () => '/api/admin/films/', expect: adminOnly(200) },
  {
    method: 'PUT',
    path: '/api/admin/films/{id}',
    url: (w) => `/api/admin/films/${w.film}`,
    body: () => ({ title: 'Matris 2' }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/films/{id}/merge',
    url: (w) => `/api/admin/films/${w.film}/merge`,
    body: (w) => ({ into: w.memberFilm }),
    expect: adminOnly(200),
  },
  // a film's comments: read as an entry's are (public), written by members
  { method: 'GET', path: '/api/films/{id}/comments', url: (w) => `/api/films/${w.film}/comments`, expect: all(200) },
  {
    method: 'POST',
    path: '/api/films/{id}/comments',
    url: (w) => `/api/films/${w.film}/comments`,
    body: () => ({ text: 'Çox bəyəndim' }),
    expect: members(201),
  },
  // movies: reading is public (the own list needs a member); changing is the owner's or an admin's
  { method: 'GET', path: '/api/movies', url: () => '/api/movies/', expect: members(200) },
  {
    method: 'POST',
    path: '/api/movies',
    url: () => '/api/movies/',
    body: () => ({ title: 'Yeni film', year: 2001, status: 'watchlist' }),
    expect: members(201),
  },
  {
    method: 'GET',
    path: '/api/movies/search/{query}',
    url: () => '/api/movies/search/Matris',
    expect: members(200),
  },
  {
    method: 'GET',
    path: '/api/movies/user/{id}',
    url: (w) => `/api/movies/user/${w.users.owner.user.id}`,
    expect: all(200),
  },
  { method: 'GET', path: '/api/movies/{id}', url: (w) => `/api/movies/${w.movie}`, expect: all(200) },
  {
    method: 'PUT',
    path: '/api/movies/{id}',
    url: (w) => `/api/movies/${w.movie}`,
    body: () => ({ rating: 9 }),
    // Admins may change any movie (movies.service.ts); everyone else gets 404, not 403.
    expect: ownerOnly(200, 200),
  },
  {
    method: 'DELETE',
    path: '/api/movies/{id}',
    url: (w) => `/api/movies/${w.movie}`,
    expect: ownerOnly(200, 200),
  },
  // comments
  {
    method: 'GET',
    path: '/api/movies/{id}/comments',
    url: (w) => `/api/movies/${w.otherMovie}/comments`,
    expect: all(200),
  },
  {
    method: 'POST',
    path: '/api/movies/{id}/comments',
    url: (w) => `/api/movies/${w.movie}/comments`,
    body: () => ({ text: 'Çox bəyəndim' }),
    expect: members(201),
  },
  {
    method: 'DELETE',
    path: '/api/movies/{id}/comments/{commentId}',
    url: (w) => `/api/movies/${w.otherMovie}/comments/${w.comment}`,
    // other owns the movie the comment is on: that gives no right over the comment.
    expect: ownerOnly(200, 200),
  },
  // moderation
  { method: 'GET', path: '/api/admin/comments', url: () => '/api/admin/comments/', expect: adminOnly(200) },
  {
    method: 'PUT',
    path: '/api/admin/comments/{id}/approve',
    url: (w) => `/api/admin/comments/${w.comment}/approve`,
    expect: adminOnly(200),
  },
  {
    method: 'PUT',
    path: '/api/admin/comments/{id}/reject',
    url: (w) => `/api/admin/comments/${w.comment}/reject`,
    expect: adminOnly(200),
  },
  {
    method: 'DELETE',
    path: '/api/admin/comments/{id}',
    url: (w) => `/api/admin/comments/${w.comment}`,
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/comments/bulk',
    url: () => '/api/admin/comments/bulk',
    body: (w) => ({ ids: [w.comment], action: 'approve' }),
    expect: adminOnly(200),
  },
  { method: 'GET', path: '/api/stats/admin', url: () => '/api/stats/admin', expect: adminOnly(200) },
  // the feed and notifications: the caller's own, so every member may and nobody else
  { method: 'GET', path: '/api/feed', url: () => '/api/feed/', expect: members(200) },
  { method: 'GET', path: '/api/notifications', url: () => '/api/notifications/', expect: members(200) },
  {
    method: 'GET',
    path: '/api/notifications/unread-count',
    url: () => '/api/notifications/unread-count',
    expect: members(200),
  },
  {
    method: 'POST',
    path: '/api/notifications/read',
    url: () => '/api/notifications/read',
    body: () => ({}),
    expect: members(200),
  },
  // newsletters
  { method: 'GET', path: '/api/newsletters', url: () => '/api/newsletters/', expect: all(200) },
  // the install's public settings (the footer's links)
  { method: 'GET', path: '/api/site', url: () => '/api/site', expect: all(200) },
  { method: 'GET', path: '/api/newsletters/latest', url: () => '/api/newsletters/latest', expect: all(200) },
  {
    method: 'GET',
    path: '/api/newsletters/unread-count',
    url: () => '/api/newsletters/unread-count',
    expect: members(200),
  },
  { method: 'GET', path: '/api/newsletters/{id}', url: (w) => `/api/newsletters/${w.newsletter}`, expect: all(200) },
  {
    method: 'POST',
    path: '/api/newsletters/{id}/mark-viewed',
    url: (w) => `/api/newsletters/${w.newsletter}/mark-viewed`,
    expect: members(200),
  },
  {
    method: 'GET',
    path: '/api/newsletters/admin/all',
    url: () => '/api/newsletters/admin/all',
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    path: '/api/newsletters/admin/create',
    url: () => '/api/newsletters/admin/create',
    body: () => ({ title: 'Yenilik', content: 'Mətn' }),
    expect: adminOnly(201),
  },
  {
    method: 'PUT',
    path: '/api/newsletters/admin/{id}',
    url: (w) => `/api/newsletters/admin/${w.newsletter}`,
    body: () => ({ title: 'Düzəliş' }),
    expect: adminOnly(200),
  },
  {
    method: 'DELETE',
    path: '/api/newsletters/admin/{id}',
    url: (w) => `/api/newsletters/admin/${w.newsletter}`,
    expect: adminOnly(200),
  },
];

const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

async function call(w: World, row: Row, actor: Actor) {
  const opts: InjectOptions = { method: row.method, url: row.url(w) };
  if (row.body) opts.payload = row.body(w, actor);
  return actor === 'visitor' ? t.inject(opts) : t.injectAs(w.users[actor].token, opts);
}

describe('the route table', () => {
  it('every /api route in the OpenAPI document has exactly one row, and every row is a route', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
    const table = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith('/api/'))
      .flatMap(([p, ops]) =>
        Object.keys(ops)
          .filter((m) => ['get', 'post', 'put', 'delete', 'patch'].includes(m))
          .map((m) => key(m, p)),
      )
      .sort();
    const rows = MATRIX.map((r) => key(r.method, r.path));
    expect(new Set(rows).size).toBe(rows.length);
    expect(rows.slice().sort()).toEqual(table);
    // The router agrees with the document: each row's path is a real route.
    for (const r of MATRIX) {
      expect(
        t.app.hasRoute({ method: r.method, url: r.path.replace(/\{(\w+)\}/g, ':$1') }),
        key(r.method, r.path),
      ).toBe(true);
    }
  });
});

describe('authorization matrix', () => {
  for (const row of MATRIX) {
    it(`${row.method} ${row.path}`, async () => {
      const got: Partial<Record<Actor, number>> = {};
      const bodies: Partial<Record<Actor, string>> = {};
      for (const actor of ACTORS) {
        const w = await makeWorld();
        const res = await call(w, row, actor);
        got[actor] = res.statusCode;
        if (res.statusCode >= 400) {
          bodies[actor] = res.body;
          const body = res.json() as { success: unknown; error: unknown; code: unknown };
          expect(body.success, `${actor}: ${res.body}`).toBe(false);
          expect(typeof body.error === 'string' && body.error.length > 0, `${actor}: ${res.body}`).toBe(true);
          expect(typeof body.code, `${actor}: ${res.body}`).toBe('string');
        }
      }
      expect(got, JSON.stringify(bodies)).toEqual(row.expect);
    });
  }
});

describe('IDOR: what the matrix cells changed, and what they did not', () => {
  it('a refused movie edit or delete leaves the movie as it was', async () => {
    const w = await makeWorld();
    for (const actor of ['member', 'other'] as const) {
      const put = await t.injectAs(w.users[actor].token, {
        method: 'PUT',
        url: `/api/movies/${w.movie}`,
        payload: { title: 'Oğurlanmış' },
      });
      expect(put.statusCode).toBe(404);
      const del = await t.injectAs(w.users[actor].token, { method: 'DELETE', url: `/api/movies/${w.movie}` });
      expect(del.statusCode).toBe(404);
    }
    const res = await t.inject({ method: 'GET', url: `/api/movies/${w.movie}` });
    expect(res.json()).toMatchObject({ title: 'Matris filmi', owner: { id: w.users.owner.user.id } });
  });

  it("a friend cannot edit the owner's movie either", async () => {
    const w = await makeWorld();
    const res = await t.injectAs(w.users.friend.token, {
      method: 'PUT',
      url: `/api/movies/${w.movie}`,
      payload: { rating: 1 },
    });
    expect(res.statusCode).toBe(404);
  });

  it('a comment cannot be deleted through another movie’s path, even by its author', async () => {
    const w = await makeWorld();
    const res = await t.injectAs(w.users.owner.token, {
      method: 'DELETE',
      url: `/api/movies/${w.movie}/comments/${w.comment}`,
    });
    expect(res.statusCode).toBe(404);
  });

  it('the receiver cannot cancel, and the sender cannot reject, a request', async () => {
    const w = await makeWorld();
    const cancel = await t.injectAs(w.users.target.token, {
      method: 'DELETE',
      url: `/api/friends/requests/${w.requestOut}`,
    });
    expect(cancel.statusCode).toBe(404);
    const reject = await t.injectAs(w.users.other.token, { method: 'PUT', url: `/api/friends/reject/${w.requestIn}` });
    expect(reject.statusCode).toBe(404);
    const incoming = await t.injectAs(w.users.owner.token, { method: 'GET', url: '/api/friends/requests/incoming' });
    expect(incoming.json().data.map((r: { id: string }) => r.id)).toEqual([w.requestIn]);
  });

  it('a public profile never shows the email; the own profile does', async () => {
    const w = await makeWorld();
    for (const actor of ['visitor', 'member', 'admin'] as const) {
      const opts: InjectOptions = { method: 'GET', url: `/api/user/profile/${w.users.owner.user.id}` };
      const res = actor === 'visitor' ? await t.inject(opts) : await t.injectAs(w.users[actor].token, opts);
      expect(res.body).not.toContain(w.users.owner.user.email);
      expect(res.json()).not.toHaveProperty('email');
    }
    const own = await t.injectAs(w.users.owner.token, { method: 'GET', url: '/api/user/profile' });
    expect(own.json().email).toBe(w.users.owner.user.email);
  });

  it("a member's pending comment is visible to its author only", async () => {
    const w = await makeWorld();
    const ids = async (actor: Actor) => {
      const opts: InjectOptions = { method: 'GET', url: `/api/movies/${w.otherMovie}/comments` };
      const res = actor === 'visitor' ? await t.inject(opts) : await t.injectAs(w.users[actor].token, opts);
      return (res.json().data as { id: string }[]).map((c) => c.id);
    };
    expect(await ids('owner')).toEqual([w.comment]);
    for (const actor of ['visitor', 'member', 'other'] as const) expect(await ids(actor)).toEqual([]);
  });
});
