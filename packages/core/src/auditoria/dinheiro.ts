import { CEM, D, type Dec, round2, ZERO } from '../frete/decimal.ts';
import type { Valor } from './tipos.ts';

export { CEM, D, type Dec, round2, ZERO };

/** number | numeric string | null → Decimal (null/'' → zero). Invalid input throws: the caller's data is wrong. */
export function dv(v: Valor | null | undefined): Dec {
  if (v === null || v === undefined || v === '') return ZERO;
  const d = new D(v);
  if (!d.isFinite()) throw new RangeError(`valor inválido: ${v}`);
  return d;
}

export const n2 = (v: Dec) => round2(v).toNumber();

/** 1234.5 → 'R$ 1.234,50' (always 2 decimals, sign kept). */
export function reais(v: Dec | number): string {
  const d = typeof v === 'number' ? new D(v) : v;
  const neg = d.isNegative() && !d.isZero();
  const [int, dec] = round2(d.abs()).toFixed(2).split('.');
  const milhar = int!.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${neg ? '-' : ''}R$ ${milhar},${dec}`;
}

/** 2.5 → '2,5 %' (up to 4 decimals, no trailing zeros). */
export function pct(v: Dec | number): string {
  const d = typeof v === 'number' ? new D(v) : v;
  return `${d.toDecimalPlaces(4).toString().replace('.', ',')} %`;
}
