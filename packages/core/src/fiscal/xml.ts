import { XMLParser, XMLValidator } from 'fast-xml-parser';

// Reading an untrusted fiscal XML: no DOCTYPE, no entity but the five predefined ones and character
// references (so no external entity and no billion laughs), well-formed or refused. Namespace prefixes
// are dropped (any prefix reads the same), values stay strings (a "0001" series or a 44-digit key
// must not become a number).

/** A document refused for what it is; the message goes to the user's report as is. */
export class DocumentoFiscalInvalido extends Error {}

export type No = Record<string, unknown>;

const ENTIDADES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const REF = /&(?:(amp|lt|gt|quot|apos)|#(\d{1,7})|#x([0-9a-fA-F]{1,6}));/g;
const REF_SOLTA = /&(?!(?:amp|lt|gt|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});)/;

const decodificar = (v: string) =>
  v.includes('&')
    ? v.replace(REF, (_m, nome: string | undefined, dec: string | undefined, hex: string | undefined) => {
        if (nome) return ENTIDADES[nome];
        const cp = dec ? Number(dec) : Number.parseInt(hex as string, 16);
        return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : '';
      })
    : v;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  htmlEntities: false,
  trimValues: true,
  tagValueProcessor: (_n, v) => decodificar(v),
  attributeValueProcessor: (_n, v) => decodificar(v),
});

/** Text of an XML file: UTF-8 (with or without BOM) when it decodes as such, else Latin-1 (old ERPs). */
export function textoDoXml(dados: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(dados).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('latin1').decode(dados);
  }
}

/** Parses one document; throws DocumentoFiscalInvalido with a pt-BR reason. */
export function lerXml(texto: string): No {
  const t = texto.replace(/^\uFEFF/, '').trim();
  if (!t.startsWith('<')) throw new DocumentoFiscalInvalido('O arquivo não é um XML');
  if (/<!DOCTYPE/i.test(t)) throw new DocumentoFiscalInvalido('XML recusado: declaração DOCTYPE não é permitida em documentos fiscais');
  if (/<!ENTITY/i.test(t)) throw new DocumentoFiscalInvalido('XML recusado: declaração de entidade não é permitida');
  if (REF_SOLTA.test(t.replace(/<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->/g, ''))) throw new DocumentoFiscalInvalido('XML recusado: referência a entidade não declarada');
  const valido = XMLValidator.validate(t);
  if (valido !== true) {
    const e = valido.err;
    throw new DocumentoFiscalInvalido(`XML malformado (linha ${e.line}, coluna ${e.col}): ${e.msg}`);
  }
  return parser.parse(t) as No;
}

/** A child that may repeat, always as a list. */
export function lista(v: unknown): No[] {
  if (v === undefined || v === null || v === '') return [];
  return (Array.isArray(v) ? v : [v]) as No[];
}

/** A child element (the first, if repeated) or null. */
export function filho(n: unknown, nome: string): No | null {
  if (!n || typeof n !== 'object') return null;
  const v = (n as No)[nome];
  const x = Array.isArray(v) ? v[0] : v;
  return x && typeof x === 'object' ? (x as No) : null;
}

/** Text content of a child (the first, if repeated) or null when absent or blank. */
export function texto(n: unknown, nome: string): string | null {
  if (!n || typeof n !== 'object') return null;
  let v = (n as No)[nome];
  if (Array.isArray(v)) v = v[0];
  if (v && typeof v === 'object') v = (v as No)['#text'];
  if (v === undefined || v === null) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
}

export const atributo = (n: No | null, nome: string): string | null => {
  const v = n?.[`@${nome}`];
  return v === undefined || v === null ? null : String(v).trim();
};

/** Path of children: caminho(n, 'a', 'b') = n.a.b (first of each). */
export function caminho(n: unknown, ...nomes: string[]): No | null {
  let atual: No | null = n as No;
  for (const nome of nomes) {
    atual = filho(atual, nome);
    if (!atual) return null;
  }
  return atual;
}

/** A decimal value as written (normalised: "0110.50" → "110.50"); null when absent; warns when not a number. */
export function decimal(n: unknown, nome: string, avisos?: string[], rotulo?: string): string | null {
  const s = texto(n, nome);
  if (s === null) return null;
  if (!/^-?\d+(\.\d+)?$/.test(s)) {
    avisos?.push(`${rotulo ?? nome}: valor "${s}" não é um número; ignorado`);
    return null;
  }
  return s.replace(/^(-?)0+(?=\d)/, '$1');
}

export function inteiro(n: unknown, nome: string): number | null {
  const s = texto(n, nome);
  return s !== null && /^\d{1,15}$/.test(s) ? Number(s) : null;
}
