import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { TIPO_USUARIO, USUARIO_STATUS, type z, transicaoProibida, type usuarioEmbarcadorInput, type usuarioEmbarcadorUpdate } from '@fretio/core';
import { papeis, unidadesEmbarcador, usuarioEmbarcador, usuarios } from '../../db/schema/index.ts';
import { registrarAuditoria } from '../../framework/audit.ts';
import type { Tx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';
import { criarToken, enviarEmailConta } from '../conta/service.ts';
import { exigirPodeAlterarTransportador } from '../transportadores/propriedade.ts';

// Creating a user of a shipper: a new login gets an account in Pendente and an activation e-mail;
// an existing login (a user in several shippers) only gets the membership.
async function conferirPapelEUnidade(tx: Tx, embarcadorUid: string, papelUid: string, unidadeUid: string | null) {
  const [p] = await tx.select({ uid: papeis.uid }).from(papeis).where(and(eq(papeis.uid, papelUid), eq(papeis.embarcadorUid, embarcadorUid)));
  if (!p) throw AppError.field('papelUid', 'Papel não encontrado.');
  if (unidadeUid) {
    const [u] = await tx.select({ uid: unidadesEmbarcador.uid }).from(unidadesEmbarcador).where(and(eq(unidadesEmbarcador.uid, unidadeUid), eq(unidadesEmbarcador.embarcadorUid, embarcadorUid)));
    if (!u) throw AppError.field('unidadeUid', 'Unidade não encontrada.');
  }
}

export async function criarUsuarioEmbarcador(app: FastifyInstance, ctx: RequestContext, embarcadorUid: string, input: z.output<typeof usuarioEmbarcadorInput>) {
  const criado = await app.db.transaction(async (tx) => {
    let ativacao: string | null = null;
    await conferirPapelEUnidade(tx, embarcadorUid, input.papelUid, input.unidadeUid);
    let [u] = await tx.select().from(usuarios).where(eq(usuarios.login, input.login));
    if (u) {
      const [m] = await tx.select().from(usuarioEmbarcador).where(and(eq(usuarioEmbarcador.usuarioUid, u.uid), eq(usuarioEmbarcador.embarcadorUid, embarcadorUid)));
      if (m) throw AppError.conflict('Este login já é usuário deste embarcador.', [{ field: 'login', message: 'Login já cadastrado neste embarcador' }]);
    } else {
      [u] = await tx.insert(usuarios).values({ login: input.login, nome: input.nome, apelido: input.apelido, tipoUsuario: TIPO_USUARIO.EMBARCADOR, statusUsuario: USUARIO_STATUS.PENDENTE }).returning();
      ativacao = await criarToken(tx, u.uid, 'ativacao');
    }
    await tx.insert(usuarioEmbarcador).values({ usuarioUid: u.uid, embarcadorUid, papelUid: input.papelUid, unidadeUid: input.unidadeUid });
    await registrarAuditoria(tx, ctx, 'usuarios', u.uid, 'criar', null, { ...input, embarcadorUid });
    return { u, ativacao };
  });
  if (criado.ativacao) await enviarEmailConta(app, criado.u, 'ativacao', criado.ativacao);
  // The reply says which of the two happened: whoever added the user knows whether to expect an e-mail.
  const mensagem = criado.ativacao
    ? `Usuário incluído. O e-mail de ativação foi enviado para ${criado.u.login}.`
    : 'Usuário incluído. Este login já tinha conta no Fretio: passa a acessar este embarcador com a senha que já usa (nenhum e-mail enviado).';
  return { uid: criado.u.uid, mensagem };
}

export const USUARIO_DE_OUTROS_EMBARCADORES =
  'Este usuário também acessa outro embarcador: aqui só o vínculo (papel, unidade, ativo) pode mudar; o nome e a situação da conta são dele.';

async function acessaOutroEmbarcador(tx: Tx, usuarioUid: string, embarcadorUid: string): Promise<boolean> {
  const [outro] = await tx
    .select({ uid: usuarioEmbarcador.embarcadorUid })
    .from(usuarioEmbarcador)
    .where(and(eq(usuarioEmbarcador.usuarioUid, usuarioUid), ne(usuarioEmbarcador.embarcadorUid, embarcadorUid), eq(usuarioEmbarcador.ativo, true)))
    .limit(1);
  return !!outro;
}

export async function alterarUsuarioEmbarcador(app: FastifyInstance, ctx: RequestContext, embarcadorUid: string, usuarioUid: string, input: z.output<typeof usuarioEmbarcadorUpdate>) {
  await app.db.transaction(async (tx) => {
    const [atual] = await tx
      .select({
        status: usuarios.statusUsuario, nome: usuarios.nome, apelido: usuarios.apelido, papelUid: usuarioEmbarcador.papelUid, unidadeUid: usuarioEmbarcador.unidadeUid, ativo: usuarioEmbarcador.ativo,
        tipoUsuario: usuarios.tipoUsuario, transportadorUid: usuarios.transportadorUid,
      })
      .from(usuarioEmbarcador)
      .innerJoin(usuarios, eq(usuarios.uid, usuarioEmbarcador.usuarioUid))
      .where(and(eq(usuarioEmbarcador.usuarioUid, usuarioUid), eq(usuarioEmbarcador.embarcadorUid, embarcadorUid)))
      .for('update');
    if (!atual) throw AppError.notFound();
    await conferirPapelEUnidade(tx, embarcadorUid, input.papelUid, input.unidadeUid);
    // A carrier's user is the carrier's: here a shipper changes only its own link (role, unit, ativo);
    // name and global status only where it maintains the carrier (modules/transportadores/propriedade.ts).
    const global = (input.statusUsuario !== undefined && input.statusUsuario !== atual.status) || input.nome !== atual.nome || (input.apelido ?? null) !== (atual.apelido ?? null);
    if (atual.tipoUsuario === TIPO_USUARIO.TRANSPORTADOR && global && atual.transportadorUid) {
      await exigirPodeAlterarTransportador(tx, ctx, atual.transportadorUid);
    }
    // A shipper user who also works for another shipper owns the account: each shipper changes only its
    // own link (role, unit, ativo), never the name or the status every other shipper relies on.
    if (atual.tipoUsuario !== TIPO_USUARIO.TRANSPORTADOR && global && (await acessaOutroEmbarcador(tx, usuarioUid, embarcadorUid))) {
      throw AppError.forbidden(USUARIO_DE_OUTROS_EMBARCADORES);
    }
    if (input.statusUsuario !== undefined && input.statusUsuario !== atual.status) {
      const proibida = transicaoProibida('usuario', atual.status, input.statusUsuario);
      if (proibida) throw AppError.conflict(proibida);
    }
    if (usuarioUid === ctx.usuarioUid && (input.ativo === false || input.statusUsuario === USUARIO_STATUS.INATIVO)) {
      throw AppError.conflict('Você não pode desativar o seu próprio acesso.');
    }
    await tx.update(usuarios).set({ nome: input.nome, apelido: input.apelido, statusUsuario: input.statusUsuario ?? atual.status, atualizadoEm: sql`now()` as unknown as string }).where(eq(usuarios.uid, usuarioUid));
    await tx.update(usuarioEmbarcador)
      .set({ papelUid: input.papelUid, unidadeUid: input.unidadeUid, ativo: input.ativo ?? atual.ativo, atualizadoEm: sql`now()` as unknown as string })
      .where(and(eq(usuarioEmbarcador.usuarioUid, usuarioUid), eq(usuarioEmbarcador.embarcadorUid, embarcadorUid)));
    await registrarAuditoria(tx, ctx, 'usuarios', usuarioUid, 'alterar', atual, input);
  });
}
