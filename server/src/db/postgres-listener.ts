import pg from 'pg';

/** What a LISTEN connection reports (Database.listen). */
export interface ListenHandlers {
  /** A notification's payload. */
  onMessage(payload: string): void;
  /**
   * True once the connection listens; false when it is lost or found unresponsive, since
   * notifications sent meanwhile are lost. Called again with true after each reconnect.
   */
  onState(listening: boolean): void;
  onError?(err: Error): void;
}

export interface Listener {
  close(): Promise<void>;
}

/** Wait before connecting again after a loss (ms). */
const RETRY_MS = 1_000;
/** How often the connection is asked a trivial query, to find a silently dead one, and how long it may take (ms). */
const CHECK_EVERY_MS = 5_000;
const CHECK_TIMEOUT_MS = 5_000;

/**
 * LISTENs on `channel` over a connection of its own (a pooled one would be handed to other
 * queries), made with the pool's settings, and connects again after any loss. A connection that
 * dies without an error (a network cut) would stop delivering unnoticed, so it answers a trivial
 * query every few seconds or counts as lost.
 */
export function listenOnPostgres(config: pg.ClientConfig, channel: string, handlers: ListenHandlers): Listener {
  const onError = handlers.onError ?? (() => {});
  let closed = false;
  let current: pg.Client | undefined;
  let listening = false;
  let retry: NodeJS.Timeout | undefined;
  let check: NodeJS.Timeout | undefined;

  const setListening = (value: boolean) => {
    if (value === listening) return;
    listening = value;
    handlers.onState(value);
  };

  const lose = (client: pg.Client) => {
    if (current !== client) return;
    current = undefined;
    clearInterval(check);
    setListening(false);
    client.end().catch(() => {});
    if (!closed) retry = setTimeout(connect, RETRY_MS).unref();
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

  async function connect() {
    if (closed) return;
    // Named, so that an operator (or a test) can tell it in pg_stat_activity.
    const client = new pg.Client({ ...config, keepAlive: true, application_name: 'kinodost-listener' });
    current = client;
    client.on('notification', (n) => {
      if (n.channel === channel) handlers.onMessage(n.payload ?? '');
    });
    client.on('error', (err) => {
      onError(err);
      lose(client);
    });
    client.on('end', () => lose(client));
    try {
      await client.connect();
      await client.query(`listen "${channel.replaceAll('"', '""')}"`);
    } catch (err) {
      onError(err as Error);
      lose(client);
      return;
    }
    if (current !== client) return; // closed or lost meanwhile
    check = setInterval(() => checkAlive(client), CHECK_EVERY_MS).unref();
    setListening(true);
  }

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(check);
      const client = current;
      current = undefined;
      await client?.end().catch(() => {});
    },
  };
}
