import { getBanks } from '@brazilian-utils/brazilian-utils';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bancoItem, bancosQuery, configuracaoInput, configuracaoItem, issItem, issListQuery, tributoGeralInput, tributoGeralItem, tributoGeralPutQuery,
  tributoGeralQuery, z,
} from '@fretio/core';
import { listar } from '../../framework/crud.ts';
import { registerResource } from '../../framework/register.ts';
import { listQuerySchema, ok, okList, reply } from '../../framework/schemas.ts';
import { issPadraoResource, issResource, tributosResource } from './resource.ts';
import { obterConfiguracao, salvarConfiguracao, salvarTributoGeral, tributoGeralDoEmbarcador, tributoGeralPadrao } from './service.ts';

// configuracoes/*: the shipper's settings, banks, tax rules (resources) and ISS.
const tags = ['Configurações'];
const semAcento = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const BANCOS = getBanks()
  .map((b) => ({ code: b.code, ispb: b.ispb, name: b.name, value: b.code, label: `${b.code} - ${b.name}`, busca: semAcento(`${b.code} ${b.ispb} ${b.name}`) }))
  .sort((a, b) => a.code.localeCompare(b.code));

export default async function configuracoesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerResource(app, tributosResource);
  registerResource(app, issResource);

  r.get('/api/v1/configuracoes', {
    config: { permission: ['configuracoes', 'ler'] },
    schema: {
      tags,
      summary: 'Configurações do embarcador ativo (criadas com os valores padrão no primeiro acesso)',
      querystring: z.object({ src: z.string().optional() }),
      response: ok(configuracaoItem),
    },
  }, async (req) => reply.ok(await obterConfiguracao(app.db, req.contexto)));

  r.put('/api/v1/configuracoes', {
    config: { permission: ['configuracoes', 'alterar'] },
    schema: { tags, summary: 'Altera as configurações do embarcador ativo (só os campos enviados)', body: configuracaoInput, response: ok(configuracaoItem) },
  }, async (req) => reply.saved(await salvarConfiguracao(app.db, req.contexto, req.body)));

  r.get('/api/v1/configuracoes/banco/list', {
    schema: {
      tags,
      summary: 'Bancos (código COMPE, ISPB, nome) para seleção',
      description: 'Lista do Banco Central via brazilian-utils; q filtra por código, ISPB ou nome (sem acentos). Ordem: código.',
      querystring: bancosQuery,
      response: ok(z.array(bancoItem)),
    },
  }, async (req) => {
    const q = req.query.q ? semAcento(req.query.q) : '';
    return reply.ok(BANCOS.filter((b) => !q || b.busca.includes(q)).map(({ busca: _b, ...b }) => b));
  });

  r.get('/api/v1/configuracoes/tributo-geral', {
    config: { permission: ['tributos', 'ler'] },
    schema: {
      tags,
      summary: 'Tributação geral: default=true o padrão do sistema; default=false (padrão) a do embarcador ativo',
      description: 'icmsInterno traz a alíquota interna de cada UF em vigor hoje (regra INTERNO do embarcador ou a alíquota modal de 2025).',
      querystring: tributoGeralQuery,
      response: ok(tributoGeralItem),
    },
  }, async (req) => reply.ok(req.query.default === 'true' ? tributoGeralPadrao() : await tributoGeralDoEmbarcador(app.db, req.contexto)));

  r.put('/api/v1/configuracoes/tributo-geral', {
    config: { permission: ['tributos', 'alterar'] },
    schema: {
      tags,
      summary: 'Altera a tributação geral do embarcador ativo (default=false; só os campos enviados)',
      querystring: tributoGeralPutQuery,
      body: tributoGeralInput,
      response: ok(tributoGeralItem),
    },
  }, async (req) => reply.saved(await salvarTributoGeral(app.db, req.contexto, req.body)));

  r.get('/api/v1/configuracoes/iss', {
    config: { permission: ['tributos', 'ler'] },
    schema: {
      tags,
      summary: 'Alíquotas de ISS por município: default=true as padrão do sistema; default=false (padrão) as do embarcador',
      description: `Ordenável por: ${Object.keys(issResource.sortable).join(', ')}. Filtros: ftr_municipio (contém), ftr_uf, ftr_municipioIbge, ftr_ativo. Filtros ftr_ desconhecidos respondem 400.`,
      querystring: listQuerySchema(Object.keys(issResource.filters), [], issListQuery),
      response: okList(issItem),
    },
  }, async (req) => {
    const { default: padrao, ...query } = req.query as Record<string, unknown>;
    const def = padrao === 'true' ? issPadraoResource : issResource;
    return reply.ok((await listar(app.db, def, req.contexto, query)) as { data: z.infer<typeof issItem>[]; totalRecords: number });
  });
}
