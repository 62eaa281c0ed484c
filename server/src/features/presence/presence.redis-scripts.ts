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
  /** Sorted set: a member's sockets, `proc|socketId`, by connect time (Redis clock, µs). */
  userSockets: (userId: string) => `${prefix}sockets:u:${userId}`,
  /** Set: the sockets a process holds, `userId|socketId`, removed with it. */
  procSockets: (proc: string) => `${prefix}sockets:p:${proc}`,
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
local sockets = prefix .. 'sockets:p:' .. proc
for _, m in ipairs(redis.call('SMEMBERS', sockets)) do
  local userId, socketId = string.match(m, '^([^|]*)|(.*)$')
  redis.call('ZREM', prefix .. 'sockets:u:' .. userId, proc .. '|' .. socketId)
end
redis.call('DEL', sockets)
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

/**
 * KEYS[1] the member's sockets; ARGV prefix, proc, userId, socketId, cap, score ('' = now).
 * Adds the socket and pops the oldest past the cap in one step, so sockets connecting at once
 * on several processes never leave more than the cap. Answers {score, evicted socket ids}.
 */
const ADD_SOCKET = `local key, prefix, proc, userId, socketId = KEYS[1], ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local score = ARGV[6]
if score == '' then
  local t = redis.call('TIME')
  score = t[1] .. string.sub('00000' .. t[2], -6)
end
redis.call('ZADD', key, score, proc .. '|' .. socketId)
redis.call('SADD', prefix .. 'sockets:p:' .. proc, userId .. '|' .. socketId)
local evicted = {}
local excess = redis.call('ZCARD', key) - tonumber(ARGV[5])
if excess > 0 then
  local popped = redis.call('ZPOPMIN', key, excess)
  for i = 1, #popped, 2 do
    local owner, id = string.match(popped[i], '^([^|]*)|(.*)$')
    redis.call('SREM', prefix .. 'sockets:p:' .. owner, userId .. '|' .. id)
    table.insert(evicted, id)
  end
end
return {score, evicted}`;

type Call = (...args: (string | number)[]) => Promise<unknown>;

/** The scripts, loaded once per connection and run by SHA (ioredis resends a script Redis forgot). */
export function presenceScripts(redis: Redis) {
  const scripts = { BEAT, SWEEP, RETIRE, ADD_SOCKET };
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
    addSocket: (
      key: string,
      a: { prefix: string; proc: string; userId: string; socketId: string; cap: number; score: string },
    ) => run('ADD_SOCKET', key, a.prefix, a.proc, a.userId, a.socketId, a.cap, a.score) as Promise<[string, string[]]>,
  };
}
