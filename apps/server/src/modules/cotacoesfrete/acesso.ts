import { and, eq, ne, sql } from 'drizzle-orm';
import { TIPO_USUARIO, statusLabel } from '@fretio/core';
import { cotacoesFrete } from '../../db/schema/index.ts';
import type { DbOrTx, Scope, Tx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';

// Who sees which quotation. Shipper users: every quotation of the active shipper. Carrier users (the
// carrier portal): only the quotations of the active shipper their carrier was invited to, never a
// draft — and, in the item, never the shipper's target price nor other carriers' answers.

export const RECURSO_COTACAO = 'cotacoesfrete';
export const COTACAO = { RASCUNHO: 1, ABERTA: 2, FECHADA: 3, FINALIZADA: 4, CANCELADA: 5 } as const;

export const ehTransportador = (ctx: RequestContext) => ctx.tipoUsuario === TIPO_USUARIO.TRANSPORTADOR;

export function condicaoVisivel(ctx: RequestContext) {
  const embarcador = eq(cotacoesFrete.embarcadorUid, exigirEmbarcador(ctx));
  if (!ehTransportador(ctx)) return embarcador;
  return and(
    embarcador,
    ne(cotacoesFrete.status, COTACAO.RASCUNHO),
    sql`exists (select 1 from cotacao_transportadores ct where ct.cotacao_uid = ${cotacoesFrete.uid} and ct.transportador_uid = ${ctx.transportadorUid ?? null})`,
  );
}

export const escopoCotacao: Scope = {
  where: (ctx) => condicaoVisivel(ctx),
  values: (ctx) => ({ embarcadorUid: exigirEmbarcador(ctx) }),
};

export async function cotacaoVisivel(db: DbOrTx, ctx: RequestContext, uid: string) {
  const r = await db.select({ uid: cotacoesFrete.uid }).from(cotacoesFrete).where(and(eq(cotacoesFrete.uid, uid), condicaoVisivel(ctx)));
  return r.length > 0;
}

/** Only the shipper's users run the quotation (403 for carrier users, whatever their role says). */
export function exigirUsuarioEmbarcador(ctx: RequestContext) {
  if (ehTransportador(ctx)) throw AppError.forbidden('Operação exclusiva do embarcador.');
}

/** Locks the quotation (as ctx sees it) and returns it; 404 when not visible. */
export async function travarCotacao(tx: Tx, ctx: RequestContext, uid: string) {
  const [c] = await tx.select().from(cotacoesFrete).where(and(eq(cotacoesFrete.uid, uid), condicaoVisivel(ctx))).for('update');
  if (!c) throw AppError.notFound();
  return c;
}

/** Cargo, places and invitations change only while the quotation is a draft or open (409). */
export async function cotacaoParaAlterar(tx: Tx, ctx: RequestContext, uid: string) {
  exigirUsuarioEmbarcador(ctx);
  const c = await travarCotacao(tx, ctx, uid);
  if (c.status !== COTACAO.RASCUNHO && c.status !== COTACAO.ABERTA) {
    throw AppError.conflict(`A cotação está '${statusLabel('cotacaoFrete', c.status)}' e não pode ser alterada.`);
  }
  return c;
}
