import type { ClientToServerEvents, ServerToClientEvents, SocketAuth } from '@kinodost/contracts/events';
import type { Socket } from 'socket.io-client';
import { whenIdle } from '../when-idle';

/** The app's socket, typed by the shared event maps (contracts/src/events.ts). */
export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** docs/product.md#presence: the online heartbeat while the tab is visible. */
export const HEARTBEAT_MS = 4 * 60_000;
/** docs/product.md#presence: after the server closes the socket, reconnect this much later. */
export const SERVER_DISCONNECT_RECONNECT_MS = 1000;
/**
 * The server drops past ~20 events per 10 s per socket and cuts a flood, so last-seen requests
 * go out at most this many per sliding 10 s, leaving room for heartbeats and visibility changes.
 */
export const LAST_SEEN_PER_WINDOW = 8;
export const LAST_SEEN_WINDOW_MS = 10_000;

/**
 * socket.io-client options (docs/product.md#realtime-socket). The reconnection values are the library's
 * defaults, written out so they are visible: backoff 1 to 5 s, 20 s connect timeout.
 */
export const socketOptions = {
  path: '/socket.io',
  // A WebSocket at once, and long-polling only where it fails (a proxy that refuses WebSockets).
  // socket.io's default, polling first and then an upgrade, took four or five requests and three
  // long tasks on a phone before the WebSocket was up, and a page closed during the upgrade stayed
  // online until the server's heartbeat timeout (about 45 s).
  transports: ['websocket', 'polling'] as Array<'websocket' | 'polling'>,
  tryAllTransports: true,
  withCredentials: true,
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  timeout: 20_000,
} as const;

/** docs/product.md#realtime-socket: the same origin; in development, port 5000 on the local host. */
export const socketUrl = (dev: boolean = import.meta.env.DEV): string =>
  dev ? 'http://localhost:5000' : window.location.origin;

export type RealtimeEventHandlers = Partial<ServerToClientEvents>;

export interface RealtimeOptions {
  /** Our own id, sent with user:online / user:offline (the server takes it from the token anyway). */
  userId: string;
  /** Reads the stored token (localStorage 'token'); read at every (re)connect. */
  getToken: () => string | null;
  /**
   * The server's time from which the page's data was fetched (lib/first-request-time.ts), sent
   * with the first connect only: the server then says `realtime:resync` only if an event for this
   * member went out since. A reconnect sends none, so the server always says it then.
   */
  getSince?: () => number | undefined;
  onConnectedChange: (connected: boolean) => void;
  handlers: RealtimeEventHandlers;
}

export interface RealtimeConnection {
  /** Queue a `user:lastSeen` request (sent under the rate budget while connected). */
  requestLastSeen: (userId: string) => void;
  /** Tell friend `to` I am typing (dropped while offline: a stale notice is worthless). */
  sendTyping: (to: string) => void;
  /** Close for good: no reconnect, listeners removed. */
  close: () => void;
}

/**
 * One socket.io connection with the presence behaviour of docs/product.md#presence: announce online on connect,
 * when the tab becomes visible and every 4 minutes while visible; offline when the page unloads;
 * reconnect 1 s after a server disconnect with the token then in storage. socket.io-client is
 * imported here on demand, so visitors never download it.
 */
