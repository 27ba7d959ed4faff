import { defineModule } from '../../framework/modulo.ts';
import locaisRoutes from './routes.ts';

export default defineModule({
  nome: 'locais',
  routes: [locaisRoutes],
});
