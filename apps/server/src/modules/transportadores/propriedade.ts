import { type SQL, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { TIPO_USUARIO, USUARIO_STATUS } from '@fretio/core';
import { transportadores } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';

// Who owns a carrier's shared record (its data, units, users, drivers, vehicles) — docs/DECISIONS.md,
// "Transportador compartilhado". The carrier owns it. While it has no active user of its own, the
// shipper that keeps it (transportadores.embarcador_gestor_uid: the one that registered it) maintains
// it for the carrier; every other linked shipper only reads it, without personal data.

export const MANTIDO_PELO_TRANSPORTADOR =
  'Este transportador é mantido pelo próprio transportador: só os usuários dele podem alterar o cadastro, as unidades, os usuários e a frota.';
export const MANTIDO_POR_OUTRO_EMBARCADOR =
  'Este transportador é mantido pelo embarcador que o cadastrou: só ele pode alterar o cadastro, as unidades, os usuários e a frota.';

/** A shipper's user (carrier users and system administrators are not). */
export const ehEmbarcador = (ctx: RequestContext) => ctx.tipoUsuario !== TIPO_USUARIO.TRANSPORTADOR && ctx.tipoUsuario !== TIPO_USUARIO.ADMIN;

/** SQL: carrier `col` has an active user of its own (then it maintains itself). */
export const temUsuarioProprioAtivo = (col: PgColumn | SQL | string): SQL =>
  sql`exists (select 1 from usuarios u_proprio where u_proprio.transportador_uid = ${col} and u_proprio.tipo_usuario = ${TIPO_USUARIO.TRANSPORTADOR} and u_proprio.status_usuario = ${USUARIO_STATUS.ATIVO})`;

/** SQL: shipper `embarcadorUid` maintains carrier `col` (keeps it and the carrier has no active user). */
export const mantidoPeloEmbarcador = (col: PgColumn | SQL | string, embarcadorUid: string | SQL): SQL =>
  sql`(exists (select 1 from transportadores t_gestor where t_gestor.uid = ${col} and t_gestor.embarcador_gestor_uid = ${embarcadorUid}) and not ${temUsuarioProprioAtivo(col)})`;

/**
 * SQL over rows of carrier `col`: may ctx read their personal data (CPF, CNH, logins)? The carrier's
 * users and the maintaining shipper may; `cadastradoPor` (when given) also lets the shipper that
 * registered the row read it. Undefined means "every row".
 */
export function dadosPessoaisVisiveis(ctx: RequestContext, col: PgColumn, cadastradoPor?: PgColumn): SQL | undefined {
  if (!ehEmbarcador(ctx)) return undefined;
  const emb = ctx.embarcadorUid ?? '00000000-0000-4000-8000-000000000000';
  const mantido = mantidoPeloEmbarcador(col, emb);
  return cadastradoPor ? sql`(${cadastradoPor} = ${emb} or ${mantido})` : mantido;
}

/** null when ctx may change carrier `transportadorUid`'s own records; otherwise the reason (pt-BR). */
export async function motivoParaNaoAlterar(db: DbOrTx, ctx: RequestContext, transportadorUid: string): Promise<string | null> {
  if (ctx.tipoUsuario === TIPO_USUARIO.ADMIN) return null;
  if (ctx.tipoUsuario === TIPO_USUARIO.TRANSPORTADOR) return ctx.transportadorUid === transportadorUid ? null : MANTIDO_PELO_TRANSPORTADOR;
  const [t] = await db
    .select({ gestor: transportadores.embarcadorGestorUid, proprio: sql<boolean>`${temUsuarioProprioAtivo(transportadores.uid)}` })
    .from(transportadores)
    .where(eq(transportadores.uid, transportadorUid))
    .limit(1);
  if (!t) return MANTIDO_PELO_TRANSPORTADOR;
  if (t.proprio) return MANTIDO_PELO_TRANSPORTADOR;
  return t.gestor && t.gestor === ctx.embarcadorUid ? null : MANTIDO_POR_OUTRO_EMBARCADOR;
}

export async function podeAlterarTransportador(db: DbOrTx, ctx: RequestContext, transportadorUid: string) {
  return (await motivoParaNaoAlterar(db, ctx, transportadorUid)) === null;
}

/** 403 with the reason unless ctx may change the carrier's own records (call after the 404 checks). */
export async function exigirPodeAlterarTransportador(db: DbOrTx, ctx: RequestContext, transportadorUid: string) {
  const motivo = await motivoParaNaoAlterar(db, ctx, transportadorUid);
  if (motivo) throw AppError.forbidden(motivo);
}

/**
 * SQL over carrier rows: may ctx change the carrier (`podeAlterarSql`)? Used by the carriers list, so the
 * web shows Visualizar instead of Editar where the answer would be 403. The caller's identity goes in as
 * parameters (the resource's `select` is a function of ctx).
 */
export const podeAlterarSql = (ctx: RequestContext): SQL<boolean> => {
  if (ctx.tipoUsuario === TIPO_USUARIO.ADMIN) return sql<boolean>`true`;
  if (ctx.tipoUsuario === TIPO_USUARIO.TRANSPORTADOR) return sql<boolean>`(${transportadores.uid} = ${ctx.transportadorUid ?? null}::uuid)`;
  return sql<boolean>`(${transportadores.embarcadorGestorUid} = ${ctx.embarcadorUid ?? null}::uuid and not ${temUsuarioProprioAtivo(transportadores.uid)})`;
};

/** SQL: may ctx read personal data of carrier `col`? */
const leDadosPessoais = (ctx: RequestContext, col: PgColumn): SQL => dadosPessoaisVisiveis(ctx, col) ?? sql`true`;

/**
 * A unit's documento as ctx may read it: a CNPJ is public; a CPF (an independent driver's unit) is masked
 * ***.456.789-** for shippers that do not maintain the carrier.
 */
export const documentoDaUnidade = (ctx: RequestContext, documento: PgColumn, transportadorCol: PgColumn) =>
  sql<string>`case when length(${documento}) = 11 and not ${leDadosPessoais(ctx, transportadorCol)}
    then '***.' || substr(${documento}, 4, 3) || '.' || substr(${documento}, 7, 3) || '-**' else ${documento} end`;

/** listWhere: filtering by documento reaches CPFs only where the caller may read them. */
export const filtroDeDocumentoPessoal = (q: Record<string, unknown>, ctx: RequestContext, documento: PgColumn, transportadorCol: PgColumn) => {
  const visivel = q.ftr_documento ? dadosPessoaisVisiveis(ctx, transportadorCol) : undefined;
  return visivel ? sql`(length(${documento}) <> 11 or ${visivel})` : undefined;
};
