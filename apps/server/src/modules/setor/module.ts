import { defineModule } from '../../framework/modulo.ts';
import { setoresResource } from './resource.ts';

export default defineModule({
  nome: 'setor',
  resources: [setoresResource],
});
