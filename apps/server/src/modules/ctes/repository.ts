import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Cte } from '@fretio/core';
import { cteComponentes, cteNfes, ctes, nfes, transportadores } from '../../db/schema/index.ts';
import type { DbOrTx, FromBuilder } from '../../framework/resource.ts';
import { num } from '../nfes/escopo.ts';

// SQL of the CT-e records: the row with its joins, the derived `situacao`, and the row → API shape.
type Row = Record<string, unknown>;

/** Situação (packages/core SITUACOES_CTE) from the row: cancelled, invoiced, unauthorised, available. */
export const situacaoSql = sql<string>`case when ${ctes.cancelado} or ${ctes.status} = 5 then '02' when ${ctes.faturaUid} is not null or ${ctes.status} = 4 then '01' when ${ctes.protocolo} is null then '03' else '00' end`;

export function ondeSituacao(s: string) {
  switch (s) {
    case '00':
      return sql`not ${ctes.cancelado} and ${ctes.status} not in (4, 5) and ${ctes.faturaUid} is null and ${ctes.protocolo} is not null`;
    case '01':
      return sql`not ${ctes.cancelado} and ${ctes.status} <> 5 and (${ctes.faturaUid} is not null or ${ctes.status} = 4)`;
    case '02':
      return sql`(${ctes.cancelado} or ${ctes.status} = 5)`;
    default:
      return sql`not ${ctes.cancelado} and ${ctes.status} not in (4, 5) and ${ctes.faturaUid} is null and ${ctes.protocolo} is null`;
  }
}

export const colunasCte = {
  ...getTableColumns(ctes),
  situacao: situacaoSql.as('situacao'),
  transportadorCadastroNome: sql<string | null>`${transportadores.nome}`.as('transportador_cadastro_nome'),
};

export const fromCte = (q: FromBuilder) => q.leftJoin(transportadores, eq(transportadores.uid, ctes.transportadorUid));

const pessoa = (r: Row, p: string) => (r[`${p}Documento`] || r[`${p}Nome`] ? { documento: (r[`${p}Documento`] ?? null) as string | null, nome: (r[`${p}Nome`] ?? null) as string | null } : null);

export function cteParaItem(r: Row): Cte {
  const s = (k: string) => (r[k] ?? null) as string | null;
  const tomador = pessoa(r, 'tomador');
  return {
    uid: r.uid as string,
    chave: r.chave as string,
    versao: s('versao'),
    numero: r.numero as number,
    serie: r.serie as number,
    modelo: r.modelo as number,
    emissao: r.emissaoTexto as string,
    tipoAmbiente: num(r.tipoAmbiente),
    cfop: s('cfop'),
    naturezaOperacao: s('naturezaOperacao'),
    tipoCte: num(r.tipoCte),
    tipoServico: num(r.tipoServico),
    modal: s('modal'),
    emitente: { documento: s('emitenteDocumento'), nome: s('emitenteNome'), uf: s('emitenteUf') },
    remetente: pessoa(r, 'remetente'),
    expedidor: pessoa(r, 'expedidor'),
    recebedor: pessoa(r, 'recebedor'),
    destinatario: pessoa(r, 'destinatario'),
    tomador: tomador || r.tomadorTipo !== null ? { documento: tomador?.documento ?? null, nome: tomador?.nome ?? null, tipo: num(r.tomadorTipo) } : null,
    origem: { municipioIbge: s('origemMunicipioIbge'), municipio: s('origemMunicipio'), uf: s('origemUf') },
    destino: { municipioIbge: s('destinoMunicipioIbge'), municipio: s('destinoMunicipio'), uf: s('destinoUf') },
    valorPrestacao: num(r.valorPrestacao),
    valorReceber: num(r.valorReceber),
    valorCarga: num(r.valorCarga),
    icms: r.icmsCst || r.icmsValor ? { cst: s('icmsCst'), base: num(r.icmsBase), aliquota: num(r.icmsAliquota), valor: num(r.icmsValor) } : null,
    pesoCarga: num(r.pesoCarga),
    pesoCubado: num(r.pesoCubado),
    pesoBaseCalculo: num(r.pesoBaseCalculo),
    quantidadeNfes: r.quantidadeNfes as number,
    chaveOriginal: s('chaveOriginal'),
    cteOriginalUid: s('cteOriginalUid'),
    transportadorUid: s('transportadorUid'),
    unidadeTransportadorUid: s('unidadeTransportadorUid'),
    transportadorCadastroNome: s('transportadorCadastroNome'),
    protocolo: s('protocolo'),
    dataAutorizacao: s('dataAutorizacao'),
    cancelado: r.cancelado as boolean,
    canceladoEm: s('canceladoEm'),
    status: r.status as number,
    situacao: r.situacao as Cte['situacao'],
    faturaUid: s('faturaUid'),
    chaveValida: r.chaveValida as boolean,
    assinaturaValida: r.assinaturaValida as boolean,
    origemDocumento: (r.origemDocumento as Cte['origemDocumento'] | undefined) ?? 'XML',
    avisos: (r.avisos as string[]) ?? [],
    criadoEm: r.criadoEm as string,
    atualizadoEm: r.atualizadoEm as string,
  };
}

