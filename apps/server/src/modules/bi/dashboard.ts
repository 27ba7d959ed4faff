import { type SQL, sql } from 'drizzle-orm';
import type { CartaoDashboard, Dashboard, FiltroBi, IndicadorDashboard } from '@fretio/core';
import type { Db } from '../../db/client.ts';
import { REGIAO_NOME, regiaoDe } from './datasets.ts';
import { mesResumo, noResumo, transportadorResumo } from './resumo.ts';
import { type Escopo, TZ, entregas, linhas, mes, noPeriodo, nomeTransportador, valorDivergenciaResumo } from './sql.ts';

// GET dashboard: four cards and two indicator tables, over the filter's period (all time without one).
//  contaFrete    freight bills (faturas) issued: qtde, valor = Σ valor, perc = % paid, data = by month; with a UF: the bills
//                with a CT-e to that UF, valor = Σ of those CT-es' lines (fatura_ctes.valor)
//  conhecimentos CT-es (not cancelled) emitted: qtde, valor = Σ valor da prestação, perc = freight as % of the goods value
//  notasFiscais  NF-es emitted: qtde, valor = Σ valor total, perc = % delivered on time (of those delivered with a known deadline)
//  divergencias  audits whose comparison was divergent: qtde, valor = Σ |diferença|, perc = % of the audited CT-es
//  indicadoresTransportadoras / indicadoresRegiao: per carrier / destination macro-region, NF-es delivered with a
//  known deadline, on time, % on time and the CT-e freight; split into hoje (emitted today), semana (last 7 days),
//  ano (this calendar year) and total (the period), São Paulo days.

const pct = (parte: SQL, todo: SQL) => sql`case when (${todo}) = 0 then null else round((${parte}) * 100.0 / (${todo}), 2)::float8 end`;
const seTransp = (e: Escopo, col: SQL) => (e.transportadorUid ? sql`${col} = ${e.transportadorUid}` : sql`true`);

type LinhaCartao = { mes: string; qtde: number; valor: string | null; parte: number; todo: number | string | null };

async function cartao(db: Db, q: SQL, percentual: 'contagem' | 'valor'): Promise<CartaoDashboard> {
  const meses = await linhas<LinhaCartao>(db, q);
  const qtde = meses.reduce((s, m) => s + m.qtde, 0);
  const valor = meses.some((m) => m.valor !== null) ? await somaExata(db, meses.map((m) => m.valor ?? '0')) : null;
  const parte = meses.reduce((s, m) => s + Number(m.parte), 0);
  const todo = percentual === 'contagem' ? meses.reduce((s, m) => s + Number(m.todo ?? 0), 0) : null;
  let perc: number | null = null;
  if (percentual === 'contagem') perc = todo ? Math.round((parte * 10000) / todo) / 100 : null;
  else {
    const [r] = await linhas<{ p: number | null }>(db, sql`select ${pct(sql`${await somaExata(db, meses.map((m) => String(m.parte)))}::numeric`, sql`${await somaExata(db, meses.map((m) => String(m.todo ?? 0)))}::numeric`)} as p`);
    perc = r.p;
  }
  return { qtde, valor, perc, data: meses.map((m) => ({ mes: m.mes, qtde: m.qtde, valor: m.valor })) };
}

/** Σ of numeric strings, exact (PostgreSQL numeric), as text with the inputs' scale. */
async function somaExata(db: Db, valores: string[]): Promise<string> {
  if (!valores.length) return '0';
  const [r] = await linhas<{ s: string }>(db, sql`select coalesce(sum(v::numeric), 0)::text as s from unnest(${`{${valores.join(',')}}`}::text[]) v`);
  return r.s;
}

/** `bruto`: every card and indicator aggregated from the documents themselves (faturas, ctes, nfes, auditorias)
 * instead of the summary tables (./resumo.ts) — the same numbers (bi.test.ts), kept for the comparison of bench/bi.ts. */
