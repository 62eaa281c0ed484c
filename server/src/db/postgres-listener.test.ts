import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../test/build-test-app';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { createPostgresListener, type ListenHandlers } from './postgres-listener';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

/** A follower that records what it hears and whether it is told it listens. */
const follower = () => {
  const heard: string[] = [];
  const state = { listening: false };
  const handlers: ListenHandlers = {
    onMessage: (payload) => heard.push(payload),
    onState: (listening) => {
      state.listening = listening;
    },
  };
  return { heard, state, handlers };
};

describe.runIf(process.env.TEST_DATABASE_URL)('the LISTEN connection', () => {
  const listenerPids = async () =>
    (
      await database.pool?.query<{ pid: number }>(
        `select pid from pg_stat_activity where application_name = 'kinodost-listener' and datname = current_database()`,
      )
    )?.rows.map((r) => r.pid) ?? [];
  const notify = (channel: string, payload: string) =>
    database.pool?.query('select pg_notify($1, $2)', [channel, payload]);

  it('is one connection for every channel followed, opened with the first and closed with the last', async () => {
    const listener = createPostgresListener({ connectionString: database.url });
    expect(await listenerPids()).toEqual([]);
    const [a, b] = [follower(), follower()];
    const first = listener.listen('kd_test_a', a.handlers);
    await eventually(async () => (a.state.listening ? true : undefined));
    // The second channel joins the connection that listens already.
    const second = listener.listen('kd_test_b', b.handlers);
    await eventually(async () => (b.state.listening ? true : undefined));
    expect(await listenerPids()).toHaveLength(1);

    await notify('kd_test_b', 'to b');
    await notify('kd_test_a', 'to a');
    await eventually(async () => (a.heard.length ? true : undefined));
    expect({ a: a.heard, b: b.heard }).toEqual({ a: ['to a'], b: ['to b'] });

    await first.close();
    expect(await listenerPids()).toHaveLength(1);
    await second.close();
    await eventually(async () => ((await listenerPids()).length === 0 ? true : undefined));
    await listener.close();
  });

  it('listens on every channel again after its connection is lost, and tells each follower', async () => {
    const listener = createPostgresListener({ connectionString: database.url });
    const [a, b] = [follower(), follower()];
    listener.listen('kd_test_a', a.handlers);
    listener.listen('kd_test_b', b.handlers);
    await eventually(async () => (a.state.listening && b.state.listening ? true : undefined));
    const [pid] = await listenerPids();
    await database.pool?.query('select pg_terminate_backend($1)', [pid]);
    await eventually(async () => (!a.state.listening && !b.state.listening ? true : undefined));
    await eventually(async () => (a.state.listening && b.state.listening ? true : undefined));
    expect(await listenerPids()).not.toContain(pid);
    await notify('kd_test_a', 'again');
    await notify('kd_test_b', 'again');
    await eventually(async () => (a.heard.length && b.heard.length ? true : undefined));
    await listener.close();
    await eventually(async () => ((await listenerPids()).length === 0 ? true : undefined));
  });
});
