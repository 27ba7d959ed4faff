import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { dvChave } from '@fretio/core/fiscal';

// Many distinct NF-es from one real sample of ../shared/data (a signed procNFe 4.00): each copy gets its
// own number and access key (same issuer, series and code; the modulo-11 check digit recomputed), so
// each is a new, valid-key note. The signature no longer matches: imported and flagged, as in real archives.
export const AMOSTRA_NFE = resolve(import.meta.dirname, '../../../../../shared/data/nfe/nfelib__42211275277525000178550030000276771368212013-procNFe.xml');
const CHAVE = '42211275277525000178550030000276771368212013';

export type CopiaNfe = { nome: string; chave: string; numero: number; dados: Buffer };

/** `quantos` copies numbered from `primeiro`; the sample is read once. */
export function copiasDaAmostra(quantos: number, primeiro = 900_000): CopiaNfe[] {
  const xml = readFileSync(AMOSTRA_NFE, 'utf8');
  const [antes, depois] = [xml.indexOf('<nNF>'), xml.indexOf('</nNF>')];
  return Array.from({ length: quantos }, (_, i) => {
    const numero = primeiro + i;
    const base = `${CHAVE.slice(0, 25)}${String(numero).padStart(9, '0')}${CHAVE.slice(34, 43)}`;
    const chave = `${base}${dvChave(base)}`;
    const texto = `${xml.slice(0, antes)}<nNF>${numero}${xml.slice(depois)}`.replaceAll(CHAVE, chave);
    return { nome: `${chave}-nfe.xml`, chave, numero, dados: Buffer.from(texto) };
  });
}
