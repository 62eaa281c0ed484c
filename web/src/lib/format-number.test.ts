import { describe, expect, it } from 'vitest';
import { az } from '../i18n/az';
import { formatNumber } from './format-number';

describe('numbers in az-AZ (issue 26)', () => {
  it('groups thousands with a dot', () => {
    expect(formatNumber(3177)).toBe('3.177');
    expect(formatNumber(1234567)).toBe('1.234.567');
    expect(formatNumber(7)).toBe('7');
  });

  it('writes every number as Intl.NumberFormat for az-AZ does', () => {
    const intl = new Intl.NumberFormat('az-AZ');
    const samples = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10000, 99999, 100000, 999999, 1000000];
    for (let n = 1; n < Number.MAX_SAFE_INTEGER / 7; n *= 7) samples.push(n, n + 1, n - 1);
    for (const n of [...samples, ...samples.map((x) => -x), Number.MAX_SAFE_INTEGER, 1.5, -2.25, 1234.5, 1e21])
      expect(formatNumber(n)).toBe(intl.format(n));
  });

  it('the texts that show counts use it', () => {
    expect(az.adminActivity.movieCount(3177)).toBe('Kolleksiyalarda cəmi 3.177 film');
    expect(az.movies.total(3177)).toBe('3.177 film');
    expect(az.movies.search.found(1000, true)).toBe('1.000-dən çox film tapıldı');
    expect(az.admin.users.displayedRows({ from: 1001, to: 1020, count: 25000 })).toBe('1.001–1.020 / 25.000');
    expect(az.adminComments.pendingCount(1200)).toBe('Təsdiq gözləyən: 1.200');
  });
});
