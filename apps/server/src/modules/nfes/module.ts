import { defineModule } from '../../framework/modulo.ts';
import { exportarNfes } from './exportar.ts';
import { nfesResource } from './resource.ts';
import nfesRoutes from './routes.ts';
import { importarNfe } from './tarefas.ts';

export default defineModule({ nome: 'nfes', resources: [nfesResource], routes: [nfesRoutes], tarefas: [importarNfe, exportarNfes] });
