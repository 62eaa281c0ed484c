import type { Film } from '@kinodost/contracts/schemas/films';
import type { FilmData } from './films.repository';

/** The API shape of a film. */
export const toFilm = (f: FilmData): Film => ({
  id: f.id,
  title: f.title,
  original_title: f.originalTitle,
  year: f.year,
  directors: f.directors,
  genres: f.genres,
  runtime: f.runtime,
  overview: f.overview,
  poster_url: f.posterUrl,
  imdb_id: f.imdbId,
  tmdb_id: f.tmdbId,
  source: f.source,
  created_at: f.createdAt.toISOString(),
});
