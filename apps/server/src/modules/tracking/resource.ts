import { type AnyColumn, type SQL, and, eq, isNull, sql } from 'drizzle-orm';
import { FUSO, DIAS_SEM_OCORRENCIA, type Rastreio, STATUS_RASTREIO_LISTA, rastreio, rotuloStatusRastreio, statusRastreio, statusRastreioQuery, z } from '@fretio/core';
import { nfes, rastreios, transportadores } from '../../db/schema/index.ts';
import { type Periodo, condicoesDoPeriodo } from '../../framework/list-query.ts';
import { defineResource } from '../../framework/resource.ts';
import { hojeSaoPaulo } from '../feriados/service.ts';
import { escopoDocumento } from '../nfes/escopo.ts';

// tracking: one row per NF-e (nfes ⟕ rastreios). The item's status is core's statusRastreio with today's
// date; the list's filter and "late first" order use the same rule written in SQL (statusSql below, kept
// beside the core function's cases and checked against it in tracking.test.ts).

type Row = Record<string, unknown>;

const hoje = sql`(now() at time zone ${FUSO})::date`;

/** The columns the tracking status is computed from (a `rastreios` row and its note), as SQL: the tracking list
 * passes drizzle's columns, the reports and BI (modules/bi/sql.ts) their aliases — one rule for both. */
type Col = SQL | AnyColumn;
export type ColunasStatusRastreio = { dataPrevista: Col; dataEntrega: Col; excecao: Col; ultimoEventoEm: Col; emissao: Col };

/** core statusRastreio, case by case, in SQL. */
export function statusRastreioSql(c: ColunasStatusRastreio): SQL<string> {
  const ultimaNoticia = sql`(coalesce(${c.ultimoEventoEm}, ${c.emissao}) at time zone ${FUSO})::date`;
  return sql<string>`(case
  when ${c.dataEntrega} is not null then (case when ${c.dataPrevista} is not null and ${c.dataEntrega} > ${c.dataPrevista} then 'D' else 'E' end)
  when ${c.dataPrevista} is not null and ${hoje} > ${c.dataPrevista} then 'A'
  when coalesce(${c.excecao}, false) then 'X'
  when ${hoje} - ${ultimaNoticia} >= ${DIAS_SEM_OCORRENCIA} then 'S'
  else 'T' end)`;
}
/** core statusRastreio's diasAtraso in SQL (0 without a promised date). */
export function diasAtrasoRastreioSql(c: Pick<ColunasStatusRastreio, 'dataPrevista' | 'dataEntrega'>): SQL<number> {
  return sql<number>`(case
  when ${c.dataEntrega} is not null and ${c.dataPrevista} is not null then greatest(0, ${c.dataEntrega} - ${c.dataPrevista})
  when ${c.dataEntrega} is null and ${c.dataPrevista} is not null then greatest(0, ${hoje} - ${c.dataPrevista})
  else 0 end)`;
}

const colunasStatus: ColunasStatusRastreio = {
  dataPrevista: rastreios.dataPrevista,
  dataEntrega: rastreios.dataEntrega,
  excecao: rastreios.excecao,
  ultimoEventoEm: rastreios.ultimoEventoEm,
  emissao: nfes.emissao,
};
export const statusSql = statusRastreioSql(colunasStatus);
const ordemStatus = sql.join(
  [sql`case ${statusSql}`, ...STATUS_RASTREIO_LISTA.map((s) => sql` when ${s.value} then ${s.ordem}`), sql` end`],
  sql``,
);
const diasAtrasoSql = diasAtrasoRastreioSql(colunasStatus);

