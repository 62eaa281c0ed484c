import { describe, expect, it } from 'vitest';
import { createMissedEvents } from './missed-events';

describe('createMissedEvents', () => {
  const start = 1_795_000_000_000;

  it('knows a member missed nothing only when no event went to them or to everyone since `since`', () => {
    let clock = start;
    const missed = createMissedEvents({ now: () => clock });
    clock += 1_000;
    missed.sent({ userIds: ['a'], everyone: false });
    clock += 1_000;
    const since = clock;
    expect(missed.mayHaveMissed('a', since)).toBe(false);
    expect(missed.mayHaveMissed('b', since)).toBe(false);
    // At the very millisecond of `since` it may have followed the page's first request.
    missed.sent({ userIds: ['b'], everyone: false });
    expect(missed.mayHaveMissed('b', since)).toBe(true);
    expect(missed.mayHaveMissed('a', since)).toBe(false);
    clock += 1;
    expect(missed.mayHaveMissed('b', since + 1)).toBe(false);
    missed.sent({ userIds: [], everyone: true });
    expect(missed.mayHaveMissed('a', since)).toBe(true);
  });

  it('answers "may have" when it cannot know: no since, a malformed one, one before the process, the window or the future', () => {
    let clock = start;
    const missed = createMissedEvents({ now: () => clock, windowMs: 60_000 });
    clock += 120_000;
    for (const since of [undefined, null, '1795000060000', Number.NaN, Number.POSITIVE_INFINITY, {}]) {
      expect(missed.mayHaveMissed('a', since)).toBe(true);
    }
    expect(missed.mayHaveMissed('a', start)).toBe(true); // the process started then: earlier events are unknown
    expect(missed.mayHaveMissed('a', clock - 60_001)).toBe(true); // past the window
    expect(missed.mayHaveMissed('a', clock + 1)).toBe(true); // a clock ahead of the server's
    expect(missed.mayHaveMissed('a', clock - 60_000)).toBe(false);
  });

  it('a member pushed out of memory makes every since before their event unknown', () => {
    let clock = start;
    const missed = createMissedEvents({ now: () => clock, max: 2 });
    clock += 1_000;
    const since = clock;
    clock += 1_000;
    missed.sent({ userIds: ['a'], everyone: false });
    clock += 1_000;
    missed.sent({ userIds: ['b', 'c'], everyone: false }); // pushes 'a' out
    expect(missed.mayHaveMissed('d', since)).toBe(true);
    expect(missed.mayHaveMissed('d', clock - 1_000)).toBe(true); // 'a' went at since + 1000
    expect(missed.mayHaveMissed('d', clock - 999)).toBe(false);
  });
});
