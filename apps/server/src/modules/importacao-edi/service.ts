import { type DocumentoEdi, type ErroEdi, type OcorrenciaEdi, itensEdi, lerEdi, ocorrenciasOcoren } from '@fretio/core';
import type { DbOrTx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { registrarOcorrenciaEdi } from '../ocorrencias/eventos-edi.ts';

/** `POST /api/importar/edi/{layout}`: the path's name → the PROCEDA document. */
export const LAYOUTS_IMPORTACAO = { ocoren: 'OCOREN', conemb: 'CONEMB', doccob: 'DOCCOB', notfis: 'NOTFIS' } as const satisfies Record<string, DocumentoEdi>;
export type LayoutImportacao = keyof typeof LAYOUTS_IMPORTACAO;

/** Who applies each document once its module exists; until then its records are reported, not applied. */
const DONO: Record<Exclude<DocumentoEdi, 'OCOREN'>, string> = {
  CONEMB: 'o cadastro de CT-e (módulo fiscal)',
  DOCCOB: 'as faturas de frete',
  NOTFIS: 'o cadastro de NF-e (módulo fiscal)',
};

export type RefItemEdi =
  | { tipo: 'erro'; erro: ErroEdi }
  | { tipo: 'ocorrencia'; ocorrencia: OcorrenciaEdi }
  | { tipo: 'recebido'; documento: Exclude<DocumentoEdi, 'OCOREN'>; linha: number; descricao: string };
export type ItemImportacaoEdi = { nome: string; ref: RefItemEdi };

const linhaCampo = (e: ErroEdi) => `Linha ${e.linha}${e.campo ? `, campo ${e.campo}` : ''}`;

/**
 * The task's items for one file. A file with any error becomes one item per error (each fails with its
 * line, field and message) and nothing of it is applied: a half-read carrier file would lose events silently.
 */
export function itensDoArquivo(dados: Buffer, layout: LayoutImportacao): ItemImportacaoEdi[] {
  const r = lerEdi(dados, LAYOUTS_IMPORTACAO[layout]);
  if (!r.ok || !r.arquivo) return r.erros.map((erro) => ({ nome: linhaCampo(erro), ref: { tipo: 'erro', erro } }));
  const arquivo = r.arquivo;
  if (arquivo.documento === 'OCOREN') {
    return ocorrenciasOcoren(arquivo).map((ocorrencia) => ({
      nome: `Linha ${ocorrencia.linha}: NF ${ocorrencia.numeroNf}, ocorrência ${ocorrencia.codigo}`,
      ref: { tipo: 'ocorrencia', ocorrencia },
    }));
  }
  const documento = arquivo.documento;
  return itensEdi(arquivo).map((i) => ({ nome: `Linha ${i.linha}`, ref: { tipo: 'recebido', documento, linha: i.linha, descricao: i.descricao } }));
}

/** One item, inside the task item's transaction. */
export async function processarItemEdi(tx: DbOrTx, embarcadorUid: string, tarefaUid: string | null, ref: RefItemEdi) {
  switch (ref.tipo) {
    case 'erro':
      throw AppError.field(ref.erro.campo ?? 'linha', `${linhaCampo(ref.erro)}: ${ref.erro.mensagem}`);
    case 'ocorrencia':
      return registrarOcorrenciaEdi(tx, embarcadorUid, ref.ocorrencia, { tarefaUid });
    default:
      return {
        situacao: 'ignorado' as const,
        mensagem: `Recebido, não aplicado: ${ref.descricao}. O ${ref.documento} ainda não é aplicado por ${DONO[ref.documento]}.`,
      };
  }
}
