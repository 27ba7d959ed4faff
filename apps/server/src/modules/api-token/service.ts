import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ApiTokenCriado } from '@fretio/core';
import type { Db } from '../../db/client.ts';
import { apiTokens } from '../../db/schema/index.ts';
import { registrarAuditoria } from '../../framework/audit.ts';
import { obter } from '../../framework/crud.ts';
import { sha256, tokenAleatorio } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { API_TOKEN_PREFIX, type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { apiTokenResource } from './resource.ts';

// A token is `fretio_` + 32 random bytes in base64url (43 chars); only its SHA-256 is kept.
export const PREFIXO_VISIVEL = 12;

export const gerarSegredo = () => `${API_TOKEN_PREFIX}${tokenAleatorio(32)}`;

export async function criarApiToken(db: Db, ctx: RequestContext, input: { nome: string; expiraEm: string | null }): Promise<ApiTokenCriado> {
  const embarcadorUid = exigirEmbarcador(ctx);
  // A token cannot mint tokens: a leaked one must not be able to outlive its revocation.
  if (ctx.via === 'token') throw AppError.forbidden('Tokens de API só podem ser criados numa sessão de usuário.');
  const token = gerarSegredo();
  const uid = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiTokens)
      .values({ embarcadorUid, usuarioUid: ctx.usuarioUid, nome: input.nome, prefixo: token.slice(0, PREFIXO_VISIVEL), hash: sha256(token), expiraEm: input.expiraEm })
      .returning();
    await registrarAuditoria(tx, ctx, 'api-token', row.uid, 'criar', null, row);
    return row.uid;
  });
  const item = (await obter(db, apiTokenResource, ctx, uid)) as Omit<ApiTokenCriado, 'token'>;
  return { ...item, token };
}

/** Sets revogadoEm (once); 404 for a token of another shipper. */
export async function revogarApiToken(db: Db, ctx: RequestContext, uid: string) {
  const embarcadorUid = exigirEmbarcador(ctx);
  await db.transaction(async (tx) => {
    const [antes] = await tx
      .select({ uid: apiTokens.uid, nome: apiTokens.nome, prefixo: apiTokens.prefixo, revogadoEm: apiTokens.revogadoEm })
      .from(apiTokens)
      .where(and(eq(apiTokens.uid, uid), eq(apiTokens.embarcadorUid, embarcadorUid)))
      .for('update');
    if (!antes) throw AppError.notFound();
    if (antes.revogadoEm) return;
    const [depois] = await tx
      .update(apiTokens)
      .set({ revogadoEm: sql`now()` as unknown as string, atualizadoEm: sql`now()` as unknown as string })
      .where(and(eq(apiTokens.uid, uid), eq(apiTokens.embarcadorUid, embarcadorUid), isNull(apiTokens.revogadoEm)))
      .returning({ uid: apiTokens.uid, nome: apiTokens.nome, prefixo: apiTokens.prefixo, revogadoEm: apiTokens.revogadoEm });
    await registrarAuditoria(tx, ctx, 'api-token', uid, 'excluir', antes, depois);
  });
}
