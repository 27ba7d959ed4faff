import { type SQL, sql } from 'drizzle-orm';
import { MACRORREGIOES, type z } from '@fretio/core';
import type { documentosFilterInput } from '@fretio/core';
import { AppError } from '../../lib/errors.ts';

// The documents a load plan works with, as one row shape for NF-es (the register) and orders: the plan's
// own documents (documentosDoPlano) and those still free to plan (documentosLivres: not in any plan,
// not on a shipment, NF-e not cancelled nor replaced, order without NF-e and not invoiced).

const colunasNfe = sql`'nfe' as tipo, n.uid, n.numero::text as numero, n.chave, n.destinatario_uf as "destinoUf",
  n.destinatario_municipio as "destinoMunicipio", n.destinatario_nome as "destinatarioNome",
  n.emitente_municipio_ibge as "origemMunicipioIbge", n.destinatario_municipio_ibge as "destinoMunicipioIbge",
  to_char(n.emissao at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as data, n.transportador_uid as "transportadorUid",
  tn.nome as "transportadorNome", coalesce(n.peso_bruto, 0)::numeric(14,3) as "pesoKg", null::numeric as "volumeM3",
  coalesce(n.valor_total, 0)::numeric(14,2) as valor, coalesce(n.volumes, 0)::int as volumes`;
const colunasPedido = sql`'pedido' as tipo, p.uid, p.numero, null::varchar as chave, md.uf as "destinoUf", md.nome as "destinoMunicipio",
  pe.nome as "destinatarioNome", p.origem_municipio_ibge as "origemMunicipioIbge", p.destino_municipio_ibge as "destinoMunicipioIbge",
  p.data_prevista::text as data, p.transportador_uid as "transportadorUid", tp.nome as "transportadorNome",
  p.peso_kg as "pesoKg", p.volume_m_3 as "volumeM3", p.valor, p.volumes`;

/** JSON array of the plan's documents (for the item's select). */
export function documentosDoPlano(planejamentoUid: SQL | string) {
  return sql`coalesce((select json_agg(d order by d.tipo, d.numero) from (
    select ${colunasNfe} from planejamento_documentos pd join nfes n on n.uid = pd.nfe_uid
      left join transportadores tn on tn.uid = n.transportador_uid where pd.planejamento_uid = ${planejamentoUid}
    union all
    select ${colunasPedido} from planejamento_documentos pd join pedidos p on p.uid = pd.pedido_uid
      left join municipios md on md.ibge = p.destino_municipio_ibge left join pessoas pe on pe.uid = p.cliente_uid
      left join transportadores tp on tp.uid = p.transportador_uid where pd.planejamento_uid = ${planejamentoUid}
  ) d), '[]'::json)`;
}

type Filtro = z.infer<typeof documentosFilterInput>;

/** A region filter names one of the shipper's regions: another's (or none) is a 400 on the field, not an empty list. */
export async function exigirRegiaoDoFiltro(db: { execute: (q: SQL) => Promise<unknown> }, embarcadorUid: string, f: Filtro) {
  if (!f.regiaoDestinoUid) return;
  const res = (await db.execute(sql`select 1 from regioes where uid = ${f.regiaoDestinoUid} and embarcador_uid = ${embarcadorUid}`)) as { rows: unknown[] };
  if (!res.rows.length) throw AppError.field('regiaoDestinoUid', 'Região não encontrada');
}

