import { defineModule } from '../../framework/modulo.ts';
import { apiTokenResource } from './resource.ts';
import apiTokenRoutes from './routes.ts';

export default defineModule({
  nome: 'api-token',
  resources: [apiTokenResource],
  routes: [apiTokenRoutes],
});
