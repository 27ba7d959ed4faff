import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { componente, z } from '@fretio/core';
import type { Db } from '../../db/client.ts';
import { componentes } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { registerResource } from '../../framework/register.ts';
import { ok, reply } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { componentesResource } from './resource.ts';

/** Every component the shipper sees (system + own), active or not unless `soAtivos`. */
export async function catalogoComponentes(db: DbOrTx | Db, embarcadorUid: string, soAtivos = false) {
  const rows = await db
    .select()
    .from(componentes)
    .where(
      and(
        or(isNull(componentes.embarcadorUid), eq(componentes.embarcadorUid, embarcadorUid)),
        soAtivos ? eq(componentes.ativo, true) : undefined,
      ),
    )
    .orderBy(asc(componentes.codigo));
  return rows.map((r) => ({ ...r, sistema: r.embarcadorUid === null }));
}

export default async function componentesRoutes(app: FastifyInstance) {
  registerResource(app, componentesResource);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/componentes/ativos',
    {
      config: { permission: ['componentes', 'ler'] },
      schema: {
        tags: ['Componente de frete'],
        summary: 'Componentes ativos (padrão do sistema e do embarcador), por código',
        response: ok(z.array(componente)),
      },
    },
    async (req) => {
      if (!req.ctx) throw AppError.unauthenticated();
      return reply.ok(await catalogoComponentes(app.db, exigirEmbarcador(req.ctx), true));
    },
  );
}
