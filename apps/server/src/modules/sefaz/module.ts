import { defineModule } from '../../framework/modulo.ts';
import { capturarSefaz } from './captura.ts';
import { resumosSefazResource } from './resource.ts';
import sefazRoutes from './routes.ts';

export default defineModule({
  nome: 'sefaz',
  resources: [resumosSefazResource],
  routes: [sefazRoutes],
  tarefas: [capturarSefaz],
});
