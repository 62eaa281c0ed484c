import { type PGlite, parse, protocol as pgProtocol, type QueryOptions, type Results } from '@electric-sql/pglite';
import { overridingPglite } from './pglite-overrides';

const protocol = pgProtocol.serialize;

/** How many SQL texts keep a named statement; past it the least recently used is closed. */
const MAX_STATEMENTS = 256;
/** How many SQL texts run once are remembered (for their second run) before the memory starts over. */
const MAX_SEEN_ONCE = 4096;
/**
 * How long a named statement is kept before it is parsed afresh. PostgreSQL keeps a statement's
 * generic plan, made from the table sizes of its first runs; PGlite has no autovacuum to tell it
 * that a table grew since, so a new install's plans, made on empty tables (a sequential scan of
 * an empty table costs nothing), would stay until a restart (docs/benchmarks.md, "Import").
 */
const STATEMENT_LIFE_MS = 60_000;

interface Statement {
  name: string;
  /** The type of each $n, as PostgreSQL inferred it: PGlite's serializers turn values into text by it. */
  paramTypes: number[];
  preparedAt: number;
}

/** Protocol messages sent together, in one call into the backend. */
const concat = (...parts: Uint8Array[]): Uint8Array => Buffer.concat(parts);

/**
 * PGlite with its repeated queries as named prepared statements.
 *
 * PGlite's query() sends each call as the extended protocol's unnamed statement: PostgreSQL parses
 * and plans the SQL again every time, in five calls into the WASM backend. The app's reads are a
 * few SQL texts run over and over (db/prepared.ts), so a text seen a second time is parsed once
 * under a name, and each later call is one batch of Bind, Describe, Execute and Sync, whose plan
 * PostgreSQL caches as it does on a pooled connection: parsing and planning were half of a read's
 * time on PGlite (docs/benchmarks.md, "Measurements behind the code"). A transaction's own queries
 * (tx.query) take the same path: an import's batches run the same few texts thousands of times,
 * and a named statement outlives the transaction that parsed it, whether it commits or not.
 * Results, errors and the value serializers are PGlite's own; queries with options this path does
 * not mirror (blobs, explicit parameter types or serializers) take PGlite's own path.
 */
export function withNamedStatements(
  client: PGlite,
  maxStatements = MAX_STATEMENTS,
  lifeMs = STATEMENT_LIFE_MS,
): PGlite {
  const statements = new Map<string, Statement>();
  const seenOnce = new Set<string>();
  let lastId = 0;

  const send = (message: Uint8Array, options?: QueryOptions) =>
    client.execProtocolStream(message, { syncToFs: false, onNotice: options?.onNotice });
  const close = (name: string) => send(concat(protocol.close({ type: 'S', name }), protocol.sync()));

  /**
   * Parses `text` under a new name; undefined when it does not parse (PGlite's path then reports
   * why), except in a transaction, which the failure has aborted: there the error is thrown.
   */
  const prepare = async (text: string, inTransaction: boolean): Promise<Statement | undefined> => {
    const name = `kinodost_${++lastId}`;
    let messages: Awaited<ReturnType<typeof send>>;
    try {
      messages = await send(
        concat(protocol.parse({ name, text }), protocol.describe({ type: 'S', name }), protocol.sync()),
      );
    } catch (error) {
      if (inTransaction) throw error;
      return undefined;
    }
    if (statements.size >= maxStatements) {
      const [oldText, oldest] = statements.entries().next().value as [string, Statement];
      statements.delete(oldText);
      await close(oldest.name);
    }
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      preparedAt: performance.now(),
    };
    statements.set(text, statement);
    return statement;
  };

  /** The statement for `text` on its second run and after; undefined on its first. */
  const statementFor = async (text: string, inTransaction: boolean): Promise<Statement | undefined> => {
    const known = statements.get(text);
    if (known && performance.now() - known.preparedAt > lifeMs) {
      statements.delete(text);
      await close(known.name);
      return prepare(text, inTransaction);
    }
    if (known) {
      // Most recently used last: the first entry is the one to close when the map is full.
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    if (!seenOnce.delete(text)) {
      if (seenOnce.size >= MAX_SEEN_ONCE) seenOnce.clear();
      seenOnce.add(text);
      return undefined;
    }
    return prepare(text, inTransaction);
  };

  const run = async <T>(
    statement: Statement,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> => {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialize = client.serializers[statement.paramTypes[i] ?? 0];
      return serialize ? serialize(value) : String(value);
    });
    const messages = await send(
      concat(
        protocol.bind({ statement: statement.name, values }),
        protocol.describe({ type: 'P' }),
        protocol.execute({}),
        protocol.sync(),
      ),
      options,
    );
    // As PGlite's own query() does outside a transaction (a no-op on the Node file system).
    if (!inTransaction) await client.syncToFs();
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  };

  /** One query by its named statement, once the caller holds the connection; undefined on a text's first run. */
  const named = async <T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T> | undefined> =>
    client._runExclusiveQuery(async () => {
      const statement = await statementFor(text, inTransaction);
      if (!statement) return undefined;
      try {
        return await run<T>(statement, params, options, inTransaction);
      } catch (error) {
        // A table changed under the statement so that its rows would change shape: PostgreSQL
        // refuses to run it. Forgotten here, the text is prepared afresh on a later run.
        if ((error as { code?: string }).code === '0A000' && statements.get(text) === statement) {
          statements.delete(text);
          // In a transaction the error aborted, the close may fail: the unused name then stays
          // with the session, which is harmless.
          await close(statement.name).catch(() => {});
        }
        throw error;
      }
    });

  const mirrors = (options?: QueryOptions) => !(options?.blob || options?.paramTypes || options?.serializers);

  const query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    if (!mirrors(options)) return client.query<T>(text, params, options);
    await client._checkReady();
    // The same locks as PGlite's query(): after any open transaction, one protocol exchange at a time.
    const result = await client._runExclusiveTransaction(() => named<T>(text, params, options, false));
    return result ?? client.query<T>(text, params, options);
  };

  const transaction: PGlite['transaction'] = (fn) =>
    client.transaction((tx) => {
      const txQuery: typeof tx.query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
        if (tx.closed) throw new Error('Transaction is closed');
        const result = mirrors(options) ? await named<T>(text, params, options, true) : undefined;
        return result ?? tx.query<T>(text, params, options);
      };
      // PGlite's transaction object is a plain one; only its query changes.
      return fn({
        ...tx,
        query: txQuery,
        get closed() {
          return tx.closed;
        },
      });
    });

  return overridingPglite(client, { query, transaction });
}
