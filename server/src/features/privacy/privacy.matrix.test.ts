import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activities, users, type Visibility } from '../../db/schema/index';
import { msg } from '../../lib/messages';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { dropCached } from '../../test/factories/cache';
import { createFilm } from '../../test/factories/film';
import { makeFriends } from '../../test/factories/friendship';
import { createMovie } from '../../test/factories/movie';
import { createUser, type FactoryUser } from '../../test/factories/user';
import { connectSocket, listenUrl, record, roundTrip, type TestSocket } from '../../test/socket-client';
import { maySee, type Relation } from './visibility';

/**
 * Issue 23's privacy matrix: every kind of viewer × every visibility × every thing of a member
 * that is shown (docs/social.md "Privacy"), through the routes and the socket that show it.
 * The expected table is written out here, not computed from visibility.ts, and that module's
 * `maySee` is checked against it too.
 */
const VIEWERS = ['visitor', 'member', 'friend', 'blocked', 'owner'] as const satisfies readonly Relation[];
const VISIBILITIES = ['public', 'friends', 'private'] as const satisfies readonly Visibility[];
type Viewer = (typeof VIEWERS)[number];

/** [public, friends, private] for each viewer. */
const COLLECTION: Record<Viewer, [boolean, boolean, boolean]> = {
  visitor: [true, false, false],
  member: [true, false, false],
  friend: [true, true, false],
  blocked: [false, false, false],
  owner: [true, true, true],
};
/** Presence and last seen: friends always, other members when public, visitors never. */
const PRESENCE: Record<Viewer, [boolean, boolean, boolean]> = {
  visitor: [false, false, false],
  member: [true, false, false],
  friend: [true, true, true],
  blocked: [false, false, false],
  owner: [true, true, true],
};
/** Activity in GET /api/feed: the feed holds only one's own and friends' items (docs/feed.md). */
const ACTIVITY: Record<Viewer, [boolean, boolean, boolean]> = {
  visitor: [false, false, false],
  member: [false, false, false],
  friend: [true, true, false],
  blocked: [false, false, false],
  owner: [true, true, true],
};
const allowed = (table: typeof COLLECTION, viewer: Viewer, visibility: Visibility) =>
  table[viewer][VISIBILITIES.indexOf(visibility)] as boolean;

let t: TestApp;
let url: string;
const open: TestSocket[] = [];

interface World {
  owner: FactoryUser;
  viewers: Record<Exclude<Viewer, 'visitor'>, FactoryUser>;
  film: string;
  entry: string;
}
const worlds = new Map<Visibility, World>();

