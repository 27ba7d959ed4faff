import { defineModule } from '../../framework/modulo.ts';
import { exportarRelatorio } from './exportar.ts';
import biRoutes from './routes.ts';

export default defineModule({
  nome: 'bi',
  resources: [],
  routes: [biRoutes],
  tarefas: [exportarRelatorio],
});
