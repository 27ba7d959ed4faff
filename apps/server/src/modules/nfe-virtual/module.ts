import { defineModule } from '../../framework/modulo.ts';
import { nfeVirtualResource } from './resource.ts';

export default defineModule({ nome: 'nfe-virtual', resources: [nfeVirtualResource] });
