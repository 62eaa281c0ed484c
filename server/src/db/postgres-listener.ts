import pg from 'pg';

/** What a LISTEN connection reports to one follower of a channel (Database.listen). */
export interface ListenHandlers {
  /** A notification's payload. */
  onMessage(payload: string): void;
  /**
   * True once the connection listens on the channel; false when it is lost or found unresponsive,
   * since notifications sent meanwhile are lost. Called again with true after each reconnect.
   */
  onState(listening: boolean): void;
  onError?(err: Error): void;
}

export interface Listener {
  close(): Promise<void>;
}

/** The one LISTEN connection of a process, shared by every channel it follows. */
export interface PostgresListener {
  listen(channel: string, handlers: ListenHandlers): Listener;
  close(): Promise<void>;
}

/** Wait before connecting again after a loss (ms). */
const RETRY_MS = 1_000;
/** How often the connection is asked a trivial query, to find a silently dead one, and how long it may take (ms). */
const CHECK_EVERY_MS = 5_000;
const CHECK_TIMEOUT_MS = 5_000;

const listenSql = (channel: string) => `listen "${channel.replaceAll('"', '""')}"`;

/**
 * LISTENs on the channels followed over a connection of its own (a pooled one would be handed to
 * other queries), made with the pool's settings, opened with the first follower and closed with
 * the last, and connects again after any loss. A connection that dies without an error (a network
 * cut) would stop delivering unnoticed, so it answers a trivial query every few seconds or counts
 * as lost.
 */
export function createPostgresListener(config: pg.ClientConfig): PostgresListener {
  const followers = new Map<string, Set<ListenHandlers>>();
  let closed = false;
  let current: pg.Client | undefined;
  /** The channels `current` listens on. */
  let heard = new Set<string>();
  /** Whether `current` listens on every channel it was asked to (and its followers were told). */
  let listening = false;
  let retry: NodeJS.Timeout | undefined;
  let check: NodeJS.Timeout | undefined;

  const everyFollower = (fn: (handlers: ListenHandlers) => void) => {
    for (const set of followers.values()) for (const handlers of set) fn(handlers);
  };

  const lose = (client: pg.Client) => {
    if (current !== client) return;
    current = undefined;
    clearInterval(check);
    if (listening) {
      listening = false;
      everyFollower((handlers) => handlers.onState(false));
    }
    client.end().catch(() => {});
    if (!closed && followers.size > 0) retry = setTimeout(connect, RETRY_MS).unref();
  };

  const checkAlive = (client: pg.Client) => {
    const timeout = setTimeout(() => lose(client), CHECK_TIMEOUT_MS).unref();
    client.query('select 1').then(
      () => clearTimeout(timeout),
      () => {
        clearTimeout(timeout);
        lose(client);
      },
    );
  };

  const reportError = (err: Error) => everyFollower((handlers) => handlers.onError?.(err));

  async function connect() {
    retry = undefined;
    if (closed || followers.size === 0) return;
    // Named, so that an operator (or a test) can tell it in pg_stat_activity.
    const client = new pg.Client({ ...config, keepAlive: true, application_name: 'kinodost-listener' });
    current = client;
    heard = new Set();
    client.on('notification', (n) => {
      for (const handlers of followers.get(n.channel) ?? []) handlers.onMessage(n.payload ?? '');
    });
    client.on('error', (err) => {
      reportError(err);
      lose(client);
    });
    client.on('end', () => lose(client));
    try {
      await client.connect();
      if (current !== client) return void client.end().catch(() => {}); // closed meanwhile
      // Channels followed while these run are listened to as well before anyone is told.
      const unheard = () => [...followers.keys()].filter((channel) => !heard.has(channel));
      for (let missing = unheard(); missing.length; missing = unheard()) {
        for (const channel of missing) {
          await client.query(listenSql(channel));
          heard.add(channel);
        }
      }
    } catch (err) {
      reportError(err as Error);
      lose(client);
      return;
    }
    if (current !== client) return; // closed or lost meanwhile
    check = setInterval(() => checkAlive(client), CHECK_EVERY_MS).unref();
    listening = true;
    everyFollower((handlers) => handlers.onState(true));
  }

  /** A follower joining a connection that already listens: its channel first, if new. */
  const join = (client: pg.Client, channel: string, handlers: ListenHandlers) => {
    const told = () => {
      if (current === client && followers.get(channel)?.has(handlers)) handlers.onState(true);
    };
    if (heard.has(channel)) return told();
    client.query(listenSql(channel)).then(
      () => {
        heard.add(channel);
        told();
      },
      (err: Error) => {
        reportError(err);
        lose(client);
      },
    );
  };

  const stop = async () => {
    clearTimeout(retry);
    retry = undefined;
    clearInterval(check);
    const client = current;
    current = undefined;
    listening = false;
    await client?.end().catch(() => {});
  };

  return {
    listen(channel, handlers) {
      const set = followers.get(channel) ?? new Set();
      followers.set(channel, set);
      set.add(handlers);
      if (closed) {
        // Nothing will be heard: the follower stays as it starts, not listening.
      } else if (listening && current) {
        join(current, channel, handlers);
      } else if (!current && !retry) {
        void connect();
      }
      // Otherwise connecting, or waiting to: it listens on every channel followed by then.
      return {
        async close() {
          set.delete(handlers);
          if (set.size === 0) followers.delete(channel);
          if (followers.size === 0) await stop();
        },
      };
    },
    async close() {
      closed = true;
      followers.clear();
      await stop();
    },
  };
}
