import { defineModule } from '../../framework/modulo.ts';
import componentesRoutes from './routes.ts';

export default defineModule({
  nome: 'componentes',
  routes: [componentesRoutes],
});
