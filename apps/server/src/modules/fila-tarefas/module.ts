import { defineModule } from '../../framework/modulo.ts';
import { filaTarefasResource } from './resource.ts';
import filaTarefasRoutes from './routes.ts';

export default defineModule({
  nome: 'fila-tarefas',
  resources: [filaTarefasResource],
  routes: [filaTarefasRoutes],
});
