const format = new Intl.NumberFormat('az-AZ');

/** A count as people in Azerbaijan write it: 3.177, 1.234.567. */
export const formatNumber = (value: number): string => format.format(value);