export async function detalhesDoCte(db: DbOrTx, cteUid: string) {
  const componentes = await db.select({ nome: cteComponentes.nome, valor: cteComponentes.valor }).from(cteComponentes).where(eq(cteComponentes.cteUid, cteUid)).orderBy(asc(cteComponentes.ordem));
  const vinculos = await db
    .select({ chave: cteNfes.chave, nfeUid: cteNfes.nfeUid, numero: nfes.numero, emitenteNome: nfes.emitenteNome })
    .from(cteNfes)
    .leftJoin(nfes, eq(nfes.uid, cteNfes.nfeUid))
    .where(eq(cteNfes.cteUid, cteUid))
    .orderBy(asc(cteNfes.ordem));
  const complementos = await db
    .select({ uid: ctes.uid, chave: ctes.chave, tipoCte: ctes.tipoCte, valorPrestacao: ctes.valorPrestacao })
    .from(ctes)
    .where(eq(ctes.cteOriginalUid, cteUid))
    .limit(100);
  return {
    componentes: componentes.map((c) => ({ nome: c.nome, valor: Number(c.valor) })),
    nfes: vinculos.map((v) => v.chave),
    nfesVinculadas: vinculos.map((v) => ({ chave: v.chave, nfeUid: v.nfeUid, numero: v.numero ?? null, emitenteNome: v.emitenteNome ?? null })),
    complementos: complementos.map((c) => ({ ...c, valorPrestacao: num(c.valorPrestacao) })),
  };
}

/** uids of the shipper's NF-es with these keys. */
export async function nfesPorChave(db: DbOrTx, embarcadorUid: string, chaves: string[]) {
  if (!chaves.length) return new Map<string, string>();
  const rows = await db.select({ uid: nfes.uid, chave: nfes.chave }).from(nfes).where(and(eq(nfes.embarcadorUid, embarcadorUid), inArray(nfes.chave, chaves)));
  return new Map(rows.map((r) => [r.chave as string, r.uid]));
}

/** The shipper's real NF-es (with a key) by series and number, optionally of one issuer (CONEMB names notes so). */
export async function nfesPorNumero(db: DbOrTx, embarcadorUid: string, emitente: string | null, notas: { serie: string | null; numero: string }[]) {
  const numeros = [...new Set(notas.map((n) => Number(n.numero)).filter((n) => Number.isSafeInteger(n) && n <= 999_999_999))];
  if (!numeros.length) return [];
  const rows = await db
    .select({ uid: nfes.uid, chave: nfes.chave, serie: nfes.serie, numero: nfes.numero })
    .from(nfes)
    .where(and(eq(nfes.embarcadorUid, embarcadorUid), eq(nfes.virtual, false), inArray(nfes.numero, numeros), emitente ? eq(nfes.emitenteDocumento, emitente) : undefined, sql`${nfes.chave} is not null`));
  return rows
    .filter((r) => notas.some((n) => Number(n.numero) === r.numero && (n.serie == null || Number(n.serie) === r.serie)))
    .map((r) => ({ ...r, chave: r.chave as string }));
}
