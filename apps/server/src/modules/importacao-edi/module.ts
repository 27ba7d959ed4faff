import { defineModule } from '../../framework/modulo.ts';
import importacaoEdiRoutes from './routes.ts';
import { importarEdi } from './tarefa.ts';

export default defineModule({
  nome: 'importacao-edi',
  routes: [importacaoEdiRoutes],
  tarefas: [importarEdi],
});
