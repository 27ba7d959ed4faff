import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cargaNfe, embarque, listaDe } from '@fretio/core';
import { embarques } from '../../db/schema/index.ts';
import { listar, obter } from '../../framework/crud.ts';
import { registerResource } from '../../framework/register.ts';
import { ok, reply, uidParams } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { cotacaoVisivel, exigirUsuarioEmbarcador } from '../cotacoesfrete/acesso.ts';
import { cargaResources } from '../solicitacoesfrete/carga.ts';
import { registerHistorico } from '../solicitacoesfrete/historico.ts';
import { RECURSO_EMBARQUE, criarEmbarqueResource, embarqueParaAlterar, embarqueVisivel } from './resource.ts';
import simulacoesRoutes, { simularFrete } from './simulacao.ts';
import { gerarCotacaoEmbarque } from './cotacao.ts';
import { criarCotacoesResource } from '../cotacoesfrete/resource.ts';

export default async function embarqueRoutes(app: FastifyInstance) {
  const def = criarEmbarqueResource();
  def.actions = [...(def.actions ?? []), simularFrete, gerarCotacaoEmbarque(() => criarCotacoesResource(app) as never)];
  registerResource(app, def);
  const dono = { parentPath: '/embarque/:uid', recurso: RECURSO_EMBARQUE, parentVisible: embarqueVisivel, podeAlterar: embarqueParaAlterar };
  const [produtos, nfes] = cargaResources({ ...dono, chave: 'embarqueUid' });
  registerResource(app, produtos);
  registerResource(app, nfes);
  registerHistorico(app, { ...dono, tag: 'Embarque' });
  await app.register(simulacoesRoutes);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/embarque/:uid/list',
    {
      config: { permission: [RECURSO_EMBARQUE, 'ler'] },
      schema: { tags: ['Embarque'], summary: 'Os documentos do embarque (NF-es)', params: uidParams, response: ok(listaDe(cargaNfe)) },
    },
    async (req) => reply.ok((await listar(app.db, nfes, req.contexto, { pps: 500 }, req.params.uid)) as { data: never[]; totalRecords: number }),
  );

  r.get(
    '/api/v1/cotacoesfrete/:uid/embarque',
    {
      config: { permission: ['cotacoesfrete', 'ler'] },
      schema: { tags: ['Cotação de frete'], summary: 'O embarque gerado pela cotação (404 se ainda não há)', params: uidParams, response: ok(embarque) },
    },
    async (req) => {
      const ctx = req.contexto;
      exigirUsuarioEmbarcador(ctx);
      if (!(await cotacaoVisivel(app.db, ctx, req.params.uid))) throw AppError.notFound();
      const [e] = await app.db.select({ uid: embarques.uid }).from(embarques).where(eq(embarques.cotacaoUid, req.params.uid)).limit(1);
      if (!e) throw AppError.notFound('A cotação ainda não gerou embarque.');
      return reply.ok((await obter(app.db, def, ctx, e.uid)) as never);
    },
  );
}
