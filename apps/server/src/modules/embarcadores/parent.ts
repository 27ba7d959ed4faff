import { TIPO_USUARIO } from '@fretio/core';
import type { RequestContext } from '../../plugins/auth/context.ts';
import { AppError } from '../../lib/errors.ts';

// Sub-collections of a shipper are reachable only through the active shipper (CONVENTIONS: tenancy).
// Carrier users work inside the shippers they serve but never manage them (users, carriers, certificate).
export const embarcadorAtivoEh = async (_db: unknown, ctx: RequestContext, uid: string) =>
  !!ctx.embarcadorUid && uid === ctx.embarcadorUid && ctx.tipoUsuario !== TIPO_USUARIO.TRANSPORTADOR;

export const SO_O_EMBARCADOR = 'Usuários de transportadora não administram o embarcador (usuários, transportadores vinculados, certificado).';

export function exigirEmbarcadorAtivo(ctx: RequestContext | null, uid: string): RequestContext {
  if (!ctx) throw AppError.unauthenticated();
  if (!ctx.embarcadorUid || uid !== ctx.embarcadorUid) throw AppError.notFound();
  if (ctx.tipoUsuario === TIPO_USUARIO.TRANSPORTADOR) throw AppError.forbidden(SO_O_EMBARCADOR);
  return ctx;
}
