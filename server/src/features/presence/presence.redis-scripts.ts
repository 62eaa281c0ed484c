import type { Redis } from 'ioredis';

/**
 * The Redis keys of presence, under REDIS_PREFIX. The Lua scripts below build the
 * same names from the prefix (a process's entries are only known once read), so
 * they run on a single Redis, as the socket.io adapter does.
 */
export const presenceKeys = (prefix: string) => ({
  /** Sorted set: process id → when it is taken for dead (Redis clock, ms), pushed back by its heartbeat. */
  procs: `${prefix}presence:procs`,
  /** Set: a user's presence connections, `userId|proc|connId`; online while not empty. */
  user: (userId: string) => `${prefix}presence:u:${userId}`,
  /** Set: the presence connections a process holds (same members), removed with it. */
  procConns: (proc: string) => `${prefix}presence:p:${proc}`,
});

const NOW_MS = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** KEYS[1] procs; ARGV proc, ttlMs. Answers 1 when the process was not listed (new, swept, or Redis lost it). */
const BEAT = `${NOW_MS}
return redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])`;

/**
 * Removes process `proc` and all it held, in one step (no other process can see it half gone).
 * Answers the users left with no presence connection.
 */
const REMOVE_PROC = `
redis.call('ZREM', KEYS[1], proc)
local offline = {}
local conns = prefix .. 'presence:p:' .. proc
for _, m in ipairs(redis.call('SMEMBERS', conns)) do
  local userId = string.match(m, '^[^|]*')
  local key = prefix .. 'presence:u:' .. userId
  redis.call('SREM', key, m)
  if redis.call('SCARD', key) == 0 then table.insert(offline, userId) end
end
redis.call('DEL', conns)
return offline`;

/**
 * KEYS[1] procs; ARGV prefix, own proc. Removes one process other than this one whose heartbeat
 * ran out (ZREM inside the script: exactly one process handles it). Answers nil when none did.
 */
const SWEEP = `local prefix = ARGV[1]
${NOW_MS}
local proc
for _, p in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, 2)) do
  if p ~= ARGV[2] then proc = p break end
end
if not proc then return nil end
${REMOVE_PROC}`;

/** KEYS[1] procs; ARGV prefix, proc: a process closing removes itself. */
const RETIRE = `local prefix, proc = ARGV[1], ARGV[2]
${REMOVE_PROC}`;

type Call = (...args: (string | number)[]) => Promise<unknown>;

/** The scripts, loaded once per connection and run by SHA (ioredis resends a script Redis forgot). */
export function presenceScripts(redis: Redis) {
  const scripts = { BEAT, SWEEP, RETIRE };
  for (const [name, lua] of Object.entries(scripts))
    redis.defineCommand(`kdPresence_${name}`, { numberOfKeys: 1, lua });
  const run = (name: keyof typeof scripts, ...args: (string | number)[]) =>
    ((redis as unknown as Record<string, Call>)[`kdPresence_${name}`] as Call).apply(redis, args);
  return {
    /** True when the process was not listed (new, swept, or Redis lost it). */
    beat: async (procs: string, proc: string, ttlMs: number) => (await run('BEAT', procs, proc, ttlMs)) === 1,
    /** The users a dead process left offline, or null when no process is dead. */
    sweep: (procs: string, prefix: string, self: string) =>
      run('SWEEP', procs, prefix, self) as Promise<string[] | null>,
    retire: (procs: string, prefix: string, proc: string) => run('RETIRE', procs, prefix, proc),
  };
}
