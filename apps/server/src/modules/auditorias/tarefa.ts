import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { FUSO } from '@fretio/core';
import { auditorias } from '../../db/schema/index.ts';
import { AppError, defineTipoTarefa, type ResultadoItem } from '../../framework/tarefas/index.ts';
import { reauditarLote } from './lote.ts';
import { auditarCte } from './service.ts';

// reauditar-por-periodo: one item per audit of the period (CT-e emission, São Paulo days) and carrier.
// Items run in groups of REAUDITORIA_LOTE (250) per transaction, re-audited set-based (lote.ts: the same
// rows as the one-CT-e path); what the batch leaves out (complementar/anulação/substituto/cancelled CT-es,
// an audit in a released pre-invoice, a calculation that raised) re-audits one CT-e in its own savepoint.
// Accepted and cancelled audits are left alone. The task's progress is counted once per group. The
// reference data (places, tax rules, holidays, tables by carrier + day…) is read once per task run.

// A missing or bad value (not a positive integer) keeps 250.
const LOTE = Math.max(1, Math.floor(Number(process.env.REAUDITORIA_LOTE)) || 250);

/**
 * Reference data read by the task's batches (lote.ts DA_TAREFA), one map per running task: the runner hands
 * every group of one run the same task object, so the map lives as long as that run and no longer.
 */
const caches = new WeakMap<object, Map<string, unknown>>();
const cacheDa = (tarefa: object) => caches.get(tarefa) ?? caches.set(tarefa, new Map()).get(tarefa)!;

export type ParametrosReauditoria = { dataInicio: string; dataFim: string; transportadorUid: string | null; status?: number[] };

export const reauditarPorPeriodo = defineTipoTarefa<ParametrosReauditoria>({
  tipo: 'reauditar-por-periodo',
  nome: 'Re-auditoria por período',
  recurso: 'auditorias',
  async *preparar(db, tarefa) {
    const p = tarefa.parametros;
    const fim = new Date(Date.parse(`${p.dataFim}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const status = p.status?.length ? p.status : [1, 2, 3];
    let depois = '';
    for (;;) {
      // Pages by uid so a period of a million audits is never held in memory at once.
      const lote = await db.select({ uid: auditorias.uid, cteUid: auditorias.cteUid, numero: auditorias.numeroCte, serie: auditorias.serieCte })
        .from(auditorias).where(and(
          eq(auditorias.embarcadorUid, tarefa.embarcadorUid),
          gte(auditorias.emissao, sql`(${p.dataInicio}::date)::timestamp at time zone ${FUSO}`),
          lt(auditorias.emissao, sql`(${fim}::date)::timestamp at time zone ${FUSO}`),
          p.transportadorUid ? eq(auditorias.transportadorUid, p.transportadorUid) : undefined,
          inArray(auditorias.status, status),
          depois ? sql`${auditorias.uid} > ${depois}` : undefined,
        )).orderBy(asc(auditorias.uid)).limit(1000);
      for (const a of lote) yield { nome: `CT-e ${a.numero}/${a.serie}`, ref: { cteUid: a.cteUid } };
      if (lote.length < 1000) return;
      depois = lote[lote.length - 1]!.uid;
    }
  },
  itensPorTransacao: LOTE,
  async processarGrupo(tx, tarefa, itens) {
    const porCte = new Map(itens.map(({ item }) => [(item.ref as { cteUid: string }).cteUid, item.uid]));
    const r = await reauditarLote(tx, tarefa.embarcadorUid, [...porCte.keys()], cacheDa(tarefa));
    const out = new Map<string, ResultadoItem>();
    for (const [cteUid, res] of r) out.set(porCte.get(cteUid)!, res);
    return out;
  },
  async processar(tx, tarefa, item) {
    const { cteUid } = item.ref as { cteUid: string };
    const [a] = await tx.select({ uid: auditorias.uid, status: auditorias.status }).from(auditorias)
      .where(and(eq(auditorias.embarcadorUid, tarefa.embarcadorUid), eq(auditorias.cteUid, cteUid))).for('update');
    if (!a) return { situacao: 'ignorado', mensagem: 'Auditoria não existe mais.' };
    if (a.status === 4 || a.status === 5) return { situacao: 'ignorado', mensagem: 'Auditoria aceita ou cancelada: mantida.' };
    try {
      const r = await auditarCte(tx, tarefa.embarcadorUid, cteUid, { propagar: false });
      return { situacao: r.status === 1 ? 'ok' : 'aviso', mensagem: r.mensagem.slice(0, 500), registroUid: r.auditoriaUid ?? undefined };
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw new AppError('INTERNAL', 'Erro ao re-auditar!');
    }
  },
});
