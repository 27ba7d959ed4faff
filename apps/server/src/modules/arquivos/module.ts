import { defineModule } from '../../framework/modulo.ts';
import arquivosRoutes from './routes.ts';

export default defineModule({
  nome: 'arquivos',
  routes: [arquivosRoutes],
});
