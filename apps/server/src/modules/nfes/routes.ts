import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { nfeDetalhe } from '@fretio/core';
import { reler } from '../../framework/crud.ts';
import { ok, reply, uidParams } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { ehTransportador } from './escopo.ts';
import { ctesDaNfe, embarquesDaNfe, itensDaNfe } from './repository.ts';
import { nfesResource } from './resource.ts';
import { rotaDownloadXml, rotaImportacao } from './rotas-fiscais.ts';
import { importarNfe } from './tarefas.ts';
import { rotaExportacao } from './exportar.ts';

// NF-e routes beside the declared resource: the record with its items and CT-es, the import, the
// XML download and the export.
const tags = ['NF-e'];

export default async function nfesRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/v1/documentos/nfes/:uid', {
    config: { permission: ['nfes', 'ler'] },
    schema: { tags, summary: 'Consulta uma NF-e (com itens, CT-e que a citam e embarques que a levam)', params: uidParams, response: ok(nfeDetalhe) },
  }, async (req) => {
    if (!req.ctx) throw AppError.unauthenticated();
    const nfe = (await reler(app.db, nfesResource, req.ctx, req.params.uid)) as Record<string, unknown>;
    const ctx = req.ctx;
    const [itens, ctes, embarques] = await Promise.all([
      itensDaNfe(app.db, req.params.uid),
      ctesDaNfe(app.db, req.params.uid),
      ehTransportador(ctx) ? [] : embarquesDaNfe(app.db, req.params.uid),
    ]);
    return reply.ok({ ...nfe, itens, ctes, embarques } as never);
  });
  rotaImportacao(app, { documento: 'nfe', recurso: 'nfes', tipo: importarNfe, tags });
  rotaDownloadXml(app, { documento: 'nfe', def: nfesResource, tags });
  rotaExportacao(app, tags);
}
