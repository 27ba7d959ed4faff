import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, consultaCnpjQuery, consultaCnpjResultado, unidadeTransportadorComNome, z } from '@fretio/core';
import { listar } from '../../framework/crud.ts';
import { listQuerySchema, ok, okList, reply } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { unidadesDosTransportadoresResource as unidadesDef } from './resource.ts';
import { type ConsultaCnpjProvider, consultaCnpjProviderDoAmbiente, consultarCnpj, exigirUsuarioEmbarcador } from './service.ts';

// Carrier routes beyond the framework's CRUD (selection lists: selecoes.ts): the units of the active shipper's
// carriers and the CNPJ lookup.
const tags = ['Transportador'];
const ler = { permission: ['transportadores', 'ler'] as ['transportadores', 'ler'] };
const unidadesEmbarcadorQuery = listQuerySchema(
  Object.keys(unidadesDef.filters),
  [],
  { ...unidadesDef.listQuery, ftr_embarcador: z.string().optional().describe('Embarcador: deve ser o embarcador ativo') },
);

export type TransportadoresRoutesOptions = { consultaCnpjProvider?: ConsultaCnpjProvider | null };

export default async function transportadoresRoutes(app: FastifyInstance, opts: TransportadoresRoutesOptions = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const provider = opts.consultaCnpjProvider !== undefined ? opts.consultaCnpjProvider : consultaCnpjProviderDoAmbiente();

  r.get('/api/v1/transportadores/transportadores-unidades-embarcador', {
    config: ler,
    schema: {
      tags,
      summary: 'Unidades dos transportadores do embarcador ativo',
      description: "ftr_embarcador diferente do embarcador ativo responde 404 'Embarcador não localizado'; indicaAutonomo=false|true filtra.",
      querystring: unidadesEmbarcadorQuery,
      response: okList(unidadeTransportadorComNome),
    },
  }, async (req) => {
    const ctx = req.contexto;
    const { ftr_embarcador, ...query } = req.query as Record<string, unknown>;
    if (ftr_embarcador !== undefined && ftr_embarcador !== '' && ftr_embarcador !== exigirEmbarcador(ctx)) {
      throw AppError.notFound(MSG.embarcadorNaoLocalizado);
    }
    const lista = await listar(app.db, unidadesDef, ctx, query);
    return reply.ok(lista as { data: z.infer<typeof unidadeTransportadorComNome>[]; totalRecords: number });
  });

  r.get('/api/v1/transportadores/consulta-cnpj/:documento', {
    config: ler,
    schema: {
      tags,
      summary: 'Consulta um CNPJ no cadastro (e, com e=1, no provedor externo)',
      description: 'O provedor externo é ativado pela variável CNPJ_PROVIDER_URL (GET {url}/{cnpj}); sem ela, e=1 só consulta o cadastro.',
      params: z.object({ documento: z.string().max(30, MSG.parametrosInvalidos) }),
      querystring: consultaCnpjQuery,
      response: ok(consultaCnpjResultado),
    },
  }, async (req) => {
    const ctx = req.contexto;
    exigirUsuarioEmbarcador(ctx);
    return reply.ok(await consultarCnpj(app.db, ctx, req.params.documento, req.query.e === '1', provider, req.log));
  });
}
