import type { Movie } from '@kinodost/contracts/schemas/movies';
import { avatarUrl } from '../users/users.mappers';
import type { MovieWithOwner } from './movies.repository';

/** The API shape of a movie with its owner. */
export const toMovie = (m: MovieWithOwner): Movie => ({
  id: m.id,
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
  owner: { id: m.owner.id, username: m.owner.username, avatar_url: avatarUrl(m.owner.avatar) },
});
