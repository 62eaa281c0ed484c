import type { Redis } from 'ioredis';
import type { Config } from '../../config';
import { msg } from '../../lib/messages';
import { createThrottle } from '../../lib/throttle';

/** Comment posting per member per hour (COMMENTS_PER_USER_PER_HOUR), shared through Redis when set. */
export const createCommentThrottle = (limits: Config['limits'], redis?: Redis, prefix?: string) =>
  createThrottle({
    name: 'comment-user',
    points: limits.commentsPerUserPerHour,
    durationSeconds: 3600,
    message: msg.comments.limited,
    redis,
    prefix,
  });
