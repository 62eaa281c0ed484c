import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { startApp, stopApp } from './support/app-process';
import { call, register } from './support/http';
import { createSuiteDatabase } from './support/postgres';
import { type ClientSocket, connect } from './support/sockets';
import { tempDir, waitUntil, within } from './support/wait';

/**
 * Messages across processes and through a crash (docs/messages.md):
 * - two app processes on one PostgreSQL and Redis, each friend's socket on a different one:
 *   messages, read marks and typing notices cross between them;
 * - SIGKILL during a burst of messages: every message answered 201 is there after the restart,
 *   once (the retries carry the web app's Idempotency-Key).
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const cleanups: (() => Promise<unknown>)[] = [];
const sockets: ClientSocket[] = [];
afterAll(async () => {
  for (const s of sockets) s.close();
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

type Member = Awaited<ReturnType<typeof register>>;

async function befriend(base: string, a: Member, b: Member) {
  const sent = await call(base, 'POST', `/api/friends/request/${b.id}`, { token: a.token });
  expect(sent.status).toBe(201);
  const { requestId } = sent.body as { requestId: string };
  expect((await call(base, 'PUT', `/api/friends/accept/${requestId}`, { token: b.token })).status).toBe(200);
}

function next<E extends 'message:new' | 'message:read' | 'message:typing'>(socket: ClientSocket, event: E) {
  return within(
    new Promise<unknown>((resolve) => socket.once(event, ((p: unknown) => resolve(p)) as never)),
    15_000,
    `${event} on the other process`,
  );
}

async function dropRedisKeys(prefix: string) {
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
}

describe('two processes', () => {
  it('friends on different processes exchange messages, read marks and typing notices', async () => {
    const database = await createSuiteDatabase('kinodost_messages');
    cleanups.push(() => database.drop());
    const prefix = `kinodost-msg-${randomBytes(4).toString('hex')}:`;
    cleanups.push(() => dropRedisKeys(prefix));
    const dir = await tempDir('messages-multi');
    cleanups.push(dir.remove);
    const env = { DATABASE_URL: database.url, REDIS_URL, REDIS_PREFIX: prefix, DATA_DIR: dir.path };
    const one = await startApp(env);
    cleanups.push(() => stopApp(one, 'SIGTERM'));
    const two = await startApp(env);
    cleanups.push(() => stopApp(two, 'SIGTERM'));

    const a = await register(one.url);
    const b = await register(two.url);
    await befriend(one.url, a, b);
    const onOne = await connect(one.url, a.token);
    const onTwo = await connect(two.url, b.token);
    const bSecondTab = await connect(one.url, b.token);
    sockets.push(onOne, onTwo, bSecondTab);

    // a writes through process one; b's sockets on both processes get it, and so does a's own.
    const arrivals = [next(onTwo, 'message:new'), next(bSecondTab, 'message:new'), next(onOne, 'message:new')];
    const sent = await call(one.url, 'POST', `/api/messages/${b.id}`, { token: a.token, body: { text: 'Salam!' } });
    expect(sent.status).toBe(201);
    for (const got of await Promise.all(arrivals)) expect(got).toEqual({ message: sent.body });

    // b answers through process two.
    const reply = next(onOne, 'message:new');
    const answer = await call(two.url, 'POST', `/api/messages/${a.id}`, { token: b.token, body: { text: 'Əleykum' } });
    expect(answer.status).toBe(201);
    expect(await reply).toEqual({ message: answer.body });

    // b reads on process two; a's socket on process one is told.
    const read = next(onOne, 'message:read');
    expect((await call(two.url, 'POST', `/api/messages/${a.id}/read`, { token: b.token })).status).toBe(200);
    expect(await read).toEqual({ by: b.id, other: a.id, upTo: (sent.body as { id: string }).id });

    // Typing on process one reaches b on process two.
    const typing = next(onTwo, 'message:typing');
    onOne.emit('message:typing', { to: b.id });
    expect(await typing).toEqual({ from: a.id });
  });
});

describe('SIGKILL during a burst of messages', () => {
  it('every message answered 201 is stored once after the restart', async () => {
    const database = await createSuiteDatabase('kinodost_messages_crash');
    cleanups.push(() => database.drop());
    const dir = await tempDir('messages-crash');
    cleanups.push(dir.remove);
    const env = { DATABASE_URL: database.url, DATA_DIR: dir.path };
    const first = await startApp(env);
    cleanups.push(() => stopApp(first, 'SIGKILL'));

    // Eight pairs; each sender writes in turn (at most 30 a minute each, under the limit).
    const pairs: [Member, Member][] = [];
    for (let i = 0; i < 8; i++) {
      const from = await register(first.url, 'ms');
      const to = await register(first.url, 'mr');
      await befriend(first.url, from, to);
      pairs.push([from, to]);
    }
    const confirmed = new Map<string, { id: string; text: string; pair: number }>();
    let unanswered = 0;
    let stop = false;
    const senders = pairs.map(([from, to], pair) =>
      (async () => {
        for (let n = 0; n < 29 && !stop; n++) {
          const text = `${pair}:${n}`;
          const answer = await call(first.url, 'POST', `/api/messages/${to.id}`, {
            token: from.token,
            body: { text },
            idempotencyKey: randomUUID(),
          });
          if (answer.status === 201) confirmed.set(text, { id: (answer.body as { id: string }).id, text, pair });
          else if (answer.status === 0) unanswered++;
          else throw new Error(`unexpected ${answer.status}: ${JSON.stringify(answer.body)}`);
        }
      })(),
    );
    await waitUntil('confirmed messages', async () => confirmed.size >= 60, 60_000, 10);
    first.child.kill('SIGKILL');
    const end = await first.exited;
    stop = true;
    await Promise.all(senders);
    expect(end.signal).toBe('SIGKILL');

    const second = await startApp({ ...env, PORT: String(first.port) });
    cleanups.push(() => stopApp(second, 'SIGKILL'));
    let stored = 0;
    for (const [pair, [from, to]] of pairs.entries()) {
      const thread = await call(second.url, 'GET', `/api/messages/${from.id}?limit=100`, { token: to.token });
      expect(thread.status).toBe(200);
      const texts = (thread.body as { data: { id: string; text: string }[] }).data.map((m) => m.text);
      // Each text once: nothing doubled.
      expect(new Set(texts).size).toBe(texts.length);
      stored += texts.length;
      for (const m of confirmed.values()) if (m.pair === pair) expect(texts, m.text).toContain(m.text);
    }
    console.info(
      `messages SIGKILL: ${confirmed.size} confirmed, ${unanswered} unanswered, ${stored} stored after restart`,
    );
    expect(stored).toBeGreaterThanOrEqual(confirmed.size);
    expect((await stopApp(second)).code).toBe(0);
  });
});
