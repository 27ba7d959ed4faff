import { type SQL, sql } from 'drizzle-orm';
import { ACAO_OCORRENCIA, type FiltroBi, STATUS_RASTREIO_LISTA, TIPO_USUARIO } from '@fretio/core';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { diasAtrasoRastreioSql, statusRastreioSql } from '../tracking/resource.ts';

// SQL pieces of every report, dataset and the dashboard: the scope (active shipper; a carrier user only
// its own carrier), the period in São Paulo days, money kept as numeric (served as exact text).

export const TZ = 'America/Sao_Paulo';

export type Escopo = { embarcadorUid: string; transportadorUid: string | null };

/** Active shipper; a carrier user is held to its carrier whatever the filter says. */
export function escopo(ctx: RequestContext | null, filtros: { transportadorUid?: string }): Escopo {
  const embarcadorUid = exigirEmbarcador(ctx);
  const proprio = ctx?.tipoUsuario === TIPO_USUARIO.TRANSPORTADOR ? ctx.transportadorUid : null;
  return { embarcadorUid, transportadorUid: proprio ?? filtros.transportadorUid ?? null };
}

/** `col` (timestamptz) inside [dataInicio, dataFim] as São Paulo calendar days. */
export function noPeriodo(col: SQL, f: Pick<FiltroBi, 'dataInicio' | 'dataFim'>): SQL {
  const partes: SQL[] = [];
  if (f.dataInicio) partes.push(sql`${col} >= (${f.dataInicio}::date::timestamp at time zone ${TZ})`);
  if (f.dataFim) partes.push(sql`${col} < ((${f.dataFim}::date + 1)::timestamp at time zone ${TZ})`);
  return partes.length ? sql.join(partes, sql` and `) : sql`true`;
}

/** The summary rows `s` of the scope and period (São Paulo days, the key's `dia`). */
export function noResumo(e: Escopo, f: FiltroBi, s = 's'): SQL {
  const c = (n: string) => sql.raw(`${s}.${n}`);
  return sql`${c('embarcador_uid')} = ${e.embarcadorUid}
    and ${f.dataInicio ? sql`${c('dia')} >= ${f.dataInicio}::date` : sql`true`} and ${f.dataFim ? sql`${c('dia')} <= ${f.dataFim}::date` : sql`true`}
    and ${e.transportadorUid ? sql`${c('transportador_uid')} = ${e.transportadorUid}` : sql`true`}
    and ${f.uf ? sql`${c('uf')} = ${f.uf}` : sql`true`}`;
}

/** Σ |diferença| of the divergent audits of resumo_bi_auditorias `s`, as the raw `coalesce(sum(abs(diferenca)) filter (…), 0)`
 * gives it: 0 when none of them had a difference. */
