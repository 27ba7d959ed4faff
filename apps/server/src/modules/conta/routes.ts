import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { USUARIO_STATUS, senhaInput, z } from '@fretio/core';
import { usuarioEmbarcador, usuarios } from '../../db/schema/index.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { ok, okEmpty, reply, uidParams } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { enviarLinkConta, envioEmSegundoPlano, iniciarRedefinicao, usarToken, validarToken } from './service.ts';

// Account life cycle: forgotten password, activation and the administrator's re-sends.
const tokenParams = z.object({ token: z.string().min(20, 'Token inválido').max(200, 'Token inválido') });
const idParams = z.object({ id: z.string().trim().min(1, 'Parametros inválidos').max(150, 'Parametros inválidos') });
const tags = ['Conta'];
const publico = { public: true, rateLimit: { max: 10, timeWindow: '1 minute' } };

export default async function contaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const enviarDepois = envioEmSegundoPlano(app);

  // Always the same answer, whether the login exists or not: nobody learns who has an account.
  r.post('/api/v1/auth/startresetpassword/:id', { config: publico, schema: { tags, summary: 'Inicia a redefinição de senha (por login ou uid)', params: idParams, response: okEmpty } }, async (req) => {
    await iniciarRedefinicao(app, req.params.id.toLowerCase(), enviarDepois);
    return reply.ok(null, 'Se o login estiver cadastrado, enviaremos um e-mail com as instruções.');
  });

  r.post('/api/v1/auth/validatetoken/:token', { config: publico, schema: { tags, summary: 'Valida um token de redefinição ou ativação', params: tokenParams, response: ok(z.object({ valido: z.boolean(), tipo: z.string(), login: z.string(), nome: z.string() })) } }, async (req) =>
    reply.ok(await validarToken(app, req.params.token)),
  );

  r.post('/api/v1/auth/resetpassword/:token', { config: publico, schema: { tags, summary: 'Redefine a senha com o token recebido por e-mail', params: tokenParams, body: senhaInput, response: okEmpty } }, async (req) => {
    await usarToken(app, req.params.token, 'reset', req.body.senha);
    return reply.ok(null, 'Senha alterada com sucesso.');
  });

  r.post('/api/v1/auth/active/:token', { config: publico, schema: { tags, summary: 'Ativa a conta e define a senha', params: tokenParams, body: senhaInput, response: okEmpty } }, async (req) => {
    await usarToken(app, req.params.token, 'ativacao', req.body.senha);
    return reply.ok(null, 'Conta ativada com sucesso.');
  });

  /** A user of the active shipper, for the administrator's actions. */
  async function usuarioDoEmbarcador(ctx: Parameters<typeof exigirEmbarcador>[0], uid: string) {
    const embarcadorUid = exigirEmbarcador(ctx);
    const [u] = await app.db.select({ uid: usuarios.uid, login: usuarios.login, nome: usuarios.nome, status: usuarios.statusUsuario })
      .from(usuarios)
      .innerJoin(usuarioEmbarcador, and(eq(usuarioEmbarcador.usuarioUid, usuarios.uid), eq(usuarioEmbarcador.embarcadorUid, embarcadorUid)))
      .where(eq(usuarios.uid, uid));
    if (!u) throw AppError.notFound();
    return u;
  }
  const adminParams = z.object({ id: uidParams.shape.uid });

  r.post('/api/v1/usuarios/startresetpassword/:id', { config: { permission: ['usuarios', 'alterar'] }, schema: { tags, summary: 'Envia ao usuário o e-mail de redefinição de senha', params: adminParams, response: okEmpty } }, async (req) => {
    const u = await usuarioDoEmbarcador(req.ctx, req.params.id);
    if (u.status !== USUARIO_STATUS.ATIVO) throw AppError.conflict('Usuário não está ativo; reenvie o e-mail de ativação.');
    await enviarLinkConta(app, u, 'reset');
    return reply.ok(null, 'E-mail de redefinição de senha enviado.');
  });

  r.post('/api/v1/usuarios/startrevalidacao/:id', { config: { permission: ['usuarios', 'alterar'] }, schema: { tags, summary: 'Reenvia o e-mail de ativação de um usuário pendente', params: adminParams, response: okEmpty } }, async (req) => {
    const u = await usuarioDoEmbarcador(req.ctx, req.params.id);
    if (u.status !== USUARIO_STATUS.PENDENTE) throw AppError.conflict('Só usuários pendentes recebem o e-mail de ativação.');
    await enviarLinkConta(app, u, 'ativacao');
    return reply.ok(null, 'E-mail de ativação reenviado.');
  });
}
