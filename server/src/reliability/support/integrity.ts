import { expect } from 'vitest';
import type { BurstLog, Member } from './burst';

/** Runs one SQL statement against the database under test and returns its rows. */
export type Query = <T>(sql: string) => Promise<T[]>;

/** What the integrity check counted, for the report. */
export interface Tally {
  users: number;
  friendships: number;
  movies: number;
  inFlightStored: number;
}

/**
 * After a crash and restart, every record is whole and every confirmed write is there:
 * no user without a password hash, no friendship half accepted, no movie without its owner
 * or its search words, and nothing stored that the burst never asked for.
 */
export async function checkIntegrity(query: Query, seeded: Member[], log: BurstLog): Promise<Tally> {
  expect(log.unexpected, 'answers other than 2xx or a dropped connection').toEqual([]);
  let inFlightStored = 0;

  const users = await query<{ id: string; username: string; password_hash: string }>(
    'select id, username, password_hash from users',
  );
  const userIds = new Set(users.map((u) => u.id));
  for (const u of users) expect(u.password_hash, u.username).toMatch(/^\$argon2id\$/);
  for (const m of [...seeded, ...log.members.confirmed]) expect(userIds.has(m.id), m.username).toBe(true);
  const known = new Set([...seeded, ...log.members.confirmed].map((m) => m.username));
  const unanswered = new Set(log.members.unanswered);
  for (const u of users.filter((u) => !known.has(u.username))) {
    expect(unanswered.has(u.username), `unasked user ${u.username}`).toBe(true);
    inFlightStored++;
  }

  const rows = await query<{
    id: string;
    requester_id: string;
    addressee_id: string;
    status: string;
    accepted_at: unknown;
  }>('select id, requester_id, addressee_id, status, accepted_at from friendships');
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const r of rows) {
    // Half made: accepted without a time, or a time on a pending request.
    expect(r.status === 'accepted', `friendship ${r.id}`).toBe(r.accepted_at !== null);
  }
  const accepted = new Set(log.accepts.confirmed);
  const acceptInFlight = new Set(log.accepts.unanswered);
  for (const req of log.requests.confirmed) {
    const row = byId.get(req.id);
    expect(row, `request ${req.id}`).toBeDefined();
    expect([row?.requester_id, row?.addressee_id]).toEqual([req.from, req.to]);
    if (accepted.has(req.id)) expect(row?.status).toBe('accepted');
    else if (!acceptInFlight.has(req.id)) expect(row?.status).toBe('pending');
  }
  const confirmedIds = new Set(log.requests.confirmed.map((r) => r.id));
  for (const r of rows.filter((r) => !confirmedIds.has(r.id))) {
    const asked = log.requests.unanswered.some(([from, to]) => from === r.requester_id && to === r.addressee_id);
    expect(asked, `unasked friendship ${r.id}`).toBe(true);
    expect(r.status).toBe('pending');
    inFlightStored++;
  }

  const movies = await query<{ id: string; title: string; owner_id: string; rating: number | null }>(
    'select id, title, owner_id, rating from movies',
  );
  const movieById = new Map(movies.map((m) => [m.id, m]));
  for (const m of movies) expect(userIds.has(m.owner_id), `owner of ${m.title}`).toBe(true);
  for (const c of log.creates.confirmed) {
    expect(movieById.get(c.id)?.title, c.title).toBe(c.title);
    expect(movieById.get(c.id)?.owner_id).toBe(c.owner);
  }
  const confirmedTitles = new Set(log.creates.confirmed.map((c) => c.title));
  const titlesInFlight = new Set(log.creates.unanswered);
  for (const m of movies.filter((m) => !confirmedTitles.has(m.title))) {
    expect(titlesInFlight.has(m.title), `unasked movie ${m.title}`).toBe(true);
    inFlightStored++;
  }
  // Each rating is the last confirmed edit's, or that of a later edit left unanswered.
  const edits = new Map<string, BurstLog['edits']>();
  for (const e of log.edits) edits.set(e.movieId, [...(edits.get(e.movieId) ?? []), e]);
  for (const [id, list] of edits) {
    const lastOk = list.findLastIndex((e) => e.answer.status === 200);
    const allowed = [lastOk >= 0 ? list[lastOk]?.rating : null, ...list.slice(lastOk + 1).map((e) => e.rating)];
    expect(allowed, `rating of ${id}`).toContain(movieById.get(id)?.rating ?? null);
  }
  // The search-word table (kept by a trigger) holds every word of every stored movie.
  const missingWords = await query<{ word: string }>(
    `select w as word from movies m cross join lateral unnest(tsvector_to_array(m.search_vector)) w
     where not exists (select 1 from search_words s where s.word = w)`,
  );
  expect(missingWords).toEqual([]);

  return { users: users.length, friendships: rows.length, movies: movies.length, inFlightStored };
}
