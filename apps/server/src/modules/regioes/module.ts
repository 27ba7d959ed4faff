import { defineModule } from '../../framework/modulo.ts';
import regioesRoutes from './routes.ts';

export default defineModule({
  nome: 'regioes',
  routes: [regioesRoutes],
});
