import { az } from '../../i18n/az';

const t = az.presence;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/**
 * docs/product.md#presence: past a week the last seen is a date and time; this is the one we show. Made on
 * first use: building an az-AZ formatter loads the locale's ICU data, a noticeable stretch of a
 * phone's main thread that a member's first page (which rarely shows such a date) should not wait for.
 */
let dateTime: Intl.DateTimeFormat | undefined;
const formatDateTime = (at: Date): string => {
  dateTime ??= new Intl.DateTimeFormat('az-AZ', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return dateTime.format(at);
};

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
