import { type SQL, sql } from 'drizzle-orm';
import { type FiltroRelatorio, type NomeRelatorio, STATUS } from '@fretio/core';
import type { Db } from '../../db/client.ts';
import { type Escopo, dia, entregas, instante, linhas, mesmaNota, noPeriodo, nomeTransportador } from './sql.ts';

// The seven reports: one SELECT each (columns named as RELATORIOS of core lists them), paged for the
// screen and read whole (up to a limit) by the XLSX export task.

const rotuloStatus = (conjunto: 'solicitacaoFrete' | 'auditoria', col: SQL) =>
  sql`case ${col} ${sql.join(STATUS[conjunto].values.map((s) => sql`when ${s.value} then ${s.label}`), sql` `)} else ${col}::text end`;

const seTransp = (e: Escopo, col: SQL) => (e.transportadorUid ? sql`${col} = ${e.transportadorUid}` : sql`true`);
const seStatus = (f: FiltroRelatorio, col: SQL) => (f.status ? sql`${col} = ${f.status}` : sql`true`);

type Consulta = { sql: SQL; ordem: SQL };

const CONSULTAS: Record<NomeRelatorio, (e: Escopo, f: FiltroRelatorio) => Consulta> = {
  solicitacaofrete: (e, f) => ({
    ordem: sql`"numero" desc`,
    sql: sql`select s.numero as "numero", ${dia(sql`s.criado_em`)} as "criadoEm", ${rotuloStatus('solicitacaoFrete', sql`s.status`)} as "status",
        coalesce(mo.nome || '/' || mo.uf, s.origem_cep) as "origem", coalesce(md.nome || '/' || md.uf, s.destino_cep) as "destino",
        s.data_coleta_desejada::text as "dataColetaDesejada",
        (select sum(x.peso_kg) from carga_nfes x where x.solicitacao_uid = s.uid)::float8 as "pesoKg",
        (select sum(x.valor) from carga_nfes x where x.solicitacao_uid = s.uid)::text as "valorCarga",
        c.numero as "cotacaoNumero", ${nomeTransportador(sql`t`)} as "transportador", c.valor_aprovado::text as "valorAprovado"
      from solicitacoes_frete s
      left join municipios mo on mo.ibge = s.origem_municipio_ibge
      left join municipios md on md.ibge = s.destino_municipio_ibge
      left join lateral (select * from cotacoes_frete c where c.solicitacao_uid = s.uid order by (c.status = 4) desc, c.numero desc limit 1) c on true
      left join transportadores t on t.uid = c.vencedor_transportador_uid
      where s.embarcador_uid = ${e.embarcadorUid} and ${noPeriodo(sql`s.criado_em`, f)} and ${seStatus(f, sql`s.status`)}
        and ${seTransp(e, sql`c.vencedor_transportador_uid`)} and ${f.uf ? sql`md.uf = ${f.uf}` : sql`true`}`,
  }),
  auditoria: (e, f) => ({
    ordem: sql`"emissao" desc, "numeroCte" desc`,
    sql: sql`select a.numero_cte as "numeroCte", a.serie_cte as "serieCte", ${dia(sql`a.emissao`)} as "emissao", ${nomeTransportador(sql`t`)} as "transportador",
        ${rotuloStatus('auditoria', sql`a.status`)} as "status", a.valor_cobrado::text as "valorCobrado", a.valor_esperado::text as "valorEsperado",
        a.diferenca::text as "diferenca", a.resumo as "resumo"
      from auditorias a left join transportadores t on t.uid = a.transportador_uid
      ${f.uf ? sql`join ctes cu on cu.uid = a.cte_uid and cu.destino_uf = ${f.uf}` : sql``}
      where a.embarcador_uid = ${e.embarcadorUid} and ${noPeriodo(sql`a.emissao`, f)} and ${seStatus(f, sql`a.status`)} and ${seTransp(e, sql`a.transportador_uid`)}`,
  }),
  'cte-sem-nfe': (e, f) => ({
    ordem: sql`"emissao" desc, "numero" desc`,
    sql: sql`select * from (select c.numero as "numero", c.serie as "serie", ${dia(sql`c.emissao`)} as "emissao", coalesce(${nomeTransportador(sql`t`)}, c.emitente_nome) as "transportador",
        c.chave as "chave", c.valor_prestacao::text as "valorPrestacao",
        (select count(*) from cte_nfes x where x.cte_uid = c.uid)::int as "nfesCitadas",
        (select count(*) from cte_nfes x where x.cte_uid = c.uid and x.nfe_uid is null)::int as "nfesAusentes"
      from ctes c left join transportadores t on t.uid = c.transportador_uid
      where c.embarcador_uid = ${e.embarcadorUid} and not c.cancelado and ${noPeriodo(sql`c.emissao`, f)} and ${seTransp(e, sql`c.transportador_uid`)}
        and ${f.uf ? sql`c.destino_uf = ${f.uf}` : sql`true`}) r
      where "nfesCitadas" = 0 or "nfesAusentes" > 0`,
  }),
  'acompanhamento-entregas': (e, f) => ({
    ordem: sql`"emissao" desc, "numero" desc`,
    sql: sql`select x.numero as "numero", x.serie as "serie", ${dia(sql`x.emissao`)} as "emissao", x.destinatario_nome as "destinatario", x.destinatario_uf as "uf",
        x.transportador as "transportador", x.prazo_dias_uteis as "prazoDiasUteis", x.data_prometida::text as "dataPrometida",
        x.ultimo_evento as "ultimoEvento", ${instante(sql`x.ultimo_evento_em`)} as "ultimoEventoEm", ${instante(sql`x.entregue_em`)} as "entregueEm",
        x.situacao as "situacao", x.dias_atraso as "diasAtraso"
      from ${entregas(e, f)} x`,
  }),
  'eventos-ocorrencia': (e, f) => ({
    ordem: sql`"dataHora" desc`,
    sql: sql`select ${instante(sql`e.data_hora`)} as "dataHora", trim(both '/' from e.serie_nf || '/' || e.numero_nf) as "nf",
        coalesce(${nomeTransportador(sql`t`)}, e.cnpj_transportador) as "transportador", e.codigo_transportador as "codigo",
        coalesce(o.codigo || ' - ' || o.descricao, 'Sem de-para') as "ocorrencia",
        case e.origem when 'edi' then 'OCOREN' when 'manual' then 'Digitado' when 'portal' then 'Portal do transportador' when 'api' then 'API' else e.origem end as "origem",
        e.observacao as "observacao"
      from eventos_ocorrencia e left join ocorrencias o on o.uid = e.ocorrencia_uid left join transportadores t on t.uid = e.transportador_uid
      where e.embarcador_uid = ${e.embarcadorUid} and ${noPeriodo(sql`e.data_hora`, f)} and ${seTransp(e, sql`e.transportador_uid`)}
        ${f.uf ? sql`and exists (select 1 from nfes n where ${mesmaNota} and n.destinatario_uf = ${f.uf})` : sql``}`,
  }),
  'nfe-sem-ocorrencia': (e, f) => ({
    ordem: sql`"emissao" desc, "numero" desc`,
    sql: sql`select n.numero as "numero", n.serie as "serie", ${dia(sql`n.emissao`)} as "emissao", n.destinatario_nome as "destinatario", n.destinatario_uf as "uf",
        coalesce(${nomeTransportador(sql`t`)}, n.transportador_nome) as "transportador", n.valor_total::text as "valorTotal",
        ((now() at time zone 'America/Sao_Paulo')::date - (n.emissao at time zone 'America/Sao_Paulo')::date) as "diasSemOcorrencia"
      from nfes n left join transportadores t on t.uid = n.transportador_uid
      where n.embarcador_uid = ${e.embarcadorUid} and not n.cancelada and n.substituida_por_uid is null and ${noPeriodo(sql`n.emissao`, f)}
        and ${seTransp(e, sql`n.transportador_uid`)} and ${f.uf ? sql`n.destinatario_uf = ${f.uf}` : sql`true`}
        and not exists (select 1 from eventos_ocorrencia e where ${mesmaNota})`,
  }),
  'relatorio-frete': (e, f) => ({
    ordem: sql`"emissao" desc, "numero" desc`,
    sql: sql`select n.numero as "numero", n.serie as "serie", ${dia(sql`n.emissao`)} as "emissao", n.destinatario_nome as "destinatario", n.destinatario_uf as "uf",
        coalesce(${nomeTransportador(sql`t`)}, n.transportador_nome) as "transportador", n.valor_total::text as "valorTotal",
        esp.valor::text as "freteEsperado", cob.cobrado::text as "freteCobrado", cob.pago::text as "fretePago",
        case when coalesce(n.valor_total, 0) = 0 or cob.cobrado is null then null else round(cob.cobrado * 100 / n.valor_total, 2)::float8 end as "percentualFrete"
      from nfes n left join transportadores t on t.uid = n.transportador_uid
      left join lateral (select coalesce(
          (select sum(cn.frete_esperado) from carga_nfes cn join embarques em on em.uid = cn.embarque_uid and em.embarcador_uid = n.embarcador_uid
            where cn.nfe_uid = n.uid or cn.chave = n.chave),
          (select sum(cn.frete_esperado) from carga_nfes cn join cotacoes_frete cf on cf.uid = cn.cotacao_uid and cf.embarcador_uid = n.embarcador_uid and cf.status = 4
            where cn.nfe_uid = n.uid or cn.chave = n.chave)) as valor) esp on true
      left join lateral (
        select sum(round(c.valor_prestacao * coalesce(n.valor_total, 0) / nullif(tot.v, 0), 2)) as cobrado,
               sum(round(fc.valor * coalesce(n.valor_total, 0) / nullif(tot.v, 0), 2)) filter (where fa.data_pagamento is not null) as pago
        from cte_nfes x join ctes c on c.uid = x.cte_uid and not c.cancelado
        left join fatura_ctes fc on fc.cte_uid = c.uid and fc.embarcador_uid = c.embarcador_uid left join faturas fa on fa.uid = fc.fatura_uid
        cross join lateral (select sum(n2.valor_total) as v from cte_nfes x2 join nfes n2 on n2.uid = x2.nfe_uid where x2.cte_uid = c.uid) tot
        where x.nfe_uid = n.uid) cob on true
      where n.embarcador_uid = ${e.embarcadorUid} and not n.cancelada and n.substituida_por_uid is null and ${noPeriodo(sql`n.emissao`, f)}
        and ${seTransp(e, sql`n.transportador_uid`)} and ${f.uf ? sql`n.destinatario_uf = ${f.uf}` : sql`true`}`,
  }),
};

export async function paginaRelatorio(db: Db, nome: NomeRelatorio, e: Escopo, f: FiltroRelatorio) {
  const q = CONSULTAS[nome](e, f);
  const pps = f.pps ?? 20;
  const pc = f.pc ?? 1;
  const [{ n }] = await linhas<{ n: number }>(db, sql`select count(*)::int as n from (${q.sql}) r`);
  const data = n ? await linhas(db, sql`select * from (${q.sql}) r order by ${q.ordem} limit ${pps} offset ${(pc - 1) * pps}`) : [];
  return { data, totalRecords: n };
}

export async function todasAsLinhas(db: Db, nome: NomeRelatorio, e: Escopo, f: FiltroRelatorio, limite: number) {
  const q = CONSULTAS[nome](e, f);
  return linhas(db, sql`select * from (${q.sql}) r order by ${q.ordem} limit ${limite}`);
}
