import { defineModule } from '../../framework/modulo.ts';
import { trackingResource } from './resource.ts';
import trackingRoutes from './routes.ts';
import { recalcularPrazoEntrega } from './tarefa.ts';

export default defineModule({
  nome: 'tracking',
  resources: [trackingResource],
  routes: [trackingRoutes],
  tarefas: [recalcularPrazoEntrega],
});
