import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withNamedStatements } from './pglite-statements';

let raw: PGlite;
let db: PGlite;

/**
 * The SQL texts PostgreSQL holds as named statements on this connection, in text order:
 * WebAssembly's clock ticks in milliseconds, so prepare_time ties on a fast machine.
 */
const prepared = async () =>
  (await raw.query<{ statement: string }>('select statement from pg_prepared_statements order by statement')).rows.map(
    (r) => r.statement,
  );

beforeAll(async () => {
  raw = await PGlite.create();
});
afterAll(() => raw.close());
// Each test starts from an empty table, no named statement and a new wrapper holding at most two.
beforeEach(async () => {
  await raw.exec(`drop table if exists films; deallocate all;
    create table films (id int primary key, title text not null, seen timestamptz, tags text[])`);
  db = withNamedStatements(raw, 2);
});

const insert = 'insert into films (id, title, seen, tags) values ($1, $2, $3, $4) returning id';
const byId = 'select id, title, seen, tags from films where id = $1';

describe('withNamedStatements', () => {
  it('runs a text the first time as PGlite does and names it from the second', async () => {
    await db.query(insert, [1, 'Nabat', new Date('2024-05-01T10:00:00Z'), ['dram']]);
    expect(await prepared()).toEqual([]);
    await db.query(insert, [2, 'Ölü zona', null, null]);
    expect(await prepared()).toEqual([insert]);
  });

  it('answers exactly as PGlite itself: rows, fields, row modes, parsers, affected rows', async () => {
    const seen = new Date('2024-05-01T10:00:00Z');
    for (let id = 1; id <= 3; id++) await db.query(insert, [id, `Film ${id}`, seen, ['dram', 'tarix']]);
    const asIs = { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (value: string) => value } };
    for (const options of [undefined, asIs]) {
      for (let i = 0; i < 3; i++) {
        const named = await db.query(byId, [2], options);
        const own = await raw.query(byId, [2], options);
        expect(named).toEqual(own);
      }
    }
    expect((await db.query(byId, [2])).rows).toEqual([{ id: 2, title: 'Film 2', seen, tags: ['dram', 'tarix'] }]);
    const update = 'update films set title = $1 where id > $2';
    await db.query(update, ['x', 0]);
    expect((await db.query(update, ['y', 1])).affectedRows).toBe(2);
    expect(await prepared()).toContain(update);
  });

  it("throws PostgreSQL's error and carries on", async () => {
    for (let i = 0; i < 2; i++) await db.query(insert, [10 + i, 'a', null, null]);
    const failure = await db.query(insert, [10, 'again', null, null]).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: '23505', constraint: 'films_pkey' });
    const badValue = await db.query(byId, ['not a number']).catch((error: unknown) => error);
    expect(badValue).toMatchObject({ code: '22P02' });
    expect((await db.query(byId, [11])).rows).toHaveLength(1);
  });

  it('leaves SQL that does not parse to PGlite, which reports it', async () => {
    for (let i = 0; i < 3; i++) {
      await expect(db.query('select from from films')).rejects.toMatchObject({ code: '42601' });
    }
    expect((await db.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('keeps at most its limit of statements, closing the least recently used', async () => {
    const texts = ['select 1 as n', 'select 2 as n', 'select 3 as n'] as const;
    for (const text of [texts[0], texts[0], texts[1], texts[1], texts[0], texts[2], texts[2]]) await db.query(text);
    expect(await prepared()).toEqual([texts[0], texts[2]]);
    expect((await db.query(texts[1])).rows).toEqual([{ n: 2 }]);
  });

  it('forgets a statement whose table changed shape, so the text runs again', async () => {
    const all = 'select * from films';
    await db.query(all);
    await db.query(all);
    await raw.exec('alter table films add column year int');
    await expect(db.query(all)).rejects.toMatchObject({ code: '0A000' });
    expect((await db.query(all)).fields.map((f) => f.name)).toContain('year');
  });

  it('waits for a transaction in progress, as PGlite does, instead of running inside it', async () => {
    const count = 'select count(*)::int as n from films';
    await db.query(count);
    await db.query(count);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tx = raw.transaction(async (t) => {
      await t.query(insert, [1, 'a', null, null]);
      await held;
      await t.query('select pg_sleep(0)');
      throw new Error('rolled back');
    });
    const during = db.query<{ n: number }>(count);
    release();
    await expect(tx).rejects.toThrow('rolled back');
    expect((await during).rows).toEqual([{ n: 0 }]);
  });

  it("names a transaction's repeated queries too, and they outlive a rollback", async () => {
    const rolledBack = db.transaction(async (tx) => {
      for (let id = 1; id <= 3; id++) await tx.query(insert, [id, `Film ${id}`, null, ['dram']]);
      expect((await tx.query<{ n: number }>('select count(*)::int as n from films')).rows).toEqual([{ n: 3 }]);
      throw new Error('rolled back');
    });
    await expect(rolledBack).rejects.toThrow('rolled back');
    expect((await raw.query('select * from films')).rows).toEqual([]);
    expect(await prepared()).toEqual([insert]);
    const seen = new Date('2024-05-01T10:00:00Z');
    const inside = await db.transaction(async (tx) => {
      await tx.query(insert, [4, 'Nabat', seen, null]);
      return tx.query(byId, [4]);
    });
    expect(inside).toEqual(await raw.query(byId, [4]));
    expect(inside.rows).toEqual([{ id: 4, title: 'Nabat', seen, tags: null }]);
  });

  it("a named statement's error in a transaction rolls it back with PostgreSQL's error", async () => {
    await db.transaction(async (tx) => {
      await tx.query(insert, [1, 'a', null, null]);
      await tx.query(insert, [2, 'b', null, null]);
    });
    const failed = db.transaction(async (tx) => {
      await tx.query(insert, [3, 'c', null, null]);
      await tx.query(insert, [1, 'again', null, null]);
    });
    await expect(failed).rejects.toMatchObject({ code: '23505', constraint: 'films_pkey' });
    expect((await raw.query('select id from films order by id')).rows).toEqual([{ id: 1 }, { id: 2 }]);
    expect(await prepared()).toEqual([insert]);
  });

  it('a text that stops parsing inside a transaction fails it with the reason, not as an aborted transaction', async () => {
    const titles = 'select title from films';
    await db.query(titles);
    await raw.exec('alter table films rename column title to name');
    const failed = db.transaction(async (tx) => {
      await tx.query(titles);
    });
    await expect(failed).rejects.toMatchObject({ code: '42703' });
    expect((await db.query('select count(*)::int as n from films')).rows).toEqual([{ n: 0 }]);
  });
  it('parses a statement afresh once it has lived its time, so its plan follows the tables', async () => {
    db = withNamedStatements(raw, 2, 50);
    const count = 'select count(*)::int as n from films';
    const names = async () => (await raw.query<{ name: string }>('select name from pg_prepared_statements')).rows;
    await db.query(count);
    await db.query(count);
    const [first] = await names();
    await db.query(count);
    expect(await names()).toEqual([first]);
    await new Promise((r) => setTimeout(r, 60));
    expect((await db.query(count)).rows).toEqual([{ n: 0 }]);
    const after = await names();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toEqual(first);
  });
});
