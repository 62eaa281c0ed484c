import type { App } from '../../app';
import { type MovieRow, movies } from '../../db/schema/index';
import { tag } from '../../plugins/response-cache';
import { dropCached } from './cache';

/** Inserts a movie for an owner straight into the database. */
export async function createMovie(
  app: App,
  ownerId: string,
  overrides: Partial<Omit<typeof movies.$inferInsert, 'ownerId' | 'searchText'>> = {},
): Promise<MovieRow> {
  const [row] = await app.database.db
    .insert(movies)
    .values({ title: `Film ${Math.random().toString(36).slice(2, 8)}`, ...overrides, ownerId })
    .returning();
  if (!row) throw new Error('insert failed');
  dropCached(app, tag.movies(ownerId));
  return row;
}
