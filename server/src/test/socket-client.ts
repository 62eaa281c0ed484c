import type { ClientToServerEvents, ServerToClientEvents, SocketAuth } from '@kinodost/contracts/events';
import { io, type Socket } from 'socket.io-client';
import type { App } from '../app';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The base URL of an app listening on a random loopback port (listens on first call). */
export async function listenUrl(app: App): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** A real socket.io client; resolves once connected, rejects with the server's refusal. */
export function connectSocket(
  url: string,
  /** The token, or the whole handshake auth data. */
  token?: string | SocketAuth,
  /** Called before connecting, to listen for the very first events (users:online). */
  beforeConnect?: (socket: TestSocket) => void,
): Promise<TestSocket> {
  const socket: TestSocket = io(url, {
    path: '/socket.io',
    auth: token === undefined ? {} : typeof token === 'string' ? { token } : token,
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  beforeConnect?.(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/**
 * Resolves with the next `event` whose payload passes `match`, or rejects after `timeoutMs`:
 * long enough for a loaded machine, where an answer that takes a database query can take
 * seconds; a lost event still fails before the test's own timeout.
 */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: TestSocket,
  event: E,
  match: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true,
  timeoutMs = 20_000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener as never);
      reject(new Error(`no ${String(event)} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: Parameters<ServerToClientEvents[E]>[0]) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener as never);
      resolve(payload);
    };
    socket.on(event, listener as never);
  });
}

/** Collects every `event` a socket receives, to assert that something did NOT arrive. */
export function record<E extends keyof ServerToClientEvents>(socket: TestSocket, event: E) {
  const seen: Parameters<ServerToClientEvents[E]>[0][] = [];
  socket.on(event, ((p: Parameters<ServerToClientEvents[E]>[0]) => seen.push(p)) as never);
  return seen;
}

/**
 * A round trip on `socket`: asks for `userId`'s presence (user:lastSeen) and resolves with the
 * answer, 'online' or the last-seen time. The server writes to a socket in order and handles its
 * events in order, so all it had sent this socket before it read the question has arrived by
 * then: tests wait on this, not on a pause, before asserting that something did NOT arrive.
 * The socket joins the watchers of `userId`.
 */
export function roundTrip(socket: TestSocket, userId: string): Promise<'online' | string | null> {
  const answer = new Promise<'online' | string | null>((resolve) => {
    const online = (p: { userId: string }) => {
      if (p.userId !== userId) return;
      stop();
      resolve('online');
    };
    const seen = (p: { userId: string; lastSeen: string | null }) => {
      if (p.userId !== userId) return;
      stop();
      resolve(p.lastSeen);
    };
    const stop = () => {
      socket.off('user:online', online);
      socket.off('user:lastSeenResponse', seen);
    };
    socket.on('user:online', online);
    socket.on('user:lastSeenResponse', seen);
  });
  socket.emit('user:lastSeen', { userId });
  return answer;
}

/** A promise and the function that resolves it: a gate a test opens, or an event it awaits. */
export function signal<T = void>(): [Promise<T>, (value: T) => void] {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return [promise, resolve];
}
