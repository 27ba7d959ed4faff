
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACOES_OCORRENCIA,
  MSG,
  UID_REGEX,
  acaoOcorrenciaOpcao,
  copiarDeparaQuery,
  copiarDeparaResposta,
  ocorrenciaDepara,
  z,
} from '@fretio/core';
import { listar } from '../../framework/crud.ts';
import { listQuerySchema, ok, okList, reply } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { transportadorVisivelPorUid } from '../transportadores/repository.ts';
import { deparaResource } from './resource.ts';
import { copiarDepara } from './service.ts';

const TAGS = ['Ocorrências'];
// The spec's message for a missing carrier, on every carrier-scoped read.
const transportadorUid = z.string({ error: MSG.transportadorNaoInformado }).regex(UID_REGEX, MSG.transportadorNaoInformado);
/** Checked before the schema so the reply's message is the spec's, not the generic 'Parametros inválidos'. */
const exigirTransportador = async (req: { query: unknown }) => {
  const v = (req.query as { transportadorUid?: unknown }).transportadorUid;
  if (typeof v !== 'string' || !UID_REGEX.test(v)) throw AppError.field('transportadorUid', MSG.transportadorNaoInformado);
};
/** The list form: without transportadorUid it lists every carrier's mapping; a malformed one is the spec's 400. */
const transportadorOpcional = async (req: { query: unknown }) => {
  if ((req.query as { transportadorUid?: unknown }).transportadorUid !== undefined) await exigirTransportador(req);
};

export default async function ocorrenciasRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/ocorrencias/acoes',
    {
      config: { permission: ['ocorrencias', 'ler'] },
      schema: { tags: TAGS, summary: 'O que cada tipo de ocorrência faz (ação)', response: ok(z.array(acaoOcorrenciaOpcao)) },
    },
    async () => reply.ok([...ACOES_OCORRENCIA]),
  );

  const comTransportador = async (req: { query: { transportadorUid: string }; contexto: never }) => {
    if (!(await transportadorVisivelPorUid(app.db, req.contexto, req.query.transportadorUid))) throw AppError.notFound();
  };

  r.get(
    '/api/v1/ocorrencias/transportador',
    {
      config: { permission: ['ocorrencias', 'ler'] },
      preValidation: transportadorOpcional,
      schema: {
        tags: TAGS,
        summary: 'De-para de um transportador (lista com a consulta de sempre; sem transportadorUid, o de todos)',
        querystring: listQuerySchema(Object.keys(deparaResource.filters), [], { transportadorUid: transportadorUid.optional() }),
        response: okList(ocorrenciaDepara),
      },
    },
    async (req) => {
      const uid = req.query.transportadorUid;
      if (uid) await comTransportador({ query: { transportadorUid: uid }, contexto: req.contexto } as never);
      const lista = await listar(app.db, deparaResource, req.contexto, uid ? { ...req.query, ftr_transportadorUid: uid } : req.query);
      return reply.ok(lista as { data: z.infer<typeof ocorrenciaDepara>[]; totalRecords: number });
    },
  );

  // The specification names a GET; our own screen uses the POST (a write should not ride on a GET a link can trigger).
  for (const method of ['GET', 'POST'] as const) {
    r.route({
      method,
      url: '/api/v1/ocorrencias/transportador/:transportadorUid/copiar',
      config: { permission: ['ocorrencias', 'criar'] },
      schema: {
        tags: TAGS,
        summary: 'Copia o de-para do transportador do caminho para outro (destinoUid)',
        params: z.object({ transportadorUid }),
        querystring: copiarDeparaQuery,
        response: ok(copiarDeparaResposta),
      },
      handler: async (req) => {
        const res = await copiarDepara(app.db, req.contexto, req.params.transportadorUid, req.query.destinoUid ?? null, req.query.substituir === 'true');
        return reply.ok(res, `De-para copiado: ${res.copiados} novo(s), ${res.atualizados} alterado(s), ${res.mantidos} mantido(s).`);
      },
    });
  }
}
