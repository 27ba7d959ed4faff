import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiTokenCriado, apiTokenInput } from '@fretio/core';
import { created, okEmpty, reply, uidParams } from '../../framework/schemas.ts';
import { criarApiToken, revogarApiToken } from './service.ts';

// Create (the secret comes back in `token`, this once) and revoke.
const tags = ['Token de API'];

export default async function apiTokenRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/v1/api-token', {
    config: { permission: ['api-token', 'criar'] },
    schema: {
      tags,
      summary: 'Cria um token de API',
      description: 'O segredo (campo token, fretio_...) só é devolvido nesta resposta; guarde-o. Use-o como Authorization: Bearer <token>.',
      body: apiTokenInput,
      response: created(apiTokenCriado),
    },
  }, async (req, res) => res.status(201).send(reply.saved(await criarApiToken(app.db, req.contexto, req.body))));

  r.delete('/api/v1/api-token/:uid', {
    config: { permission: ['api-token', 'excluir'] },
    schema: { tags, summary: 'Revoga um token de API', params: uidParams, response: okEmpty },
  }, async (req) => {
    await revogarApiToken(app.db, req.contexto, req.params.uid);
    return reply.deleted();
  });
}
