import { auditoriaSistema } from '../db/schema/index.ts';
import type { DbOrTx } from './resource.ts';

// One audit-trail row per write, in the same transaction as the write.
const SEGREDOS = new Set(['senhaHash', 'hash', 'certificadoSenhaCifrada']);
const limpar = (r: Record<string, unknown> | null | undefined) =>
  r ? Object.fromEntries(Object.entries(r).filter(([k]) => !SEGREDOS.has(k))) : null;

export async function registrarAuditoria(
  tx: DbOrTx,
  /** Who acted: a request's context, or a task's shipper and user. */
  ctx: { embarcadorUid: string | null; usuarioUid: string | null } | null,
  recurso: string,
  registroUid: string,
  acao: 'criar' | 'alterar' | 'excluir' | string,
  antes?: Record<string, unknown> | null,
  depois?: Record<string, unknown> | null,
) {
  await tx.insert(auditoriaSistema).values({
    embarcadorUid: ctx?.embarcadorUid ?? null,
    usuarioUid: ctx?.usuarioUid ?? null,
    recurso,
    registroUid,
    acao,
    antes: limpar(antes),
    depois: limpar(depois),
  });
}
