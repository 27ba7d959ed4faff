import { defineModule } from '../../framework/modulo.ts';
import { modaisResource } from './resource.ts';

export default defineModule({
  nome: 'modais',
  resources: [modaisResource],
});
