import { defineModule } from '../../framework/modulo.ts';
import rotasRoutes from './routes.ts';

export default defineModule({
  nome: 'rotas',
  routes: [rotasRoutes],
});
