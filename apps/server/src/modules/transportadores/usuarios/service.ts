import { type SQL, and, asc, eq, or, sql } from 'drizzle-orm';
import { TIPO_PAPEL, TIPO_USUARIO, USUARIO_STATUS, transicaoProibida } from '@fretio/core';
import type { Db } from '../../../db/client.ts';
import { papeis, unidadesTransportador, usuarioEmbarcador, usuarios } from '../../../db/schema/index.ts';
import { registrarAuditoria } from '../../../framework/audit.ts';
import type { DbOrTx, Tx } from '../../../framework/resource.ts';
import { AppError } from '../../../lib/errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../../plugins/auth/context.ts';
import { ehEmbarcador, exigirPodeAlterarTransportador, mantidoPeloEmbarcador, podeAlterarTransportador } from '../propriedade.ts';
import { transportadorVisivelPorUid } from '../repository.ts';

// Carrier users: unique login, home unit of the same carrier, status machine, membership in the
// active shipper with its carrier role, and removal as inactivation.
type Row = Record<string, unknown>;
export const LOGIN_EM_USO = 'Este login já está em uso.';

/**
 * Which of carrier `transportadorUid`'s users ctx sees: all, for the carrier's users and the shipper that
 * maintains it; otherwise only those serving the active shipper (membership), never the others' logins.
 */
export function usuariosVisiveis(ctx: RequestContext, transportadorUid: string): SQL | undefined {
  if (!ehEmbarcador(ctx)) return undefined;
  const embarcadorUid = ctx.embarcadorUid ?? '00000000-0000-4000-8000-000000000000';
  return or(
    sql`exists (select 1 from usuario_embarcador ue_vis where ue_vis.usuario_uid = ${usuarios.uid} and ue_vis.embarcador_uid = ${embarcadorUid})`,
    mantidoPeloEmbarcador(transportadorUid, embarcadorUid),
  );
}

export async function validarUsuarioTransportador(tx: Tx, ctx: RequestContext, values: Row, existing: Row | null) {
  // Users (and their global status) belong to the carrier: only its owner creates or changes them.
  await exigirPodeAlterarTransportador(tx, ctx, String(values.transportadorUid ?? existing?.transportadorUid));
  if (!existing) {
    const [dup] = await tx.select({ uid: usuarios.uid }).from(usuarios).where(eq(usuarios.login, String(values.login))).limit(1);
    if (dup) throw AppError.conflict(LOGIN_EM_USO, [{ field: 'login', message: LOGIN_EM_USO }]);
  }
  const unidade = values.unidadeTransportadorUid as string | null | undefined;
  if (unidade) {
    const transportadorUid = String(values.transportadorUid ?? existing?.transportadorUid);
    const [u] = await tx
      .select({ uid: unidadesTransportador.uid })
      .from(unidadesTransportador)
      .where(and(eq(unidadesTransportador.uid, unidade), eq(unidadesTransportador.transportadorUid, transportadorUid)))
      .limit(1);
    if (!u) throw AppError.field('unidadeTransportadorUid', 'Unidade do transportador não encontrada.');
  }
  if (existing && values.statusUsuario !== undefined) {
    const motivo = transicaoProibida('usuario', Number(existing.statusUsuario), Number(values.statusUsuario));
    if (motivo) throw AppError.conflict(motivo, [{ field: 'statusUsuario', message: motivo }]);
  }
}

/** The active shipper's role for carrier users: the first by name, created on first need. */
export async function papelTransportador(tx: DbOrTx, ctx: RequestContext, embarcadorUid: string) {
  const [p] = await tx
    .select({ uid: papeis.uid })
    .from(papeis)
    .where(and(eq(papeis.embarcadorUid, embarcadorUid), eq(papeis.tipo, TIPO_PAPEL.TRANSPORTADOR)))
    .orderBy(asc(papeis.nome))
    .limit(1);
  if (p) return p.uid;
  const [mesmoNome] = await tx.select({ uid: papeis.uid }).from(papeis).where(and(eq(papeis.embarcadorUid, embarcadorUid), eq(papeis.nome, 'Transportador')));
  const [novo] = await tx
    .insert(papeis)
    .values({
      embarcadorUid,
      nome: mesmoNome ? 'Transportador (usuários externos)' : 'Transportador',
      descricao: 'Usuários das transportadoras',
      tipo: TIPO_PAPEL.TRANSPORTADOR,
      permissoes: { transportadores: ['ler'], cotacoesfrete: ['ler'] },
    })
    .returning();
  await registrarAuditoria(tx, ctx, 'papeis', novo.uid, 'criar', null, novo);
  return novo.uid;
}

/** Membership of a new carrier user in the active shipper, with the carrier role. */
export async function vincularAoEmbarcadorAtivo(tx: Tx, ctx: RequestContext, usuarioUid: string) {
  const embarcadorUid = exigirEmbarcador(ctx);
  const papelUid = await papelTransportador(tx, ctx, embarcadorUid);
  const [m] = await tx.insert(usuarioEmbarcador).values({ usuarioUid, embarcadorUid, papelUid }).returning();
  await registrarAuditoria(tx, ctx, 'usuarios', m.uid, 'criar', null, m);
}

/**
 * DELETE: the user leaves the active shipper; other shippers keep their link. The carrier's owner also
 * makes it Inativo (a global status); any other shipper only removes its own link.
 */
export async function inativarUsuarioTransportador(db: Db, ctx: RequestContext, transportadorUid: string, usuarioUid: string) {
  const embarcadorUid = exigirEmbarcador(ctx);
  await db.transaction(async (tx) => {
    if (!(await transportadorVisivelPorUid(tx, ctx, transportadorUid))) throw AppError.notFound();
    const [antes] = await tx
      .select({ uid: usuarios.uid, login: usuarios.login, nome: usuarios.nome, statusUsuario: usuarios.statusUsuario })
      .from(usuarios)
      .where(
        and(
          eq(usuarios.uid, usuarioUid),
          eq(usuarios.transportadorUid, transportadorUid),
          eq(usuarios.tipoUsuario, TIPO_USUARIO.TRANSPORTADOR),
          usuariosVisiveis(ctx, transportadorUid),
        ),
      )
      .for('update');
    if (!antes) throw AppError.notFound();
    const dono = await podeAlterarTransportador(tx, ctx, transportadorUid);
    if (dono) {
      await tx.update(usuarios).set({ statusUsuario: USUARIO_STATUS.INATIVO, atualizadoEm: sql`now()` as unknown as string }).where(eq(usuarios.uid, usuarioUid));
    }
    const removidas = await tx
      .delete(usuarioEmbarcador)
      .where(and(eq(usuarioEmbarcador.usuarioUid, usuarioUid), eq(usuarioEmbarcador.embarcadorUid, embarcadorUid)))
      .returning({ uid: usuarioEmbarcador.uid });
    await registrarAuditoria(tx, ctx, 'transportadores', usuarioUid, 'excluir', antes, {
      ...antes,
      statusUsuario: dono ? USUARIO_STATUS.INATIVO : antes.statusUsuario,
      vinculoRemovido: removidas.map((r) => r.uid),
      embarcadorUid,
    });
  });
}
