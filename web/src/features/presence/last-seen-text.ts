import { az } from '../../i18n/az';
import { formatDate, formatTime } from '../../lib/format-date';

const t = az.presence;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/**
 * docs/product.md#presence: past a week the last seen is the az-AZ date and time, dd.MM.yyyy, HH:mm.
 * Written out by hand: a browser whose ICU lacks the az locale (Debian's Chromium) formats az-AZ
 * as yyyy-MM-dd, and building the formatter costs a phone's main thread the locale's data
 * (docs/benchmarks.md, "A locale's first formatter").
 */
const formatDateTime = (at: Date): string => `${formatDate(at)}, ${formatTime(at)}`;

/**
 * The last-seen text of docs/product.md#presence: missing 'Bilinmir'; under a minute 'Az öncə'; under an
 * hour 'N dəqiqə əvvəl'; under a day 'N saat əvvəl'; under a week 'N gün əvvəl'; else the az-AZ
 * date and time. A time slightly ahead of `now` (clock skew) counts as just now.
 */
export function formatLastSeen(lastSeen: string | Date | null | undefined, now: Date | number = Date.now()): string {
  if (!lastSeen) return t.unknown;
  const at = lastSeen instanceof Date ? lastSeen : new Date(lastSeen);
  if (Number.isNaN(at.getTime())) return t.unknown;
  const elapsed = (typeof now === 'number' ? now : now.getTime()) - at.getTime();
  if (elapsed < MINUTE) return t.justNow;
  if (elapsed < HOUR) return t.minutesAgo(Math.floor(elapsed / MINUTE));
  if (elapsed < DAY) return t.hoursAgo(Math.floor(elapsed / HOUR));
  if (elapsed < 7 * DAY) return t.daysAgo(Math.floor(elapsed / DAY));
  return formatDateTime(at);
}
