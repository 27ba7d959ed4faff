import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { comparacaoCarga, documentoPlanejado, documentosFilterInput, listaDe, type PlanejamentoCarga, propostaCargas, propostaCargasInput } from '@fretio/core';
import { reler } from '../../framework/crud.ts';
import { registerResource } from '../../framework/register.ts';
import type { ResourceDef } from '../../framework/resource.ts';
import { created, ok, reply, uidParams } from '../../framework/schemas.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { criarEmbarqueResource } from '../embarque/resource.ts';
import { documentoItem, documentosLivres, exigirRegiaoDoFiltro } from './documentos.ts';
import { RECURSO_PLANEJAMENTO, criarPlanejamentoResource } from './resource.ts';
import { compararCarga, proporCargasDoEmbarcador } from './service.ts';

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
        summary: 'NF-es e pedidos ainda não planejados nem embarcados (filtros: origem/destino, região de destino, remetente, período, transportador, peso)',
        body: documentosFilterInput,
        response: ok(listaDe(documentoPlanejado)),
      },
    },
    async (req) => {
      const embarcadorUid = exigirEmbarcador(req.contexto);
      await exigirRegiaoDoFiltro(app.db, embarcadorUid, req.body);
      const res = (await app.db.execute(documentosLivres(embarcadorUid, req.body))) as unknown as { rows: Record<string, unknown>[] };
      const data = res.rows.map(documentoItem);
      return reply.ok({ data, totalRecords: data.length });
    },
  );
  const def = criarPlanejamentoResource(defEmbarque);
  r.post(
    '/api/v1/planejamento-carga/propor',
    {
      config: { permission: [RECURSO_PLANEJAMENTO, 'criar'] },
      schema: {
        tags: ['Planejamento de carga'],
        summary: 'Propõe cargas: agrupa os documentos livres por destino e os distribui na capacidade do veículo (um planejamento Aberto por carga)',
        body: propostaCargasInput,
        response: created(propostaCargas),
      },
    },
    async (req, res) => {
      const data = await proporCargasDoEmbarcador(app.db, def as ResourceDef, req.contexto, req.body);
      return res.status(201).send(reply.ok(data, `${data.cargas.length} carga(s) proposta(s).`));
    },
  );
  r.get(
    '/api/v1/planejamento-carga/:uid/comparacao',
    {
      config: { permission: [RECURSO_PLANEJAMENTO, 'ler'] },
      schema: {
        tags: ['Planejamento de carga'],
        summary: 'Custo da carga consolidada (um veículo) contra os documentos enviados separados, pelas tabelas vigentes',
        params: uidParams,
        response: ok(comparacaoCarga),
      },
    },
    async (req) => {
      const p = (await reler(app.db, def as ResourceDef, req.contexto, req.params.uid)) as PlanejamentoCarga;
      return reply.ok(await compararCarga(app.db, req.contexto, p));
    },
  );
  registerResource(app, def);
}
