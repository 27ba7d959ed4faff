import type { RequestContext } from '../../plugins/auth/context.ts';
import { AppError } from '../../lib/errors.ts';

// Sub-collections of a shipper are reachable only through the active shipper (CONVENTIONS: tenancy).
export const embarcadorAtivoEh = async (_db: unknown, ctx: RequestContext, uid: string) =>
  !!ctx.embarcadorUid && uid === ctx.embarcadorUid;

export function exigirEmbarcadorAtivo(ctx: RequestContext | null, uid: string): RequestContext {
  if (!ctx) throw AppError.unauthenticated();
  if (!ctx.embarcadorUid || uid !== ctx.embarcadorUid) throw AppError.notFound();
  return ctx;
}
