import { az } from '../../i18n/az';
import { formatDate } from '../../lib/format-date';

/**
 * How messages tell their time, in the reader's time zone: a bubble its hour and minute, a
 * thread's day dividers "Bu gün", "Dünən" or the date, and the conversation list the hour for
 * today's last message, "Dünən" for yesterday's and the date before that. Written by hand rather
 * than with Intl: a page's first formatter for a locale loads that locale's data
 * (docs/benchmarks.md, "A locale's first formatter").
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** HH:mm, 24-hour. */
export const clockTime = (iso: string): string => {
  const d = new Date(iso);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

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
  daysAgo(iso, now) === 0 ? clockTime(iso) : dayLabel(iso, now);
