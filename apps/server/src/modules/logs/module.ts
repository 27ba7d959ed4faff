import { defineModule } from '../../framework/modulo.ts';
import { logsResource } from './resource.ts';

export default defineModule({ nome: 'logs', resources: [logsResource] });
