import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, consultaCnpjAdmin, consultaEnums, parametroItem, parametrosInput, z } from '@fretio/core';
import { ok, reply } from '../../framework/schemas.ts';
import { type ConsultaCnpjProvider, consultaCnpjProviderDoAmbiente } from '../transportadores/service.ts';
import { LISTAS_ENUM, consultaEnums as montarEnums, consultarCnpjAdmin, listarParametros, salvarParametros } from './service.ts';

// administracao/*: enumerations, CNPJ lookup and the shipper's system parameters.
const tags = ['Administração'];

export type AdministracaoRoutesOptions = { consultaCnpjProvider?: ConsultaCnpjProvider | null };

export default async function administracaoRoutes(app: FastifyInstance, opts: AdministracaoRoutesOptions = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const provider = opts.consultaCnpjProvider !== undefined ? opts.consultaCnpjProvider : consultaCnpjProviderDoAmbiente();

  r.get('/api/v1/administracao/consulta-enums', {
    schema: {
      tags,
      summary: 'Todas as enumerações do sistema (as mesmas definições de packages/core)',
      description:
        'status: cada conjunto de status {nome, values: [{value, label, color, next}]}; tipoUsuario, statusUsuario; macrorregioes (com ufs); ufs; ' +
        `e as listas {value, label}: ${Object.keys(LISTAS_ENUM).sort().join(', ')}.`,
      querystring: z.object({ src: z.string().optional() }),
      response: ok(consultaEnums),
    },
  }, async () => reply.ok(await montarEnums(app.db)));

  r.get('/api/v1/administracao/consulta-cnpj/:cnpj', {
    schema: {
      tags,
      summary: 'O que nossos cadastros sabem de um CNPJ (e o provedor externo, se configurado)',
      description:
        'cadastros: pessoas e unidades do embarcador ativo, embarcadores do usuário, transportadores (o próprio, para usuário de transportadora) e suas unidades. ' +
        "dados: do cadastro mais completo; sem cadastro e com e=1 (padrão), do provedor CNPJ_PROVIDER_URL quando configurado. CNPJ inválido: 400 'CNPJ inválido'.",
      params: z.object({ cnpj: z.string().max(30, MSG.parametrosInvalidos) }),
      querystring: z.object({ e: z.enum(['0', '1']).default('1').describe('0: só nossos cadastros'), src: z.string().optional() }),
      response: ok(consultaCnpjAdmin),
    },
  }, async (req) => reply.ok(await consultarCnpjAdmin(app.db, req.contexto, req.params.cnpj, req.query.e === '1', provider, req.log)));

  r.get('/api/v1/administracao/parametros', {
    config: { permission: ['configuracoes', 'ler'] },
    schema: {
      tags,
      summary: 'Parâmetros do sistema do embarcador ativo (valor atual, padrão e limites de cada um)',
      querystring: z.object({ src: z.string().optional() }),
      response: ok(z.array(parametroItem)),
    },
  }, async (req) => reply.ok(await listarParametros(app.db, req.contexto)));

  r.put('/api/v1/administracao/parametros', {
    config: { permission: ['configuracoes', 'alterar'] },
    schema: {
      tags,
      summary: 'Altera parâmetros do sistema: corpo {chave: valor}; null volta ao padrão',
      description: 'Cada chave é validada pelo seu tipo e limites (400 com o erro no campo da chave); chave desconhecida: 400. Só as chaves enviadas mudam.',
      body: parametrosInput,
      response: ok(z.array(parametroItem)),
    },
  }, async (req) => reply.saved(await salvarParametros(app.db, req.contexto, req.body)));
}
