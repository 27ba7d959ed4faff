import { defineModule } from '../../framework/modulo.ts';
import { componentesResource } from './resource.ts';

export default defineModule({
  nome: 'componentes',
  resources: [componentesResource],
});
