import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { USUARIO_STATUS, usuarioTransportador, usuarioTransportadorInput } from '@fretio/core';
import { criar } from '../../../framework/crud.ts';
import { childParams, created, okEmpty, reply, uidParams } from '../../../framework/schemas.ts';
import { enviarLinkConta } from '../../conta/service.ts';
import { usuariosTransportadorResource as def } from './resource.ts';
import { inativarUsuarioTransportador } from './service.ts';

// Carrier users: create (pending, activation e-mail) and delete (leave the active shipper; the carrier's
// owner also inactivates).
const tags = [def.nome];

export default async function usuariosTransportadorRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/v1/transportadores/:uid/usuarios', {
    config: { permission: ['transportadores', 'criar'] },
    schema: {
      tags,
      summary: `Inclui ${def.nome}`,
      description: 'O usuário nasce Pendente (1), vinculado ao embarcador ativo com o papel de transportador, e recebe o e-mail de ativação.',
      params: uidParams,
      body: usuarioTransportadorInput,
      response: created(usuarioTransportador),
    },
  }, async (req, res) => {
    const ctx = req.contexto;
    const values = { ...req.body, statusUsuario: USUARIO_STATUS.PENDENTE };
    const item = (await criar(app.db, def, ctx, values, req.params.uid)) as { uid: string; login: string; nome: string };
    // After the commit: the e-mail never announces a user that was rolled back.
    try {
      await enviarLinkConta(app, item, 'ativacao');
    } catch (err) {
      req.log.error({ err }, 'falha ao enviar o e-mail de ativação');
    }
    return res.status(201).send(reply.saved(item as never));
  });

  r.delete('/api/v1/transportadores/:uid/usuarios/:childUid', {
    config: { permission: ['transportadores', 'excluir'] },
    schema: {
      tags,
      summary: `Exclui ${def.nome}`,
      description:
        'Remove o vínculo do usuário com o embarcador ativo; quem mantém o transportador também o inativa (status 3). Outro embarcador nunca muda o status do usuário.',
      params: childParams,
      response: okEmpty,
    },
  }, async (req) => {
    await inativarUsuarioTransportador(app.db, req.contexto, req.params.uid, req.params.childUid);
    return reply.deleted();
  });
}
