import { defineModule } from '../../framework/modulo.ts';
import calculadoraRoutes from './routes.ts';

export default defineModule({
  nome: 'calculadora',
  routes: [calculadoraRoutes],
});
