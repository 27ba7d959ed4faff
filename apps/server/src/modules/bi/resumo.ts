import { type SQL, sql } from 'drizzle-orm';
import { type FiltroBi, STATUS_RASTREIO_LISTA } from '@fretio/core';
import type { Db } from '../../db/client.ts';
import { ocorrenciasPorTipo } from './datasets.ts';
import { type Escopo, TZ, diasAtrasoEntrega, linhas, noResumo, nomeTransportador, notasDoEscopo, situacaoEntrega, statusEntrega } from './sql.ts';

// BI read from the summary tables (resumo_bi_notas, resumo_bi_ctes; kept by triggers: drizzle
// *_bi_resumo_dados.sql, docs/BI.md): the same figures as the raw aggregates of datasets.ts/dashboard.ts,
// a few hundred rows per shipper and day instead of every document. bi.test.ts checks them equal.

export { noResumo };

export const mesResumo = sql`to_char(s.dia, 'YYYY-MM')`;
/** The carrier's label as the raw queries give it: the registered name, else the name on the document. */
export const transportadorResumo = sql`coalesce(${nomeTransportador(sql`t`)}, s.nome_sem_cadastro)`;
const pct = (parte: SQL, todo: SQL) => sql`case when (${todo}) = 0 then null else round((${parte}) * 100.0 / (${todo}), 2)::float8 end`;
const media = (soma: SQL, n: SQL) => sql`case when (${n}) = 0 then null else round((${soma})::numeric / (${n}), 2)::float8 end`;

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
    // "Atrasadas" depend on today (not delivered, promised date past): read from rastreios through its partial
    // index of undelivered notes; everything else from the summary.
    const [meses, atrasadas] = await Promise.all([
      linhas<Record<string, unknown> & { mes: string }>(db, sql`select ${mesResumo} as "mes", sum(s.notas)::int as "notas",
        sum(s.no_prazo)::int as "noPrazo", sum(s.com_atraso)::int as "comAtraso",
        ${pct(sql`sum(s.no_prazo)`, sql`sum(s.com_prazo)`)} as "percentualNoPrazo"
        from ${notas(e, f)} group by 1 having sum(s.notas) > 0 order by 1`),
      linhas<{ mes: string; n: number }>(db, sql`select to_char(n.emissao at time zone ${TZ}, 'YYYY-MM') as mes, count(*)::int as n
        from rastreios r join nfes n on n.uid = r.nfe_uid
        where r.embarcador_uid = ${e.embarcadorUid} and r.data_entrega is null and r.data_prevista < (now() at time zone ${TZ})::date
          and not n.cancelada and n.substituida_por_uid is null
          and ${e.transportadorUid ? sql`n.transportador_uid = ${e.transportadorUid}` : sql`true`} and ${f.uf ? sql`n.destinatario_uf = ${f.uf}` : sql`true`}
          and ${f.dataInicio ? sql`n.emissao >= (${f.dataInicio}::date::timestamp at time zone ${TZ})` : sql`true`}
          and ${f.dataFim ? sql`n.emissao < ((${f.dataFim}::date + 1)::timestamp at time zone ${TZ})` : sql`true`}
        group by 1`),
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

/**
 * POST bi/tracking with the summary: the delivered notes' situations, the note count and the average days to
 * deliver come from resumo_bi_notas; the undelivered notes' situation and days late depend on today, so they are
 * read from nfes × rastreios (only the notes without a delivery; no event is read). ocorrencias: raw events by kind.
 * The same reply as datasets.ts biTracking (bi.test.ts).
 */
export async function biTrackingResumo(db: Db, e: Escopo, f: FiltroBi) {
  const cte = sql`with res as (select coalesce(sum(s.notas), 0) as notas, coalesce(sum(s.entregues), 0) as entregues, coalesce(sum(s.com_prazo), 0) as com_prazo,
      coalesce(sum(s.no_prazo), 0) as no_prazo, coalesce(sum(s.com_atraso), 0) as com_atraso, coalesce(sum(s.soma_dias_atraso), 0) as soma_atraso,
      coalesce(sum(s.soma_dias_entrega), 0) as soma_entrega from resumo_bi_notas s where ${noResumo(e, f)}),
    x as (select ${statusEntrega} as status, r.data_prevista as data_prometida,
      case when r.data_prevista is null then null else ${diasAtrasoEntrega} end as dias_atraso
      from nfes n left join rastreios r on r.nfe_uid = n.uid where ${notasDoEscopo(e, f)} and r.data_entrega is null)`;
  const rotulo = (v: string) => STATUS_RASTREIO_LISTA.find((s) => s.value === v)?.label as string;
  const [fretes, [medias], ocorrencias] = await Promise.all([
    linhas(db, sql`${cte} select y.situacao as "situacao", sum(y.q)::int as "quantidade" from (
        select ${rotulo('E')} as situacao, no_prazo as q from res union all select ${rotulo('D')}, com_atraso from res
        union all select 'Entregue (sem prazo)', entregues - com_prazo from res
        union all select ${situacaoEntrega}, count(*) from x group by 1) y
      where y.q > 0 group by 1 order by 1`),
    linhas(db, sql`${cte}, und as (select coalesce(sum(x.dias_atraso) filter (where x.dias_atraso > 0), 0) as soma, count(*) filter (where x.dias_atraso > 0) as n from x)
      select res.notas::int as "notas", ${media(sql`res.soma_entrega`, sql`res.entregues`)} as "diasEntrega",
        ${media(sql`res.soma_atraso + und.soma`, sql`res.com_atraso + und.n`)} as "diasAtraso" from res, und`),
    ocorrenciasPorTipo(db, e, f),
  ]);
  return { fretes, media: medias, ocorrencias };
}
