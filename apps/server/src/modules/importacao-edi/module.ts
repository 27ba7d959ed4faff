import { defineModule } from '../../framework/modulo.ts';
import { exportarNotfis, rotaExportarNotfis } from './exportar-notfis.ts';
import importacaoEdiRoutes from './routes.ts';
import { importarEdi } from './tarefa.ts';

export default defineModule({
  nome: 'importacao-edi',
  routes: [importacaoEdiRoutes, rotaExportarNotfis],
  tarefas: [importarEdi, exportarNotfis],
});