export const colunasRastreio = {
  uid: nfes.uid,
  chave: nfes.chave,
  numero: nfes.numero,
  serie: nfes.serie,
  emissao: nfes.emissao,
  emitenteNome: nfes.emitenteNome,
  destinatarioNome: nfes.destinatarioNome,
  destinatarioMunicipio: nfes.destinatarioMunicipio,
  destinatarioUf: nfes.destinatarioUf,
  transportadorUid: nfes.transportadorUid,
  transportadorNome: sql<string | null>`coalesce(${transportadores.nome}, ${nfes.transportadorNome})`.as('transportador_nome'),
  dataPrevista: rastreios.dataPrevista,
  prazoDiasUteis: rastreios.prazoDiasUteis,
  dataEntrega: rastreios.dataEntrega,
  tentativas: sql<number>`coalesce(${rastreios.tentativas}, 0)`.as('tentativas'),
  excecao: sql<boolean>`coalesce(${rastreios.excecao}, false)`.as('excecao'),
  ultimoEventoEm: rastreios.ultimoEventoEm,
  token: rastreios.token,
};
// biome-ignore lint/suspicious/noExplicitAny: drizzle's dynamic select builder
export const fromRastreio = (q: any) =>
  q.leftJoin(rastreios, eq(rastreios.nfeUid, nfes.uid)).leftJoin(transportadores, eq(transportadores.uid, nfes.transportadorUid));

export function rastreioParaItem(r: Row, agora = new Date()): Rastreio {
  const s = (k: string) => (r[k] ?? null) as string | null;
  const st = statusRastreio({
    dataPrevista: s('dataPrevista'),
    dataEntrega: s('dataEntrega'),
    excecao: !!r.excecao,
    ultimaNoticiaEm: (s('ultimoEventoEm') ?? r.emissao) as string,
    hoje: hojeSaoPaulo(agora),
  });
  return {
    uid: r.uid as string,
    chave: s('chave'),
    numero: r.numero as number,
    serie: r.serie as number,
    emissao: r.emissao as string,
    emitenteNome: s('emitenteNome'),
    destinatarioNome: s('destinatarioNome'),
    destinatarioMunicipio: s('destinatarioMunicipio'),
    destinatarioUf: s('destinatarioUf'),
    transportadorUid: s('transportadorUid'),
    transportadorNome: s('transportadorNome'),
    dataPrevista: s('dataPrevista'),
    prazoDiasUteis: r.prazoDiasUteis === null || r.prazoDiasUteis === undefined ? null : Number(r.prazoDiasUteis),
    dataEntrega: s('dataEntrega'),
    tentativas: Number(r.tentativas ?? 0),
    ultimoEventoEm: s('ultimoEventoEm'),
    status: st.status,
    statusNome: rotuloStatusRastreio(st.status),
    diasAtraso: st.diasAtraso,
    diasSemOcorrencia: st.diasSemOcorrencia,
    token: s('token'),
  };
}

/** Notes still alive (not cancelled nor replaced) and the list's period: the emission day. */
const vivas = () => and(eq(nfes.cancelada, false), isNull(nfes.substituidaPorUid));
const PERIODO: Periodo = { campo: nfes.emissao, descricao: 'Emissão' };

export const trackingResource = defineResource({
  nome: 'Tracking',
  path: '/tracking',
  recurso: 'tracking',
  table: nfes,
  uid: nfes.uid,
  scope: escopoDocumento(nfes.embarcadorUid, nfes.transportadorUid),
  item: rastreio,
  input: z.object({}),
  // GET tracking is tracking/routes.ts (the framework's list plus the per-status counts); GET tracking/{uid} too.
  operations: [],
  select: colunasRastreio,
  from: fromRastreio,
  toItem: (r) => rastreioParaItem(r),
  sortable: {
    status: ordemStatus,
    diasAtraso: diasAtrasoSql,
    dataPrevista: rastreios.dataPrevista,
    emissao: nfes.emissao,
    numero: nfes.numero,
    transportadorNome: transportadores.nome,
    ultimoEventoEm: rastreios.ultimoEventoEm,
  },
  defaultSort: 'status',
  filters: {
    numero: { column: nfes.numero, kind: 'int' },
    chave: { column: nfes.chave, kind: 'exact' },
    transportadorUid: { column: nfes.transportadorUid, kind: 'uid' },
    destinatarioUf: { column: nfes.destinatarioUf, kind: 'exact' },
    destinatarioNome: { column: nfes.destinatarioNome, kind: 'text' },
  },
  periodo: PERIODO,
  listQuery: statusRastreioQuery,
  listWhere: (q) => and(vivas(), q.status ? sql`${statusSql} = ${q.status}` : undefined),
});

/** The list's own filters except `status` and ftr_ (the control tower counts every status for the same filters). */
export function filtrosSemStatus(q: Record<string, unknown>) {
  return and(vivas(), condicoesDoPeriodo(PERIODO, q));
}
