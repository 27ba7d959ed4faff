import { type CobrancaEdi, type ConhecimentoEdi, type NotaEdi, type OcorrenciaEdi, cobrancasDoccob, conhecimentosConemb, notasNotfis, ocorrenciasOcoren } from './itens.ts';
import { lerEdi } from './parser.ts';
import type { DocumentoEdi, ErroEdi } from './tipos.ts';

// A PROCEDA file → the import task's items: its records, or its errors when the file is malformed (then
// nothing of it is applied: a half-read carrier file would lose events silently). Pure, so the server runs it
// in the parse worker (a 50,000-event OCOREN takes ~1 s of CPU that must not block the API's thread).

export type RefItemEdi =
  | { tipo: 'erro'; erro: ErroEdi }
  | { tipo: 'ocorrencia'; ocorrencia: OcorrenciaEdi }
  | { tipo: 'conemb'; conhecimento: ConhecimentoEdi }
  | { tipo: 'doccob'; cobranca: CobrancaEdi }
  | { tipo: 'notfis'; nota: NotaEdi };
export type ItemImportacaoEdi = { nome: string; ref: RefItemEdi };

/** Where an EDI error is, as the task's item names it: 'Linha 4, campo dataOcorrencia'. */
export const linhaCampoEdi = (e: ErroEdi) => `Linha ${e.linha}${e.campo ? `, campo ${e.campo}` : ''}`;

export function itensImportacaoEdi(dados: Uint8Array | string, documento: DocumentoEdi): ItemImportacaoEdi[] {
  const r = lerEdi(dados, documento);
  if (!r.ok || !r.arquivo) return r.erros.map((erro) => ({ nome: linhaCampoEdi(erro), ref: { tipo: 'erro', erro } }));
  const arquivo = r.arquivo;
  switch (arquivo.documento) {
    case 'OCOREN':
      return ocorrenciasOcoren(arquivo).map((ocorrencia) => ({
        nome: `Linha ${ocorrencia.linha}: NF ${ocorrencia.numeroNf}, ocorrência ${ocorrencia.codigo}`,
        ref: { tipo: 'ocorrencia', ocorrencia },
      }));
    case 'CONEMB':
      return conhecimentosConemb(arquivo).map((c) => ({ nome: `Linha ${c.linha}: CT ${c.serieTexto ?? ''}/${c.numeroTexto}`, ref: { tipo: 'conemb', conhecimento: c } }));
    case 'DOCCOB':
      return cobrancasDoccob(arquivo).map((c) => ({ nome: `Linha ${c.linha}: cobrança ${c.serie ? `${c.serie}/` : ''}${c.numero}`, ref: { tipo: 'doccob', cobranca: c } }));
    default:
      return notasNotfis(arquivo).map((n) => ({ nome: `Linha ${n.linha}: NF ${n.serie ?? ''}/${n.numero}`, ref: { tipo: 'notfis', nota: n } }));
  }
}
