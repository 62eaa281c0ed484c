// What other features may use of presence: a member's socket room, and the per-socket rate limit.
export { userRoom } from './presence.socket';
export { createSocketRateLimit } from './socket-rate-limit';
