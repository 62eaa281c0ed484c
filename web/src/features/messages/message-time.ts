import { az } from '../../i18n/az';
import { formatDate, formatTime } from '../../lib/format-date';

/**
 * How messages tell their time, in the reader's time zone: a bubble its hour and minute
 * (formatTime), a thread's day dividers "Bu gün", "Dünən" or the date, and the conversation list
 * the hour for today's last message, "Dünən" for yesterday's and the date before that.
 */

/** The local calendar day of a time, as a number that grows by one a day (DST-safe). */
const dayNumber = (d: Date) => Math.round(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / 86_400_000);

/** How many local days before `now` the time lies: 0 today, 1 yesterday. */
const daysAgo = (iso: string, now: Date) => dayNumber(now) - dayNumber(new Date(iso));

/** Whether two times fall on the same local day. */
export const sameDay = (a: string, b: string): boolean => dayNumber(new Date(a)) === dayNumber(new Date(b));

/** A thread's divider above the first message of a day. */
export const dayLabel = (iso: string, now = new Date()): string => {
  const days = daysAgo(iso, now);
  return days === 0 ? az.messages.today : days === 1 ? az.messages.yesterday : formatDate(iso);
};

/** The time of a conversation's last message in the list. */
export const lastMessageTime = (iso: string, now = new Date()): string =>
  daysAgo(iso, now) === 0 ? formatTime(iso) : dayLabel(iso, now);
