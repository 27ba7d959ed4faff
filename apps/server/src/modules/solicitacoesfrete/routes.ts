import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../framework/register.ts';
import { registerAnexos } from '../anexos/routes.ts';
import { cargaResources } from './carga.ts';
import { registerHistorico } from './historico.ts';
import { RECURSO_SOLICITACAO, criarSolicitacoesResource, solicitacaoParaAlterar, solicitacaoVisivel } from './resource.ts';

export default async function solicitacoesRoutes(app: FastifyInstance) {
  registerResource(app, criarSolicitacoesResource(app));
  const dono = {
    parentPath: '/solicitacoesfrete/:uid',
    recurso: RECURSO_SOLICITACAO,
    parentVisible: solicitacaoVisivel,
    podeAlterar: solicitacaoParaAlterar,
  };
  for (const d of cargaResources({ ...dono, chave: 'solicitacaoUid' })) registerResource(app, d);
  registerAnexos(app, { ...dono, entidade: RECURSO_SOLICITACAO, tag: 'Solicitação de frete' });
  registerHistorico(app, { ...dono, tag: 'Solicitação de frete' });
}
