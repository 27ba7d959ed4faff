import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { statusLabel } from '@fretio/core';
import { ordensColeta } from '../../db/schema/index.ts';
import type { DbOrTx, Scope, Tx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { ehTransportador, exigirUsuarioEmbarcador } from '../cotacoesfrete/acesso.ts';

// Who sees which pickup order. Shipper users: every order of the active shipper. Carrier users (the
// carrier portal): only the orders of the active shipper sent to their carrier — never a draft or one
// awaiting release; a cancelled one only when it had been sent to them.

export const RECURSO_ORDEM = 'ordenscoleta';
export const ORDEM = { RASCUNHO: 1, AGUARDANDO: 2, ENVIADA: 3, CONFIRMADA: 4, RECUSADA: 5, CANCELADA: 6 } as const;

export { ehTransportador, exigirUsuarioEmbarcador };

export function condicaoVisivel(ctx: RequestContext) {
  const embarcador = eq(ordensColeta.embarcadorUid, exigirEmbarcador(ctx));
  if (!ehTransportador(ctx)) return embarcador;
  if (!ctx.transportadorUid) return sql`false`;
  return and(
    embarcador,
    eq(ordensColeta.transportadorUid, ctx.transportadorUid),
    or(
      inArray(ordensColeta.status, [ORDEM.ENVIADA, ORDEM.CONFIRMADA, ORDEM.RECUSADA]),
      and(eq(ordensColeta.status, ORDEM.CANCELADA), isNotNull(ordensColeta.enviadoEm)),
    ),
  );
}

export const escopoOrdem: Scope = {
  where: (ctx) => condicaoVisivel(ctx),
  values: (ctx) => ({ embarcadorUid: exigirEmbarcador(ctx) }),
};

export async function ordemVisivel(db: DbOrTx, ctx: RequestContext, uid: string) {
  const r = await db.select({ uid: ordensColeta.uid }).from(ordensColeta).where(and(eq(ordensColeta.uid, uid), condicaoVisivel(ctx)));
  return r.length > 0;
}

/** Locks the order (as ctx sees it); 404 when not visible. */
export async function travarOrdem(tx: Tx, ctx: RequestContext, uid: string) {
  const [o] = await tx.select().from(ordensColeta).where(and(eq(ordensColeta.uid, uid), condicaoVisivel(ctx))).for('update');
  if (!o) throw AppError.notFound();
  return o;
}

/** Data, cargo and attachments change only while the order is a draft, and only by the shipper (403/409). */
export async function ordemParaAlterar(tx: Tx, ctx: RequestContext, uid: string) {
  exigirUsuarioEmbarcador(ctx);
  const o = await travarOrdem(tx, ctx, uid);
  if (o.status !== ORDEM.RASCUNHO) {
    throw AppError.conflict(`A ordem de coleta está '${statusLabel('ordemColeta', o.status)}' e não pode ser alterada.`);
  }
  return o;
}
