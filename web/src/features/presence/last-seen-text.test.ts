import { describe, expect, it } from 'vitest';
import { formatLastSeen } from './last-seen-text';

// A fixed "now" in local time, so the date branch reads the same in every time zone.
const now = new Date(2025, 2, 20, 12, 0, 0);
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const s = 1000;
const min = 60 * s;
const h = 60 * min;
const d = 24 * h;

describe('formatLastSeen', () => {
  it.each([
    [null, 'Bilinmir'],
    [undefined, 'Bilinmir'],
    ['', 'Bilinmir'],
    ['not a date', 'Bilinmir'],
  ])('missing or unreadable %j gives %s', (value, text) => {
    expect(formatLastSeen(value, now)).toBe(text);
  });

  it.each([
    ['0 s', 0, 'Az öncə'],
    ['59 s', 59 * s, 'Az öncə'],
    ['59.999 s', min - 1, 'Az öncə'],
    ['60 s', min, '1 dəqiqə əvvəl'],
    ['59 min 59 s', h - s, '59 dəqiqə əvvəl'],
    ['59 min', 59 * min, '59 dəqiqə əvvəl'],
    ['60 min', h, '1 saat əvvəl'],
    ['23 h 59 min', d - min, '23 saat əvvəl'],
    ['24 h', d, '1 gün əvvəl'],
    ['6 d 23 h', 7 * d - h, '6 gün əvvəl'],
    ['6 d 23 h 59 min 59 s', 7 * d - s, '6 gün əvvəl'],
  ])('%s ago reads %s', (_label, elapsed, text) => {
    expect(formatLastSeen(ago(elapsed), now)).toBe(text);
  });

  it('7 days ago and older is the az-AZ date and time (dd.MM.yyyy, HH:mm)', () => {
    expect(formatLastSeen(ago(7 * d), now)).toBe('13.03.2025, 12:00');
    expect(formatLastSeen(new Date(2024, 11, 31, 9, 5), now)).toBe('31.12.2024, 09:05');
  });

  it('a time a little ahead of now (clock skew) is just now', () => {
    expect(formatLastSeen(ago(-5 * s), now)).toBe('Az öncə');
  });

  it('takes a Date and a numeric now too', () => {
    expect(formatLastSeen(new Date(now.getTime() - 3 * h), now.getTime())).toBe('3 saat əvvəl');
  });
});
