import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cteDetalhe, reprocessarPesosCteInput, tarefaCriada } from '@fretio/core';
import { reler } from '../../framework/crud.ts';
import { ok, reply, uidParams } from '../../framework/schemas.ts';
import { criarTarefa } from '../../framework/tarefas/index.ts';
import { AppError } from '../../lib/errors.ts';
import { rotaDownloadXml, rotaImportacao } from '../nfes/rotas-fiscais.ts';
import { detalhesDoCte } from './repository.ts';
import { ctesResource } from './resource.ts';
import { reprocessarPesosCte } from './reprocessar-pesos.ts';
import { importarCte } from './tarefas.ts';

// CT-e routes beside the declared resource: the record with components, notes and complements; the
// import; the XML download; the re-reading of the stored XML for the weights (reprocessar-pesos.ts).
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
  app.withTypeProvider<ZodTypeProvider>().post('/api/v1/documentos/ctes/reprocessar-pesos', {
    config: { permission: ['ctes', 'alterar'] },
    schema: {
      tags, summary: 'Preenche peso cubado e peso base de cálculo dos CT-e importados antes de serem guardados (tarefa da fila)',
      description: 'Relê o XML guardado de cada CT-e do embarcador sem PESO CUBADO nem PESO BASE DE CALCULO (opcionalmente só os emitidos no período), ' +
        'grava os pesos do infQ (e corrige o peso da carga quando o leitor antigo tomava o cubado) e, com reauditar, refaz a auditoria dos que mudaram. ' +
        'CT-e recebidos só pelo CONEMB não têm XML: o CONEMB 3.0 não traz esses pesos. Responde com data.uid, a tarefa em fila-tarefas.',
      body: reprocessarPesosCteInput,
      response: ok(tarefaCriada),
    },
  }, async (req) => {
    if (!req.ctx) throw AppError.unauthenticated();
    const uid = await criarTarefa(app.db, req.ctx, reprocessarPesosCte, req.body);
    return { success: true as const, message: 'Reprocessamento dos pesos iniciado.', data: { uid } };
  });
  rotaImportacao(app, { documento: 'cte', recurso: 'ctes', tipo: importarCte, tags });
  rotaDownloadXml(app, { documento: 'cte', def: ctesResource, tags });
}
