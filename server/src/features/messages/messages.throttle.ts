import type { Redis } from 'ioredis';
import { msg } from '../../lib/messages';
import { createThrottle } from '../../lib/throttle';

/** Messages a member may send in a minute (30, docs/product.md#messages), shared through Redis when set. */
export const MESSAGES_PER_MINUTE = 30;

/** Messages per sender per minute, shared through Redis when set. */
export const createMessageThrottle = (redis?: Redis, prefix?: string) =>
  createThrottle({
    name: 'message-user',
    points: MESSAGES_PER_MINUTE,
    durationSeconds: 60,
    message: msg.messages.limited,
    redis,
    prefix,
  });
