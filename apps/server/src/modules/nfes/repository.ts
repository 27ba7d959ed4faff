import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Nfe } from '@fretio/core';
import { cteNfes, ctes, nfeItens, nfes, transportadores, unidadesEmbarcador } from '../../db/schema/index.ts';
import type { DbOrTx, FromBuilder } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { num } from './escopo.ts';

// SQL of the NF-e records: the row with its joins, and the row → API shape.
type Row = Record<string, unknown>;

export const colunasNfe = {
  ...getTableColumns(nfes),
  transportadorCadastroNome: sql<string | null>`${transportadores.nome}`.as('transportador_cadastro_nome'),
  unidadeEmbarcadorNome: sql<string | null>`${unidadesEmbarcador.nome}`.as('unidade_embarcador_nome'),
  quantidadeCtes: sql<number>`(select count(*)::int from ${cteNfes} where ${cteNfes.nfeUid} = ${nfes.uid})`.as('quantidade_ctes'),
};

export const fromNfe = (q: FromBuilder) =>
  q.leftJoin(transportadores, eq(transportadores.uid, nfes.transportadorUid)).leftJoin(unidadesEmbarcador, eq(unidadesEmbarcador.uid, nfes.unidadeEmbarcadorUid));

export function nfeParaItem(r: Row): Nfe {
  const s = (k: string) => (r[k] ?? null) as string | null;
  return {
    uid: r.uid as string,
    chave: s('chave'),
    virtual: r.virtual as boolean,
    substituidaPorUid: s('substituidaPorUid'),
    versao: s('versao'),
    numero: r.numero as number,
    serie: r.serie as number,
    modelo: r.modelo as number,
    emissao: r.emissaoTexto as string,
    tipoAmbiente: num(r.tipoAmbiente),
    tipoOperacao: num(r.tipoOperacao),
    naturezaOperacao: s('naturezaOperacao'),
    emitente: { documento: s('emitenteDocumento'), nome: s('emitenteNome'), uf: s('emitenteUf'), municipioIbge: s('emitenteMunicipioIbge'), municipio: s('emitenteMunicipio') },
    destinatario:
      r.destinatarioDocumento || r.destinatarioNome || r.destinatarioIdEstrangeiro
        ? { documento: s('destinatarioDocumento'), nome: s('destinatarioNome'), uf: s('destinatarioUf'), municipioIbge: s('destinatarioMunicipioIbge'), municipio: s('destinatarioMunicipio'), idEstrangeiro: s('destinatarioIdEstrangeiro') }
        : null,
    valorTotal: num(r.valorTotal),
    valorProdutos: num(r.valorProdutos),
    valorFrete: num(r.valorFrete),
    pesoBruto: num(r.pesoBruto),
    pesoLiquido: num(r.pesoLiquido),
    volumes: num(r.volumes),
    modalidadeFrete: num(r.modalidadeFrete),
    transportador: r.transportadorDocumento || r.transportadorNome ? { documento: s('transportadorDocumento'), nome: s('transportadorNome') } : null,
    transportadorUid: s('transportadorUid'),
    transportadorCadastroNome: s('transportadorCadastroNome'),
    unidadeEmbarcadorUid: s('unidadeEmbarcadorUid'),
    unidadeEmbarcadorNome: s('unidadeEmbarcadorNome'),
    protocolo: s('protocolo'),
    dataAutorizacao: s('dataAutorizacao'),
    quantidadeItens: r.quantidadeItens as number,
    cancelada: r.cancelada as boolean,
    canceladaEm: s('canceladaEm'),
    chaveValida: r.chaveValida as boolean,
    assinaturaValida: r.assinaturaValida as boolean,
    avisos: (r.avisos as string[]) ?? [],
    observacao: s('observacao'),
    quantidadeCtes: Number(r.quantidadeCtes ?? 0),
    criadoEm: r.criadoEm as string,
    atualizadoEm: r.atualizadoEm as string,
  };
}

