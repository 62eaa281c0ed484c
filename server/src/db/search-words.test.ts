import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database';

/**
 * search_words holds every word of every film and entry (migrations 0004, 0012, 0022): the typo
 * correction of both searches suggests only words it holds. An entry's genres are words no film
 * search text has, so they reach it through the entries' own triggers.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
const known = async (words: string[]) =>
  (
    await rows<{ word: string }>(
      sql`select word from search_words where word = any(${`{${words.join(',')}}`}::text[]) order by word`,
    )
  ).map((r) => r.word);

it('takes the words of entries added many to a statement, and of the genres their films give them later', async () => {
  const [owner] = await rows<{ id: string }>(
    sql`insert into users (username, email, password_hash) values ('sozler', 'sozler@example.com', 'x') returning id`,
  );
  const films = await rows<{ id: string }>(sql`
    insert into films (title, year, directors, source) values
      ('Qaynana', 1978, '{"Rasim Ocaqov"}', 'catalogue'),
      ('Ulduz', 1964, '{}', 'catalogue')
    returning id`);
  // A film's own words are collected with the film; the genres are words of its entries only.
  await database.db.execute(sql`update films set genres = '{Komediya,Melodram}' where id = ${films[0]?.id}`);
  expect(await known(['komediya', 'melodram'])).toEqual([]);

  await database.db.execute(sql`
    insert into movies (owner_id, film_id)
    select ${owner?.id}::uuid, id from films where id in (${films[0]?.id}, ${films[1]?.id})`);
  expect(await known(['qaynana', 'ulduz', 'rasim', 'ocaqov', 'komediya', 'melodram'])).toEqual([
    'komediya',
    'melodram',
    'ocaqov',
    'qaynana',
    'rasim',
    'ulduz',
  ]);

  // A film's new genres reach its entries by an update of theirs, whose words join too.
  await database.db.execute(sql`update films set genres = '{Vestern}' where id = ${films[1]?.id}`);
  expect(await known(['vestern'])).toEqual(['vestern']);
});
