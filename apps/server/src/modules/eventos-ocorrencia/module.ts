import { defineModule } from '../../framework/modulo.ts';
import { eventosOcorrenciaResource } from './resource.ts';
import eventosOcorrenciaRoutes from './routes.ts';

export default defineModule({
  nome: 'eventos-ocorrencia',
  resources: [eventosOcorrenciaResource],
  routes: [eventosOcorrenciaRoutes],
});
