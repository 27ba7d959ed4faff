import { atualizacao, envelope, listaDe, listQueryBase } from '@fretio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../framework/schemas.ts';
import { atualizacoes } from './service.ts';

// GET /api/v1/atualizacoes: the update history, newest first, for every signed-in user.
export default async function atualizacoesRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/v1/atualizacoes', {
    schema: {
      tags: ['Atualizações'],
      summary: 'Histórico de versões do produto (do CHANGELOG.md do repositório)',
      querystring: listQueryBase.loose(),
      response: { 200: envelope(listaDe(atualizacao)), ...errorResponses },
    },
  }, async (req) => {
    const todas = atualizacoes();
    const { pc, pps } = req.query;
    return { success: true, message: '', data: { data: todas.slice((pc - 1) * pps, pc * pps), totalRecords: todas.length } };
  });
}
