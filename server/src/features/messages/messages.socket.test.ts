import { SOCKET_LIMITS } from '@kinodost/contracts/events';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { makeFriends } from '../../test/factories/friendship';
import { createUser, type FactoryUser } from '../../test/factories/user';
import { connectSocket, listenUrl, nextEvent, record, roundTrip, type TestSocket } from '../../test/socket-client';

let t: TestApp;
let url: string;
const open: TestSocket[] = [];
const connect = async (who: FactoryUser) => {
  const s = await connectSocket(url, who.token);
  open.push(s);
  return s;
};

beforeAll(async () => {
  t = await buildTestApp();
  url = await listenUrl(t.app);
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
afterAll(() => t.close());

async function trio() {
  const a = await createUser(t.app);
  const b = await createUser(t.app);
  const stranger = await createUser(t.app);
  await makeFriends(t.app, a.user.id, b.user.id);
  return { a, b, stranger };
}

describe('message:new and message:read', () => {
  it("reach every socket of both people, never a stranger's; the read mark reaches both, the reader's other tabs too", async () => {
    const { a, b, stranger } = await trio();
    const [a1, a2, b1, b2, s1] = await Promise.all([connect(a), connect(a), connect(b), connect(b), connect(stranger)]);
    const strangerSaw = record(s1, 'message:new');
    const arrivals = [a1, a2, b1, b2].map((s) => nextEvent(s, 'message:new'));
    const res = await t.injectAs(a.token, {
      method: 'POST',
      url: `/api/messages/${b.user.id}`,
      payload: { text: 'Salam' },
    });
    expect(res.statusCode).toBe(201);
    for (const got of await Promise.all(arrivals)) expect(got).toEqual({ message: res.json() });

    const strangerRead = record(s1, 'message:read');
    const read = Promise.all([a1, a2, b1, b2].map((s) => nextEvent(s, 'message:read')));
    await t.injectAs(b.token, { method: 'POST', url: `/api/messages/${a.user.id}/read` });
    const mark = { by: b.user.id, other: a.user.id, upTo: res.json().id };
    expect(await read).toEqual([mark, mark, mark, mark]);
    // Round trips: everything sent to these sockets before has arrived.
    await roundTrip(s1, a.user.id);
    expect(strangerSaw).toEqual([]);
    expect(strangerRead).toEqual([]);
  });
});

describe('message:typing', () => {
  it('passes from a friend to every socket of the other, as {from}, throttled', async () => {
    const { a, b } = await trio();
    const [a1, b1, b2] = await Promise.all([connect(a), connect(b), connect(b)]);
    const seen = record(b1, 'message:typing');
    const both = Promise.all([nextEvent(b1, 'message:typing'), nextEvent(b2, 'message:typing')]);
    a1.emit('message:typing', { to: b.user.id });
    a1.emit('message:typing', { to: b.user.id });
    a1.emit('message:typing', { to: b.user.id });
    expect(await both).toEqual([{ from: a.user.id }, { from: a.user.id }]);
    await roundTrip(a1, b.user.id);
    await roundTrip(b1, a.user.id);
    // The repeats within the interval were dropped.
    expect(seen).toEqual([{ from: a.user.id }]);
  });

  it('is dropped towards a stranger, oneself and malformed targets', async () => {
    const { a, b, stranger } = await trio();
    const [a1, b1, s1] = await Promise.all([connect(a), connect(b), connect(stranger)]);
    const strangerSaw = record(s1, 'message:typing');
    const selfSaw = record(a1, 'message:typing');
    const bSaw = record(b1, 'message:typing');
    a1.emit('message:typing', { to: stranger.user.id });
    a1.emit('message:typing', { to: a.user.id });
    for (const bad of [null, 'x', { to: 42 }, { to: 'not-a-uuid' }, { to: 'x'.repeat(5000) }]) {
      (a1.emit as (e: string, p: unknown) => void)('message:typing', bad);
    }
    // The stranger cannot type to a.
    s1.emit('message:typing', { to: a.user.id });
    await roundTrip(a1, stranger.user.id);
    await roundTrip(s1, a.user.id);
    await roundTrip(b1, a.user.id);
    expect(strangerSaw).toEqual([]);
    expect(selfSaw).toEqual([]);
    expect(bSaw).toEqual([]);
    // Still connected, still able to type to a friend.
    const got = nextEvent(b1, 'message:typing');
    a1.emit('message:typing', { to: b.user.id });
    expect(await got).toEqual({ from: a.user.id });
  });

  it.each(['blocks', 'unfriends'] as const)('stops at once when the other %s the typist', async (how) => {
    const { a, b, stranger } = await trio();
    const [a1, b1] = await Promise.all([connect(a), connect(b)]);
    const seen = record(b1, 'message:typing');
    const first = nextEvent(b1, 'message:typing');
    a1.emit('message:typing', { to: b.user.id });
    expect(await first).toEqual({ from: a.user.id });
    const res = await t.injectAs(
      b.token,
      how === 'blocks'
        ? { method: 'POST', url: `/api/user/${a.user.id}/block` }
        : { method: 'DELETE', url: `/api/friends/${a.user.id}` },
    );
    expect(res.statusCode, res.body).toBeLessThan(300);
    // Past the typing interval (only the clock moves), a types again: it goes nowhere.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + SOCKET_LIMITS.typingIntervalMs + 100);
      a1.emit('message:typing', { to: b.user.id });
      // Round trips through a third member: the two no longer see each other's presence.
      await roundTrip(a1, stranger.user.id);
      await roundTrip(b1, stranger.user.id);
    } finally {
      vi.useRealTimers();
    }
    expect(seen).toEqual([{ from: a.user.id }]);
  });

  it('a flood of typing events closes the socket', async () => {
    const { a, b } = await trio();
    const a1 = await connect(a);
    const closed = new Promise<string>((resolve) => a1.once('disconnect', (reason) => resolve(reason)));
    for (let i = 0; i < 400; i++) a1.emit('message:typing', { to: b.user.id });
    expect(await closed).toBe('io server disconnect');
  });

  it('a message larger than the socket limit closes the socket', async () => {
    const { a, b } = await trio();
    const a1 = await connect(a);
    const closed = new Promise<string>((resolve) => a1.once('disconnect', (reason) => resolve(reason)));
    a1.emit('message:typing', { to: b.user.id, pad: 'x'.repeat(20_000) } as { to: string });
    expect(await closed).toBe('transport close');
  });
});
