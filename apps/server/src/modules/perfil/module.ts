import { defineModule } from '../../framework/modulo.ts';
import perfilRoutes from './routes.ts';

export default defineModule({
  nome: 'perfil',
  routes: [perfilRoutes],
});
