import { defineModule } from '../../framework/modulo.ts';
import frotaRoutes from './routes.ts';

export default defineModule({
  nome: 'frota',
  routes: [frotaRoutes],
});
