const pad = (n: number) => String(n).padStart(2, '0');

/** dd.MM.yyyy (docs/product.md#theme-and-storage), in the reader's time zone; '' for a missing or bad date. */
export const formatDate = (value: string | Date | null | undefined): string => {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
};

/**
 * HH:mm, 24-hour, in the reader's time zone. By hand rather than with Intl: a page's first
 * formatter for a locale loads that locale's data (docs/benchmarks.md, "A locale's first formatter").
 */
export const formatTime = (value: string | Date): string => {
  const date = value instanceof Date ? value : new Date(value);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
};
