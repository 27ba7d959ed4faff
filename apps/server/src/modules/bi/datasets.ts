import { type SQL, sql } from 'drizzle-orm';
import { type FiltroBi, MACRORREGIOES } from '@fretio/core';
import type { Db } from '../../db/client.ts';
import { cotacoesPorTransportadorResumo } from './resumo.ts';
import { type Escopo, entregas, linhas, mes, noPeriodo, noResumo, nomeTransportador, rotuloOcorrencia, valorDivergenciaResumo } from './sql.ts';

// BI datasets: each one SELECT, its formula written beside it. Period = the document's emission (NF-e,
// CT-e, audit) or the quotation's creation, as São Paulo days. Averages of days are rounded to 0.01;
// money is numeric summed in SQL and served as text (exact); percentages are rounded to 0.01.

const seTransp = (e: Escopo, col: SQL) => (e.transportadorUid ? sql`${col} = ${e.transportadorUid}` : sql`true`);
const pct = (parte: SQL, todo: SQL) => sql`case when (${todo}) = 0 then null else round((${parte}) * 100.0 / (${todo}), 2)::float8 end`;
/** Days (fractional) between two timestamps. */
const dias = (de: SQL, ate: SQL) => sql`extract(epoch from (${ate}) - (${de})) / 86400.0`;
const entregues = sql`x.entregue_em is not null`;
const comPrazo = sql`x.entregue_em is not null and x.data_prometida is not null`;
/** Tracking status (modules/tracking): E delivered on time, D delivered late, A late; on time only with a promised date. */
const noPrazo = sql`x.status = 'E' and x.data_prometida is not null`;

type Dataset = (db: Db, e: Escopo, f: FiltroBi) => Promise<unknown>;

