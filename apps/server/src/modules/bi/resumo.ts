import { type SQL, sql } from 'drizzle-orm';
import { type FiltroBi, STATUS_RASTREIO_LISTA } from '@fretio/core';
import type { Db } from '../../db/client.ts';
import { diasAtrasoRastreioSql, statusRastreioSql } from '../tracking/resource.ts';
import { type Escopo, TZ, linhas, noResumo, nomeTransportador, rotuloOcorrencia, situacaoEntrega } from './sql.ts';

// BI read from the summary tables (resumo_bi_notas, resumo_bi_ctes; kept by triggers: drizzle
// *_bi_resumo_dados.sql, docs/BI.md): the same figures as the raw aggregates of datasets.ts/dashboard.ts,
// a few hundred rows per shipper and day instead of every document. bi.test.ts checks them equal.

export { noResumo };

export const mesResumo = sql`to_char(s.dia, 'YYYY-MM')`;
/** The carrier's label as the raw queries give it: the registered name, else the name on the document. */
export const transportadorResumo = sql`coalesce(${nomeTransportador(sql`t`)}, s.nome_sem_cadastro)`;
const pct = (parte: SQL, todo: SQL) => sql`case when (${todo}) = 0 then null else round((${parte}) * 100.0 / (${todo}), 2)::float8 end`;
const media = (soma: SQL, n: SQL) => sql`case when (${n}) = 0 then null else round((${soma})::numeric / (${n}), 2)::float8 end`;

const hojeSp = sql`(now() at time zone ${TZ})::date`;
/** Only the period: for summaries without a UF (quotations, events; the raw queries do not apply it either). */
const periodo = (f: FiltroBi): FiltroBi => ({ dataInicio: f.dataInicio, dataFim: f.dataFim });
const notas = (e: Escopo, f: FiltroBi) => sql`resumo_bi_notas s left join transportadores t on t.uid = s.transportador_uid where ${noResumo(e, f)}`;

export const DATASETS_RESUMO: Record<string, (db: Db, e: Escopo, f: FiltroBi) => Promise<unknown>> = {
  tmciclopedido: (db, e, f) => linhas(db, sql`select ${mesResumo} as "mes", sum(s.entregues)::int as "quantidade",
    ${media(sql`sum(s.soma_dias_entrega)`, sql`sum(s.entregues)`)} as "mediaDias"
    from ${notas(e, f)} group by 1 having sum(s.entregues) > 0 order by 1`),
  tmentregaporuf: (db, e, f) => linhas(db, sql`select s.uf as "uf", sum(s.entregues)::int as "quantidade",
    ${media(sql`sum(s.soma_dias_entrega)`, sql`sum(s.entregues)`)} as "mediaDias"
    from ${notas(e, f)} group by 1 having sum(s.entregues) > 0 order by 1`),
  performanceentregacaptacao: (db, e, f) => linhas(db, sql`select ${mesResumo} as "mes", sum(s.notas)::int as "emitidas",
    sum(s.entregues)::int as "entregues", ${pct(sql`sum(s.entregues)`, sql`sum(s.notas)`)} as "percentual"
    from ${notas(e, f)} group by 1 having sum(s.notas) > 0 order by 1`),
  performancemensalnf: async (db, e, f) => {
    // "Atrasadas" depend on today (not delivered, promised date past): from the undelivered notes' summary
    // (resumo_bi_pendentes, by promised date); everything else from resumo_bi_notas.
    const [meses, atrasadas] = await Promise.all([
      linhas<Record<string, unknown> & { mes: string }>(db, sql`select ${mesResumo} as "mes", sum(s.notas)::int as "notas",
        sum(s.no_prazo)::int as "noPrazo", sum(s.com_atraso)::int as "comAtraso",
        ${pct(sql`sum(s.no_prazo)`, sql`sum(s.com_prazo)`)} as "percentualNoPrazo"
        from ${notas(e, f)} group by 1 having sum(s.notas) > 0 order by 1`),
      linhas<{ mes: string; n: number }>(db, sql`select ${mesResumo} as mes, sum(s.notas)::int as n from resumo_bi_pendentes s
        where ${noResumo(e, f)} and s.data_prevista < ${hojeSp} group by 1`),
    ]);
    const porMes = new Map(atrasadas.map((a) => [a.mes, a.n]));
    return meses.map(({ mes, notas: qt, noPrazo, comAtraso, percentualNoPrazo }) => ({ mes, notas: qt, noPrazo, comAtraso, atrasadas: porMes.get(mes) ?? 0, percentualNoPrazo }));
  },
  // resumo_bi_auditorias (the view resumo_bi_auditorias_v is its formula): audits not cancelled per emission day.
  performancemensalaprovacao: (db, e, f) => linhas(db, sql`select ${mesResumo} as "mes", sum(s.auditadas)::int as "auditadas",
    sum(s.aprovadas)::int as "aprovadas", sum(s.divergentes)::int as "divergentes", sum(s.aceitas)::int as "aceitas", sum(s.sem_calculo)::int as "semCalculo",
    ${pct(sql`sum(s.aprovadas)`, sql`sum(s.auditadas)`)} as "percentualAprovadas"
    from resumo_bi_auditorias s where ${noResumo(e, f)} group by 1 having sum(s.auditadas) > 0 order by 1`),
  // resumo_bi_faturas (view resumo_bi_faturas_v): CT-es of paid invoices per CT-e emission day and payment condition.
  tmciclopedidoplanopagto: (db, e, f) => linhas(db, sql`select coalesce(cp.nome, 'Sem condição') as "condicaoPagamento", sum(s.ctes)::int as "quantidade",
    ${media(sql`sum(s.soma_dias)`, sql`sum(s.ctes)`)} as "mediaDias", sum(s.valor)::text as "valor"
    from resumo_bi_faturas s left join condicoes_pagamento cp on cp.uid = s.condicao_pagamento_uid
    where ${noResumo(e, f)} group by 1 having sum(s.ctes) > 0 order by 1`),
  slatransportadoras: (db, e, f) => linhas(db, sql`select s.transportador_uid as "transportadorUid", coalesce(${transportadorResumo}, 'Sem transportador') as "transportador",
    sum(s.com_prazo)::int as "entregas", sum(s.no_prazo)::int as "noPrazo", ${pct(sql`sum(s.no_prazo)`, sql`sum(s.com_prazo)`)} as "percentualNoPrazo",
    ${media(sql`sum(s.soma_dias_atraso)`, sql`sum(s.com_atraso)`)} as "atrasoMedioDias"
    from ${notas(e, f)} group by 1, 2 having sum(s.notas) > 0 order by 2`),
  efetividadeentregatransportador: (db, e, f) => linhas(db, sql`select s.transportador_uid as "transportadorUid", coalesce(${transportadorResumo}, 'Sem transportador') as "transportador",
    sum(s.entregues)::int as "entregues", sum(s.primeira_tentativa)::int as "primeiraTentativa", (sum(s.entregues) - sum(s.primeira_tentativa))::int as "comTentativas",
    ${pct(sql`sum(s.primeira_tentativa)`, sql`sum(s.entregues)`)} as "efetividade"
    from ${notas(e, f)} group by 1, 2 having sum(s.notas) > 0 order by 2`),
};

