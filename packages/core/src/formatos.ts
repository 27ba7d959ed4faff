import Decimal from 'decimal.js';

// Display formats (spec §5): money 1.234,56; dates DD/MM/YYYY [HH:mm] in America/Sao_Paulo.
export const FUSO = 'America/Sao_Paulo';

export function formatarDinheiro(v: number | string | null | undefined, casas = 2): string {
  if (v === null || v === undefined || v === '') return casas === 2 ? '0,00' : '0,0000';
  const fixed = new Decimal(v).toFixed(casas, Decimal.ROUND_HALF_UP);
  const [int, dec] = fixed.split('.');
  const neg = int.startsWith('-');
  const digits = neg ? int.slice(1) : int;
  const milhar = digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${neg ? '-' : ''}${milhar},${dec}`;
}

/** Comma-decimal text ("1.234,567") to a number rounded to 2 places; null for blank or invalid. */
export function parseNumeroLocal(v: string | number | null | undefined, casas = 2): number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? new Decimal(v).toDecimalPlaces(casas, Decimal.ROUND_HALF_UP).toNumber() : null;
  const t = v.trim().replace(/\./g, '').replace(',', '.');
  if (!t || !/^-?\d+(\.\d+)?$/.test(t)) return null;
  return new Decimal(t).toDecimalPlaces(casas, Decimal.ROUND_HALF_UP).toNumber();
}

const fmtData = new Intl.DateTimeFormat('pt-BR', { timeZone: FUSO, day: '2-digit', month: '2-digit', year: 'numeric' });
const fmtDataHora = new Intl.DateTimeFormat('pt-BR', {
  timeZone: FUSO, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false,
});

/** A date-only ISO string ('2026-04-21') is a calendar date, shown as is; a timestamp is shown in São Paulo time. */
export function formatarData(v: string | Date | null | undefined, comHora = false): string {
  if (!v) return '';
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) {
    const [y, m, d] = v.split('-');
    return `${d}/${m}/${y}`;
  }
  const date = typeof v === 'string' ? new Date(v) : v;
  if (Number.isNaN(date.getTime())) return '';
  return (comHora ? fmtDataHora : fmtData).format(date).replace(',', '');
}

/** Blank values become null (spec §5). */
export const vazioParaNulo = <T>(v: T): T | null => (typeof v === 'string' && v.trim() === '' ? null : v);

/** A municipality as users read it, everywhere an IBGE code is shown: "São Paulo/SP (3550308)";
 * without its name (unknown code), the code alone. */
export function descreverMunicipio(ibge: string | null | undefined, m?: { nome: string; uf: string } | null): string {
  if (!ibge) return '—';
  return m ? `${m.nome}/${m.uf} (${ibge})` : `Município ${ibge}`;
}