export const DATASETS: Record<string, { nome: string; formula: string; consulta: Dataset }> = {
  tmciclopedido: {
    nome: 'Tempo médio do ciclo do pedido',
    formula: 'por mês de emissão: média(entrega − emissão da NF-e) em dias, das NF-e entregues',
    consulta: (db, e, f) => linhas(db, sql`select ${mes(sql`x.emissao`)} as "mes", count(*)::int as "quantidade",
      round(avg(${dias(sql`x.emissao`, sql`x.entregue_em`)})::numeric, 2)::float8 as "mediaDias"
      from ${entregas(e, f)} x where ${entregues} group by 1 order by 1`),
  },
  tmciclopedidoplanopagto: {
    nome: 'Tempo médio do ciclo por condição de pagamento',
    formula: 'por condição de pagamento da fatura: média(pagamento da fatura − emissão do CT-e) em dias, dos CT-e em faturas pagas',
    consulta: (db, e, f) => linhas(db, sql`select coalesce(cp.nome, 'Sem condição') as "condicaoPagamento", count(*)::int as "quantidade",
      round(avg(fa.data_pagamento - (c.emissao at time zone 'America/Sao_Paulo')::date)::numeric, 2)::float8 as "mediaDias",
      sum(fc.valor)::text as "valor"
      from fatura_ctes fc join faturas fa on fa.uid = fc.fatura_uid and fa.data_pagamento is not null
      join ctes c on c.uid = fc.cte_uid left join condicoes_pagamento cp on cp.uid = fa.condicao_pagamento_uid
      where fc.embarcador_uid = ${e.embarcadorUid} and ${noPeriodo(sql`c.emissao`, f)} and ${seTransp(e, sql`c.transportador_uid`)}
        and ${f.uf ? sql`c.destino_uf = ${f.uf}` : sql`true`}
      group by 1 order by 1`),
  },
  tmentregaporuf: {
    nome: 'Tempo médio de entrega por UF de destino',
    formula: 'por UF do destinatário: média(entrega − emissão da NF-e) em dias, das NF-e entregues',
    consulta: (db, e, f) => linhas(db, sql`select x.destinatario_uf as "uf", count(*)::int as "quantidade",
      round(avg(${dias(sql`x.emissao`, sql`x.entregue_em`)})::numeric, 2)::float8 as "mediaDias"
      from ${entregas(e, f)} x where ${entregues} group by 1 order by 1`),
  },
  performanceentregacaptacao: {
    nome: 'Entrega × captação',
    formula: 'por mês de emissão: NF-e emitidas (captadas), entregues e % entregue = entregues / emitidas',
    consulta: (db, e, f) => linhas(db, sql`select ${mes(sql`x.emissao`)} as "mes", count(*)::int as "emitidas",
      (count(*) filter (where ${entregues}))::int as "entregues", ${pct(sql`count(*) filter (where ${entregues})`, sql`count(*)`)} as "percentual"
      from ${entregas(e, f)} x group by 1 order by 1`),
  },
  performancemensalnf: {
    nome: 'Desempenho mensal das NF-e',
    formula: 'por mês de emissão, NF-e entregues com prazo conhecido: no prazo, com atraso, % no prazo = no prazo / (no prazo + com atraso)',
    consulta: (db, e, f) => linhas(db, sql`select ${mes(sql`x.emissao`)} as "mes", count(*)::int as "notas",
      (count(*) filter (where ${noPrazo}))::int as "noPrazo", (count(*) filter (where x.status = 'D'))::int as "comAtraso",
      (count(*) filter (where x.status = 'A'))::int as "atrasadas",
      ${pct(sql`count(*) filter (where ${noPrazo})`, sql`count(*) filter (where ${comPrazo})`)} as "percentualNoPrazo"
      from ${entregas(e, f)} x group by 1 order by 1`),
  },
  performancemensalaprovacao: {
    nome: 'Aprovação mensal da auditoria',
    formula: 'por mês de emissão do CT-e, auditorias não canceladas: aprovadas, divergentes, aceitas, sem cálculo; % aprovadas = aprovadas / auditadas',
    consulta: (db, e, f) => linhas(db, sql`select ${mes(sql`a.emissao`)} as "mes", count(*)::int as "auditadas",
      (count(*) filter (where a.status = 1))::int as "aprovadas", (count(*) filter (where a.status = 2))::int as "divergentes",
      (count(*) filter (where a.status = 4))::int as "aceitas", (count(*) filter (where a.status = 3))::int as "semCalculo",
      ${pct(sql`count(*) filter (where a.status = 1)`, sql`count(*)`)} as "percentualAprovadas"
      from auditorias a ${f.uf ? sql`join ctes cu on cu.uid = a.cte_uid and cu.destino_uf = ${f.uf}` : sql``}
      where a.embarcador_uid = ${e.embarcadorUid} and a.status <> 5 and ${noPeriodo(sql`a.emissao`, f)} and ${seTransp(e, sql`a.transportador_uid`)}
      group by 1 order by 1`),
  },
  slatransportadoras: {
    nome: 'SLA dos transportadores',
    formula: 'por transportador, NF-e entregues com prazo conhecido: % no prazo = entregues até a data prometida / entregues; atraso médio em dias das entregues com atraso',
    consulta: (db, e, f) => linhas(db, sql`select x.transportador_uid as "transportadorUid", coalesce(x.transportador, 'Sem transportador') as "transportador",
      (count(*) filter (where ${comPrazo}))::int as "entregas", (count(*) filter (where ${noPrazo}))::int as "noPrazo",
      ${pct(sql`count(*) filter (where ${noPrazo})`, sql`count(*) filter (where ${comPrazo})`)} as "percentualNoPrazo",
      round(avg(x.dias_atraso) filter (where x.status = 'D'), 2)::float8 as "atrasoMedioDias"
      from ${entregas(e, f)} x group by 1, 2 order by 2`),
  },
  efetividadeentregatransportador: {
    nome: 'Efetividade de entrega por transportador',
    formula: 'por transportador, NF-e entregues: na primeira tentativa (nenhum evento de tentativa antes), com tentativas; efetividade = primeira tentativa / entregues',
    consulta: (db, e, f) => linhas(db, sql`select x.transportador_uid as "transportadorUid", coalesce(x.transportador, 'Sem transportador') as "transportador",
      (count(*) filter (where ${entregues}))::int as "entregues", (count(*) filter (where ${entregues} and x.tentativas = 0))::int as "primeiraTentativa",
      (count(*) filter (where ${entregues} and x.tentativas > 0))::int as "comTentativas",
      ${pct(sql`count(*) filter (where ${entregues} and x.tentativas = 0)`, sql`count(*) filter (where ${entregues})`)} as "efetividade"
      from ${entregas(e, f)} x group by 1, 2 order by 2`),
  },
};

