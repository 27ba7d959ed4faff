import { defineModule } from '../../framework/modulo.ts';
import pessoasRoutes from './routes.ts';

export default defineModule({
  nome: 'pessoas',
  routes: [pessoasRoutes],
});
