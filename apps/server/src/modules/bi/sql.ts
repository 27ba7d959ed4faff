import { type SQL, sql } from 'drizzle-orm';
import { type FiltroBi, TIPO_USUARIO } from '@fretio/core';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';

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

export const dia = (col: SQL) => sql`to_char((${col}) at time zone ${TZ}, 'YYYY-MM-DD')`;
export const mes = (col: SQL) => sql`to_char((${col}) at time zone ${TZ}, 'YYYY-MM')`;
export const instante = (col: SQL) => sql`to_char((${col}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
export const nomeTransportador = (t: SQL) => sql`coalesce(${t}.nome_fantasia, ${t}.nome)`;

export async function linhas<T = Record<string, unknown>>(db: Db, q: SQL): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

/** Same note of an occurrence event (the carrier's file names it by issuer CNPJ, series and number: as typed, or
 * zero-padded to 8 (OCOREN 3.1) or 9 (5.0) digits — an equality list the (embarcador, numero_nf) index serves). */
const mesmaNota = sql`e.embarcador_uid = n.embarcador_uid and e.numero_nf in (n.numero::text, lpad(n.numero::text, 8, '0'), lpad(n.numero::text, 9, '0'))
  and (e.serie_nf = '' or ltrim(e.serie_nf, '0') = n.serie::text or (e.serie_nf ~ '^0+$' and n.serie = 0))
  and (e.cnpj_emissor_nf = '' or e.cnpj_emissor_nf = n.emitente_documento)`;

/**
 * One row per NF-e (not cancelled, not a replaced virtual note) with its delivery: the promised date
 * (the winning quotation answer's deadline for the note, else the shipper's deadline register for the
 * carrier and destination; business days after the emission, skipping weekends and non-optional
 * holidays), the delivery (first event whose kind finishes the delivery), the last event, the situation.
 * The tracking module will keep these per NF-e; until then they are computed here.
 */
export function entregas(e: Escopo, f: FiltroBi): SQL {
  return sql`(
    select x.*,
      case
        when x.entregue_em is not null and x.data_prometida is null then 'Entregue (sem prazo)'
        when x.entregue_em is not null and (x.entregue_em at time zone ${TZ})::date <= x.data_prometida then 'Entregue no prazo'
        when x.entregue_em is not null then 'Entregue com atraso'
        when x.data_prometida is null then 'Sem prazo'
        when (now() at time zone ${TZ})::date > x.data_prometida then 'Atrasada'
        else 'Em trânsito' end as situacao,
      case
        when x.data_prometida is null then null
        when x.entregue_em is not null then greatest(0, (x.entregue_em at time zone ${TZ})::date - x.data_prometida)
        else greatest(0, (now() at time zone ${TZ})::date - x.data_prometida) end as dias_atraso
    from (
      select n.uid, n.numero, n.serie, n.emissao, n.destinatario_nome, n.destinatario_uf, n.transportador_uid,
        coalesce(${nomeTransportador(sql`t`)}, n.transportador_nome) as transportador,
        n.valor_total, n.peso_bruto, pz.prazo as prazo_dias_uteis,
        case when pz.prazo is null then null when pz.prazo <= 0 then (n.emissao at time zone ${TZ})::date else (
          select d::date from generate_series((n.emissao at time zone ${TZ})::date + 1, (n.emissao at time zone ${TZ})::date + pz.prazo * 2 + 30, interval '1 day') d
          where extract(isodow from d) < 6 and not exists (
            select 1 from feriados fe where fe.data = d::date and not fe.facultativo
              and (fe.embarcador_uid is null or fe.embarcador_uid = n.embarcador_uid)
              and (fe.escopo = 'NACIONAL' or (fe.escopo = 'UF' and fe.uf = n.destinatario_uf) or (fe.escopo = 'MUNICIPIO' and fe.municipio_ibge = n.destinatario_municipio_ibge)))
          order by d offset pz.prazo - 1 limit 1) end as data_prometida,
        ent.entregue_em, ent.tentativas, ult.data_hora as ultimo_evento_em, ult.descricao as ultimo_evento
      from nfes n
      left join transportadores t on t.uid = n.transportador_uid
      left join lateral (
        select coalesce(
          (select ct.prazo_dias_uteis from carga_nfes cn
             left join embarques em on em.uid = cn.embarque_uid
             join cotacoes_frete cf on cf.uid = coalesce(cn.cotacao_uid, em.cotacao_uid) and cf.embarcador_uid = n.embarcador_uid
             join cotacao_transportadores ct on ct.cotacao_uid = cf.uid and ct.transportador_uid = cf.vencedor_transportador_uid
           where (cn.nfe_uid = n.uid or cn.chave = n.chave) and ct.prazo_dias_uteis is not null limit 1),
          (select pe.prazo_dias_uteis from prazos_entrega pe
           where pe.embarcador_uid = n.embarcador_uid and pe.transportador_uid = n.transportador_uid and pe.ativo
             and (pe.origem_uf is null or pe.origem_uf = n.emitente_uf) and (pe.origem_ibge is null or pe.origem_ibge = n.emitente_municipio_ibge)
             and (pe.destino_ibge = n.destinatario_municipio_ibge or (pe.destino_ibge is null and pe.destino_uf = n.destinatario_uf))
           order by (pe.destino_ibge is not null) desc, (pe.origem_ibge is not null) desc, pe.prazo_dias_uteis limit 1)) as prazo
      ) pz on true
      left join lateral (
        select min(e.data_hora) filter (where o.acao = 1) as entregue_em, count(*) filter (where o.acao = 2)::int as tentativas
        from eventos_ocorrencia e join ocorrencias o on o.uid = e.ocorrencia_uid where ${mesmaNota}
      ) ent on true
      left join lateral (
        select e.data_hora, coalesce(o.descricao, 'Código ' || e.codigo_transportador || ' (sem de-para)') as descricao
        from eventos_ocorrencia e left join ocorrencias o on o.uid = e.ocorrencia_uid where ${mesmaNota}
        order by e.data_hora desc limit 1
      ) ult on true
      where n.embarcador_uid = ${e.embarcadorUid} and not n.cancelada and n.substituida_por_uid is null
        and ${e.transportadorUid ? sql`n.transportador_uid = ${e.transportadorUid}` : sql`true`}
        and ${f.uf ? sql`n.destinatario_uf = ${f.uf}` : sql`true`}
        and ${noPeriodo(sql`n.emissao`, f)}
    ) x
  )`;
}

export { mesmaNota };