export async function itensDaNfe(db: DbOrTx, nfeUid: string) {
  const rows = await db.select().from(nfeItens).where(eq(nfeItens.nfeUid, nfeUid)).orderBy(asc(nfeItens.numero));
  return rows.map((i) => ({
    numero: i.numero,
    codigo: i.codigo,
    descricao: i.descricao,
    ncm: i.ncm,
    cfop: i.cfop,
    quantidade: num(i.quantidade),
    unidade: i.unidade,
    valorUnitario: num(i.valorUnitario),
    valor: num(i.valor),
  }));
}

export async function ctesDaNfe(db: DbOrTx, nfeUid: string) {
  return db
    .select({ uid: ctes.uid, chave: ctes.chave, numero: ctes.numero, emitenteNome: ctes.emitenteNome, cancelado: ctes.cancelado })
    .from(cteNfes)
    .innerJoin(ctes, eq(ctes.uid, cteNfes.cteUid))
    .where(eq(cteNfes.nfeUid, nfeUid))
    .orderBy(asc(ctes.emissao))
    .limit(500);
}

/**
 * What points to the note, in pt-BR words, in a fixed order (empty: nothing; it may be deleted): a CT-e that
 * cites it (and, through that CT-e, its freight audit and its invoice), a shipment, a request, quotation or
 * pickup order line, an order, a load plan.
 */
export async function usosDaNfe(db: DbOrTx, nfeUid: string): Promise<string[]> {
  const r = (await db.execute(sql`select
      exists (select 1 from cte_nfes where nfe_uid = ${nfeUid}) as "um CT-e",
      exists (select 1 from cte_nfes cn join auditorias a on a.cte_uid = cn.cte_uid and a.embarcador_uid = cn.embarcador_uid where cn.nfe_uid = ${nfeUid}) as "uma auditoria de frete",
      exists (select 1 from cte_nfes cn join ctes c on c.uid = cn.cte_uid where cn.nfe_uid = ${nfeUid}
        and (c.fatura_uid is not null or exists (select 1 from fatura_ctes f where f.cte_uid = c.uid and f.embarcador_uid = c.embarcador_uid))) as "uma fatura",
      exists (select 1 from carga_nfes where nfe_uid = ${nfeUid} and embarque_uid is not null) as "um embarque",
      exists (select 1 from carga_nfes where nfe_uid = ${nfeUid} and solicitacao_uid is not null) as "uma solicitação de frete",
      exists (select 1 from carga_nfes where nfe_uid = ${nfeUid} and cotacao_uid is not null) as "uma cotação de frete",
      exists (select 1 from carga_nfes where nfe_uid = ${nfeUid} and ordem_coleta_uid is not null) as "uma ordem de coleta",
      exists (select 1 from pedidos where nfe_uid = ${nfeUid}) as "um pedido",
      exists (select 1 from planejamento_documentos where nfe_uid = ${nfeUid}) as "um planejamento de carga"`)) as unknown as { rows: Record<string, boolean>[] };
  return Object.entries(r.rows[0] ?? {}).filter(([, v]) => v).map(([k]) => k);
}

/** 409 EM_USO naming what links the note; `o que`: "esta NF-e" or "esta NF-e virtual". */
export async function impedirExclusaoEmUso(db: DbOrTx, nfeUid: string, oQue: string) {
  const usos = await usosDaNfe(db, nfeUid);
  if (!usos.length) return;
  const lista = usos.length === 1 ? usos[0] : `${usos.slice(0, -1).join(', ')} e ${usos.at(-1)}`;
  throw AppError.conflict(`Registro em uso: ${oQue} está vinculada a ${lista}; desfaça o vínculo antes de excluí-la.`, undefined, 'EM_USO');
}

/** The shipments that carry the note (its detail page; carriers see none: shipments are the shipper's). */
export async function embarquesDaNfe(db: DbOrTx, nfeUid: string) {
  const r = (await db.execute(sql`select distinct e.uid, e.numero, e.status from carga_nfes c
    join embarques e on e.uid = c.embarque_uid and e.embarcador_uid = (select n.embarcador_uid from nfes n where n.uid = ${nfeUid})
    where c.nfe_uid = ${nfeUid} order by e.numero limit 500`)) as unknown as { rows: { uid: string; numero: number; status: number }[] };
  return r.rows.map((e) => ({ uid: e.uid, numero: Number(e.numero), status: Number(e.status) }));
}
