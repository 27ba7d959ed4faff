import { defineModule } from '../../framework/modulo.ts';
import { zonasResource } from './resource.ts';

export default defineModule({
  nome: 'zona',
  resources: [zonasResource],
});
