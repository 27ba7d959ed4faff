import { and, eq, inArray, sql } from 'drizzle-orm';
import { solicitacoesFrete } from '../../db/schema/index.ts';
import { registrarAuditoria } from '../../framework/audit.ts';
import type { DbOrTx } from '../../framework/resource.ts';

/**
 * Another record moved the request it came from — a quotation made from it (Cotação), a shipment carrying it
 * (Em Andamento), its quotation rejected or cancelled (Com Pendência), its shipment concluded (Finalizada).
 * In the caller's transaction: only from the statuses `de` (row locked), with an audit row in the request's
 * timeline (who, status before/after, why, which record) like a change by hand. Answers whether it moved.
 */
export async function moverSolicitacao(
  tx: DbOrTx,
  ctx: { embarcadorUid: string | null; usuarioUid: string | null },
  uid: string | null | undefined,
  mudanca: { de: readonly number[]; para: number; justificativa?: string | null; origem: Record<string, string> },
) {
  if (!uid) return false;
  const [antes] = await tx
    .select({ status: solicitacoesFrete.status, embarcadorUid: solicitacoesFrete.embarcadorUid })
    .from(solicitacoesFrete)
    .where(and(eq(solicitacoesFrete.uid, uid), inArray(solicitacoesFrete.status, [...mudanca.de])))
    .for('update');
  if (!antes) return false;
  const justificativa = mudanca.justificativa === undefined ? {} : { justificativaStatus: mudanca.justificativa };
  await tx.update(solicitacoesFrete).set({ status: mudanca.para, ...justificativa, atualizadoEm: sql`now()` }).where(eq(solicitacoesFrete.uid, uid));
  await registrarAuditoria(tx, { embarcadorUid: antes.embarcadorUid, usuarioUid: ctx.usuarioUid }, 'solicitacoesfrete', uid, 'status', { status: antes.status }, {
    status: mudanca.para,
    ...(mudanca.justificativa ? { justificativa: mudanca.justificativa } : {}),
    ...mudanca.origem,
  });
  return true;
}
