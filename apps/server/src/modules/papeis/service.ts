import { and, eq, ne, sql } from 'drizzle-orm';
import { MSG, TIPO_PAPEL } from '@fretio/core';
import { papeis, usuarioEmbarcador } from '../../db/schema/index.ts';
import type { Tx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';

// Role rules: nobody removes the shipper's last way to manage roles, and a role in use stays.
type Row = Record<string, unknown>;
export const ULTIMO_PAPEL_ADMIN =
  "Este é o último papel do embarcador que permite alterar papéis e permissões: mantenha 'Papéis e permissões' com 'Alterar' em outro papel antes de removê-lo daqui.";

/** A shipper-user role that lets its holders edit roles. */
export function administraPapeis(p: { tipo?: unknown; permissoes?: unknown }) {
  const acoes = (p.permissoes as Record<string, string[]> | undefined)?.papeis ?? [];
  return Number(p.tipo ?? TIPO_PAPEL.EMBARCADOR) === TIPO_PAPEL.EMBARCADOR && acoes.includes('alterar');
}

async function existeOutroPapelAdmin(tx: Tx, embarcadorUid: string, exceto: string) {
  const rows = await tx
    .select({ uid: papeis.uid })
    .from(papeis)
    .where(and(
      eq(papeis.embarcadorUid, embarcadorUid),
      ne(papeis.uid, exceto),
      eq(papeis.tipo, TIPO_PAPEL.EMBARCADOR),
      sql`${papeis.permissoes} @> '{"papeis":["alterar"]}'::jsonb`,
    ))
    .limit(1);
  return rows.length > 0;
}

/** Guards an update or delete of `existing` that would leave no role able to edit roles. */
async function protegerUltimoAdmin(tx: Tx, ctx: RequestContext, existing: Row, depois: Row | null) {
  if (!administraPapeis(existing)) return;
  if (depois && administraPapeis({ tipo: depois.tipo ?? existing.tipo, permissoes: depois.permissoes ?? existing.permissoes })) return;
  const embarcadorUid = String(existing.embarcadorUid ?? ctx.embarcadorUid);
  if (!(await existeOutroPapelAdmin(tx, embarcadorUid, String(existing.uid)))) {
    throw AppError.conflict(ULTIMO_PAPEL_ADMIN, [{ field: depois ? 'permissoes.papeis' : 'uid', message: ULTIMO_PAPEL_ADMIN }]);
  }
}

export async function validarPapel(tx: Tx, ctx: RequestContext, values: Row, existing: Row | null) {
  if (existing) await protegerUltimoAdmin(tx, ctx, existing, values);
}

export async function antesDeExcluirPapel(tx: Tx, ctx: RequestContext, existing: Row) {
  await protegerUltimoAdmin(tx, ctx, existing, null);
  const [emUso] = await tx.select({ uid: usuarioEmbarcador.uid }).from(usuarioEmbarcador).where(eq(usuarioEmbarcador.papelUid, String(existing.uid))).limit(1);
  if (emUso) throw AppError.conflict(MSG.registroEmUso);
}
