import type { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { inBackground, queriesInTurns } from './turns';

/** A stand-in for PGlite that logs each statement as it runs (PGlite runs it synchronously). */
function fakePglite(log: string[]) {
  return {
    query: async (sql: string) => {
      if (sql === 'fail') throw new Error('syntax error');
      if (sql.startsWith('busy ')) {
        // Holds the thread as PGlite does while it runs a statement.
        const until = performance.now() + Number(sql.slice(5));
        while (performance.now() < until);
      }
      log.push(sql);
      return { rows: [] };
    },
    exec: async (sql: string) => {
      log.push(sql);
      return [];
    },
    transaction: async <T>(fn: (tx: { query(sql: string): Promise<unknown> }) => Promise<T>) =>
      fn({ query: async (sql: string) => log.push(`tx ${sql}`) }),
    ready: true,
  } as unknown as PGlite;
}

/** Logs "turn n" on each of the loop's next turns, like the socket reads between queries. */
function countTurns(log: string[], upTo: number) {
  let n = 0;
  const tick = () => {
    log.push(`turn ${++n}`);
    if (n < upTo) setImmediate(tick);
  };
  setImmediate(tick);
}

describe('queriesInTurns', () => {
  it('with no slice, runs queries started together on separate turns of the event loop, in order', async () => {
    const log: string[] = [];
    const db = queriesInTurns(fakePglite(log), 0);
    const all = Promise.all([db.query('a'), db.exec('b'), db.query('c')]);
    countTurns(log, 4);
    await all;
    await new Promise((r) => setImmediate(r));
    expect(log.filter((l) => !l.startsWith('turn'))).toEqual(['a', 'b', 'c']);
    // Never two queries in one turn: something else always ran between them.
    for (let i = 1; i < log.length; i++) {
      expect(log[i - 1]?.startsWith('turn') || log[i]?.startsWith('turn'), log.join(', ')).toBe(true);
    }
  });

  it('runs quick queries back to back within a slice', async () => {
    const log: string[] = [];
    const db = queriesInTurns(fakePglite(log), 1000);
    const all = Promise.all([db.query('a'), db.query('b'), db.query('c')]);
    countTurns(log, 2);
    await all;
    expect(log.slice(0, 3)).toEqual(['a', 'b', 'c']);
  });

  it('goes on after a failed query, and runs a transaction as one item with its statements inside', async () => {
    const log: string[] = [];
    const db = queriesInTurns(fakePglite(log));
    const failed = db.query('fail');
    const tx = db.transaction(async (t) => {
      await t.query('one');
      await t.query('two');
      return 'done';
    });
    const after = db.query('after');
    await expect(failed).rejects.toThrow('syntax error');
    expect(await tx).toBe('done');
    await after;
    expect(log).toEqual(['tx one', 'tx two', 'after']);
  });

  it("lets others' queries go before background work while it has waited less than its last item ran", async () => {
    const log: string[] = [];
    const db = queriesInTurns(fakePglite(log), 0);
    await inBackground(() => db.query('busy 30'));
    const bg = inBackground(() => db.query('background'));
    await Promise.all([db.query('a'), db.query('b'), bg]);
    expect(log.slice(1)).toEqual(['a', 'b', 'background']);
  });

  it('runs background work once it has waited twice as long as its last item ran, however many others wait', async () => {
    const log: string[] = [];
    const db = queriesInTurns(fakePglite(log), 0);
    await inBackground(() => db.query('busy 20'));
    // Four callers that always have a query waiting, each taking 5 ms, for 200 ms.
    const end = performance.now() + 200;
    const caller = async () => {
      while (performance.now() < end) await db.query('busy 5');
    };
    const callers = Promise.all([caller(), caller(), caller(), caller()]);
    await inBackground(() => db.query('background'));
    expect(performance.now()).toBeLessThan(end);
    await callers;
    expect(log).toContain('background');
  });

  it("starts background work only after a grace with no other query, so a request's next query goes first", async () => {
    const log: string[] = [];
    const db = queriesInTurns(fakePglite(log), 0, 50);
    await inBackground(() => db.query('busy 40'));
    await db.query('first');
    const bg = inBackground(() => db.query('background'));
    // The request's own JavaScript between its two queries.
    await new Promise((r) => setTimeout(r, 5));
    await db.query('second');
    await bg;
    expect(log.slice(1)).toEqual(['first', 'second', 'background']);
  });

  it('passes everything else through to PGlite itself', () => {
    const db = queriesInTurns(fakePglite([]));
    expect(db.ready).toBe(true);
  });
});
