import type { Redis } from 'ioredis';
import { msg } from '../../lib/messages';
import { createThrottle } from '../../lib/throttle';

/**
 * TMDB calls per member per minute: search as you type asks once per pause, so this is a
 * person's pace many times over, while one member cannot spend the install's TMDB quota.
 */
export const TMDB_CALLS_PER_MINUTE = 60;

export const createTmdbThrottle = (redis?: Redis, prefix?: string) =>
  createThrottle({
    name: 'tmdb-member',
    points: TMDB_CALLS_PER_MINUTE,
    durationSeconds: 60,
    message: msg.films.tmdbLimited,
    redis,
    prefix,
  });
