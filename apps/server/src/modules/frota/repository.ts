import { type SQL, and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { motoristas, tiposVeiculo } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';

/** A driver's CNH is expired from the day after its validity, in São Paulo time. */
export const cnhVencidaSql = sql<boolean>`(${motoristas.cnhValidade} < (now() at time zone 'America/Sao_Paulo')::date)`;

// Fleet queries. Vehicle types: the global catalogue (embarcador_uid null) plus the caller's shipper's own.

/** Types visible to ctx: global ones and those of the active shipper. */
export function tipoVisivel(ctx: RequestContext, col: PgColumn = tiposVeiculo.embarcadorUid): SQL {
  return ctx.embarcadorUid ? (or(isNull(col), eq(col, ctx.embarcadorUid)) as SQL) : isNull(col);
}

export async function tipoVeiculoVisivel(db: DbOrTx, ctx: RequestContext, uid: string) {
  const [row] = await db
    .select({
      uid: tiposVeiculo.uid,
      nome: tiposVeiculo.nome,
      capacidadeKg: tiposVeiculo.capacidadeKg,
      capacidadeM3: tiposVeiculo.capacidadeM3,
      ativo: tiposVeiculo.ativo,
    })
    .from(tiposVeiculo)
    .where(and(eq(tiposVeiculo.uid, uid), tipoVisivel(ctx)))
    .limit(1);
  return row ?? null;
}

/** A visible type with the same name (accent/case-insensitive), other than `excetoUid`. */
export async function tipoMesmoNome(db: DbOrTx, ctx: RequestContext, nome: string, excetoUid?: string) {
  const [row] = await db
    .select({ uid: tiposVeiculo.uid, nome: tiposVeiculo.nome })
    .from(tiposVeiculo)
    .where(
      and(tipoVisivel(ctx), sql`f_norm(${tiposVeiculo.nome}) = f_norm(${nome})`, excetoUid ? ne(tiposVeiculo.uid, excetoUid) : undefined),
    )
    .limit(1);
  return row ?? null;
}
