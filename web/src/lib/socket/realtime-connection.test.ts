import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeSocket, fakeIo, fakeSockets } from '../../test/fake-socket';
import {
  HEARTBEAT_MS,
  LAST_SEEN_PER_WINDOW,
  LAST_SEEN_WINDOW_MS,
  openRealtimeConnection,
  type RealtimeConnection,
  socketUrl,
} from './realtime-connection';

const me = '0f8fad5b-d9cb-469f-a165-70867728950e';
const other = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

let visibility: DocumentVisibilityState = 'visible';
const setVisibility = (state: DocumentVisibilityState) => {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
};

let token: string | null = 'token-1';
let since: number | undefined;
let connection: RealtimeConnection | null = null;
const connectedChanges: boolean[] = [];

/** Opens a connection and waits for the page to be idle and socket.io-client to be "downloaded". */
async function open(handlers = {}): Promise<FakeSocket> {
  connection = openRealtimeConnection({
    userId: me,
    getToken: () => token,
    getSince: () => since,
    onConnectedChange: (connected) => connectedChanges.push(connected),
    handlers,
  });
  await vi.advanceTimersByTimeAsync(0); // jsdom has no requestIdleCallback: whenIdle's fallback
  await vi.dynamicImportSettled();
  const socket = fakeSockets.at(-1);
  if (!socket) throw new Error('no socket was created');
  return socket;
}

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  token = 'token-1';
  since = undefined;
  connectedChanges.length = 0;
});

afterEach(() => {
  connection?.close();
  connection = null;
  vi.useRealTimers();
});

