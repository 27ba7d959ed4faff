import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { modalOpcao, z } from '@fretio/core';
import { modais } from '../../db/schema/index.ts';
import { registerResource } from '../../framework/register.ts';
import { ok, reply } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { modaisResource } from './resource.ts';

export default async function modaisRoutes(app: FastifyInstance) {
  registerResource(app, modaisResource);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/modais/lista',
    {
      config: { permission: ['modais', 'ler'] },
      schema: { tags: ['Modal'], summary: 'Modais ativos para seleção (do sistema e do embarcador)', response: ok(z.array(modalOpcao)) },
    },
    async (req) => {
      if (!req.ctx) throw AppError.unauthenticated();
      const rows = await app.db
        .select()
        .from(modais)
        .where(and(or(isNull(modais.embarcadorUid), eq(modais.embarcadorUid, exigirEmbarcador(req.ctx))), eq(modais.ativo, true)))
        .orderBy(asc(modais.nome));
      return reply.ok(
        rows.map((m) => ({ value: m.uid, label: m.nome, codigo: m.codigo, fatorCubagemPadrao: Number(m.fatorCubagemPadrao) })),
      );
    },
  );
}
