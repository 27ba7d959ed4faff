import { defineModule } from '../../framework/modulo.ts';
import produtosRoutes from './routes.ts';

export default defineModule({
  nome: 'produtos',
  routes: [produtosRoutes],
});
