/** For what is not a whole number, made on first use. */
let fractional: Intl.NumberFormat | undefined;

/**
 * A count as people in Azerbaijan write it: 3.177, 1.234.567, as Intl.NumberFormat('az-AZ') writes
 * it. Whole numbers are grouped here: the first az-AZ formatter a page makes loads the locale's
 * ICU data, 50–90 ms of a phone's main thread (4× CPU) in the script that makes it, and every
 * count the app shows is whole (docs/benchmarks.md, "A locale's first formatter").
 */
export const formatNumber = (value: number): string => {
  if (!Number.isSafeInteger(value)) {
    fractional ??= new Intl.NumberFormat('az-AZ');
    return fractional.format(value);
  }
  const grouped = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, '.');
  return value < 0 || Object.is(value, -0) ? `-${grouped}` : grouped;
};
