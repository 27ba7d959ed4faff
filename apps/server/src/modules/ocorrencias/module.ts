import { defineModule } from '../../framework/modulo.ts';
import { deparaResource, ocorrenciasResource, semDeparaResource } from './resource.ts';
import ocorrenciasRoutes from './routes.ts';

export default defineModule({
  nome: 'ocorrencias',
  resources: [ocorrenciasResource, deparaResource, semDeparaResource],
  routes: [ocorrenciasRoutes],
});