beforeAll(async () => {
  t = await buildTestApp();
  url = await listenUrl(t.app);
  for (const visibility of VISIBILITIES) {
    const [owner, member, friend, blocked] = await Promise.all([
      createUser(t.app),
      createUser(t.app),
      createUser(t.app),
      createUser(t.app),
    ]);
    await makeFriends(t.app, owner.user.id, friend.user.id);
    // The owner blocks a former friend: the block also ends the friendship.
    await makeFriends(t.app, owner.user.id, blocked.user.id);
    const block = await t.injectAs(owner.token, { method: 'POST', url: `/api/user/${blocked.user.id}/block` });
    expect(block.statusCode).toBe(204);
    await t.app.database.db
      .update(users)
      .set({ visibility, lastSeenAt: new Date('2026-01-02T03:04:05.000Z') })
      .where(eq(users.id, owner.user.id));
    t.app.userCache.invalidate(owner.user.id);
    dropCached(t.app, `movies:${owner.user.id}`);
    const film = await createFilm(t.app, { title: `Gizli film ${visibility}` });
    const entry = await createMovie(t.app, owner.user.id, { filmId: film.id, status: 'watched', rating: 8 });
    await t.app.database.db
      .insert(activities)
      .values({ actorId: owner.user.id, type: 'watched', movieId: entry.id, rating: 8 });
    worlds.set(visibility, {
      owner,
      viewers: { member, friend, blocked, owner },
      film: film.id,
      entry: entry.id,
    });
  }
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
afterAll(() => t.close());

const world = (v: Visibility) => worlds.get(v) as World;
const get = (viewer: Viewer, w: World, path: string) =>
  viewer === 'visitor'
    ? t.inject({ method: 'GET', url: path })
    : t.injectAs(w.viewers[viewer].token, { method: 'GET', url: path });

const cells = VIEWERS.flatMap((viewer) => VISIBILITIES.map((visibility) => [viewer, visibility] as const));

describe('the rule itself (visibility.ts maySee)', () => {
  it.each(cells)('%s × %s', (viewer, visibility) => {
    expect(maySee(viewer, visibility, 'collection')).toBe(allowed(COLLECTION, viewer, visibility));
    expect(maySee(viewer, visibility, 'presence')).toBe(allowed(PRESENCE, viewer, visibility));
  });
});

describe('collection: GET /api/movies/user/{id}', () => {
  it.each(cells)('%s × %s', async (viewer, visibility) => {
    const w = world(visibility);
    const res = await get(viewer, w, `/api/movies/user/${w.owner.user.id}`);
    expect(res.statusCode).toBe(200);
    if (allowed(COLLECTION, viewer, visibility)) {
      expect(res.json()).toMatchObject({ success: true, total: 1 });
      expect(res.json().hidden).toBeUndefined();
      expect(res.json().data.map((m: { id: string }) => m.id)).toEqual([w.entry]);
    } else {
      expect(res.json()).toMatchObject({ success: true, data: [], total: 0, hidden: true });
    }
  });
});

describe('film-page entry: GET /api/movies/{id} and the film page’s friends', () => {
  it.each(cells)('%s × %s', async (viewer, visibility) => {
    const w = world(visibility);
    const see = allowed(COLLECTION, viewer, visibility);
    const entry = await get(viewer, w, `/api/movies/${w.entry}`);
    expect(entry.statusCode).toBe(see ? 200 : 404);
    if (!see) expect(entry.json()).toEqual({ success: false, error: 'Film tapılmadı', code: 'NOT_FOUND' });
    // The entry's comment thread is a view of the entry too.
    expect((await get(viewer, w, `/api/movies/${w.entry}/comments`)).statusCode).toBe(see ? 200 : 404);
    const page = await get(viewer, w, `/api/films/${w.film}`);
    expect(page.statusCode).toBe(200);
    const friends = (page.json().friends ?? []).map((f: { user: { id: string } }) => f.user.id);
    // Only a friend's entries are listed among friends; the owner's own is `mine`.
    expect(friends).toEqual(viewer === 'friend' && see ? [w.owner.user.id] : []);
    if (viewer === 'owner') expect(page.json().mine?.id).toBe(w.entry);
  });
});

describe('activity: GET /api/feed', () => {
  it.each(cells)('%s × %s', async (viewer, visibility) => {
    const w = world(visibility);
    const res = await get(viewer, w, '/api/feed');
    if (viewer === 'visitor') {
      expect(res.statusCode).toBe(401);
      return;
    }
    expect(res.statusCode).toBe(200);
    const mine = res.json().data.filter((item: { actor: { id: string } }) => item.actor.id === w.owner.user.id);
    expect(mine.length).toBe(allowed(ACTIVITY, viewer, visibility) ? 1 : 0);
  });
});

describe('last seen: GET /api/user/profile/{id}', () => {
  it.each(cells)('%s × %s', async (viewer, visibility) => {
    const w = world(visibility);
    const res = await get(viewer, w, `/api/user/profile/${w.owner.user.id}`);
    expect(res.statusCode).toBe(200);
    if (allowed(PRESENCE, viewer, visibility)) expect(res.json().last_seen).toBe('2026-01-02T03:04:05.000Z');
    else expect(res.json()).not.toHaveProperty('last_seen');
    expect(res.json().collection_hidden).toBe(!allowed(COLLECTION, viewer, visibility));
  });
});

describe('presence: the socket’s user:lastSeen', () => {
  it.each(cells.filter(([viewer]) => viewer !== 'visitor'))('%s × %s', async (viewer, visibility) => {
    const w = world(visibility);
    const me = w.viewers[viewer as Exclude<Viewer, 'visitor'>];
    const socket = await connectSocket(url, me.token);
    open.push(socket);
    const answers = record(socket, 'user:lastSeenResponse');
    const online = record(socket, 'user:online');
    socket.emit('user:lastSeen', { userId: w.owner.user.id });
    // Events are handled in order: once a question about oneself is answered, any answer about
    // the owner has arrived too.
    await roundTrip(socket, me.user.id);
    const heard = [...answers, ...online].filter((p) => p.userId === w.owner.user.id);
    if (allowed(PRESENCE, viewer, visibility)) {
      expect(heard.length).toBeGreaterThan(0);
    } else {
      expect(heard).toEqual([]);
    }
  });

  it('a visitor cannot open a socket at all', async () => {
    await expect(connectSocket(url)).rejects.toThrow(msg.auth.invalidToken);
  });
});