/** CT-es of the scope (not cancelled), emitted in the period. */
const ctesDoPeriodo = (e: Escopo, f: FiltroBi) => sql`c.embarcador_uid = ${e.embarcadorUid} and not c.cancelado and ${noPeriodo(sql`c.emissao`, f)}
  and ${seTransp(e, sql`c.transportador_uid`)} and ${f.uf ? sql`c.destino_uf = ${f.uf}` : sql`true`}`;

/** POST bi/frete: freight spend (CT-e valor da prestação) by month, carrier and destination UF; % of the goods value (valor da carga). */
/** The raw aggregate over ctes; the routes read biFreteResumo (./resumo.ts), the same reply from the summary table. */
export async function biFrete(db: Db, e: Escopo, f: FiltroBi) {
  const agrupar = (chave: SQL, rotulo: SQL, nome: string) => linhas(db, sql`select ${chave} as "${sql.raw(nome)}", ${rotulo} as "nome", count(*)::int as "ctes",
    coalesce(sum(c.valor_prestacao), 0)::numeric(18, 2)::text as "valorFrete", coalesce(sum(c.valor_carga), 0)::numeric(18, 2)::text as "valorMercadoria",
    coalesce(sum(c.peso_carga), 0)::float8 as "pesoKg",
    ${pct(sql`sum(c.valor_prestacao)`, sql`coalesce(sum(c.valor_carga), 0)`)} as "percentualFrete"
    from ctes c left join transportadores t on t.uid = c.transportador_uid where ${ctesDoPeriodo(e, f)} group by 1, 2 order by 1`);
  const [porMes, porTransportador, porUf, [total]] = await Promise.all([
    agrupar(mes(sql`c.emissao`), mes(sql`c.emissao`), 'mes'),
    agrupar(sql`c.transportador_uid`, sql`coalesce(${nomeTransportador(sql`t`)}, c.emitente_nome)`, 'transportadorUid'),
    agrupar(sql`c.destino_uf`, sql`c.destino_uf`, 'uf'),
    agrupar(sql`'total'`, sql`'Total'`, 'chave'),
  ]);
  return { porMes, porTransportador, porUf, total: total ?? { ctes: 0, valorFrete: '0', valorMercadoria: '0', pesoKg: 0, percentualFrete: null } };
}

/** POST bi/cotacoes: quotations created in the period by month: invitations, answers, answer rate, approved, approved value vs target.
 * The raw aggregate; the route reads biCotacoesResumo (./resumo.ts), the same reply from the summary tables. */
export async function biCotacoes(db: Db, e: Escopo, f: FiltroBi) {
  return linhas(db, sql`select ${mes(sql`c.criado_em`)} as "mes", count(*)::int as "cotacoes",
    sum(k.convites)::int as "convites", sum(k.respostas)::int as "respostas", ${pct(sql`sum(k.respostas)`, sql`sum(k.convites)`)} as "taxaResposta",
    (count(*) filter (where c.status = 4))::int as "finalizadas",
    coalesce(sum(c.valor_aprovado) filter (where c.status = 4), 0)::text as "valorAprovado",
    coalesce(sum(c.valor_alvo) filter (where c.status = 4), 0)::text as "valorAlvo"
    from cotacoes_frete c cross join lateral (select count(*) as convites, count(ct.respondido_em) as respostas from cotacao_transportadores ct
      where ct.cotacao_uid = c.uid and ${seTransp(e, sql`ct.transportador_uid`)}) k
    where c.embarcador_uid = ${e.embarcadorUid} and ${noPeriodo(sql`c.criado_em`, f)} ${e.transportadorUid ? sql`and k.convites > 0` : sql``}
    group by 1 order by 1`);
}

/**
 * POST bi/transportadora — the carrier scorecard, one row per carrier linked to the shipper:
 *  entregas / noPrazo / percentualNoPrazo: NF-e of the carrier emitted in the period, delivered with a known deadline;
 *  atrasoMedioDias: average days late of the late deliveries;
 *  auditadas / semDivergencia / precisaoFaturamento: audits (not cancelled) of its CT-es; % whose result was approved (resultado 1);
 *  divergenciaTotal: sum of |diferença| of its divergent audits (resultado 2), R$;
 *  fretePorKg: Σ CT-e valor da prestação / Σ peso da carga (kg), R$/kg with 4 places;
 *  convites / respostas / taxaResposta / vencidas / taxaVitoria: quotations created in the period where it was invited;
 *  ocorrenciasPor100: events of its notes (not "delivered") per 100 delivered notes.
 */
