import { YEAR_MAX, YEAR_MIN } from '@kinodost/contracts/limits';
import type { Ajv } from 'ajv';

/*
 * Dates members send are held to what JavaScript and the database both keep as written: a real
 * calendar day of the years a film may have (YEAR_MIN to YEAR_MAX). Outside them PostgreSQL
 * refuses some (year 0) and reads others as another year (0001 as 2001), and a leap second
 * (`23:59:60`), valid RFC 3339, is no instant JavaScript can hold.
 */

const inYears = (time: number) => {
  const year = new Date(time).getUTCFullYear();
  return year >= YEAR_MIN && year <= YEAR_MAX;
};

/** An instant JavaScript can hold, within the years. */
export const plausibleInstant = (text: string): boolean => {
  const time = Date.parse(text);
  return !Number.isNaN(time) && inYears(time);
};

/** A yyyy-MM-dd day that is in the calendar (no 30 February), within the years. */
export const plausibleDay = (text: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(text) && inYears(time);
};

/** ajv-formats' `date-time` (RFC 3339), narrowed to plausible instants. */
export function withPlausibleDateTimes(ajv: Ajv): Ajv {
  const rfc3339 = ajv.formats['date-time'] as { validate: (text: string) => boolean };
  return ajv.addFormat('date-time', {
    type: 'string',
    validate: (text: string) => rfc3339.validate(text) && plausibleInstant(text),
  });
}
