import { defineModule } from '../../framework/modulo.ts';
import { ctesResource } from './resource.ts';
import ctesRoutes from './routes.ts';
import { reprocessarPesosCte } from './reprocessar-pesos.ts';
import { importarCte } from './tarefas.ts';

export default defineModule({ nome: 'ctes', resources: [ctesResource], routes: [ctesRoutes], tarefas: [importarCte, reprocessarPesosCte] });
