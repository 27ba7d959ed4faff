import { defineModule } from '../../framework/modulo.ts';
import prazosEntregaRoutes from './routes.ts';

export default defineModule({
  nome: 'prazosentrega',
  routes: [prazosEntregaRoutes],
});
