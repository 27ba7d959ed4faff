import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cidadeIbgeItem, cidadesIbgeQuery, enderecoCep, estadoItem, localidadeItem, localidadesQuery, municipioItem, paisItem, paisesQuery, z,
} from '@fretio/core';
import { listar } from '../../framework/crud.ts';
import { listQuerySchema, ok, okList, reply } from '../../framework/schemas.ts';
import { buscarMunicipios, listarEstados, listarPaises, municipiosDef, rotuloMunicipio } from './repository.ts';
import {
  type EnderecoProvider, buscarEndereco, buscarLocalidades, cadastroEnderecoProvider, enderecoProviderDoAmbiente, faixaEnderecoProvider,
} from './service.ts';

// Reference lookups of places: any signed-in user may read them (no permission beyond a session).
const tags = ['Locais'];
const LIMITE = 50;

export type LocaisRoutesOptions = { enderecoProvider?: EnderecoProvider | null };

export default async function locaisRoutes(app: FastifyInstance, opts: LocaisRoutesOptions = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const externo = opts.enderecoProvider !== undefined ? opts.enderecoProvider : enderecoProviderDoAmbiente(app.db);

  r.get('/api/v1/locais/estados/lista', {
    schema: { tags, summary: 'As 27 UFs (sigla, nome, cod IBGE, macrorregião), por nome', querystring: z.object({ src: z.string().optional() }), response: ok(z.array(estadoItem)) },
  }, async () => {
    const rows = await listarEstados(app.db);
    return reply.ok(rows.map((e) => ({ sigla: e.sigla, nome: e.nome, cod: e.codigoIbge, regiao: e.regiao as 'N' })));
  });

  r.get('/api/v1/locais/municipios', {
    schema: {
      tags,
      summary: 'Municípios do IBGE (5.571), paginados',
      description: `Filtros: ftr_uf (exato), ftr_nome (contém, sem acentos/maiúsculas), ftr_ibge (exato). Ordenável por: ${Object.keys(municipiosDef.sortable).join(', ')}. Filtros ftr_ desconhecidos respondem 400.`,
      querystring: listQuerySchema(Object.keys(municipiosDef.filters), []),
      response: okList(municipioItem),
    },
  }, async (req) => {
    const query = { ...(req.query as Record<string, unknown>) };
    if (typeof query.ftr_uf === 'string') query.ftr_uf = query.ftr_uf.trim().toUpperCase();
    const lista = await listar(app.db, municipiosDef, req.contexto, query);
    return reply.ok(lista as { data: z.infer<typeof municipioItem>[]; totalRecords: number });
  });

  r.get('/api/v1/locais/ibge/lista', {
    schema: {
      tags,
      summary: 'Cidades do IBGE para busca enquanto digita (até 50)',
      description: "Itens {value: código IBGE, cidade, uf, label: 'Cidade, UF - código'}; nomes que começam com q vêm primeiro.",
      querystring: cidadesIbgeQuery,
      response: ok(z.array(cidadeIbgeItem)),
    },
  }, async (req) => {
    const rows = await buscarMunicipios(app.db, { q: req.query.q, uf: req.query.uf, limite: LIMITE });
    return reply.ok(rows.map((m) => ({ value: m.ibge, cidade: m.nome, uf: m.uf, label: rotuloMunicipio(m) })));
  });

  r.get('/api/v1/locais/paises/lista', {
    schema: { tags, summary: 'Países com o código BACEN (Brasil = 1058 primeiro)', querystring: paisesQuery, response: ok(z.array(paisItem)) },
  }, async (req) => {
    const rows = await listarPaises(app.db, req.query.q);
    return reply.ok(rows.map((p) => ({ ...p, value: p.codigo, label: `${p.nome} (${p.sigla})` })));
  });

  r.get('/api/v1/locais/localidades', {
    schema: {
      tags,
      summary: 'Macrorregiões, UFs e municípios que casam com q (até 50), para seletores de local',
      description: 'Ordem: macrorregiões (N, NE, CO, SE, S), UFs, municípios. Municípios só aparecem com q de 2+ letras, um código IBGE ou uf.',
      querystring: localidadesQuery,
      response: ok(z.array(localidadeItem)),
    },
  }, async (req) => reply.ok(await buscarLocalidades(app.db, { ...req.query, limite: LIMITE })));

  r.get('/api/v1/locais/endereco/:cep', {
    schema: {
      tags,
      summary: 'Endereço pelo CEP',
      description:
        "Consulta nossos cadastros visíveis ao usuário (pessoas, unidades, embarcador, transportadores), depois o provedor externo " +
        "(CEP_PROVIDER_URL, no formato ViaCEP; desligado por padrão) e, por fim, a faixa de CEP dos Correios (só a UF: completo=false). " +
        "CEP inválido: 400 'CEP inválido'; CEP que ninguém conhece: 404.",
      params: z.object({ cep: z.string().max(20, 'CEP inválido') }),
      querystring: z.object({ src: z.string().optional() }),
      response: ok(enderecoCep),
    },
  }, async (req) => {
    const providers = [cadastroEnderecoProvider(app.db, req.contexto), ...(externo ? [externo] : []), faixaEnderecoProvider(app.db)];
    return reply.ok(await buscarEndereco(req.params.cep, providers, req.log));
  });
}
