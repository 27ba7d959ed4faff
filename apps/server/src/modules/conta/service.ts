import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MSG, UID_REGEX, USUARIO_STATUS } from '@fretio/core';
import { tokensConta, usuarios } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { hashSenha, sha256, tokenAleatorio } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { registrarAuditoria } from '../../framework/audit.ts';

// Reset-password and activation tokens: random, single use, expiring, only their hash at rest.
export type TipoToken = 'reset' | 'ativacao';
const VALIDADE_HORAS: Record<TipoToken, number> = { reset: 2, ativacao: 72 };
const CAMINHO: Record<TipoToken, string> = { reset: 'redefinir-senha', ativacao: 'ativar' };

export async function criarToken(tx: DbOrTx, usuarioUid: string, tipo: TipoToken) {
  const token = tokenAleatorio();
  // A new token voids the previous unused ones of the same kind.
  await tx.update(tokensConta).set({ usadoEm: sql`now()` }).where(and(eq(tokensConta.usuarioUid, usuarioUid), eq(tokensConta.tipo, tipo), isNull(tokensConta.usadoEm)));
  await tx.insert(tokensConta).values({
    usuarioUid, tipo, hash: sha256(token), expiraEm: sql`now() + make_interval(hours => ${VALIDADE_HORAS[tipo]})` as unknown as string,
  });
  return token;
}

/** Creates the token and e-mails the link (outside any transaction: see enviarEmailConta). */
export async function enviarLinkConta(app: FastifyInstance, u: { uid: string; login: string; nome: string }, tipo: TipoToken) {
  const token = await criarToken(app.db, u.uid, tipo);
  await enviarEmailConta(app, u, tipo, token);
  return token;
}

/**
 * Forgotten password, started by anyone: the same work whether the login exists or not (a token is
 * made and hashed, and one statement voids the old tokens and writes the new one for whoever matches,
 * possibly nobody), and the e-mail leaves after the answer, so the answer's time says nothing.
 */
export async function iniciarRedefinicao(app: FastifyInstance, id: string, enviarDepois: (envio: Promise<unknown>) => void) {
  const token = tokenAleatorio();
  const porId = UID_REGEX.test(id) ? sql`(uid = ${id}::uuid or login = ${id})` : sql`login = ${id}`;
  const res = await app.db.execute(sql`
    with alvo as (select uid, login, nome from usuarios where ${porId} and status_usuario = ${USUARIO_STATUS.ATIVO} limit 1),
    anulados as (update tokens_conta set usado_em = now() where usuario_uid in (select uid from alvo) and tipo = 'reset' and usado_em is null),
    novo as (insert into tokens_conta (usuario_uid, tipo, hash, expira_em)
      select uid, 'reset', ${sha256(token)}, now() + make_interval(hours => ${VALIDADE_HORAS.reset}::int) from alvo)
    select login, nome from alvo`);
  const [u] = (res as unknown as { rows: { login: string; nome: string }[] }).rows;
  if (!u) return;
  enviarDepois(enviarEmailConta(app, u, 'reset', token));
}

/** For e-mails that must not delay the answer: call while registering routes (it adds the onClose
 * hook that waits for the ones still on their way). */
export function envioEmSegundoPlano(app: FastifyInstance) {
  const pendentes = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pendentes]);
  });
  return (envio: Promise<unknown>) => {
    const p: Promise<unknown> = envio.catch((err) => app.log.error({ err }, 'falha ao enviar e-mail de conta')).finally(() => pendentes.delete(p));
    pendentes.add(p);
  };
}

/** E-mails a token created earlier. Call it after the transaction commits: no mail for a rolled-back
 * account, and the mailer's own writes never wait on an open transaction. */
export async function enviarEmailConta(app: FastifyInstance, u: { login: string; nome: string }, tipo: TipoToken, token: string) {
  const link = `${app.config.publicUrl}/${CAMINHO[tipo]}/${token}`;
  const reset = tipo === 'reset';
  await app.mailer.enviar({
    para: u.login,
    assunto: reset ? 'Fretio: redefinição de senha' : 'Fretio: ative sua conta',
    texto:
      `Olá, ${u.nome}.\n\n` +
      (reset ? 'Recebemos um pedido para redefinir sua senha no Fretio.' : 'Sua conta no Fretio foi criada.') +
      `\nPara ${reset ? 'criar uma nova senha' : 'definir sua senha e ativar a conta'}, acesse:\n${link}\n\n` +
      `O link vale por ${VALIDADE_HORAS[tipo]} horas e só pode ser usado uma vez.` +
      (reset ? '\nSe você não fez este pedido, ignore este e-mail.' : ''),
  });
}

async function tokenValido(tx: DbOrTx, token: string, tipo?: TipoToken) {
  const [t] = await tx
    .select({ uid: tokensConta.uid, tipo: tokensConta.tipo, usuarioUid: tokensConta.usuarioUid, login: usuarios.login, nome: usuarios.nome })
    .from(tokensConta)
    .innerJoin(usuarios, eq(usuarios.uid, tokensConta.usuarioUid))
    .where(and(eq(tokensConta.hash, sha256(token)), isNull(tokensConta.usadoEm), gt(tokensConta.expiraEm, sql`now()`)))
    .limit(1);
  if (!t || (tipo && t.tipo !== tipo)) throw AppError.field('token', MSG.tokenInvalido);
  return t as typeof t & { tipo: TipoToken };
}

export async function validarToken(app: FastifyInstance, token: string) {
  const t = await tokenValido(app.db, token);
  return { valido: true, tipo: t.tipo, login: t.login, nome: t.nome };
}

/** Sets the password and spends the token; activation also makes the user active. */
export async function usarToken(app: FastifyInstance, token: string, tipo: TipoToken, senha: string) {
  const senhaHash = await hashSenha(senha);
  await app.db.transaction(async (tx) => {
    const t = await tokenValido(tx, token, tipo);
    const spent = await tx.update(tokensConta).set({ usadoEm: sql`now()` }).where(and(eq(tokensConta.uid, t.uid), isNull(tokensConta.usadoEm))).returning();
    if (!spent.length) throw AppError.field('token', MSG.tokenInvalido);
    const set: Partial<typeof usuarios.$inferInsert> = { senhaHash, atualizadoEm: sql`now()` as unknown as string };
    if (tipo === 'ativacao') set.statusUsuario = USUARIO_STATUS.ATIVO;
    await tx.update(usuarios).set(set).where(eq(usuarios.uid, t.usuarioUid));
    await registrarAuditoria(tx, null, 'usuarios', t.usuarioUid, tipo === 'reset' ? 'redefinir-senha' : 'ativar', null, null);
  });
}
