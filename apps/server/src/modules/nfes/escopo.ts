import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { TIPO_USUARIO } from '@fretio/core';
import { embarcadorTransportador } from '../../db/schema/index.ts';
import type { Scope } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';

// Who sees which fiscal document. A shipper's user: the active shipper's documents. A carrier's user
// (carrier mode, `par=transportador`): the documents whose carrier is its own, from every shipper that
// links that carrier (CONVENTIONS "Tenancy"); never another carrier's.

export const ehTransportador = (ctx: RequestContext) => ctx.tipoUsuario === TIPO_USUARIO.TRANSPORTADOR && !!ctx.transportadorUid;

export function escopoDocumento(embarcador: PgColumn, transportador: PgColumn): Scope {
  return {
    where: (ctx) => {
      if (ehTransportador(ctx)) {
        const t = ctx.transportadorUid as string;
        return and(
          eq(transportador, t),
          sql`${embarcador} in (select ${embarcadorTransportador.embarcadorUid} from ${embarcadorTransportador} where ${embarcadorTransportador.transportadorUid} = ${t})`,
        );
      }
      return eq(embarcador, exigirEmbarcador(ctx));
    },
    values: (ctx) => ({ embarcadorUid: exigirEmbarcador(ctx) }),
  };
}

/** `par=transportador` asked by someone who is not a carrier's user. */
export function conferirModoTransportador(query: Record<string, unknown>, ctx: RequestContext) {
  if (query.par === 'transportador' && !ehTransportador(ctx)) throw AppError.field('par', 'Transportador não informado.');
}

export const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
