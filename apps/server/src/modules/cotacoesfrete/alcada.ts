import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { TIPO_USUARIO } from '@fretio/core';
import { papeis, usuarioEmbarcador } from '../../db/schema/index.ts';
import type { Tx } from '../../framework/resource.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';

/** The approval limit (alçada) of the user's role in the active shipper; null: no limit. */
export async function alcadaDoUsuario(tx: Tx, ctx: RequestContext): Promise<Decimal | null> {
  if (ctx.tipoUsuario === TIPO_USUARIO.ADMIN) return null;
  const [r] = await tx
    .select({ alcada: papeis.alcadaAprovacao })
    .from(usuarioEmbarcador)
    .innerJoin(papeis, eq(papeis.uid, usuarioEmbarcador.papelUid))
    .where(and(eq(usuarioEmbarcador.usuarioUid, ctx.usuarioUid), eq(usuarioEmbarcador.embarcadorUid, exigirEmbarcador(ctx))));
  return r?.alcada === null || r?.alcada === undefined ? null : new Decimal(r.alcada);
}
