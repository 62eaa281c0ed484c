import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '../../lib/messages';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createFilm } from '../../test/factories/film';
import { makeFriends } from '../../test/factories/friendship';
import { createUser, type FactoryUser } from '../../test/factories/user';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const as = (who: FactoryUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.injectAs(who.token, { method, url, ...(payload ? { payload } : {}) });
const send = (from: FactoryUser, to: FactoryUser, body: object) =>
  as(from, 'POST', `/api/messages/${to.user.id}`, body);

async function pair() {
  const a = await createUser(t.app);
  const b = await createUser(t.app);
  await makeFriends(t.app, a.user.id, b.user.id);
  return { a, b };
}

describe('sending and reading a thread', () => {
  it('a friend sends text; both see it in the thread and the list, the reader marks it read', async () => {
    const { a, b } = await pair();
    const res = await send(a, b, { text: '  Salam!\nBu axşam kino?  ' });
    expect(res.statusCode).toBe(201);
    const m = res.json();
    expect(m).toEqual({
      id: expect.any(String),
      from: a.user.id,
      to: b.user.id,
      text: 'Salam!\nBu axşam kino?',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      read_at: null,
    });

    for (const [me, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const thread = await as(me, 'GET', `/api/messages/${other.user.id}`);
      expect(thread.json()).toEqual({ success: true, data: [m], next_cursor: null });
    }
    expect((await as(b, 'GET', '/api/messages/unread-count')).json()).toEqual({ success: true, count: 1 });
    expect((await as(a, 'GET', '/api/messages/unread-count')).json()).toEqual({ success: true, count: 0 });
    expect((await as(b, 'GET', '/api/messages')).json()).toEqual({
      success: true,
      data: [
        {
          user: { id: a.user.id, username: a.user.username, avatar_url: null },
          last: { id: m.id, text: 'Salam!\nBu axşam kino?', from_me: false, created_at: m.created_at },
          unread: 1,
        },
      ],
    });
    expect((await as(a, 'GET', '/api/messages')).json().data).toMatchObject([{ last: { from_me: true }, unread: 0 }]);

    // The sender marking read changes nothing: only the other's messages are marked.
    expect((await as(a, 'POST', `/api/messages/${b.user.id}/read`)).json()).toEqual({
      success: true,
      count: 0,
      up_to: null,
    });
    const read = await as(b, 'POST', `/api/messages/${a.user.id}/read`);
    expect(read.json()).toEqual({ success: true, count: 1, up_to: m.id });
    expect((await as(b, 'GET', '/api/messages/unread-count')).json().count).toBe(0);
    const after = (await as(a, 'GET', `/api/messages/${b.user.id}`)).json().data[0];
    expect(after.read_at).toEqual(expect.stringMatching(/Z$/));
    expect((await as(b, 'POST', `/api/messages/${a.user.id}/read`)).json().count).toBe(0);
  });

  it('a film recommendation carries the film card, with or without a note', async () => {
    const { a, b } = await pair();
    const film = await createFilm(t.app, { title: 'Nənəm, mən və nəvəm', year: 1975, posterUrl: 'https://img/x.jpg' });
    const card = { id: film.id, title: 'Nənəm, mən və nəvəm', year: 1975, poster_url: 'https://img/x.jpg' };
    const bare = await send(a, b, { film_id: film.id });
    expect(bare.statusCode).toBe(201);
    expect(bare.json()).toMatchObject({ text: null, film: card });
    const noted = await send(a, b, { film_id: film.id, text: 'Mütləq bax' });
    expect(noted.json()).toMatchObject({ text: 'Mütləq bax', film: card });
    const blankNote = await send(a, b, { film_id: film.id, text: '   ' });
    expect(blankNote.json()).toMatchObject({ text: null, film: card });
    const list = (await as(b, 'GET', '/api/messages')).json();
    expect(list.data[0]).toMatchObject({ last: { text: null, film: card, from_me: false }, unread: 3 });
    // Whether the reader has the film is told in a thread page alone, each reader their own.
    expect(bare.json().film).not.toHaveProperty('in_collection');
    expect(list.data[0].last.film).not.toHaveProperty('in_collection');
    const owned = async (reader: FactoryUser, other: FactoryUser) =>
      (await as(reader, 'GET', `/api/messages/${other.user.id}`))
        .json()
        .data.map((m: { film: { in_collection: boolean } }) => m.film.in_collection);
    expect(await owned(b, a)).toEqual([false, false, false]);
    const added = await t.injectAs(b.token, {
      method: 'POST',
      url: '/api/movies',
      payload: { film_id: film.id, status: 'watchlist' },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(await owned(b, a)).toEqual([true, true, true]);
    expect(await owned(a, b)).toEqual([false, false, false]);
  });

  it('refuses empty messages, over-long text, unknown films, extra fields and bad ids', async () => {
    const { a, b } = await pair();
    // Characters never drawn (a zero-width space, a Hangul filler, a blank Braille cell) are as blank as spaces.
    for (const body of [{}, { text: '' }, { text: ' \n\t ' }, { text: '\u200b\u3164' }, { text: '\u2800\u2800' }]) {
      const res = await send(a, b, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: msg.messages.empty, fields: { text: msg.messages.empty } });
    }
    const long = await send(a, b, { text: 'ə'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ text: msg.fields.tooLong(2000) });
    expect((await send(a, b, { text: 'ə'.repeat(2000) })).statusCode).toBe(201);
    const unknown = await send(a, b, { film_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(msg.films.notFound);
    expect((await send(a, b, { text: 'x', extra: 1 })).statusCode).toBe(400);
    expect((await send(a, b, { text: 42 })).json().fields).toEqual({ text: msg.fields.type });
    expect((await as(a, 'POST', '/api/messages/not-a-uuid', { text: 'x' })).statusCode).toBe(400);
    expect((await as(a, 'GET', `/api/messages/${b.user.id}?before=nope`)).statusCode).toBe(400);
  });
});

describe('only friends', () => {
  it('a stranger, oneself, an unknown member and a former friend all get 404', async () => {
    const { a, b } = await pair();
    const stranger = await createUser(t.app);
    await send(a, b, { text: 'hələ dostuq' });
    const unknown = { user: { id: '00000000-0000-4000-8000-000000000000' } } as FactoryUser;
    for (const target of [stranger, a, unknown]) {
      for (const res of [
        await send(a, target, { text: 'salam' }),
        await as(a, 'GET', `/api/messages/${target.user.id}`),
        await as(a, 'POST', `/api/messages/${target.user.id}/read`),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toBe(msg.messages.notFriend);
      }
    }
    // Ending the friendship (as a block does) closes the conversation both ways and drops it from the list.
    expect((await as(b, 'DELETE', `/api/friends/${a.user.id}`)).statusCode).toBe(200);
    expect((await send(b, a, { text: 'salam' })).statusCode).toBe(404);
    expect((await as(a, 'GET', `/api/messages/${b.user.id}`)).statusCode).toBe(404);
    expect((await as(b, 'GET', '/api/messages')).json().data).toEqual([]);
    expect((await as(b, 'GET', '/api/messages/unread-count')).json().count).toBe(0);
  });

  it('visitors get 401', async () => {
    for (const [method, url] of [
      ['GET', '/api/messages'],
      ['GET', '/api/messages/unread-count'],
      ['GET', '/api/messages/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/messages/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/messages/00000000-0000-4000-8000-000000000000/read'],
    ] as const) {
      expect((await t.inject({ method, url, payload: method === 'POST' ? { text: 'x' } : undefined })).statusCode).toBe(
        401,
      );
    }
  });
});

describe('paging a thread', () => {
  it('pages newest first by cursor, with every message exactly once', async () => {
    const { a, b } = await pair();
    const sent: string[] = [];
    for (let i = 0; i < 7; i++) sent.push((await send(i % 2 ? b : a, i % 2 ? a : b, { text: `m${i}` })).json().id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=3&before=${cursor}` : '?limit=3';
      const page = (await as(a, 'GET', `/api/messages/${b.user.id}${query}`)).json();
      seen.push(...page.data.map((m: { id: string }) => m.id));
      cursor = page.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...sent].reverse());
    // A cursor from another conversation is refused rather than paging from an unrelated point.
    const other = await pair();
    const foreign = (await send(other.a, other.b, { text: 'x' })).json().id;
    const res = await as(a, 'GET', `/api/messages/${b.user.id}?before=${foreign}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ before: msg.fields.invalid });
  });

  it('lists conversations newest first', async () => {
    const me = await createUser(t.app);
    const friends = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    for (const f of friends) await makeFriends(t.app, me.user.id, f.user.id);
    for (const f of friends) await send(f, me, { text: `from ${f.user.username}` });
    await send(me, friends[0] as FactoryUser, { text: 'cavab' });
    const list = (await as(me, 'GET', '/api/messages')).json().data;
    expect(list.map((c: { user: { id: string } }) => c.user.id)).toEqual(
      [friends[0], friends[2], friends[1]].map((f) => f?.user.id),
    );
    expect(list.map((c: { unread: number }) => c.unread)).toEqual([1, 1, 1]);
  });
});

describe('limits and retries', () => {
  it('past 30 messages a minute the sender gets 429 with Retry-After; the friend can still write', async () => {
    const { a, b } = await pair();
    for (let i = 0; i < 30; i++) expect((await send(a, b, { text: `${i}` })).statusCode).toBe(201);
    const res = await send(a, b, { text: 'bir daha' });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe(msg.messages.limited);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await send(b, a, { text: 'mən yaza bilərəm' })).statusCode).toBe(201);
    const thread = (await as(a, 'GET', `/api/messages/${b.user.id}?limit=100`)).json().data;
    expect(thread).toHaveLength(31);
  });

  it('a POST repeated with the same Idempotency-Key stores one message and answers the first answer', async () => {
    const { a, b } = await pair();
    const post = () =>
      t.injectAs(a.token, {
        method: 'POST',
        url: `/api/messages/${b.user.id}`,
        headers: { 'idempotency-key': 'msg-retry-1' },
        payload: { text: 'bir dəfə' },
      });
    const first = await post();
    const again = await post();
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await as(b, 'GET', `/api/messages/${a.user.id}`)).json().data).toHaveLength(1);
  });
});