export async function scorecard(db: Db, e: Escopo, f: FiltroBi, opts: { resumo?: boolean } = {}) {
  // Deliveries, freight and occurrences per carrier: from the summary tables (resumo.ts; the routes) or the raw
  // documents (the reference bi.test.ts compares them with).
  const entregasPorTransportador = opts.resumo
    ? sql`select s.transportador_uid, sum(s.com_prazo)::int as entregas, sum(s.no_prazo)::int as no_prazo, sum(s.entregues)::int as entregues,
        case when sum(s.com_atraso) = 0 then null else round(sum(s.soma_dias_atraso)::numeric / sum(s.com_atraso), 2)::float8 end as atraso_medio
        from resumo_bi_notas s where ${noResumo(e, f)} group by 1`
    : sql`select transportador_uid, (count(*) filter (where entregue_em is not null and data_prometida is not null))::int as entregas,
        (count(*) filter (where status = 'E' and data_prometida is not null))::int as no_prazo, (count(*) filter (where entregue_em is not null))::int as entregues,
        round(avg(dias_atraso) filter (where status = 'D'), 2)::float8 as atraso_medio from ent group by 1`;
  const fretePorTransportador = opts.resumo
    ? sql`select s.transportador_uid, sum(s.valor_prestacao) as frete, sum(s.peso_carga) as peso from resumo_bi_ctes s where ${noResumo(e, f)} group by 1`
    : sql`select c.transportador_uid, sum(c.valor_prestacao) as frete, sum(c.peso_carga) as peso from ctes c where ${ctesDoPeriodo(e, f)} group by 1`;
  // Events of a kind other than "delivered" on the period's notes, by the note's carrier: resumo_bi_ocorrencias_notas
  // (view resumo_bi_ocorrencias_notas_v) or the events themselves.
  const ocorrenciasPorTransportador = opts.resumo
    ? sql`select s.transportador_uid, sum(s.eventos)::int as eventos from resumo_bi_ocorrencias_notas s where ${noResumo(e, f)} group by 1`
    : sql`select n2.transportador_uid, count(*)::int as eventos from ent n2
        join eventos_ocorrencia e on e.nfe_uid = n2.uid join ocorrencias o on o.uid = e.ocorrencia_uid and o.acao <> 1 group by 1`;
  // Quotations per carrier (invited, answered, won): resumo_bi_convites (view resumo_bi_convites_v) or the invitations themselves.
  const cotacoesPorTransportador = opts.resumo
    ? cotacoesPorTransportadorResumo(e, f)
    : sql`select ct.transportador_uid, count(*)::int as convites, count(ct.respondido_em)::int as respostas,
        (count(*) filter (where c.vencedor_transportador_uid = ct.transportador_uid and c.status = 4))::int as vencidas
      from cotacao_transportadores ct join cotacoes_frete c on c.uid = ct.cotacao_uid
      where c.embarcador_uid = ${e.embarcadorUid} and ${noPeriodo(sql`c.criado_em`, f)} group by 1`;
  // Audits per carrier: resumo_bi_auditorias (view resumo_bi_auditorias_v) or the audits themselves.
  const auditoriasPorTransportador = opts.resumo
    ? sql`select s.transportador_uid, sum(s.auditadas)::int as auditadas, sum(s.calculo_aprovado)::int as sem_divergencia,
        ${valorDivergenciaResumo} as divergencia from resumo_bi_auditorias s where ${noResumo(e, f)} group by 1`
    : sql`select a.transportador_uid, count(*)::int as auditadas, (count(*) filter (where a.resultado_calculo = 1))::int as sem_divergencia,
        coalesce(sum(abs(a.diferenca)) filter (where a.resultado_calculo = 2), 0) as divergencia
      from auditorias a ${f.uf ? sql`join ctes cu on cu.uid = a.cte_uid and cu.destino_uf = ${f.uf}` : sql``}
      where a.embarcador_uid = ${e.embarcadorUid} and a.status <> 5 and ${noPeriodo(sql`a.emissao`, f)} group by 1`;
  return linhas(db, sql`with ${opts.resumo ? sql`` : sql`ent as (select * from ${entregas(e, f)} x),`}
    aud as (${auditoriasPorTransportador}),
    fre as (${fretePorTransportador}),
    cot as (${cotacoesPorTransportador}),
    oco as (${ocorrenciasPorTransportador})
    select t.uid as "transportadorUid", ${nomeTransportador(sql`t`)} as "transportador",
      coalesce(x.entregas, 0) as "entregas", coalesce(x.no_prazo, 0) as "noPrazo", ${pct(sql`coalesce(x.no_prazo, 0)`, sql`coalesce(x.entregas, 0)`)} as "percentualNoPrazo",
      x.atraso_medio as "atrasoMedioDias",
      coalesce(aud.auditadas, 0) as "auditadas", coalesce(aud.sem_divergencia, 0) as "semDivergencia",
      ${pct(sql`coalesce(aud.sem_divergencia, 0)`, sql`coalesce(aud.auditadas, 0)`)} as "precisaoFaturamento",
      coalesce(aud.divergencia, 0)::text as "divergenciaTotal",
      case when coalesce(fre.peso, 0) = 0 then null else round(fre.frete / fre.peso, 4)::text end as "fretePorKg",
      coalesce(cot.convites, 0) as "convites", coalesce(cot.respostas, 0) as "respostas", ${pct(sql`coalesce(cot.respostas, 0)`, sql`coalesce(cot.convites, 0)`)} as "taxaResposta",
      coalesce(cot.vencidas, 0) as "vencidas", ${pct(sql`coalesce(cot.vencidas, 0)`, sql`coalesce(cot.respostas, 0)`)} as "taxaVitoria",
      case when coalesce(x.entregues, 0) = 0 then null else round(coalesce(oco.eventos, 0) * 100.0 / x.entregues, 2)::float8 end as "ocorrenciasPor100"
    from embarcador_transportador et join transportadores t on t.uid = et.transportador_uid
    left join (${entregasPorTransportador}) x on x.transportador_uid = t.uid
    left join aud on aud.transportador_uid = t.uid left join fre on fre.transportador_uid = t.uid
    left join cot on cot.transportador_uid = t.uid left join oco on oco.transportador_uid = t.uid
    where et.embarcador_uid = ${e.embarcadorUid} and ${seTransp(e, sql`t.uid`)}
    order by "percentualNoPrazo" desc nulls last, 2`);
}

