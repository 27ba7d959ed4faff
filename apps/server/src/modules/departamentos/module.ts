import { defineModule } from '../../framework/modulo.ts';
import { departamentosResource } from './resource.ts';

export default defineModule({
  nome: 'departamentos',
  resources: [departamentosResource],
});
