import { describe, expect, it } from 'vitest';
import { formatDate, formatTime } from './format-date';

// Local times, so the expectations hold in any time zone the tests run in.
const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min).toISOString();

describe('dates and times', () => {
  it('writes a date dd.MM.yyyy, and nothing for a missing or bad one', () => {
    expect(formatDate(at(2026, 3, 7))).toBe('07.03.2026');
    expect(formatDate(new Date(2026, 11, 31))).toBe('31.12.2026');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('writes a time HH:mm, 24-hour and zero-padded', () => {
    expect(formatTime(at(2026, 12, 2, 0, 5))).toBe('00:05');
    expect(formatTime(at(2026, 12, 2, 21, 47))).toBe('21:47');
  });
});
