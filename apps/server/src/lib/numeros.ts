import Decimal from 'decimal.js';

/** A numeric column (pg returns it as text) as a JSON number rounded to `casas`; null stays null. */
export const numeroOuNulo = (v: unknown, casas = 2): number | null =>
  v === null || v === undefined ? null : Number(new Decimal(String(v)).toFixed(casas));
