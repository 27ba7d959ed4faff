import { defineModule } from '../../framework/modulo.ts';
import modaisRoutes from './routes.ts';

export default defineModule({
  nome: 'modais',
  routes: [modaisRoutes],
});
