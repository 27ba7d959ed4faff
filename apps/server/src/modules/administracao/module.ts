import { defineModule } from '../../framework/modulo.ts';
import administracaoRoutes from './routes.ts';

export default defineModule({
  nome: 'administracao',
  routes: [administracaoRoutes],
});
