import { describe, expect, it } from 'vitest';
import { emptyValues, fromDateInput, validateMovie } from './movie-form';

describe('fromDateInput', () => {
  it('turns a calendar day into that day at local noon', () => {
    const iso = fromDateInput('2024-02-29');
    expect(iso).not.toBeNull();
    const date = new Date(iso as string);
    expect([date.getFullYear(), date.getMonth() + 1, date.getDate(), date.getHours()]).toEqual([2024, 2, 29, 12]);
  });

  it('refuses a day the calendar lacks, and years the server refuses', () => {
    for (const day of [
      '2023-02-29',
      '2023-02-30',
      '2024-13-01',
      '2024-04-31',
      '0001-06-15',
      '1869-12-31',
      '2101-01-01',
      '24-01-01',
    ]) {
      expect(fromDateInput(day), day).toBeNull();
    }
    expect(fromDateInput('1870-01-01')).not.toBeNull();
    expect(fromDateInput('2100-12-31')).not.toBeNull();
  });

  it("gives the form's error for such a day before anything is sent", () => {
    const errors = validateMovie({ ...emptyValues(), title: 'Solaris', status: 'watched', watched_at: '0001-06-15' });
    expect(errors.watched_at).toBe('Düzgün tarix daxil edin');
  });
});