export function openRealtimeConnection(options: RealtimeOptions): RealtimeConnection {
  const { userId, getToken, getSince, onConnectedChange, handlers } = options;
  let socket: RealtimeSocket | null = null;
  let closed = false;
  let heartbeat: number | undefined;
  let reconnectTimer: number | undefined;
  let queueTimer: number | undefined;
  let leaving = false;
  const queue: string[] = [];
  const sentAt: number[] = [];

  // Never let socket.io buffer emits while offline: they would all go out at once on reconnect.
  const send = (event: keyof ClientToServerEvents, payload: { userId: string }) => {
    if (socket?.connected) socket.emit(event, payload);
  };
  const announceOnline = () => send('user:online', { userId });

  const flushQueue = () => {
    queueTimer = undefined;
    if (!socket?.connected) return;
    const now = Date.now();
    while (sentAt.length > 0 && now - (sentAt[0] ?? 0) >= LAST_SEEN_WINDOW_MS) sentAt.shift();
    while (queue.length > 0 && sentAt.length < LAST_SEEN_PER_WINDOW) {
      sentAt.push(now);
      send('user:lastSeen', { userId: queue.shift() as string });
    }
    if (queue.length > 0) queueTimer = window.setTimeout(flushQueue, (sentAt[0] ?? now) + LAST_SEEN_WINDOW_MS - now);
  };

  const startHeartbeat = () => {
    if (heartbeat === undefined) heartbeat = window.setInterval(announceOnline, HEARTBEAT_MS);
  };
  const stopHeartbeat = () => {
    window.clearInterval(heartbeat);
    heartbeat = undefined;
  };

  const onVisibility = () => {
    if (document.visibilityState === 'visible') {
      announceOnline();
      startHeartbeat();
    } else stopHeartbeat();
  };
  const onLeave = () => {
    if (leaving) return; // pagehide and beforeunload both fire on a normal unload
    leaving = true;
    send('user:offline', { userId });
  };
  // Back from the back/forward cache: the page is alive again.
  const onPageShow = (event: PageTransitionEvent) => {
    if (!event.persisted) return;
    leaving = false;
    announceOnline();
  };

  const refreshAuth = () => {
    if (socket) socket.auth = { token: getToken() ?? '' } satisfies SocketAuth;
  };

  const onConnect = () => {
    leaving = false;
    onConnectedChange(true);
    announceOnline();
    flushQueue();
  };
  const onDisconnect = (reason: string) => {
    onConnectedChange(false);
    queue.length = 0;
    window.clearTimeout(queueTimer);
    queueTimer = undefined;
    // The library reconnects by itself after any other reason; after this one it never does.
    if (reason === 'io server disconnect' && !closed) {
      window.clearTimeout(reconnectTimer);
      reconnectTimer = window.setTimeout(() => {
        reconnectTimer = undefined;
        const token = getToken();
        if (closed || !socket || !token) return;
        socket.auth = { token } satisfies SocketAuth;
        socket.connect();
      }, SERVER_DISCONNECT_RECONNECT_MS);
    }
  };

  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', onLeave);
  window.addEventListener('beforeunload', onLeave);
  window.addEventListener('pageshow', onPageShow);
  if (document.visibilityState === 'visible') startHeartbeat();

  // The socket waits for the page to settle (at most 2 s): the first view needs none of it, and
  // loading socket.io-client and connecting would otherwise compete with the page's own render.
  const cancelStart = whenIdle(() => {
    import('socket.io-client')
      .then(({ io }) => {
        const token = getToken();
        if (closed || !token) return;
        const since = getSince?.();
        const auth: SocketAuth = since === undefined ? { token } : { token, since };
        const created: RealtimeSocket = io(socketUrl(), { ...socketOptions, auth });
        socket = created;
        created.on('connect', onConnect);
        created.on('disconnect', onDisconnect);
        // The library's own reconnects also use the token now in storage (a password change
        // elsewhere in this browser replaces it).
        created.io.on('reconnect_attempt', refreshAuth);
        for (const [event, handler] of Object.entries(handlers)) {
          if (handler) created.on(event as keyof ServerToClientEvents, handler as never);
        }
      })
      .catch((error: unknown) => console.error('[realtime] could not load the socket client:', error));
  });

  return {
    requestLastSeen(target: string) {
      if (closed || queue.includes(target)) return;
      queue.push(target);
      if (queueTimer === undefined) flushQueue();
    },
    sendTyping(to: string) {
      if (socket?.connected) socket.emit('message:typing', { to });
    },
    close() {
      if (closed) return;
      closed = true;
      cancelStart();
      stopHeartbeat();
      window.clearTimeout(reconnectTimer);
      window.clearTimeout(queueTimer);
      queue.length = 0;
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onLeave);
      window.removeEventListener('beforeunload', onLeave);
      window.removeEventListener('pageshow', onPageShow);
      if (socket) {
        socket.io.off('reconnect_attempt', refreshAuth);
        socket.removeAllListeners();
        socket.disconnect();
        socket = null;
      }
      onConnectedChange(false);
    },
  };
}
