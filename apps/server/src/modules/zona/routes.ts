import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { setorZonaListaQuery, z, zonaOpcao } from '@fretio/core';
import { zonas } from '../../db/schema/index.ts';
import { registerResource } from '../../framework/register.ts';
import { ok, reply } from '../../framework/schemas.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { buscaCodigoNome } from '../setor/routes.ts';
import { zonasResource } from './resource.ts';

export default async function zonaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerResource(app, zonasResource);

  r.get(
    '/api/v1/zona/list',
    {
      config: { permission: ['zona', 'ler'] },
      schema: {
        tags: ['Zona'],
        summary: "Zonas ativas para seleção (label 'CODIGO - Nome')",
        querystring: setorZonaListaQuery.extend({
          uf: z.string().trim().toUpperCase().length(2, 'UF inválida').optional().describe('Só zonas desta UF (e as sem UF)'),
        }),
        response: ok(z.array(zonaOpcao)),
      },
    },
    async (req) => {
      const uf = req.query.uf;
      const rows = await app.db
        .select({ uid: zonas.uid, codigo: zonas.codigo, nome: zonas.nome, uf: zonas.uf })
        .from(zonas)
        .where(
          and(
            eq(zonas.embarcadorUid, exigirEmbarcador(req.contexto)),
            eq(zonas.ativo, true),
            buscaCodigoNome(zonas.codigo, zonas.nome, req.query.q),
            uf ? sql`(${zonas.uf} = ${uf} or ${zonas.uf} is null)` : undefined,
          ),
        )
        .orderBy(asc(zonas.nome), asc(zonas.uid))
        .limit(500);
      return reply.ok(rows.map((s) => ({ value: s.uid, label: `${s.codigo} - ${s.nome}`, codigo: s.codigo, nome: s.nome, uf: s.uf })));
    },
  );
}
