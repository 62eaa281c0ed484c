import type { Movie } from '@kinodost/contracts/schemas/movies';
import { avatarUrl } from '../users';
import type { MovieData, MovieOwner, MovieWithOwner } from './movies.repository';

/** The API shape of a movie with its owner. */
export const toMovie = (m: MovieWithOwner): Movie => toOwnedMovie(m, m.owner);

/** The API shape of a movie of a page of one member's, whose owner was read once for the page. */
export const toOwnedMovie = (m: MovieData, owner: MovieOwner): Movie => ({
  id: m.id,
  film_id: m.filmId,
  title: m.title,
  year: m.year,
  genres: m.genres,
  director: m.director,
  overview: m.overview,
  poster_url: m.posterUrl,
  rating: m.rating,
  status: m.status,
  watched_at: m.watchedAt ? m.watchedAt.toISOString() : null,
  created_at: m.createdAt.toISOString(),
  updated_at: m.updatedAt.toISOString(),
  owner: { id: owner.id, username: owner.username, avatar_url: avatarUrl(owner.avatar) },
});
