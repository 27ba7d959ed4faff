import { defineModule } from '../../framework/modulo.ts';
import { faixasCepResource } from './resource.ts';

export default defineModule({
  nome: 'faixascep',
  resources: [faixasCepResource],
});
