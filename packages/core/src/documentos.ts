import { isValidCep, isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';

// Formats and checks of spec §5 / CONVENTIONS "Formats". Validation is delegated to brazilian-utils.
export const somenteDigitos = (v: string | null | undefined) => (v ?? '').replace(/\D/g, '');

export const cpfValido = (v: string) => somenteDigitos(v).length === 11 && isValidCpf(somenteDigitos(v));
export const cnpjValido = (v: string) => somenteDigitos(v).length === 14 && isValidCnpj(somenteDigitos(v));
export const documentoValido = (v: string) => cpfValido(v) || cnpjValido(v);
export const cepValido = (v: string) => somenteDigitos(v).length === 8 && isValidCep(somenteDigitos(v));

/** 11 digits → 000.000.000-00, 14 digits → 00.000.000/0000-00, anything else unchanged. */
export function formatarDocumento(v: string | null | undefined): string {
  const d = somenteDigitos(v);
  if (d.length === 11) return d.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4');
  if (d.length === 14) return d.replace(/(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})/, '$1.$2.$3/$4-$5');
  return v ?? '';
}

export function formatarCep(v: string | null | undefined): string {
  const d = somenteDigitos(v);
  return d.length >= 8 ? `${d.slice(0, 5)}-${d.slice(5, 8)}` : (v ?? '');
}

/** UUID versions 1 to 5 only (spec §5). */
export const UID_REGEX = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const uidValido = (v: string) => UID_REGEX.test(v);

/** Each word capitalised, connectives of Portuguese kept lower-case ("Transportes de Cargas"). */
const MINUSCULAS = new Set(['de', 'da', 'do', 'das', 'dos', 'e', 'em', 'na', 'no']);
export function capitalizarNome(v: string): string {
  return v
    .trim()
    .replace(/\s+/g, ' ')
    .toLocaleLowerCase('pt-BR')
    .split(' ')
    .map((w, i) => (i > 0 && MINUSCULAS.has(w) ? w : w.charAt(0).toLocaleUpperCase('pt-BR') + w.slice(1)))
    .join(' ');
}
