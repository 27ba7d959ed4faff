import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { FUSO } from '@fretio/core';
import { nfes } from '../../db/schema/index.ts';
import { AppError, defineTipoTarefa } from '../../framework/tarefas/index.ts';
import { atualizarRastreio } from './service.ts';

/**
 * `semPrevisao`: only the notes whose tracking row has no promised date (the rows migration
 * 0066_rastreios_faltantes created without one; not offered by the API).
 */
export type ParametrosRecalculo = { nfeUids?: string[]; transportadorUid?: string | null; dataInicio?: string | null; dataFim?: string | null; semPrevisao?: boolean };

/**
 * `recalcular-prazo-entrega`: after deadlines or holidays change, recomputes the promised date (and the
 * summary of events) of the shipper's notes in the filter; one item per NF-e.
 */
export const recalcularPrazoEntrega = defineTipoTarefa<ParametrosRecalculo>({
  tipo: 'recalcular-prazo-entrega',
  nome: 'Recálculo do prazo de entrega (tracking)',
  recurso: 'tracking',
  async *preparar(db, tarefa) {
    const p = tarefa.parametros;
    const onde = and(
      eq(nfes.embarcadorUid, tarefa.embarcadorUid),
      eq(nfes.cancelada, false),
      isNull(nfes.substituidaPorUid),
      p.nfeUids?.length ? inArray(nfes.uid, p.nfeUids) : undefined,
      p.transportadorUid ? eq(nfes.transportadorUid, p.transportadorUid) : undefined,
      p.dataInicio ? gte(nfes.emissao, sql`(${p.dataInicio}::date::timestamp at time zone ${FUSO})`) : undefined,
      p.dataFim ? lt(nfes.emissao, sql`((${p.dataFim}::date + 1)::timestamp at time zone ${FUSO})`) : undefined,
      p.semPrevisao ? sql`exists (select 1 from rastreios r where r.nfe_uid = ${nfes.uid} and r.data_prevista is null)` : undefined,
    );
    // Keyset pages of 1,000: a shipper with a million notes never loads them at once.
    let depois = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const pagina = await db
        .select({ uid: nfes.uid, numero: nfes.numero, serie: nfes.serie })
        .from(nfes)
        .where(and(onde, sql`${nfes.uid} > ${depois}`))
        .orderBy(asc(nfes.uid))
        .limit(1000);
      for (const n of pagina) yield { nome: `NF-e ${n.numero}/${n.serie}`, ref: n.uid };
      if (pagina.length < 1000) return;
      depois = pagina[pagina.length - 1].uid;
    }
  },
  async processar(tx, tarefa, item) {
    const [n] = await tx.select({ uid: nfes.uid }).from(nfes).where(and(eq(nfes.uid, item.ref as string), eq(nfes.embarcadorUid, tarefa.embarcadorUid)));
    if (!n) throw AppError.notFound('NF-e não encontrada (excluída depois do pedido).');
    const r = await atualizarRastreio(tx, n.uid, { recalcularPrazo: true });
    return r?.dataPrevista
      ? { situacao: 'ok', mensagem: `Previsão de entrega ${r.dataPrevista.split('-').reverse().join('/')} (${r.prazoDiasUteis} dia(s) úteis).`, registroUid: n.uid }
      : { situacao: 'aviso', mensagem: 'Sem prazo de entrega cadastrado para o transportador e o trajeto.', registroUid: n.uid };
  },
});
