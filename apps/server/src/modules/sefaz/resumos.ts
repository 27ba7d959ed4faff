import { XMLParser } from 'fast-xml-parser';
import { sefazResumos } from '../../db/schema/index.ts';
import type { Tx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import type { RefDocumentoSefaz } from './captura.ts';

// Summaries from the distribution (resNFe/resCTe before the full document is released to the
// interested party; resEvento): kept as they came, with the fields a user searches by.
const parser = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, processEntities: false, parseTagValue: false });

export async function guardarResumo(tx: Tx, embarcadorUid: string, ref: RefDocumentoSefaz, xml: string) {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw AppError.field('file', 'XML com DOCTYPE recusado.');
  let raiz: Record<string, Record<string, unknown>>;
  try {
    raiz = parser.parse(xml);
  } catch {
    throw AppError.field('file', 'Resumo com XML malformado.');
  }
  const r = (raiz.resNFe ?? raiz.resCTe ?? raiz.resEvento ?? {}) as Record<string, unknown>;
  const texto = (v: unknown) => (v == null || v === '' ? null : String(v));
  const chave = texto(r.chNFe ?? r.chCTe);
  await tx.insert(sefazResumos).values({
    embarcadorUid, servico: ref.servico, cnpjInteressado: ref.cnpj, nsu: ref.nsu, schema: ref.schema.slice(0, 40), chave,
    emitenteDocumento: texto(r.CNPJ ?? r.CPF), emitenteNome: texto(r.xNome)?.slice(0, 150) ?? null, emissao: texto(r.dhEmi ?? r.dhEvento),
    valor: texto(r.vNF ?? r.vTPrest), situacao: texto(r.cSitNFe ?? r.cSitCTe), xml,
  }).onConflictDoNothing();
  const oque = raiz.resEvento ? 'Resumo de evento' : 'Resumo do documento';
  return { situacao: 'ok' as const, mensagem: `${oque} guardado${chave ? ` (chave ${chave})` : ''}: a SEFAZ entrega o XML completo depois da manifestação do destinatário.` };
}
