import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Nfe } from '@fretio/core';
import { cteNfes, ctes, nfeItens, nfes, transportadores, unidadesEmbarcador } from '../../db/schema/index.ts';
import type { DbOrTx, FromBuilder } from '../../framework/resource.ts';
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

/** Anything that points to the note (a CT-e today; shipments, requests, orders later). */
export async function nfeEmUso(db: DbOrTx, nfeUid: string) {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(cteNfes).where(and(eq(cteNfes.nfeUid, nfeUid)));
  return (r?.n ?? 0) > 0;
}
