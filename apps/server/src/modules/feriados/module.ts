import { defineModule } from '../../framework/modulo.ts';
import feriadosRoutes from './routes.ts';

export default defineModule({
  nome: 'feriados',
  routes: [feriadosRoutes],
});
