import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstRequestServerTime, noteAnswer, noteRequestSent, resetFirstRequestTime } from './first-request-time';

const answer = (date?: string) => new Response(null, { headers: date ? { date } : {} });

afterEach(() => {
  resetFirstRequestTime();
  vi.useRealTimers();
});

describe('the server time of the page’s first request', () => {
  it('is the first request’s send time on the server’s clock, read from an answer’s Date header, never late', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 27, 12, 0, 0, 0) });
    noteRequestSent();
    vi.advanceTimersByTime(700);
    noteRequestSent(); // a second request does not move it
    vi.advanceTimersByTime(300);
    // The server's clock is 30.5 s ahead; its header says 12:00:31 (rounded down from 31.5).
    noteAnswer(answer(new Date(Date.UTC(2026, 10, 27, 12, 0, 31, 0)).toUTCString()));
    // Its true time at the first request was 12:00:30.5: the estimate is at most that.
    expect(firstRequestServerTime()).toBe(Date.UTC(2026, 10, 27, 12, 0, 30, 0));
    vi.advanceTimersByTime(5_000);
    noteAnswer(answer(new Date(Date.UTC(2026, 10, 27, 12, 1, 0, 0)).toUTCString())); // the first answer's reading stays
    expect(firstRequestServerTime()).toBe(Date.UTC(2026, 10, 27, 12, 0, 30, 0));
  });

  it('is unknown until an answer with a readable Date header came', () => {
    noteRequestSent();
    noteAnswer(answer());
    noteAnswer(answer('not a date'));
    expect(firstRequestServerTime()).toBeUndefined();
  });
});
