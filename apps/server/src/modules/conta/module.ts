import { defineModule } from '../../framework/modulo.ts';
import outboxRoutes from './outbox.ts';
import contaRoutes from './routes.ts';

export default defineModule({
  nome: 'conta',
  routes: [contaRoutes, outboxRoutes],
});