export const valorDivergenciaResumo = sql`case when sum(s.divergencia_valorada) = 0 then 0 else sum(s.valor_divergencia) end`;
export const dia = (col: SQL) => sql`to_char((${col}) at time zone ${TZ}, 'YYYY-MM-DD')`;
export const mes = (col: SQL) => sql`to_char((${col}) at time zone ${TZ}, 'YYYY-MM')`;
export const instante = (col: SQL) => sql`to_char((${col}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
/** An occurrence kind's label over `ocorrencias o` (left-joined: no kind reads 'Sem de-para'). */
export const rotuloOcorrencia = sql`coalesce(o.codigo || ' - ' || o.descricao, 'Sem de-para')`;
export const nomeTransportador = (t: SQL) => sql`coalesce(${t}.nome_fantasia, ${t}.nome)`;

export async function linhas<T = Record<string, unknown>>(db: Db, q: SQL): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

/** Same note of an occurrence event (the carrier's file names it by issuer CNPJ, series and number: as typed, or
 * zero-padded to 8 (OCOREN 3.1) or 9 (5.0) digits — an equality list the (embarcador, numero_nf) index serves). */
const mesmaNota = sql`e.embarcador_uid = n.embarcador_uid and e.numero_nf in (n.numero::text, lpad(n.numero::text, 8, '0'), lpad(n.numero::text, 9, '0'))
  and (e.serie_nf = '' or ltrim(e.serie_nf, '0') = n.serie::text or (e.serie_nf ~ '^0+$' and n.serie = 0))
  and (e.cnpj_emissor_nf = '' or e.cnpj_emissor_nf = n.emitente_documento)`;

const r = (c: string) => sql.raw(`r.${c}`);
/** The tracking status (modules/tracking statusRastreioSql) over the `rastreios r` / `nfes n` aliases below. */
export const statusEntrega = statusRastreioSql({ dataPrevista: r('data_prevista'), dataEntrega: r('data_entrega'), excecao: r('excecao'), ultimoEventoEm: r('ultimo_evento_em'), emissao: sql`n.emissao` });
export const diasAtrasoEntrega = diasAtrasoRastreioSql({ dataPrevista: r('data_prevista'), dataEntrega: r('data_entrega') });
/** The report's wording of a tracking status: core's label; a delivery without any promised date is not "on time" but "Entregue (sem prazo)". */
export const situacaoEntrega = sql`case when x.status = 'E' and x.data_prometida is null then 'Entregue (sem prazo)' else (case x.status ${sql.join(
  STATUS_RASTREIO_LISTA.map((s) => sql`when ${s.value} then ${s.label}`),
  sql` `,
)} end) end`;

/**
 * One row per NF-e (not cancelled, not a replaced virtual note) with its delivery, read from tracking (one
 * source of truth): the promised date kept per NF-e in `rastreios` (modules/tracking/service.ts calcularPrazo:
 * the shipment's agreed deadline, else the deadline register; business days from the pickup or emission,
 * skipping weekends and the destination's holidays), the status by the tracking rule (statusRastreioSql),
 * the delivery instant (first event, linked to the note, whose kind finishes the delivery), the last event.
 * A note without a `rastreios` row yet (never touched by an import or event) reads as having no deadline.
 */
export function entregas(e: Escopo, f: FiltroBi): SQL {
  return sql`(
    select x.*, ${situacaoEntrega} as situacao, case when x.data_prometida is null then null else x.dias_atraso_rastreio end as dias_atraso
    from (
      select n.uid, n.numero, n.serie, n.emissao, n.destinatario_nome, n.destinatario_uf, n.transportador_uid,
        coalesce(${nomeTransportador(sql`t`)}, n.transportador_nome) as transportador,
        n.valor_total, n.peso_bruto, r.prazo_dias_uteis, r.data_prevista as data_prometida,
        ${statusEntrega} as status, ${diasAtrasoEntrega} as dias_atraso_rastreio,
        ent.entregue_em, coalesce(r.tentativas, 0) as tentativas, r.ultimo_evento_em, ult.descricao as ultimo_evento
      from nfes n
      left join transportadores t on t.uid = n.transportador_uid
      left join rastreios r on r.nfe_uid = n.uid
      left join lateral (
        select min(e.data_hora) as entregue_em from eventos_ocorrencia e join ocorrencias o on o.uid = e.ocorrencia_uid
        where e.nfe_uid = n.uid and o.acao = ${ACAO_OCORRENCIA.FINALIZA_ENTREGA}
      ) ent on r.data_entrega is not null
      left join lateral (
        select coalesce(o.descricao, 'Código ' || e.codigo_transportador || ' (sem de-para)') as descricao
        from eventos_ocorrencia e left join ocorrencias o on o.uid = e.ocorrencia_uid where e.nfe_uid = n.uid
        order by e.data_hora desc limit 1
      ) ult on r.ultimo_evento_em is not null
      where ${notasDoEscopo(e, f)}
    ) x
  )`;
}

/** The NF-es (`nfes n`) the BI counts: the scope's, not cancelled, not a replaced virtual note, emitted in the period. */
export function notasDoEscopo(e: Escopo, f: FiltroBi): SQL {
  return sql`n.embarcador_uid = ${e.embarcadorUid} and not n.cancelada and n.substituida_por_uid is null
        and ${e.transportadorUid ? sql`n.transportador_uid = ${e.transportadorUid}` : sql`true`}
        and ${f.uf ? sql`n.destinatario_uf = ${f.uf}` : sql`true`}
        and ${noPeriodo(sql`n.emissao`, f)}`;
}

export { mesmaNota };
