import type { App } from '../../app';
import { films, type MovieRow, movies } from '../../db/schema/index';
import { moviesTag } from '../../features/movies';
import { dropCached } from './cache';

type MovieOverrides = Partial<Omit<typeof movies.$inferInsert, 'ownerId' | 'searchText' | 'searchVector'>>;

/**
 * Inserts a movie for an owner straight into the database. Without a film_id its facts (title,
 * year, ...) make a member film of its own, which the entry then copies (migration 0013).
 */
export async function createMovie(app: App, ownerId: string, overrides: MovieOverrides = {}): Promise<MovieRow> {
  const { title, year, genres, director, overview, posterUrl, filmId, ...entry } = overrides;
  const db = app.database.db;
  const film =
    filmId ??
    (
      await db
        .insert(films)
        .values({
          title: title ?? `Film ${Math.random().toString(36).slice(2, 8)}`,
          year,
          genres,
          directors: director ? [director] : [],
          overview,
          posterUrl,
          source: 'member',
          createdBy: ownerId,
        })
        .returning({ id: films.id })
    )[0]?.id;
  if (!film) throw new Error('insert failed');
  const [row] = await db
    .insert(movies)
    .values({ ...entry, filmId: film, ownerId })
    .returning();
  if (!row) throw new Error('insert failed');
  dropCached(app, moviesTag(ownerId));
  return row;
}
