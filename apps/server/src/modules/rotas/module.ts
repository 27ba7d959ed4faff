import { defineModule } from '../../framework/modulo.ts';
import { rotasResource } from './resource.ts';

export default defineModule({
  nome: 'rotas',
  resources: [rotasResource],
});
