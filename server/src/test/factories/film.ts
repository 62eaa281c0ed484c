import type { App } from '../../app';
import { type FilmRow, films } from '../../db/schema/index';
import type { FilmValues } from '../../features/films/films.repository';

/** Inserts a catalogue film straight into the database. */
export async function createFilm(
  app: App,
  overrides: Partial<FilmValues> & { createdAt?: Date } = {},
): Promise<FilmRow> {
  const [row] = await app.database.db
    .insert(films)
    .values({ title: `Film ${Math.random().toString(36).slice(2, 8)}`, source: 'catalogue', ...overrides })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}
