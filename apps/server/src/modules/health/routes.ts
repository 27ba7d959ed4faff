import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '@fretio/core';

// Liveness and database reachability, no session.
export default async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/health', {
    config: { public: true },
    schema: {
      tags: ['Serviço'],
      summary: 'Saúde do serviço e do banco de dados',
      response: {
        200: z.object({ status: z.literal('ok'), database: z.string(), time: z.string() }),
        503: z.object({ status: z.literal('erro'), database: z.string(), time: z.string() }),
      },
    },
  }, async (_req, reply) => {
    const time = new Date().toISOString();
    try {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: app.database.kind, time };
    } catch {
      return reply.status(503).send({ status: 'erro' as const, database: app.database.kind, time });
    }
  });
}
