import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { faixaCepOpcao, formatarCep, z, zUf } from '@fretio/core';
import { faixasCep } from '../../db/schema/index.ts';
import { registerResource } from '../../framework/register.ts';
import { ok, reply } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { faixasCepResource } from './resource.ts';

export default async function faixasCepRoutes(app: FastifyInstance) {
  registerResource(app, faixasCepResource);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/faixascep/lista',
    {
      config: { permission: ['faixascep', 'ler'] },
      schema: {
        tags: ['Faixa de CEP'],
        summary: 'Faixas de CEP ativas para seleção (até 1000)',
        querystring: z.object({ uf: zUf.optional().describe('Só as faixas desta UF'), src: z.string().optional() }),
        response: ok(z.array(faixaCepOpcao)),
      },
    },
    async (req) => {
      if (!req.ctx) throw AppError.unauthenticated();
      const rows = await app.db
        .select()
        .from(faixasCep)
        .where(
          and(
            eq(faixasCep.embarcadorUid, exigirEmbarcador(req.ctx)),
            eq(faixasCep.ativo, true),
            req.query.uf ? eq(faixasCep.uf, req.query.uf) : undefined,
          ),
        )
        .orderBy(asc(faixasCep.cepDe))
        .limit(1000);
      return reply.ok(
        rows.map((f) => ({
          value: f.uid,
          label: `${f.nome} (${formatarCep(f.cepDe)} a ${formatarCep(f.cepAte)})`,
          uf: f.uf,
          municipioIbge: f.municipioIbge,
          de: f.cepDe,
          ate: f.cepAte,
        })),
      );
    },
  );
}