describe('the realtime connection', () => {
  it('connects to the same origin in production and to localhost:5000 in development', () => {
    expect(socketUrl(false)).toBe(window.location.origin);
    expect(socketUrl(true)).toBe('http://localhost:5000');
  });

  it('opens a WebSocket first and sends the stored token in its auth data, with credentials and the library backoff written out', async () => {
    await open();
    expect(fakeIo).toHaveBeenLastCalledWith(socketUrl(), {
      path: '/socket.io',
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      auth: { token: 'token-1' },
      withCredentials: true,
      reconnection: true,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      timeout: 20_000,
    });
  });

  it('loads socket.io-client and connects only once the page is idle', async () => {
    const before = fakeSockets.length;
    connection = openRealtimeConnection({
      userId: me,
      getToken: () => token,
      onConnectedChange: () => {},
      handlers: {},
    });
    await vi.dynamicImportSettled();
    expect(fakeSockets.length).toBe(before);
    await vi.advanceTimersByTimeAsync(0);
    await vi.dynamicImportSettled();
    expect(fakeSockets.length).toBe(before + 1);
  });

  it('creates no socket when it is closed before socket.io-client has loaded', async () => {
    connection = openRealtimeConnection({
      userId: me,
      getToken: () => token,
      onConnectedChange: () => {},
      handlers: {},
    });
    connection.close();
    await vi.advanceTimersByTimeAsync(0);
    await vi.dynamicImportSettled();
    expect(fakeSockets).toHaveLength(0);
  });

  it('announces user:online on connect and reports the connected state', async () => {
    const socket = await open();
    expect(socket.emitted).toEqual([]);
    socket.serverConnect();
    expect(socket.sent('user:online')).toEqual([{ userId: me }]);
    expect(connectedChanges).toEqual([true]);
    socket.serverDisconnect('transport close');
    expect(connectedChanges).toEqual([true, false]);
  });

  it('beats every 4 minutes while visible, not while hidden, and announces online on becoming visible', async () => {
    const socket = await open();
    socket.serverConnect();
    const beats = () => socket.sent('user:online').length;
    expect(beats()).toBe(1);
    vi.advanceTimersByTime(HEARTBEAT_MS - 1);
    expect(beats()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(beats()).toBe(2);
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(beats()).toBe(3);

    setVisibility('hidden');
    vi.advanceTimersByTime(3 * HEARTBEAT_MS);
    expect(beats()).toBe(3);
    expect(socket.sent('user:offline')).toEqual([]); // hidden is not gone

    setVisibility('visible');
    expect(beats()).toBe(4);
    expect(socket.emitted.at(-1)).toEqual(['user:online', { userId: me }]);
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(beats()).toBe(5);
  });

  it('starts without a heartbeat when opened in a hidden tab', async () => {
    visibility = 'hidden';
    const socket = await open();
    socket.serverConnect();
    vi.advanceTimersByTime(2 * HEARTBEAT_MS);
    expect(socket.sent('user:online')).toHaveLength(1); // the connect announcement only
  });

  it('never queues emits while disconnected (no burst on reconnect)', async () => {
    const socket = await open();
    vi.advanceTimersByTime(HEARTBEAT_MS);
    setVisibility('hidden');
    setVisibility('visible');
    expect(socket.emitted).toEqual([]);
  });

  it.each(['pagehide', 'beforeunload'])('announces user:offline once on %s', async (event) => {
    const socket = await open();
    socket.serverConnect();
    window.dispatchEvent(new Event(event));
    window.dispatchEvent(new Event(event === 'pagehide' ? 'beforeunload' : 'pagehide'));
    expect(socket.sent('user:offline')).toEqual([{ userId: me }]);
  });

  it('reconnects 1 second after a server disconnect, with the token now in storage', async () => {
    const socket = await open();
    socket.serverConnect();
    token = 'token-2'; // a password change on this device stored a new one
    socket.serverDisconnect('io server disconnect');
    vi.advanceTimersByTime(999);
    expect(socket.connectCalls).toBe(0);
    vi.advanceTimersByTime(1);
    expect(socket.connectCalls).toBe(1);
    expect(socket.auth).toEqual({ token: 'token-2' });
    expect(fakeSockets).toHaveLength(1); // the same socket, not a second one
  });

  it.each(['transport close', 'ping timeout', 'transport error', 'io client disconnect'])(
    'leaves reconnecting after "%s" to the library',
    async (reason) => {
      const socket = await open();
      socket.serverConnect();
      socket.serverDisconnect(reason);
      vi.advanceTimersByTime(10_000);
      expect(socket.connectCalls).toBe(0);
    },
  );

  it('sends the time the page fetched from (`since`) with the first connect only: a reconnect has missed events since', async () => {
    since = 1_795_000_000_000;
    const socket = await open();
    expect(socket.auth).toEqual({ token: 'token-1', since });
    socket.serverConnect();
    socket.serverDisconnect('transport close');
    socket.io.reconnectAttempt();
    expect(socket.auth).toEqual({ token: 'token-1' });
    socket.serverConnect();
    socket.serverDisconnect('io server disconnect');
    vi.advanceTimersByTime(1000);
    expect(socket.auth).toEqual({ token: 'token-1' });
  });

  it("the library's own reconnect attempts pick up the token now in storage", async () => {
    const socket = await open();
    token = 'token-3';
    socket.io.reconnectAttempt();
    expect(socket.auth).toEqual({ token: 'token-3' });
  });

  it('does not reconnect after a server disconnect once the token is gone, nor once closed', async () => {
    const socket = await open();
    socket.serverConnect();
    token = null;
    socket.serverDisconnect('io server disconnect');
    vi.advanceTimersByTime(5000);
    expect(socket.connectCalls).toBe(0);

    token = 'token-1';
    socket.serverConnect();
    socket.serverDisconnect('io server disconnect');
    connection?.close();
    vi.advanceTimersByTime(5000);
    expect(socket.connectCalls).toBe(0);
  });

  it('close disconnects, stops the heartbeat and the page listeners', async () => {
    const socket = await open();
    socket.serverConnect();
    connection?.close();
    expect(socket.disconnectCalls).toBe(1);
    expect(connectedChanges.at(-1)).toBe(false);
    const before = socket.emitted.length;
    vi.advanceTimersByTime(2 * HEARTBEAT_MS);
    setVisibility('visible');
    window.dispatchEvent(new Event('pagehide'));
    expect(socket.emitted).toHaveLength(before);
  });

  it('passes server events to the handlers', async () => {
    const onOnline = vi.fn();
    const onList = vi.fn();
    const socket = await open({ 'user:online': onOnline, 'users:online': onList });
    socket.serverSend('users:online', [other(1)]);
    socket.serverSend('user:online', { userId: other(2) });
    expect(onList).toHaveBeenCalledWith([other(1)]);
    expect(onOnline).toHaveBeenCalledWith({ userId: other(2) });
  });

  it('sends last-seen requests under the rate budget, each user once while queued', async () => {
    const socket = await open();
    socket.serverConnect();
    const ids = Array.from({ length: 20 }, (_, n) => other(n));
    for (const id of ids) connection?.requestLastSeen(id);
    connection?.requestLastSeen(ids[19] as string); // already queued
    expect(socket.sent('user:lastSeen')).toHaveLength(LAST_SEEN_PER_WINDOW);
    vi.advanceTimersByTime(LAST_SEEN_WINDOW_MS - 1);
    expect(socket.sent('user:lastSeen')).toHaveLength(LAST_SEEN_PER_WINDOW);
    vi.advanceTimersByTime(1);
    expect(socket.sent('user:lastSeen')).toHaveLength(2 * LAST_SEEN_PER_WINDOW);
    vi.advanceTimersByTime(LAST_SEEN_WINDOW_MS);
    expect(socket.sent('user:lastSeen')).toEqual(ids.map((userId) => ({ userId })));
  });
});