/** Events of the period by kind (the 20 most frequent): bi/tracking's `ocorrencias`, the dashboard's chart (raw; the routes read ocorrenciasPorTipoResumo). */
export function ocorrenciasPorTipo(db: Db, e: Escopo, f: FiltroBi) {
  return linhas<{ ocorrencia: string; ocorrenciaUid: string | null; quantidade: number }>(db, sql`select ${rotuloOcorrencia} as "ocorrencia", o.uid as "ocorrenciaUid", count(*)::int as "quantidade"
      from eventos_ocorrencia e left join ocorrencias o on o.uid = e.ocorrencia_uid
      where e.embarcador_uid = ${e.embarcadorUid} and ${noPeriodo(sql`e.data_hora`, f)} and ${seTransp(e, sql`e.transportador_uid`)}
      group by 1, 2 order by 3 desc, 1 limit 20`);
}

/** POST bi/tracking: {fretes: NF-e by situation, media: average days to deliver and late, ocorrencias: events by kind}, one object. */
export async function biTracking(db: Db, e: Escopo, f: FiltroBi) {
  const [fretes, [media], ocorrencias] = await Promise.all([
    linhas(db, sql`select x.situacao as "situacao", count(*)::int as "quantidade" from ${entregas(e, f)} x group by 1 order by 1`),
    linhas(db, sql`select count(*)::int as "notas", round(avg(${dias(sql`x.emissao`, sql`x.entregue_em`)})::numeric, 2)::float8 as "diasEntrega",
      round(avg(x.dias_atraso) filter (where x.dias_atraso > 0), 2)::float8 as "diasAtraso" from ${entregas(e, f)} x`),
    ocorrenciasPorTipo(db, e, f),
  ]);
  return { fretes, media, ocorrencias };
}

export const REGIAO_NOME: Record<string, string> = { N: 'Norte', NE: 'Nordeste', CO: 'Centro-Oeste', SE: 'Sudeste', S: 'Sul' };
/** The IBGE macro-region of a UF column (SR: none). */
export const regiaoDe = (col: string) => sql.raw(`case ${Object.entries(MACRORREGIOES).map(([r, ufs]) => `when ${col} in (${ufs.map((u) => `'${u}'`).join(',')}) then '${r}'`).join(' ')} else 'SR' end`);
