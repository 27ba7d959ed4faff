import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { calculoInput, calculoResultado } from '@fretio/core';
import { ok, reply } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { calcular } from './service.ts';

export default async function calculadoraRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/calculadora/calcular',
    {
      config: { permission: ['calculadora', 'ler'] },
      schema: {
        tags: ['Calculadora de frete'],
        summary: 'Cota uma carga em todas as tabelas ativas e vigentes do embarcador',
        description:
          'origem/destino: {cep} ou {municipioIbge} (ou {uf}); o CEP vira UF (e município) pelas faixas de CEP do embarcador, senão pelas faixas dos Correios; ' +
          'as regiões são as do embarcador que contêm o local. Só tabelas com status 1 (Ativo) vigentes hoje (America/Sao_Paulo) ' +
          'de transportadores vinculados; transportadorUids restringe. ICMS pela regra do embarcador (configuracoes/tributos) ou a legal; ' +
          'prazo em dias úteis a partir de data (padrão hoje), sem sábados, domingos e feriados nacionais, da UF e do município de destino (pontos facultativos contam como dias úteis). ' +
          'cotacoes em ordem de total, depois prazo, depois prioridade (menor primeiro); naoCotadas trazem o motivo.',
        body: calculoInput,
        response: ok(calculoResultado),
      },
    },
    async (req) => {
      if (!req.ctx) throw AppError.unauthenticated();
      return reply.ok(await calcular(app.db, req.ctx, req.body));
    },
  );
}
