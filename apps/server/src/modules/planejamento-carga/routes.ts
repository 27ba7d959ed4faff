import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { documentoPlanejado, documentosFilterInput, listaDe } from '@fretio/core';
import { registerResource } from '../../framework/register.ts';
import type { ResourceDef } from '../../framework/resource.ts';
import { ok, reply } from '../../framework/schemas.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { criarEmbarqueResource } from '../embarque/resource.ts';
import { documentoItem, documentosLivres } from './documentos.ts';
import { RECURSO_PLANEJAMENTO, criarPlanejamentoResource } from './resource.ts';

export default async function planejamentoRoutes(app: FastifyInstance) {
  let emb: ResourceDef | undefined;
  const defEmbarque = () => {
    emb ??= criarEmbarqueResource() as ResourceDef;
    return emb;
  };
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Declared before the resource so '/documentos/filter' is not read as a record uid.
  r.post(
    '/api/v1/planejamento-carga/documentos/filter',
    {
      config: { permission: [RECURSO_PLANEJAMENTO, 'ler'] },
      schema: {
        tags: ['Planejamento de carga'],
        summary: 'NF-es e pedidos ainda não planejados nem embarcados (filtros: origem/destino, período, transportador, peso)',
        body: documentosFilterInput,
        response: ok(listaDe(documentoPlanejado)),
      },
    },
    async (req) => {
      const res = (await app.db.execute(documentosLivres(exigirEmbarcador(req.contexto), req.body))) as unknown as { rows: Record<string, unknown>[] };
      const data = res.rows.map(documentoItem);
      return reply.ok({ data, totalRecords: data.length });
    },
  );
  registerResource(app, criarPlanejamentoResource(defEmbarque));
}
