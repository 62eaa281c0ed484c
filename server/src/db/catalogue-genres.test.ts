import { GENRES, GENRES_FROM_ENGLISH, toCatalogueGenres } from '@kinodost/contracts/genres';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database';

/** Migration 0013's kd_catalogue_genres is contracts/src/genres.ts toCatalogueGenres in SQL: the two must agree. */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const inSql = async (cases: string[][]): Promise<string[][]> => {
  const result = (await database.db.execute(
    sql`select kd_catalogue_genres(array(select jsonb_array_elements_text(c))) as genres
        from jsonb_array_elements(${JSON.stringify(cases)}::jsonb) with ordinality as t(c, n) order by n`,
  )) as unknown as { rows: { genres: string[] }[] };
  return result.rows.map((r) => r.genres);
};

it('maps every known name, in every spelling, as toCatalogueGenres does', async () => {
  const names = [...Object.keys(GENRES_FROM_ENGLISH), ...GENRES];
  const spellings = names.flatMap((n) => [n, n.toUpperCase(), ` ${n} `, n.charAt(0).toUpperCase() + n.slice(1)]);
  const cases = [
    ...spellings.map((s) => [s]),
    [],
    ['Factual', 'TV Movie', 'nonsense', ''],
    ['Drama', 'Dram', 'drama', 'Romantic Comedy', 'Komediya'],
    ['Romance', 'Romantic Comedy'],
    // More than five: the first five, in the order first named.
    ['Western', 'War', 'Thriller', 'Sport', 'Short', 'Sci-Fi', 'Mystery'],
    Object.keys(GENRES_FROM_ENGLISH),
    [...GENRES].reverse(),
  ];
  expect(await inSql(cases)).toEqual(cases.map((c) => toCatalogueGenres(c)));
});
