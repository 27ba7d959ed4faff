import { sql } from 'drizzle-orm';
import { type AgendaPreFatura, FUSO, type PeriodicidadePreFatura, RESULTADO_AUDITORIA as R, ultimoPeriodoPreFatura } from '@fretio/core';
import type { FastifyInstance } from 'fastify';
import { preFaturas } from '../../db/schema/index.ts';
import { agendar } from '../../framework/agenda.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { criarTarefa, defineTipoTarefa } from '../../framework/tarefas/index.ts';
import { atualizarTotaisPreFatura } from '../auditorias/repository.ts';
import { hojeSaoPaulo } from '../feriados/service.ts';
import { notificarPreFaturaLiberada } from './notificacoes.ts';
import { sqlCobravel } from './substituicao.ts';
import { rowsOf } from '../../framework/sql.ts';

// Scheduled pre-invoices: a shipper that set preFaturaPeriodicidade (administracao/parametros) gets, once
// per closed period, a queue task with one item per carrier (unit) holding approved or accepted CT-es
// emitted up to the period's end, not invoiced and in no released pre-invoice; each item closes them into
// one pre-invoice of the period and releases it to the carrier. The scheduler runs in every instance;
// the unique index tarefas_pre_faturas_periodo_uq (shipper + period key) lets only one of them queue it.

export type ParametrosPreFaturas = { periodo: string; inicio: string; fim: string };
const br = (iso: string) => iso.split('-').reverse().join('/');

/** The pool of a carrier unit for the period: audits that may be closed into its pre-invoice (CT-e not cancelled nor replaced). */
const elegiveis = (embarcadorUid: string, fim: string) => sql`
  a.embarcador_uid = ${embarcadorUid} and a.status in (${R.APROVADA}, ${R.ACEITA}) and a.transportador_uid is not null
  and a.emissao < ((${fim}::date + 1)::timestamp at time zone ${FUSO})
  and (a.pre_fatura_uid is null or exists (select 1 from pre_faturas p where p.uid = a.pre_fatura_uid and p.status = 1 and p.automatica))
  and not exists (select 1 from fatura_ctes fc where fc.embarcador_uid = a.embarcador_uid and fc.cte_uid = a.cte_uid)
  and ${sqlCobravel(sql`a.cte_uid`)}`;

export const gerarPreFaturas = defineTipoTarefa<ParametrosPreFaturas>({
  tipo: 'gerar-pre-faturas',
  nome: 'Pré-faturas do período',
  recurso: 'pre-fatura',
  async preparar(db, tarefa) {
    const linhas = rowsOf(await db.execute(sql`
      select a.transportador_uid, a.unidade_transportador_uid, t.nome, count(*)::int as n
        from auditorias a join transportadores t on t.uid = a.transportador_uid
       where ${elegiveis(tarefa.embarcadorUid, tarefa.parametros.fim)}
       group by a.transportador_uid, a.unidade_transportador_uid, t.nome order by t.nome`));
    return linhas.map((l) => ({
      nome: `${String(l.nome)}: ${l.n} CT-e(s)`,
      ref: { transportadorUid: String(l.transportador_uid), unidadeTransportadorUid: l.unidade_transportador_uid === null ? null : String(l.unidade_transportador_uid) },
    }));
  },
  async processar(tx, tarefa, item) {
    const { transportadorUid, unidadeTransportadorUid: unidade } = item.ref as { transportadorUid: string; unidadeTransportadorUid: string | null };
    const p = tarefa.parametros;
    const auditoriasDoPeriodo = rowsOf(await tx.execute(sql`
      select a.uid, a.pre_fatura_uid from auditorias a
       where ${elegiveis(tarefa.embarcadorUid, p.fim)} and a.transportador_uid = ${transportadorUid}
         and a.unidade_transportador_uid is not distinct from ${unidade}::uuid
       for update of a`));
    if (!auditoriasDoPeriodo.length) return { situacao: 'ignorado', mensagem: 'Nenhum CT-e aprovado a fechar.' };
    const [nova] = await tx.insert(preFaturas).values({
      embarcadorUid: tarefa.embarcadorUid, transportadorUid, unidadeTransportadorUid: unidade, automatica: true, status: 2, liberadaEm: sql`now()`,
      observacao: `Pré-fatura agendada do período ${br(p.inicio)} a ${br(p.fim)}.`,
    }).returning({ uid: preFaturas.uid });
    const uids = auditoriasDoPeriodo.map((a) => String(a.uid));
    await tx.execute(sql`update auditorias set pre_fatura_uid = ${nova!.uid} where uid in (${sql.join(uids.map((u) => sql`${u}`), sql`, `)})`);
    const antigas = new Set(auditoriasDoPeriodo.map((a) => a.pre_fatura_uid).filter((x): x is string => typeof x === 'string'));
    for (const a of antigas) await atualizarTotaisPreFatura(tx, a);
    await atualizarTotaisPreFatura(tx, nova!.uid);
    await notificarPreFaturaLiberada(tx, nova!.uid, null);
    return { situacao: 'ok', mensagem: `${uids.length} CT-e(s) na pré-fatura liberada.`, registroUid: nova!.uid };
  },
});

/** Queues the last closed period's task for every shipper whose schedule is on and has not got it yet. */
export async function agendarPreFaturas(db: DbOrTx, agora = new Date()): Promise<number> {
  const hoje = hojeSaoPaulo(agora);
  const linhas = rowsOf(await db.execute(sql`
    select e.uid,
      (select p.valor #>> '{}' from parametros_embarcador p where p.embarcador_uid = e.uid and p.chave = 'preFaturaPeriodicidade') as periodicidade,
      (select p.valor #>> '{}' from parametros_embarcador p where p.embarcador_uid = e.uid and p.chave = 'preFaturaDiaSemana') as dia_semana,
      (select p.valor #>> '{}' from parametros_embarcador p where p.embarcador_uid = e.uid and p.chave = 'preFaturaDiaMes') as dia_mes
      from embarcadores e
     where e.ativo and exists (select 1 from parametros_embarcador p where p.embarcador_uid = e.uid and p.chave = 'preFaturaPeriodicidade'
                                 and p.valor #>> '{}' <> 'desligada')`));
  let criadas = 0;
  for (const l of linhas) {
    const agenda: AgendaPreFatura = {
      periodicidade: String(l.periodicidade) as PeriodicidadePreFatura, diaSemana: Number(l.dia_semana ?? 1), diaMes: Number(l.dia_mes ?? 1),
    };
    const periodo = ultimoPeriodoPreFatura(agenda, hoje);
    if (!periodo) continue;
    const embarcadorUid = String(l.uid);
    const ja = rowsOf(await db.execute(sql`select 1 from tarefas where embarcador_uid = ${embarcadorUid} and tipo = ${gerarPreFaturas.tipo}
      and parametros ->> 'periodo' = ${periodo.chave}`));
    if (ja.length) continue;
    try {
      await criarTarefa(db, { embarcadorUid }, gerarPreFaturas, { periodo: periodo.chave, inicio: periodo.inicio, fim: periodo.fim });
      criadas++;
    } catch (e) {
      // Another instance queued it first (tarefas_pre_faturas_periodo_uq).
      if ((e as { code?: string })?.code !== '23505' && (e as { cause?: { code?: string } })?.cause?.code !== '23505') throw e;
    }
  }
  return criadas;
}

export async function agendadorPreFaturas(app: FastifyInstance) {
  agendar(app, 'agenda das pré-faturas', { intervaloMs: app.config.sefaz.agendaMs }, () => agendarPreFaturas(app.db));
}
