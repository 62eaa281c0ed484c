import { type Answer, call, newMember, register, userIdOf } from './http';

/** A member known to the test: registered before the burst, or during it with a 201. */
export interface Member {
  username: string;
  password: string;
  id: string;
  token: string;
}

/** What the burst asked for and what the server confirmed (2xx) or left unanswered (in flight at the kill). */
export interface BurstLog {
  members: { confirmed: Member[]; unanswered: string[] };
  requests: { confirmed: { id: string; from: string; to: string }[]; unanswered: [string, string][] };
  accepts: { confirmed: string[]; unanswered: string[] };
  creates: { confirmed: { id: string; title: string; owner: string }[]; unanswered: string[] };
  edits: { movieId: string; rating: number; answer: Answer }[];
  /** Answers that were neither 2xx nor a dropped connection: each one is a defect. */
  unexpected: string[];
}

export const emptyBurstLog = (): BurstLog => ({
  members: { confirmed: [], unanswered: [] },
  requests: { confirmed: [], unanswered: [] },
  accepts: { confirmed: [], unanswered: [] },
  creates: { confirmed: [], unanswered: [] },
  edits: [],
  unexpected: [],
});

const note = (log: BurstLog, what: string, a: Answer) => {
  if (a.status !== 0) log.unexpected.push(`${what}: ${a.status} ${JSON.stringify(a.body)}`);
};

/** Registers new members, each creating a first movie at once (a user and their data). */
async function registrar(base: string, log: BurstLog, stop: () => boolean) {
  while (!stop()) {
    const fields = newMember('k');
    const a = await call(base, 'POST', '/api/auth/register', { body: fields });
    if (a.status !== 201) {
      if (a.status === 0) log.members.unanswered.push(fields.username);
      else note(log, 'register', a);
      return;
    }
    const token = (a.body as { token: string }).token;
    const member = { ...fields, id: userIdOf(token), token };
    log.members.confirmed.push(member);
    const title = `first of ${fields.username}`;
    const m = await call(base, 'POST', '/api/movies', { token, body: { title } });
    if (m.status === 201) log.creates.confirmed.push({ id: (m.body as { id: string }).id, title, owner: member.id });
    else if (m.status === 0) return void log.creates.unanswered.push(title);
    else note(log, 'create', m);
  }
}

/** Walks the pairs of `seeded`: a friend request, then the addressee accepts it. */
async function friender(base: string, seeded: Member[], log: BurstLog, stop: () => boolean, offset: number) {
  for (let i = offset; i < seeded.length && !stop(); i += 2) {
    for (let j = i + 1; j < seeded.length && !stop(); j++) {
      const [from, to] = [seeded[i] as Member, seeded[j] as Member];
      const r = await call(base, 'POST', `/api/friends/request/${to.id}`, { token: from.token });
      if (r.status === 0) return void log.requests.unanswered.push([from.id, to.id]);
      if (r.status !== 201) return note(log, 'request', r);
      const id = (r.body as { requestId: string }).requestId;
      log.requests.confirmed.push({ id, from: from.id, to: to.id });
      const a = await call(base, 'PUT', `/api/friends/accept/${id}`, { token: to.token });
      if (a.status === 0) return void log.accepts.unanswered.push(id);
      if (a.status !== 200) return note(log, 'accept', a);
      log.accepts.confirmed.push(id);
    }
  }
}

/** One member creating movies with unique titles and editing their ratings. */
async function collector(base: string, me: Member, log: BurstLog, stop: () => boolean) {
  const mine: string[] = [];
  for (let n = 0; !stop(); n++) {
    if (n % 2 === 0 || mine.length === 0) {
      const title = `film ${me.username} ${n}`;
      const a = await call(base, 'POST', '/api/movies', { token: me.token, body: { title, genres: ['Dram'] } });
      if (a.status === 0) return void log.creates.unanswered.push(title);
      if (a.status !== 201) return note(log, 'create', a);
      const id = (a.body as { id: string }).id;
      mine.push(id);
      log.creates.confirmed.push({ id, title, owner: me.id });
    } else {
      const movieId = mine[n % mine.length] as string;
      const rating = 1 + (n % 10);
      const a = await call(base, 'PUT', `/api/movies/${movieId}`, { token: me.token, body: { rating } });
      log.edits.push({ movieId, rating, answer: a });
      if (a.status === 0) return;
      if (a.status !== 200) return note(log, 'edit', a);
    }
  }
}

/** Registers `count` members before the burst. */
export async function seedMembers(base: string, count: number): Promise<Member[]> {
  const out: Member[] = [];
  for (let i = 0; i < count; i++) out.push(await register(base, 's'));
  return out;
}

/**
 * Runs the write burst until the server stops answering (it is killed meanwhile):
 * two registrars, two frienders over the seeded members, and a collector per seeded member.
 */
export function writeBurst(base: string, seeded: Member[], log: BurstLog, stop: () => boolean) {
  return Promise.all([
    registrar(base, log, stop),
    registrar(base, log, stop),
    friender(base, seeded, log, stop, 0),
    friender(base, seeded, log, stop, 1),
    ...seeded.slice(0, 4).map((m) => collector(base, m, log, stop)),
  ]);
}
