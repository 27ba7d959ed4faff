import { defineModule } from '../../framework/modulo.ts';
import { papeisResource } from './resource.ts';
import papeisRoutes from './routes.ts';

export default defineModule({
  nome: 'papeis',
  resources: [papeisResource],
  routes: [papeisRoutes],
});
