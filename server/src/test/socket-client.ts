import type { ClientToServerEvents, ServerToClientEvents } from '@kinodost/contracts/events';
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
  token?: string,
  /** Called before connecting, to listen for the very first events (users:online). */
  beforeConnect?: (socket: TestSocket) => void,
): Promise<TestSocket> {
  const socket: TestSocket = io(url, {
    path: '/socket.io',
    auth: token === undefined ? {} : { token },
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

/** Resolves with the next `event` whose payload passes `match`, or rejects after `timeoutMs`. */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: TestSocket,
  event: E,
  match: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true,
  timeoutMs = 3000,
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

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
