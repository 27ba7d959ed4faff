import { defineModule } from '../../framework/modulo.ts';
import faixasCepRoutes from './routes.ts';

export default defineModule({
  nome: 'faixascep',
  routes: [faixasCepRoutes],
});