/** POST bi/frete from resumo_bi_ctes: the same reply as datasets.ts biFrete. */
export async function biFreteResumo(db: Db, e: Escopo, f: FiltroBi) {
  const agrupar = (chave: SQL, rotulo: SQL, nome: string) => linhas(db, sql`select ${chave} as "${sql.raw(nome)}", ${rotulo} as "nome", sum(s.ctes)::int as "ctes",
    sum(s.valor_prestacao)::text as "valorFrete", sum(s.valor_carga)::text as "valorMercadoria", sum(s.peso_carga)::float8 as "pesoKg",
    ${pct(sql`sum(s.valor_prestacao)`, sql`sum(s.valor_carga)`)} as "percentualFrete"
    from resumo_bi_ctes s left join transportadores t on t.uid = s.transportador_uid where ${noResumo(e, f)} group by 1, 2 having sum(s.ctes) > 0 order by 1`);
  const [porMes, porTransportador, porUf, [total]] = await Promise.all([
    agrupar(mesResumo, mesResumo, 'mes'),
    agrupar(sql`s.transportador_uid`, transportadorResumo, 'transportadorUid'),
    agrupar(sql`s.uf`, sql`s.uf`, 'uf'),
    agrupar(sql`'total'`, sql`'Total'`, 'chave'),
  ]);
  return { porMes, porTransportador, porUf, total: total ?? { ctes: 0, valorFrete: '0', valorMercadoria: '0', pesoKg: 0, percentualFrete: null } };
}

/** Σ of a finalized value as the raw `coalesce(sum(v) filter (…), 0)` gives it: 0 (not 0.00) when none had one. */
const valorado = (n: string, v: string) => sql.raw(`case when sum(s.${n}) = 0 then 0 else sum(s.${v}) end`);

/** POST bi/cotacoes from resumo_bi_cotacoes, or for one carrier from resumo_bi_convites (the quotations it was
 * invited to, only its invitations): the same reply as datasets.ts biCotacoes (bi.test.ts). */
