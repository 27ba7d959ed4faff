import { lerCte } from './cte.ts';
import { lerEvento } from './eventos.ts';
import { lerNfe } from './nfe.ts';
import type { CteLida, DocumentoLido, NfeLida } from './tipos.ts';
import { DocumentoFiscalInvalido, type No, lerXml } from './xml.ts';

// One XML file → the fiscal document it holds, whatever its root: nfeProc/NFe, cteProc/CTe,
// cteOSProc/CTeOS, or a cancellation event. Anything else is refused with a pt-BR reason.

const RAIZES_NFE = new Set(['nfeProc', 'NFe']);
const RAIZES_CTE = new Set(['cteProc', 'CTe', 'cteOSProc', 'CTeOS']);
const RAIZES_EVENTO = new Set(['procEventoNFe', 'procEventoCTe', 'procCancCTe']);

function raizDe(doc: No): [string, No] {
  const nomes = Object.keys(doc).filter((k) => k !== '?xml' && !k.startsWith('#') && !k.startsWith('?'));
  if (nomes.length !== 1) throw new DocumentoFiscalInvalido('XML sem um elemento raiz único');
  const v = doc[nomes[0]];
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new DocumentoFiscalInvalido(`elemento raiz <${nomes[0]}> vazio`);
  return [nomes[0], v as No];
}

/** Reads any supported fiscal document; throws DocumentoFiscalInvalido (message in pt-BR). */
export function lerDocumentoFiscal(texto: string): DocumentoLido {
  const [raiz, no] = raizDe(lerXml(texto));
  try {
    if (RAIZES_NFE.has(raiz)) return lerNfe(raiz, no);
    if (RAIZES_CTE.has(raiz)) return lerCte(raiz, no);
    if (RAIZES_EVENTO.has(raiz)) return lerEvento(raiz, no);
  } catch (e) {
    if (e instanceof DocumentoFiscalInvalido) throw e;
    throw new DocumentoFiscalInvalido(`documento fiscal inválido: ${(e as Error).message}`);
  }
  throw new DocumentoFiscalInvalido(`XML não é uma NF-e, um CT-e ou um evento de cancelamento (elemento raiz <${raiz}>)`);
}

/** Reads an NF-e (or its cancellation event); refuses a CT-e with a clear message. */
export function lerArquivoNfe(texto: string): NfeLida | Extract<DocumentoLido, { tipo: 'evento' }> {
  const d = lerDocumentoFiscal(texto);
  if (d.tipo === 'cte' || (d.tipo === 'evento' && d.documento === 'cte')) throw new DocumentoFiscalInvalido('o arquivo é um CT-e; importe-o em CT-e');
  return d;
}

export function lerArquivoCte(texto: string): CteLida | Extract<DocumentoLido, { tipo: 'evento' }> {
  const d = lerDocumentoFiscal(texto);
  if (d.tipo === 'nfe' || (d.tipo === 'evento' && d.documento === 'nfe')) throw new DocumentoFiscalInvalido('o arquivo é uma NF-e; importe-o em NF-e');
  return d;
}
