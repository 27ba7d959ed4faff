import Decimal from 'decimal.js';
import type { CampoLayout, ValorCampo } from './tipos.ts';

const DIGITOS = /^\d+$/;

export const posicao = (c: CampoLayout) => `posições ${c.inicio}-${c.inicio + c.tamanho - 1}`;

function dataValida(a: number, m: number, d: number) {
  const dt = new Date(Date.UTC(a, m - 1, d));
  return dt.getUTCFullYear() === a && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/**
 * Reads one field from its raw slice. Blank (or, for dates/hours, all zeros) is null; a blank mandatory
 * field is an error. Returns the value or an error message (pt-BR, without the line: the caller adds it).
 */
export function lerCampo(c: CampoLayout, bruto: string): { valor: ValorCampo } | { erro: string } {
  const texto = bruto.trim();
  const vazio = texto === '' || ((c.tipo === 'DATA' || c.tipo === 'DATA6' || c.tipo === 'HORA') && /^0+$/.test(texto));
  if (vazio) return c.obrigatorio ? { erro: `${c.rotulo} (${posicao(c)}) é obrigatório.` } : { valor: null };
  if (c.tipo === 'A') return { valor: texto };
  // Numbers fill their width with zeros: a blank inside one is a shifted field, never read as a shorter number.
  if (!DIGITOS.test(bruto)) {
    return { erro: `${c.rotulo} (${posicao(c)}) deve ser numérico: "${bruto}".` };
  }
  switch (c.tipo) {
    case 'N':
      return { valor: texto };
    case 'V':
      return { valor: new Decimal(texto).div(new Decimal(10).pow(c.decimais ?? 0)).toFixed(c.decimais ?? 0) };
    case 'HORA': {
      const h = Number(texto.slice(0, 2));
      const m = Number(texto.slice(2, 4));
      if (h > 23 || m > 59) return { erro: `${c.rotulo} (${posicao(c)}) não é uma hora válida (HHMM): "${bruto}".` };
      return { valor: `${texto.slice(0, 2)}:${texto.slice(2, 4)}` };
    }
    default: {
      const d = Number(texto.slice(0, 2));
      const m = Number(texto.slice(2, 4));
      // DDMMAA: PROCEDA files are from 1990 on; 2-digit years are 20AA.
      const a = c.tipo === 'DATA6' ? 2000 + Number(texto.slice(4, 6)) : Number(texto.slice(4, 8));
      if (!dataValida(a, m, d)) {
        return { erro: `${c.rotulo} (${posicao(c)}) não é uma data válida (${c.tipo === 'DATA6' ? 'DDMMAA' : 'DDMMAAAA'}): "${bruto}".` };
      }
      return { valor: `${String(a).padStart(4, '0')}-${texto.slice(2, 4)}-${texto.slice(0, 2)}` };
    }
  }
}

/**
 * Writes one field at its width. Text longer than the field is cut (names routinely exceed 40 characters
 * and PROCEDA has no continuation); a number that does not fit is an error, never cut.
 */
export function escreverCampo(c: CampoLayout, valor: ValorCampo | undefined): { texto: string } | { erro: string } {
  if (valor === null || valor === undefined || valor === '') {
    if (c.obrigatorio) return { erro: `${c.rotulo} é obrigatório.` };
    // Not informed stays blank (read back as null); dates and hours as zeros, which every reader takes as empty.
    return { texto: (c.tipo === 'DATA' || c.tipo === 'DATA6' || c.tipo === 'HORA' ? '0' : ' ').repeat(c.tamanho) };
  }
  const v = String(valor);
  const cabe = (s: string) => (s.length > c.tamanho ? { erro: `${c.rotulo} não cabe em ${c.tamanho} posições: "${v}".` } : { texto: s });
  switch (c.tipo) {
    case 'A':
      return { texto: v.slice(0, c.tamanho).padEnd(c.tamanho, ' ') };
    case 'N':
      if (!DIGITOS.test(v)) return { erro: `${c.rotulo} deve ser numérico: "${v}".` };
      return cabe(v.padStart(c.tamanho, '0'));
    case 'V': {
      let d: Decimal;
      try {
        d = new Decimal(v);
      } catch {
        return { erro: `${c.rotulo} deve ser um número: "${v}".` };
      }
      if (d.isNeg()) return { erro: `${c.rotulo} não pode ser negativo: "${v}".` };
      return cabe(d.mul(new Decimal(10).pow(c.decimais ?? 0)).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0).padStart(c.tamanho, '0'));
    }
    case 'HORA': {
      const m = /^(\d{2}):(\d{2})$/.exec(v);
      return m ? { texto: m[1] + m[2] } : { erro: `${c.rotulo} deve estar em HH:MM: "${v}".` };
    }
    default: {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
      if (!m || !dataValida(Number(m[1]), Number(m[2]), Number(m[3]))) return { erro: `${c.rotulo} deve ser uma data AAAA-MM-DD: "${v}".` };
      return { texto: m[3] + m[2] + (c.tipo === 'DATA6' ? m[1].slice(2) : m[1]) };
    }
  }
}
