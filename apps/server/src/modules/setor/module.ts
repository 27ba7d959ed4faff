import { defineModule } from '../../framework/modulo.ts';
import setorRoutes from './routes.ts';

export default defineModule({
  nome: 'setor',
  routes: [setorRoutes],
});
