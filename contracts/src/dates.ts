import { YEAR_MAX, YEAR_MIN } from './limits';

/**
 * Whether a yyyy-MM-dd is a day the calendar has (no 30 February) in the years a film may have,
 * YEAR_MIN to YEAR_MAX: the one rule for a day a member gives, which the web's date field checks
 * before sending and the server holds dates and imported days to (server/src/lib/dates.ts).
 */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const year = Number(text.slice(0, 4));
  if (year < YEAR_MIN || year > YEAR_MAX) return false;
  // Date.parse rolls a day past the month's end over into the next month; the round trip shows it.
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(text);
}
