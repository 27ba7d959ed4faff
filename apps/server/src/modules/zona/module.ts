import { defineModule } from '../../framework/modulo.ts';
import zonaRoutes from './routes.ts';

export default defineModule({
  nome: 'zona',
  routes: [zonaRoutes],
});
