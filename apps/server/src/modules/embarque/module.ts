import { defineModule } from '../../framework/modulo.ts';
import embarqueRoutes from './routes.ts';

export default defineModule({ nome: 'embarque', routes: [embarqueRoutes] });
