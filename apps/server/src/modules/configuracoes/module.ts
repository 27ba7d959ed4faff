import { defineModule } from '../../framework/modulo.ts';
import configuracoesRoutes from './routes.ts';

export default defineModule({
  nome: 'configuracoes',
  routes: [configuracoesRoutes],
});
