import { MSG, atualizacao, envelope, listaDe } from '@fretio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, listQuerySchema } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { atualizacoes } from './service.ts';

// GET /api/v1/atualizacoes: the update history, newest first, for every signed-in user.
export default async function atualizacoesRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/v1/atualizacoes', {
    schema: {
      tags: ['Atualizações'],
      summary: 'Histórico de versões do produto (do CHANGELOG.md do repositório)',
      querystring: listQuerySchema([], []),
      response: { 200: envelope(listaDe(atualizacao)), ...errorResponses },
    },
  }, async (req) => {
    const { pc, pps, ssf, ...resto } = req.query as { pc: number; pps: number; ssf?: string } & Record<string, unknown>;
    // Newest first is the only order; no filters (the same 400s as every list for anything else).
    if (ssf && ssf !== 'data') throw AppError.field('ssf', MSG.parametrosInvalidos);
    const filtro = Object.keys(resto).find((k) => k.startsWith('ftr_'));
    if (filtro) throw AppError.field(filtro, MSG.parametrosInvalidos);
    const todas = atualizacoes();
    return { success: true, message: '', data: { data: todas.slice((pc - 1) * pps, pc * pps), totalRecords: todas.length } };
  });
}
