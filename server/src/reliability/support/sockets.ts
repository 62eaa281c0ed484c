import type { ClientToServerEvents, ServerToClientEvents } from '@kinodost/contracts/events';
import { io, type Socket } from 'socket.io-client';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A socket.io client as the web app opens it (websocket, the member's token); resolves once connected. */
export function connect(url: string, token: string): Promise<ClientSocket> {
  const socket: ClientSocket = io(url, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error('socket did not connect within 10 s'));
    }, 10_000);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('connect_error', (err) => {
      clearTimeout(timer);
      socket.close();
      reject(err);
    });
  });
}

/**
 * Whether `socket` is told `userId` is online: it asks with user:lastSeen, and the
 * server answers user:online when that user is online, user:lastSeenResponse when not.
 */
export function seesOnline(socket: ClientSocket, userId: string, timeoutMs = 3000): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (online: boolean) => {
      clearTimeout(timer);
      socket.off('user:online', onOnline);
      socket.off('user:lastSeenResponse', onLastSeen);
      resolve(online);
    };
    const onOnline = (p: { userId: string }) => p.userId === userId && done(true);
    const onLastSeen = (p: { userId: string }) => p.userId === userId && done(false);
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.on('user:online', onOnline);
    socket.on('user:lastSeenResponse', onLastSeen);
    socket.emit('user:lastSeen', { userId });
  });
}
