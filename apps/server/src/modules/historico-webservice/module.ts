import { defineModule } from '../../framework/modulo.ts';
import { historicoWebserviceResource } from './resource.ts';

export default defineModule({ nome: 'historico-webservice', resources: [historicoWebserviceResource] });
