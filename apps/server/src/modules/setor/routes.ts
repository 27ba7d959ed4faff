import { type SQL, and, asc, eq, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { setorOpcao, setorZonaListaQuery, z } from '@fretio/core';
import { setores } from '../../db/schema/index.ts';
import { registerResource } from '../../framework/register.ts';
import { ok, reply } from '../../framework/schemas.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { setoresResource } from './resource.ts';
import { escapeLike } from '../../framework/sql.ts';

/** Code or name containing the term, accent/case-insensitive (shared by /setor/list and /zona/list). */
export function buscaCodigoNome(codigo: PgColumn, nome: PgColumn, q?: string): SQL | undefined {
  const termo = q?.trim();
  if (!termo) return undefined;
  const padrao = `%${escapeLike(termo)}%`;
  return or(sql`f_norm(${codigo}) like f_norm(${padrao})`, sql`f_norm(${nome}) like f_norm(${padrao})`);
}

export default async function setorRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerResource(app, setoresResource);

  r.get(
    '/api/v1/setor/list',
    {
      config: { permission: ['setor', 'ler'] },
      schema: {
        tags: ['Setor'],
        summary: "Setores ativos para seleção (label 'CODIGO - Nome')",
        querystring: setorZonaListaQuery,
        response: ok(z.array(setorOpcao)),
      },
    },
    async (req) => {
      const rows = await app.db
        .select({ uid: setores.uid, codigo: setores.codigo, nome: setores.nome })
        .from(setores)
        .where(
          and(
            eq(setores.embarcadorUid, exigirEmbarcador(req.contexto)),
            eq(setores.ativo, true),
            buscaCodigoNome(setores.codigo, setores.nome, req.query.q),
          ),
        )
        .orderBy(asc(setores.nome), asc(setores.uid))
        .limit(500);
      return reply.ok(rows.map((s) => ({ value: s.uid, label: `${s.codigo} - ${s.nome}`, codigo: s.codigo, nome: s.nome })));
    },
  );
}