export function documentosLivres(embarcadorUid: string, f: Filtro) {
  const nfeConds: SQL[] = [
    sql`n.embarcador_uid = ${embarcadorUid}`,
    sql`not n.cancelada`,
    sql`n.substituida_por_uid is null`,
    sql`not exists (select 1 from planejamento_documentos pd where pd.nfe_uid = n.uid)`,
    sql`not exists (select 1 from carga_nfes c where c.nfe_uid = n.uid and c.embarque_uid is not null)`,
  ];
  const pedConds: SQL[] = [
    sql`p.embarcador_uid = ${embarcadorUid}`,
    sql`p.status <> 4`,
    sql`p.nfe_uid is null`,
    sql`not exists (select 1 from planejamento_documentos pd where pd.pedido_uid = p.uid)`,
  ];
  if (f.origemUf) {
    nfeConds.push(sql`n.emitente_uf = ${f.origemUf}`);
    pedConds.push(sql`exists (select 1 from municipios mo where mo.ibge = p.origem_municipio_ibge and mo.uf = ${f.origemUf})`);
  }
  if (f.destinoUf) {
    nfeConds.push(sql`n.destinatario_uf = ${f.destinoUf}`);
    pedConds.push(sql`md.uf = ${f.destinoUf}`);
  }
  if (f.destinoMunicipioIbge) {
    nfeConds.push(sql`n.destinatario_municipio_ibge = ${f.destinoMunicipioIbge}`);
    pedConds.push(sql`p.destino_municipio_ibge = ${f.destinoMunicipioIbge}`);
  }
  if (f.regiaoDestinoUid) {
    // The shipper's own region only (another shipper's uid matches nothing). NF-es keep no destination CEP, so a
    // CEP range of the region reaches orders only.
    const regiao = (cond: SQL) => sql`exists (select 1 from regiao_locais rl join regioes r on r.uid = rl.regiao_uid
      where r.uid = ${f.regiaoDestinoUid} and r.embarcador_uid = ${embarcadorUid} and ${cond})`;
    nfeConds.push(regiao(sql`((rl.tipo = 'UF' and rl.uf = n.destinatario_uf) or (rl.tipo = 'MUNICIPIO' and rl.ibge = n.destinatario_municipio_ibge))`));
    pedConds.push(
      regiao(sql`((rl.tipo = 'UF' and rl.uf = md.uf) or (rl.tipo = 'MUNICIPIO' and rl.ibge = p.destino_municipio_ibge)
        or (rl.tipo = 'FAIXA_CEP' and p.destino_cep between rl.cep_de and rl.cep_ate))`),
    );
  }
  if (f.destinoRegiao) {
    const ufs = MACRORREGIOES[f.destinoRegiao];
    nfeConds.push(sql`n.destinatario_uf in (${sql.join(ufs.map((u) => sql`${u}`), sql`, `)})`);
    pedConds.push(sql`md.uf in (${sql.join(ufs.map((u) => sql`${u}`), sql`, `)})`);
  }
  if (f.remetenteDocumento) {
    nfeConds.push(sql`n.emitente_documento = ${f.remetenteDocumento}`);
    pedConds.push(sql`exists (select 1 from embarcadores eb where eb.uid = p.embarcador_uid and eb.cnpj = ${f.remetenteDocumento})`);
  }
  if (f.dataInicio) {
    nfeConds.push(sql`n.emissao >= (${f.dataInicio}::date::timestamp at time zone 'America/Sao_Paulo')`);
    pedConds.push(sql`p.data_prevista >= ${f.dataInicio}::date`);
  }
  if (f.dataFim) {
    nfeConds.push(sql`n.emissao < ((${f.dataFim}::date + 1)::timestamp at time zone 'America/Sao_Paulo')`);
    pedConds.push(sql`p.data_prevista <= ${f.dataFim}::date`);
  }
  if (f.transportadorUid) {
    nfeConds.push(sql`n.transportador_uid = ${f.transportadorUid}`);
    pedConds.push(sql`p.transportador_uid = ${f.transportadorUid}`);
  }
  if (f.pesoMaximoKg !== null && f.pesoMaximoKg !== undefined) {
    nfeConds.push(sql`coalesce(n.peso_bruto, 0) <= ${f.pesoMaximoKg}`);
    pedConds.push(sql`p.peso_kg <= ${f.pesoMaximoKg}`);
  }
  const partes: SQL[] = [];
  if (f.tipo !== 'pedido') {
    partes.push(sql`select ${colunasNfe} from nfes n left join transportadores tn on tn.uid = n.transportador_uid where ${sql.join(nfeConds, sql` and `)}`);
  }
  if (f.tipo !== 'nfe') {
    partes.push(sql`select ${colunasPedido} from pedidos p left join municipios md on md.ibge = p.destino_municipio_ibge
      left join pessoas pe on pe.uid = p.cliente_uid left join transportadores tp on tp.uid = p.transportador_uid where ${sql.join(pedConds, sql` and `)}`);
  }
  return sql`select * from (${sql.join(partes, sql` union all `)}) d order by d.data nulls last, d.tipo, d.numero limit ${f.limite}`;
}

type Doc = Record<string, unknown>;
/** Numbers out of the JSON/SQL row (numeric comes as text from the driver). */
export function documentoItem(d: Doc) {
  return {
    tipo: d.tipo as 'nfe' | 'pedido',
    uid: String(d.uid),
    numero: String(d.numero),
    chave: (d.chave as string | null) ?? null,
    destinoUf: (d.destinoUf as string | null) ?? null,
    destinoMunicipio: (d.destinoMunicipio as string | null) ?? null,
    destinatarioNome: (d.destinatarioNome as string | null) ?? null,
    origemMunicipioIbge: (d.origemMunicipioIbge as string | null) ?? null,
    destinoMunicipioIbge: (d.destinoMunicipioIbge as string | null) ?? null,
    data: (d.data as string | null) ?? null,
    transportadorUid: (d.transportadorUid as string | null) ?? null,
    transportadorNome: (d.transportadorNome as string | null) ?? null,
    pesoKg: Number(d.pesoKg ?? 0),
    volumeM3: d.volumeM3 === null || d.volumeM3 === undefined ? null : Number(d.volumeM3),
    valor: Number(d.valor ?? 0),
    volumes: Number(d.volumes ?? 0),
  };
}
