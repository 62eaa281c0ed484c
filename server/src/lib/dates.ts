import { YEAR_MAX, YEAR_MIN } from '@kinodost/contracts/limits';
import type { Ajv } from 'ajv';

/*
 * Instants members send are held to what JavaScript and the database both keep as written: one of
 * the years a film may have (YEAR_MIN to YEAR_MAX), as days are (contracts/dates.ts). Outside them
 * PostgreSQL refuses some (year 0) and reads others as another year (0001 as 2001), and a leap
 * second (`23:59:60`), valid RFC 3339, is no instant JavaScript can hold.
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

/** ajv-formats' `date-time` (RFC 3339), narrowed to plausible instants. */
export function withPlausibleDateTimes(ajv: Ajv): Ajv {
  const rfc3339 = ajv.formats['date-time'] as { validate: (text: string) => boolean };
  return ajv.addFormat('date-time', {
    type: 'string',
    validate: (text: string) => rfc3339.validate(text) && plausibleInstant(text),
  });
}
