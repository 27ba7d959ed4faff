import { defineModule } from '../../framework/modulo.ts';
import auditoriaSistemaRoutes from './routes.ts';

export default defineModule({
  nome: 'auditoria-sistema',
  routes: [auditoriaSistemaRoutes],
});
