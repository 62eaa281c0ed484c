import { type Answer, call } from './http';

/** One request a load loop made, with what it was for. */
export interface Logged extends Answer {
  worker: number;
  op: string;
  startedAt: number;
  /** For writes: what the request asked to store (a title, a rating). */
  wrote?: { movieId?: string; title?: string; rating?: number };
}

/** A member's own loop: lists, profile reads, movie creates with unique titles, and rating edits of its own movies. */
export function memberLoop(base: string, worker: number, token: string, log: Logged[], stop: () => boolean) {
  let n = 0;
  const mine: string[] = [];
  return (async () => {
    while (!stop()) {
      const step = n++ % 5;
      const startedAt = Date.now();
      let answer: Answer;
      let op: string;
      let wrote: Logged['wrote'];
      if (step === 0 || step === 3) {
        op = 'create';
        wrote = { title: `w${worker}-film-${n}` };
        answer = await call(base, 'POST', '/api/movies', { token, body: { title: wrote.title, status: 'watchlist' } });
        if (answer.status === 201) mine.push((answer.body as { id: string }).id);
      } else if (step === 1 && mine.length > 0) {
        op = 'edit';
        wrote = { movieId: mine[n % mine.length], rating: 1 + (n % 10) };
        answer = await call(base, 'PUT', `/api/movies/${wrote.movieId}`, { token, body: { rating: wrote.rating } });
      } else if (step === 2) {
        op = 'list';
        answer = await call(base, 'GET', '/api/movies?limit=5', { token });
      } else {
        op = 'profile';
        answer = await call(base, 'GET', '/api/user/profile', { token });
      }
      log.push({ ...answer, worker, op, startedAt, wrote });
      // Failing calls answer fast; a short pause keeps the loop from spinning the shared CPUs.
      if (answer.status >= 500 || answer.status === 0) await new Promise((r) => setTimeout(r, 50));
    }
  })();
}
