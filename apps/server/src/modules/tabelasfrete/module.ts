import { defineModule } from '../../framework/modulo.ts';
import tabelasFreteRoutes from './routes.ts';

export default defineModule({
  nome: 'tabelasfrete',
  routes: [tabelasFreteRoutes],
});
