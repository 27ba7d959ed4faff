import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '@fretio/core';

// Liveness that means something: a real query on a real (small) table must return its row within
// TIMEOUT_MS. A poisoned embedded database returns no rows without an error, which `select 1` alone
// does not notice; an unreachable PostgreSQL hangs, which the timeout turns into 503.
const TIMEOUT_MS = 3_000;

async function consultarBanco(app: FastifyInstance) {
  if (app.database.envenenado) throw app.database.envenenado;
  let relogio: NodeJS.Timeout | undefined;
  const limite = new Promise<never>((_, reject) => {
    relogio = setTimeout(() => reject(new Error('tempo esgotado')), TIMEOUT_MS);
  });
  try {
    const r = (await Promise.race([app.db.execute(sql`select count(*)::int as n from modais`), limite])) as unknown as { rows: { n: unknown }[] };
    if (r.rows.length !== 1 || typeof r.rows[0].n !== 'number') throw new Error('resposta inválida do banco');
  } finally {
    clearTimeout(relogio);
  }
}

export default async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { public: true },
      schema: {
        tags: ['Serviço'],
        summary: 'Saúde do serviço e do banco de dados (503 quando o banco não responde corretamente)',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.string(), time: z.string() }),
          503: z.object({ status: z.literal('erro'), database: z.string(), time: z.string() }),
        },
      },
    },
    async (req, reply) => {
      const time = new Date().toISOString();
      try {
        await consultarBanco(app);
        return { status: 'ok' as const, database: app.database.kind, time };
      } catch (err) {
        req.log.error({ err }, 'health: banco de dados indisponível');
        return reply.status(503).send({ status: 'erro' as const, database: app.database.kind, time });
      }
    },
  );
}
