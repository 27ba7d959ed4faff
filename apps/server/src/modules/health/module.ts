import { defineModule } from '../../framework/modulo.ts';
import healthRoutes from './routes.ts';

export default defineModule({
  nome: 'health',
  routes: [healthRoutes],
});
