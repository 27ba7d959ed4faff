import { defineModule } from '../../framework/modulo.ts';
import mapasComponenteRoutes from './mapas-componente/routes.ts';
import { autonomosResource, transportadoresResource, unidadesDosTransportadoresResource } from './resource.ts';
import transportadoresRoutes from './routes.ts';
import { unidadesTransportadorResource } from './unidades/resource.ts';
import { usuariosTransportadorResource } from './usuarios/resource.ts';
import usuariosTransportadorRoutes from './usuarios/routes.ts';

export default defineModule({
  nome: 'transportadores',
  resources: [transportadoresResource, autonomosResource, unidadesDosTransportadoresResource, unidadesTransportadorResource, usuariosTransportadorResource],
  routes: [transportadoresRoutes, usuariosTransportadorRoutes, mapasComponenteRoutes],
});
