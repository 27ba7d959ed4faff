import { defineModule } from '../../framework/modulo.ts';
import { centrosCustoResource } from './resource.ts';

export default defineModule({
  nome: 'centros-custo',
  resources: [centrosCustoResource],
});
