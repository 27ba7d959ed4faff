import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cteDetalhe } from '@fretio/core';
import { reler } from '../../framework/crud.ts';
import { ok, reply, uidParams } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { rotaDownloadXml, rotaImportacao } from '../nfes/rotas-fiscais.ts';
import { detalhesDoCte } from './repository.ts';
import { ctesResource } from './resource.ts';
import { importarCte } from './tarefas.ts';

// CT-e routes beside the declared resource: the record with components, notes and complements; the
// import; the XML download.
const tags = ['CT-e'];

export default async function ctesRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/v1/documentos/ctes/:uid', {
    config: { permission: ['ctes', 'ler'] },
    schema: { tags, summary: 'Consulta um CT-e (componentes, NF-e citadas, complementos)', params: uidParams, response: ok(cteDetalhe) },
  }, async (req) => {
    if (!req.ctx) throw AppError.unauthenticated();
    const cte = (await reler(app.db, ctesResource, req.ctx, req.params.uid)) as Record<string, unknown>;
    const detalhes = await detalhesDoCte(app.db, req.params.uid);
    return reply.ok({ ...cte, ...detalhes } as never);
  });
  rotaImportacao(app, { documento: 'cte', recurso: 'ctes', tipo: importarCte, tags });
  rotaDownloadXml(app, { documento: 'cte', def: ctesResource, tags });
}
