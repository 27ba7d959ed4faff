import Decimal from 'decimal.js';
import { cnpjValido, cpfValido } from '../documentos.ts';
import { type No, texto } from './xml.ts';

// Pieces both parsers share: a party's document (CNPJ, CPF or foreign id, kept as written and
// flagged when odd) and exact sums.

/** The party's CNPJ or CPF as written (digits/letters only); a warning when it is not a valid one. */
export function documentoDe(n: No | null, papel: string, avisos: string[]): string | null {
  if (!n) return null;
  const cnpj = texto(n, 'CNPJ');
  const cpf = texto(n, 'CPF');
  const bruto = cnpj ?? cpf;
  if (bruto === null) return null;
  const doc = bruto.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  if (cnpj !== null) {
    if (/[A-Z]/.test(doc)) {
      if (doc.length !== 14) avisos.push(`CNPJ do ${papel} com ${doc.length} caracteres`);
    } else if (doc.length !== 14) avisos.push(`CNPJ do ${papel} com ${doc.length} dígitos`);
    else if (!cnpjValido(doc) && !/^(\d)\1+$/.test(doc)) avisos.push(`CNPJ do ${papel} com dígito verificador inválido`);
  } else if (doc.length !== 11) avisos.push(`CPF do ${papel} com ${doc.length} dígitos`);
  else if (!cpfValido(doc)) avisos.push(`CPF do ${papel} com dígito verificador inválido`);
  return doc;
}

/** Sum of a decimal child over nodes; null when no node has it (never a made-up zero). */
export function somar(nos: No[], nome: string, avisos: string[], rotulo: string): string | null {
  let total: Decimal | null = null;
  for (const n of nos) {
    const s = texto(n, nome);
    if (s === null) continue;
    if (!/^-?\d+(\.\d+)?$/.test(s)) {
      avisos.push(`${rotulo}: valor "${s}" não é um número; ignorado`);
      continue;
    }
    total = (total ?? new Decimal(0)).plus(s);
  }
  return total === null ? null : total.toFixed();
}

export const numeroOuNull = (s: string | null) => (s !== null && /^\d{1,15}$/.test(s) ? Number(s) : null);