export function biCotacoesResumo(db: Db, e: Escopo, f: FiltroBi) {
  const [tabela, cotacoes] = e.transportadorUid ? [sql`resumo_bi_convites`, sql`s.convites`] : [sql`resumo_bi_cotacoes`, sql`s.cotacoes`];
  return linhas(db, sql`select ${mesResumo} as "mes", sum(${cotacoes})::int as "cotacoes", sum(s.convites)::int as "convites", sum(s.respostas)::int as "respostas",
    ${pct(sql`sum(s.respostas)`, sql`sum(s.convites)`)} as "taxaResposta", sum(s.finalizadas)::int as "finalizadas",
    ${valorado('aprovado_valorado', 'valor_aprovado')}::text as "valorAprovado", ${valorado('alvo_valorado', 'valor_alvo')}::text as "valorAlvo"
    from ${tabela} s where ${noResumo(e, periodo(f))} group by 1 having sum(${cotacoes}) > 0 order by 1`);
}

/** The scorecard's quotation columns per carrier (invited, answered, won) from resumo_bi_convites. */
export const cotacoesPorTransportadorResumo = (e: Escopo, f: FiltroBi) => sql`select s.transportador_uid, sum(s.convites)::int as convites,
  sum(s.respostas)::int as respostas, sum(s.vencidas)::int as vencidas from resumo_bi_convites s where ${noResumo(e, periodo(f))} group by 1`;

/** Events of the period by kind from resumo_bi_eventos: datasets.ts ocorrenciasPorTipo (events have no UF: the filter's is not applied). */
export function ocorrenciasPorTipoResumo(db: Db, e: Escopo, f: FiltroBi) {
  return linhas<{ ocorrencia: string; ocorrenciaUid: string | null; quantidade: number }>(db, sql`select ${rotuloOcorrencia} as "ocorrencia", o.uid as "ocorrenciaUid",
    sum(s.eventos)::int as "quantidade" from resumo_bi_eventos s left join ocorrencias o on o.uid = s.ocorrencia_uid
    where ${noResumo(e, periodo(f))} group by 1, 2 having sum(s.eventos) > 0 order by 3 desc, 1 limit 20`);
}

/** The tracking status and days late of the undelivered notes' summary rows `s` (what only today decides). */
const statusPendente = statusRastreioSql({ dataPrevista: sql`s.data_prevista`, dataEntrega: sql`null::date`, excecao: sql`s.excecao`,
  ultimoEventoEm: sql`null::timestamptz`, emissao: sql`(s.ultima_noticia::timestamp at time zone ${TZ})` });
const diasAtrasoPendente = diasAtrasoRastreioSql({ dataPrevista: sql`s.data_prevista`, dataEntrega: sql`null::date` });

/**
 * POST bi/tracking with the summaries: the delivered notes' situations, the note count and the average days to
 * deliver come from resumo_bi_notas; the undelivered notes' situation and days late depend on today, so they are
 * computed from their inputs kept in resumo_bi_pendentes (promised date, exception, day of the last news);
 * ocorrencias from resumo_bi_eventos. The same reply as datasets.ts biTracking (bi.test.ts).
 */
export async function biTrackingResumo(db: Db, e: Escopo, f: FiltroBi) {
  const cte = sql`with res as (select coalesce(sum(s.notas), 0) as notas, coalesce(sum(s.entregues), 0) as entregues, coalesce(sum(s.com_prazo), 0) as com_prazo,
      coalesce(sum(s.no_prazo), 0) as no_prazo, coalesce(sum(s.com_atraso), 0) as com_atraso, coalesce(sum(s.soma_dias_atraso), 0) as soma_atraso,
      coalesce(sum(s.soma_dias_entrega), 0) as soma_entrega from resumo_bi_notas s where ${noResumo(e, f)}),
    x as (select ${statusPendente} as status, s.data_prevista as data_prometida,
      case when s.data_prevista is null then null else ${diasAtrasoPendente} end as dias_atraso, s.notas
      from resumo_bi_pendentes s where ${noResumo(e, f)} and s.notas <> 0)`;
  const rotulo = (v: string) => STATUS_RASTREIO_LISTA.find((s) => s.value === v)?.label as string;
  const [fretes, [medias], ocorrencias] = await Promise.all([
    linhas(db, sql`${cte} select y.situacao as "situacao", sum(y.q)::int as "quantidade" from (
        select ${rotulo('E')} as situacao, no_prazo as q from res union all select ${rotulo('D')}, com_atraso from res
        union all select 'Entregue (sem prazo)', entregues - com_prazo from res
        union all select ${situacaoEntrega}, sum(x.notas) from x group by 1) y
      where y.q > 0 group by 1 order by 1`),
    linhas(db, sql`${cte}, und as (select coalesce(sum(x.dias_atraso * x.notas) filter (where x.dias_atraso > 0), 0) as soma,
        coalesce(sum(x.notas) filter (where x.dias_atraso > 0), 0) as n from x)
      select res.notas::int as "notas", ${media(sql`res.soma_entrega`, sql`res.entregues`)} as "diasEntrega",
        ${media(sql`res.soma_atraso + und.soma`, sql`res.com_atraso + und.n`)} as "diasAtraso" from res, und`),
    ocorrenciasPorTipoResumo(db, e, f),
  ]);
  return { fretes, media: medias, ocorrencias };
}
