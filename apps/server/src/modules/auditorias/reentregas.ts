import { type ReentregaNfe, ACAO_OCORRENCIA } from '@fretio/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../framework/resource.ts';
import { memoLote } from '../../lib/memo-lote.ts';
import type { CteCarregado } from './cte.ts';
import { componenteDaCobranca } from './ocorrencias.ts';
import { rowsOf } from '../../framework/sql.ts';

// The delivery events that make a second CT-e of one NF-e legitimate in the duplicate check (core
// detectarDuplicidades): a failed delivery attempt, or a re-delivery/return charge (a 'Cobrança adicional' whose
// kind is billed as REENTREGA or DEVOLUCAO — a daily-stay charge does not make the carrier deliver again).


/** The attempt/re-delivery events on the CT-e's NF-es (by key), with the carrier that reported them. */
export function reentregasDe(db: DbOrTx, embarcadorUid: string, c: CteCarregado): Promise<ReentregaNfe[]> {
  if (!c.cte.nfes.length) return Promise.resolve([]);
  return memoLote(db, `reentregas|${c.uid}`, () => reentregasLidas(db, embarcadorUid, c.cte.nfes));
}

export async function reentregasLidas(db: DbOrTx, embarcadorUid: string, chaves: string[]): Promise<ReentregaNfe[]> {
  const rows = rowsOf(await db.execute(sql`
    select n.chave as nfe, e.transportador_uid::text as transportador, e.data_hora as "dataHora", o.acao, o.descricao
      from eventos_ocorrencia e join nfes n on n.uid = e.nfe_uid
      join ocorrencias o on o.uid = e.ocorrencia_uid and o.acao in (${ACAO_OCORRENCIA.TENTATIVA_ENTREGA}, ${ACAO_OCORRENCIA.COBRANCA_ADICIONAL})
     where e.embarcador_uid = ${embarcadorUid} and n.embarcador_uid = ${embarcadorUid}
       and n.chave in (${sql.join(chaves.map((k) => sql`${k}`), sql`, `)})`));
  return rows
    .filter((r) => Number(r.acao) === ACAO_OCORRENCIA.TENTATIVA_ENTREGA || componenteDaCobranca(String(r.descricao)) !== 'ESTADIA')
    .map((r) => ({
      nfe: String(r.nfe),
      transportador: (r.transportador as string | null) ?? null,
      dataHora: r.dataHora instanceof Date ? r.dataHora.toISOString() : new Date(String(r.dataHora)).toISOString(),
    }));
}
