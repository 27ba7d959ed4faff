import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { FUSO, TIPO_USUARIO } from '@fretio/core';
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

const DATA = /^\d{4}-\d{2}-\d{2}$/;

/** dataInicioFiltro / dataFimFiltro: calendar days in São Paulo over a timestamptz column. */
export function filtroPeriodo(col: PgColumn, query: Record<string, unknown>): SQL[] {
  const out: SQL[] = [];
  const ini = query.dataInicioFiltro;
  const fim = query.dataFimFiltro;
  for (const [nome, v] of [['dataInicioFiltro', ini], ['dataFimFiltro', fim]] as const) {
    if (v !== undefined && v !== '' && (typeof v !== 'string' || !DATA.test(v.slice(0, 10)) || Number.isNaN(Date.parse(v.slice(0, 10)))))
      throw AppError.field(nome, 'data inválida');
  }
  if (typeof ini === 'string' && ini) out.push(sql`${col} >= (${ini.slice(0, 10)}::date::timestamp at time zone ${FUSO})`);
  if (typeof fim === 'string' && fim) out.push(sql`${col} < ((${fim.slice(0, 10)}::date + 1)::timestamp at time zone ${FUSO})`);
  return out;
}

export const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
