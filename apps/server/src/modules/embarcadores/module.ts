import { defineModule } from '../../framework/modulo.ts';
import embarcadoresRoutes from './routes.ts';

export default defineModule({
  nome: 'embarcadores',
  routes: [embarcadoresRoutes],
});
