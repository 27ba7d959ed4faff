import { type SQL, and, asc, eq, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { TIPO_USUARIO, somenteDigitos } from '@fretio/core';
import { embarcadorTransportador, transportadores } from '../../db/schema/index.ts';
import type { DbOrTx, Ref } from '../../framework/resource.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { escapeLike } from '../../framework/sql.ts';

// Carrier queries. Carriers are global; who sees one is decided by the link to the active shipper
// (shipper users) or by being that carrier (carrier users). Only the carriers table and subqueries
// appear in these conditions, so the framework can reuse them in UPDATE/DELETE.

/** The carrier `col` is linked to shipper `embarcadorUid`. */
export const vinculadoAoEmbarcador = (col: PgColumn | SQL, embarcadorUid: string): SQL =>
  sql`exists (select 1 from ${embarcadorTransportador} where ${embarcadorTransportador.transportadorUid} = ${col} and ${embarcadorTransportador.embarcadorUid} = ${embarcadorUid})`;

/** The carrier in `col` is visible to ctx. */
export function transportadorVisivel(ctx: RequestContext, col: PgColumn = transportadores.uid): SQL {
  if (ctx.tipoUsuario === TIPO_USUARIO.TRANSPORTADOR) return ctx.transportadorUid ? eq(col, ctx.transportadorUid) : sql`false`;
  return vinculadoAoEmbarcador(col, exigirEmbarcador(ctx));
}

export async function transportadorVisivelPorUid(db: DbOrTx, ctx: RequestContext, uid: string) {
  const rows = await db.select({ uid: transportadores.uid }).from(transportadores).where(and(eq(transportadores.uid, uid), transportadorVisivel(ctx))).limit(1);
  return rows.length > 0;
}

export async function transportadorPorCnpj(db: DbOrTx, cnpj: string) {
  const [row] = await db.select().from(transportadores).where(eq(transportadores.cnpj, cnpj)).limit(1);
  return row ?? null;
}

export async function estaVinculado(db: DbOrTx, transportadorUid: string, embarcadorUid: string) {
  const rows = await db
    .select({ uid: embarcadorTransportador.transportadorUid })
    .from(embarcadorTransportador)
    .where(and(eq(embarcadorTransportador.transportadorUid, transportadorUid), eq(embarcadorTransportador.embarcadorUid, embarcadorUid)))
    .limit(1);
  return rows.length > 0;
}

/** Ref: a carrier linked to the active shipper (tables, routes and deadlines point only to those). */
export const transportadorVinculado: Ref = {
  mensagem: 'Transportador não vinculado ao embarcador',
  existe: (tx, ctx, uid) => estaVinculado(tx, uid, exigirEmbarcador(ctx)),
};


export const LIMITE_SELECAO = 50;

/** Active carriers matching `where` and the optional text `q` (name, trade name or CNPJ digits). */
export async function listaSelecao(db: DbOrTx, where: SQL | undefined, q?: string) {
  const conds: (SQL | undefined)[] = [where, eq(transportadores.ativo, true)];
  const texto = q?.trim();
  if (texto) {
    const padrao = `%${escapeLike(texto)}%`;
    const digitos = somenteDigitos(texto);
    conds.push(
      or(
        sql`f_norm(${transportadores.nome}) like f_norm(${padrao})`,
        sql`f_norm(${transportadores.nomeFantasia}) like f_norm(${padrao})`,
        digitos.length >= 2 ? sql`${transportadores.cnpj} like ${`%${digitos}%`}` : undefined,
      ),
    );
  }
  return db
    .select({ uid: transportadores.uid, nome: transportadores.nome, cnpj: transportadores.cnpj })
    .from(transportadores)
    .where(and(...conds))
    .orderBy(asc(transportadores.nome), asc(transportadores.uid))
    .limit(LIMITE_SELECAO);
}