export async function dashboard(db: Db, e: Escopo, f: FiltroBi, { bruto = false } = {}): Promise<Dashboard> {
  const ufCte = f.uf ? sql`c.destino_uf = ${f.uf}` : sql`true`;
  const notas = sql`resumo_bi_notas s left join transportadores t on t.uid = s.transportador_uid where ${noResumo(e, f)}`;
  const ctes = sql`resumo_bi_ctes s left join transportadores t on t.uid = s.transportador_uid where ${noResumo(e, f)}`;
  const [contaFrete, conhecimentos, notasFiscais, divergencias] = await Promise.all([
    cartao(db, bruto ? sql`select to_char(fa.emissao, 'YYYY-MM') as mes, count(*)::int as qtde, sum(${f.uf ? sql`u.valor` : sql`fa.valor`})::text as valor,
        (count(*) filter (where fa.data_pagamento is not null))::int as parte, count(*)::int as todo
      from faturas fa ${f.uf ? sql`cross join lateral (select sum(fc.valor) as valor, count(*) as n from fatura_ctes fc join ctes c on c.uid = fc.cte_uid
        where fc.fatura_uid = fa.uid and ${ufCte}) u` : sql``}
      where fa.embarcador_uid = ${e.embarcadorUid} and ${seTransp(e, sql`fa.transportador_uid`)} ${f.uf ? sql`and u.n > 0` : sql``}
        and ${f.dataInicio ? sql`fa.emissao >= ${f.dataInicio}::date` : sql`true`} and ${f.dataFim ? sql`fa.emissao <= ${f.dataFim}::date` : sql`true`}
      group by 1 order by 1`
      // resumo_bi_contas_frete (view resumo_bi_contas_frete_v): bills per emission day and carrier; with a UF filter
      // resumo_bi_contas_frete_uf: the bills with a CT-e to that UF and the value of those CT-es (a bill has no UF of its own).
      : sql`select ${mesResumo} as mes, sum(s.faturas)::int as qtde, sum(s.valor)::text as valor, sum(s.pagas)::int as parte, sum(s.faturas)::int as todo
        from ${f.uf ? sql`resumo_bi_contas_frete_uf` : sql`resumo_bi_contas_frete`} s where ${noResumo(e, f)} group by 1 having sum(s.faturas) > 0 order by 1`, 'contagem'),
    cartao(db, bruto ? sql`select ${mes(sql`c.emissao`)} as mes, count(*)::int as qtde, coalesce(sum(c.valor_prestacao), 0)::numeric(18, 2)::text as valor,
        coalesce(sum(c.valor_prestacao), 0)::numeric(18, 2)::text as parte, coalesce(sum(c.valor_carga), 0)::numeric(18, 2)::text as todo
      from ctes c where c.embarcador_uid = ${e.embarcadorUid} and not c.cancelado and ${noPeriodo(sql`c.emissao`, f)} and ${seTransp(e, sql`c.transportador_uid`)} and ${ufCte}
      group by 1 order by 1`
      : sql`select ${mesResumo} as mes, sum(s.ctes)::int as qtde, sum(s.valor_prestacao)::text as valor, sum(s.valor_prestacao)::text as parte,
        sum(s.valor_carga)::text as todo from ${ctes} group by 1 having sum(s.ctes) > 0 order by 1`, 'valor'),
    cartao(db, bruto ? sql`select ${mes(sql`x.emissao`)} as mes, count(*)::int as qtde, coalesce(sum(x.valor_total), 0)::numeric(18, 2)::text as valor,
        (count(*) filter (where x.status = 'E' and x.data_prometida is not null))::int as parte,
        (count(*) filter (where x.entregue_em is not null and x.data_prometida is not null))::int as todo
      from ${entregas(e, f)} x group by 1 order by 1`
      : sql`select ${mesResumo} as mes, sum(s.notas)::int as qtde, sum(s.valor_total)::text as valor, sum(s.no_prazo)::int as parte,
        sum(s.com_prazo)::int as todo from ${notas} group by 1 having sum(s.notas) > 0 order by 1`, 'contagem'),
    cartao(db, bruto ? sql`select ${mes(sql`a.emissao`)} as mes, (count(*) filter (where a.resultado_calculo = 2))::int as qtde,
        coalesce(sum(abs(a.diferenca)) filter (where a.resultado_calculo = 2), 0)::text as valor,
        (count(*) filter (where a.resultado_calculo = 2))::int as parte, count(*)::int as todo
      from auditorias a ${f.uf ? sql`join ctes c on c.uid = a.cte_uid and ${ufCte}` : sql``}
      where a.embarcador_uid = ${e.embarcadorUid} and a.status <> 5 and ${noPeriodo(sql`a.emissao`, f)} and ${seTransp(e, sql`a.transportador_uid`)}
      group by 1 order by 1`
      // resumo_bi_auditorias (view resumo_bi_auditorias_v): audits not cancelled, the divergent comparisons and their |diferença|.
      : sql`select ${mesResumo} as mes, sum(s.calculo_divergente)::int as qtde, ${valorDivergenciaResumo}::text as valor,
        sum(s.calculo_divergente)::int as parte, sum(s.auditadas)::int as todo
        from resumo_bi_auditorias s where ${noResumo(e, f)} group by 1 having sum(s.auditadas) > 0 order by 1`, 'contagem'),
  ]);

  const janelas = (col: SQL) => ({
    hoje: sql`(${col} at time zone ${TZ})::date = (now() at time zone ${TZ})::date`,
    semana: sql`(${col} at time zone ${TZ})::date > (now() at time zone ${TZ})::date - 7`,
    ano: sql`date_trunc('year', ${col} at time zone ${TZ}) = date_trunc('year', now() at time zone ${TZ})`,
    total: sql`true`,
  });
  const JANELAS = ['ano', 'hoje', 'semana', 'total'] as const;
  const colunasEntrega = (jn: Record<(typeof JANELAS)[number], SQL>) => sql.join(JANELAS.map((j) => sql`
    (count(*) filter (where ${jn[j]} and x.entregue_em is not null and x.data_prometida is not null))::int as ${sql.raw(`"${j}_entregas"`)},
    (count(*) filter (where ${jn[j]} and x.status = 'E' and x.data_prometida is not null))::int as ${sql.raw(`"${j}_no_prazo"`)}`), sql`,`);
  const colunasFrete = (jn: Record<(typeof JANELAS)[number], SQL>) =>
    sql.join(JANELAS.map((j) => sql`coalesce(sum(c.valor_prestacao) filter (where ${jn[j]}), 0)::numeric(18, 2)::text as ${sql.raw(`"${j}_frete"`)}`), sql`,`);

  // The same windows over the summaries' São Paulo day.
  const hojeSp = sql`(now() at time zone ${TZ})::date`;
  const janelasDia = {
    hoje: sql`s.dia = ${hojeSp}`,
    semana: sql`s.dia > ${hojeSp} - 7`,
    ano: sql`date_trunc('year', s.dia) = date_trunc('year', ${hojeSp})`,
    total: sql`true`,
  };
  const colunasEntregaResumo = sql.join(JANELAS.map((j) => sql`
    coalesce(sum(s.com_prazo) filter (where ${janelasDia[j]}), 0)::int as ${sql.raw(`"${j}_entregas"`)},
    coalesce(sum(s.no_prazo) filter (where ${janelasDia[j]}), 0)::int as ${sql.raw(`"${j}_no_prazo"`)}`), sql`,`);
  const colunasFreteResumo = sql.join(JANELAS.map((j) => sql`coalesce(sum(s.valor_prestacao) filter (where ${janelasDia[j]}), 0)::numeric(18, 2)::text as ${sql.raw(`"${j}_frete"`)}`), sql`,`);
  const [entT, freT, entR, freR] = await (bruto ? Promise.all([
    linhas<Record<string, unknown>>(db, sql`select x.transportador_uid as id, coalesce(x.transportador, 'Sem transportador') as nome, ${colunasEntrega(janelas(sql`x.emissao`))}
      from ${entregas(e, f)} x group by 1, 2`),
    linhas<Record<string, unknown>>(db, sql`select c.transportador_uid as id, coalesce(${nomeTransportador(sql`t`)}, c.emitente_nome) as nome, ${colunasFrete(janelas(sql`c.emissao`))}
      from ctes c left join transportadores t on t.uid = c.transportador_uid
      where c.embarcador_uid = ${e.embarcadorUid} and not c.cancelado and ${noPeriodo(sql`c.emissao`, f)} and ${seTransp(e, sql`c.transportador_uid`)} and ${ufCte} group by 1, 2`),
    linhas<Record<string, unknown>>(db, sql`select ${regiaoDe('x.destinatario_uf')} as id, ${colunasEntrega(janelas(sql`x.emissao`))} from ${entregas(e, f)} x group by 1`),
    linhas<Record<string, unknown>>(db, sql`select ${regiaoDe('c.destino_uf')} as id, ${colunasFrete(janelas(sql`c.emissao`))}
      from ctes c where c.embarcador_uid = ${e.embarcadorUid} and not c.cancelado and ${noPeriodo(sql`c.emissao`, f)} and ${seTransp(e, sql`c.transportador_uid`)} and ${ufCte} group by 1`),
  ]) : Promise.all([
    linhas<Record<string, unknown>>(db, sql`select s.transportador_uid as id, coalesce(${transportadorResumo}, 'Sem transportador') as nome, ${colunasEntregaResumo}
      from ${notas} group by 1, 2 having sum(s.notas) > 0`),
    linhas<Record<string, unknown>>(db, sql`select s.transportador_uid as id, ${transportadorResumo} as nome, ${colunasFreteResumo} from ${ctes} group by 1, 2 having sum(s.ctes) > 0`),
    linhas<Record<string, unknown>>(db, sql`select ${regiaoDe('s.uf')} as id, ${colunasEntregaResumo} from ${notas} group by 1 having sum(s.notas) > 0`),
    linhas<Record<string, unknown>>(db, sql`select ${regiaoDe('s.uf')} as id, ${colunasFreteResumo} from ${ctes} group by 1 having sum(s.ctes) > 0`),
  ]));

  const montar = (ent: Record<string, unknown>[], fre: Record<string, unknown>[], nome: (id: string, r?: Record<string, unknown>) => string) => {
    const ids = new Map<string, { e?: Record<string, unknown>; f?: Record<string, unknown> }>();
    for (const r of ent) ids.set(String(r.id ?? ''), { ...ids.get(String(r.id ?? '')), e: r });
    for (const r of fre) ids.set(String(r.id ?? ''), { ...ids.get(String(r.id ?? '')), f: r });
    return Object.fromEntries(JANELAS.map((j) => {
      const itens: IndicadorDashboard[] = [...ids.entries()].map(([id, { e: a, f: b }]) => {
        const entregasJ = Number(a?.[`${j}_entregas`] ?? 0);
        const noPrazo = Number(a?.[`${j}_no_prazo`] ?? 0);
        return { id: id || 'sem', nome: nome(id, a ?? b), entregas: entregasJ, noPrazo, percentual: entregasJ ? Math.round((noPrazo * 10000) / entregasJ) / 100 : null, valorFrete: String(b?.[`${j}_frete`] ?? '0') };
      }).filter((i) => i.entregas > 0 || i.valorFrete !== '0' && Number(i.valorFrete) !== 0);
      itens.sort((x, y) => (y.percentual ?? -1) - (x.percentual ?? -1) || x.nome.localeCompare(y.nome, 'pt-BR'));
      return [j, itens];
    })) as Dashboard['indicadoresTransportadoras'];
  };

  return {
    contaFrete, conhecimentos, notasFiscais, divergencias,
    indicadoresTransportadoras: montar(entT, freT, (_id, r) => String(r?.nome ?? 'Sem transportador')),
    indicadoresRegiao: montar(entR, freR, (id) => REGIAO_NOME[id] ?? 'Sem região'),
  };
}
