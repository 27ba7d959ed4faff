import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { usuarioEmbarcador, usuarioEmbarcadorInput, usuarioEmbarcadorUpdate } from '@fretio/core';
import { obter } from '../../framework/crud.ts';
import { childParams, created, ok, reply, uidParams } from '../../framework/schemas.ts';
import { exigirEmbarcadorAtivo } from './parent.ts';
import { usuariosEmbarcadorResource } from './usuarios.resource.ts';
import { alterarUsuarioEmbarcador, criarUsuarioEmbarcador } from './usuarios.service.ts';

export default async function usuariosEmbarcadorRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [usuariosEmbarcadorResource.nome];

  r.post('/api/v1/embarcadores/:uid/usuarios', {
    config: { permission: ['usuarios', 'criar'] },
    schema: { tags, summary: 'Inclui um usuário no embarcador (envia e-mail de ativação a um login novo)', params: uidParams, body: usuarioEmbarcadorInput, response: created(usuarioEmbarcador) },
  }, async (req, res) => {
    const ctx = exigirEmbarcadorAtivo(req.ctx, req.params.uid);
    const { uid, mensagem } = await criarUsuarioEmbarcador(app, ctx, req.params.uid, req.body);
    return res.status(201).send(reply.ok(await obter(app.db, usuariosEmbarcadorResource, ctx, uid, req.params.uid) as never, mensagem));
  });

  r.put('/api/v1/embarcadores/:uid/usuarios/:childUid', {
    config: { permission: ['usuarios', 'alterar'] },
    schema: { tags, summary: 'Altera um usuário do embarcador (papel, unidade, status)', params: childParams, body: usuarioEmbarcadorUpdate, response: ok(usuarioEmbarcador) },
  }, async (req) => {
    const ctx = exigirEmbarcadorAtivo(req.ctx, req.params.uid);
    await alterarUsuarioEmbarcador(app, ctx, req.params.uid, req.params.childUid, req.body);
    return reply.saved(await obter(app.db, usuariosEmbarcadorResource, ctx, req.params.childUid, req.params.uid) as never);
  });
}
