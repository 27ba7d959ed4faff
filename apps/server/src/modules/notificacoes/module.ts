import { defineModule } from '../../framework/modulo.ts';
import caixaRoutes from './caixa.ts';
import { gruposNotificacaoResource } from './grupos.ts';
import { parametrosNotificacaoResource } from './parametros.ts';
import notificacoesRoutes from './routes.ts';
import './tarefas.ts';

export default defineModule({
  nome: 'notificacoes',
  resources: [gruposNotificacaoResource, parametrosNotificacaoResource],
  routes: [notificacoesRoutes, caixaRoutes],
});
