import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { queryCloseness } from './text-query';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

// queryCloseness skips word_similarity when the query is in the text as whole words; it must
// answer word_similarity's own figure for every pair, the shortcut's and the others.
it.each([
  ['the land girls', 'the land girls seher  namelum rejissor', 1],
  ['mrs.', 'mrs. doubtfire gece  chris columbus', 1],
  ['a', 'a bug s life  john lasseter', 1],
  ['the lord of the rings', 'the lord of the rings: the two towers  peter jackson', 1],
  ['titan', 'titanic  james cameron', null],
  ['the', 'theatre of blood the  douglas hickox', 1],
  ['titanik', 'titanic  james cameron', null],
  ['qaranliq gece', 'seher qaranliq', null],
  ['cameron', 'titanic  james cameron', 1],
  ['', 'titanic', null],
] as const)('queryCloseness(%j, %j) is word_similarity', async (query, text, expected) => {
  const result = (await database.db.execute(
    sql`select ${queryCloseness(sql`${query}::text`, sql`${text}::text`)} as fast, word_similarity(${query}, ${text}) as exact`,
  )) as unknown as { rows: { fast: number; exact: number }[] };
  const rows = result.rows;
  const [row] = rows;
  expect(Number(row?.fast)).toBe(Number(row?.exact));
  if (expected !== null) expect(Number(row?.fast)).toBe(expected);
  else expect(Number(row?.fast)).toBeLessThan(1);
});
