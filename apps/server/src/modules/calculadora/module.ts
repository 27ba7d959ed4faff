import { defineModule } from '../../framework/modulo.ts';
import { pisosAnttResource } from './pisos-antt.ts';
import calculadoraRoutes from './routes.ts';

export default defineModule({
  nome: 'calculadora',
  resources: [pisosAnttResource],
  routes: [calculadoraRoutes],
});
