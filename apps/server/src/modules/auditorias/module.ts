import { defineModule } from '../../framework/modulo.ts';
import { auditoriasResource, taxasEspeciaisResource, toleranciasResource } from './resource.ts';
import auditoriasRoutes from './routes.ts';
import { reauditarPorPeriodo } from './tarefa.ts';

export default defineModule({
  nome: 'auditorias',
  resources: [auditoriasResource, taxasEspeciaisResource, toleranciasResource],
  routes: [auditoriasRoutes],
  tarefas: [reauditarPorPeriodo],
});
