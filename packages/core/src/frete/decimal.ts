import DecimalJs from 'decimal.js';

// Private clone so nobody else's global Decimal config changes our rounding.
export const D = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP });
export type Dec = InstanceType<typeof D>;

export const ZERO = new D(0);
export const UM = new D(1);
export const CEM = new D(100);

/** Money rounding: 2 decimals, half-up. */
export function round2(v: Dec): Dec {
  return v.toDecimalPlaces(2, D.ROUND_HALF_UP);
}

/** Decimal → plain number with 2 decimals (half-up). */
export function paraNumero2(v: Dec): number {
  return round2(v).toNumber();
}

/** number → Decimal via its shortest string form, so 1.005 stays 1.005 (not 1.00499…). */
export function dec(v: number | undefined | null, padrao: Dec = ZERO): Dec {
  return v === undefined || v === null ? padrao : new D(v);
}
