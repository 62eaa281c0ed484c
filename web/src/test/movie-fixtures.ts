import type { Comment } from '@kinodost/contracts/schemas/comments';
import type { Movie } from '@kinodost/contracts/schemas/movies';

/** Test data shaped like contracts/ (movies and comments). */
export const owner = { id: '0f8fad5b-d9cb-469f-a165-70867728950e', username: 'leyla', avatar_url: null };
export const otherMember = { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', username: 'orxan', avatar_url: null };

let sequence = 0;
export const makeMovie = (overrides: Partial<Movie> = {}): Movie => {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    film_id: `22222222-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    title: `Film ${sequence}`,
    year: 2001,
    genres: ['Dram'],
    director: 'Rasim Ocaqov',
    overview: null,
    poster_url: null,
    rating: null,
    status: 'watchlist',
    watched_at: null,
    created_at: '2026-01-10T10:00:00.000Z',
    updated_at: '2026-01-10T10:00:00.000Z',
    owner,
    ...overrides,
  };
};

export const makeComment = (overrides: Partial<Comment> = {}): Comment => {
  sequence += 1;
  return {
    id: `11111111-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    movie_id: '00000000-0000-4000-8000-000000000001',
    film_id: '22222222-0000-4000-8000-000000000001',
    text: `Şərh ${sequence}`,
    status: 'approved',
    created_at: '2026-01-11T10:00:00.000Z',
    author: otherMember,
    ...overrides,
  };
};

export const paged = <T>(data: T[], page = 1, limit = 20, total = data.length) => ({
  success: true as const,
  data,
  page,
  limit,
  total,
});
