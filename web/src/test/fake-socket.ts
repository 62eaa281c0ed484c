import { vi } from 'vitest';

type Listener = (...args: unknown[]) => void;

class Emitter {
  readonly listeners = new Map<string, Set<Listener>>();
  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(listener);
    return this;
  }
  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }
  removeAllListeners() {
    this.listeners.clear();
    return this;
  }
  protected fire(event: string, ...args: unknown[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }
}

/** socket.io-client's Manager, as far as the app uses it (reconnect_attempt). */
export class FakeManager extends Emitter {
  reconnectAttempt() {
    this.fire('reconnect_attempt', 1);
  }
}

/**
 * A stand-in for socket.io-client's Socket at the module edge: records what the client emits and
 * lets a test play the server (connect, disconnect with a reason, send events). Like the real
 * one it never connects by itself in a test.
 */
export class FakeSocket extends Emitter {
  connected = false;
  auth: Record<string, unknown>;
  readonly io = new FakeManager();
  /** Every client emit, in order. */
  readonly emitted: Array<[string, unknown]> = [];
  connectCalls = 0;
  disconnectCalls = 0;

  constructor(
    readonly url: string,
    readonly options: Record<string, unknown>,
  ) {
    super();
    this.auth = (options.auth as Record<string, unknown>) ?? {};
  }

  emit(event: string, payload?: unknown) {
    this.emitted.push([event, payload]);
    return this;
  }
  connect() {
    this.connectCalls++;
    return this;
  }
  disconnect() {
    this.disconnectCalls++;
    if (this.connected) this.serverDisconnect('io client disconnect');
    return this;
  }

  /** What the client sent under one event name. */
  sent(event: string): unknown[] {
    return this.emitted.filter(([name]) => name === event).map(([, payload]) => payload);
  }
  /** The handshake succeeded. */
  serverConnect() {
    this.connected = true;
    this.fire('connect');
  }
  serverDisconnect(reason = 'io server disconnect') {
    this.connected = false;
    this.fire('disconnect', reason);
  }
  /** An event from the server (with no payload for those that carry none). */
  serverSend(event: string, ...payload: [unknown?]) {
    this.fire(event, ...payload);
  }
}

/** Every socket the app created in the current test, newest last. */
export const fakeSockets: FakeSocket[] = [];

/** The mocked `io` factory (see setup.ts). */
export const fakeIo = vi.fn((url: string, options: Record<string, unknown>) => {
  const socket = new FakeSocket(url, options);
  fakeSockets.push(socket);
  return socket;
});
