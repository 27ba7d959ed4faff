import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listaDe, pedidoSimulacao } from '@fretio/core';
import { pedidos } from '../../db/schema/index.ts';
import { registerResource } from '../../framework/register.ts';
import type { ResourceDef } from '../../framework/resource.ts';
import { ok, reply, uidParams } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { criarCotacoesResource } from '../cotacoesfrete/resource.ts';
import { acoesPedido, simulacoesDo } from './acoes.ts';
import { RECURSO_PEDIDO, criarPedidosResource, pedidoVisivel } from './resource.ts';

export default async function pedidosRoutes(app: FastifyInstance) {
  let cot: ResourceDef | undefined;
  const defCotacao = () => {
    cot ??= criarCotacoesResource(app) as ResourceDef;
    return cot;
  };
  registerResource(app, criarPedidosResource(acoesPedido(defCotacao)));
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/documentos/pedidos/:uid/simulacoes',
    {
      config: { permission: [RECURSO_PEDIDO, 'ler'] },
      schema: {
        tags: ['Pedido'],
        summary: 'As simulações de frete do pedido (mais novas primeiro, cada uma do mais barato ao mais caro)',
        params: uidParams,
        response: ok(listaDe(pedidoSimulacao)),
      },
    },
    async (req) => {
      if (!(await pedidoVisivel(app.db, req.contexto, req.params.uid))) throw AppError.notFound();
      const [p] = await app.db.select({ s: pedidos.simulacaoFreteUid }).from(pedidos).where(eq(pedidos.uid, req.params.uid));
      const data = await simulacoesDo(app.db, req.params.uid, p?.s ?? null);
      return reply.ok({ data, totalRecords: data.length } as never);
    },
  );
}
