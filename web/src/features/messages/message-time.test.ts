import { describe, expect, it } from 'vitest';
import { dayLabel, lastMessageTime, sameDay } from './message-time';

// Local times, so the expectations hold in any time zone the tests run in.
const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min).toISOString();
const now = new Date(2026, 11, 2, 9, 30);

describe('message times', () => {
  it('labels a day of the thread today, yesterday or by its date', () => {
    expect(dayLabel(at(2026, 12, 2, 0, 0), now)).toBe('Bu gün');
    expect(dayLabel(at(2026, 12, 1, 23, 59), now)).toBe('Dünən');
    expect(dayLabel(at(2026, 11, 30, 23, 59), now)).toBe('30.11.2026');
    // Across a month and a year.
    expect(dayLabel(at(2025, 12, 31), new Date(2026, 0, 1, 8))).toBe('Dünən');
    expect(dayLabel(at(2025, 12, 30), new Date(2026, 0, 1, 8))).toBe('30.12.2025');
  });

  it('gives the list the hour for today, "Dünən" for yesterday and the date before', () => {
    expect(lastMessageTime(at(2026, 12, 2, 8, 4), now)).toBe('08:04');
    expect(lastMessageTime(at(2026, 12, 1, 22, 0), now)).toBe('Dünən');
    expect(lastMessageTime(at(2026, 11, 28, 22, 0), now)).toBe('28.11.2026');
  });

  it('knows two times of one local day from two days', () => {
    expect(sameDay(at(2026, 12, 2, 0, 0), at(2026, 12, 2, 23, 59))).toBe(true);
    expect(sameDay(at(2026, 12, 1, 23, 59), at(2026, 12, 2, 0, 0))).toBe(false);
  });
});
