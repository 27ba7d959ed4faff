import { defineModule } from '../../framework/modulo.ts';
import { rpasResource, rpaTitulosResource } from './resource.ts';
import rpaRoutes from './routes.ts';
import { tabelasRpaResource } from './tabelas.ts';

export default defineModule({ nome: 'rpa', resources: [rpaTitulosResource, tabelasRpaResource, rpasResource], routes: [rpaRoutes] });
