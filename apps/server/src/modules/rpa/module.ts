import { defineModule } from '../../framework/modulo.ts';
import { rpasResource, rpaTitulosResource } from './resource.ts';
import rpaRoutes from './routes.ts';

export default defineModule({ nome: 'rpa', resources: [rpaTitulosResource, rpasResource], routes: [rpaRoutes] });
