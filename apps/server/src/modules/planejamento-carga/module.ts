import { defineModule } from '../../framework/modulo.ts';
import planejamentoRoutes from './routes.ts';

export default defineModule({ nome: 'planejamento-carga', routes: [planejamentoRoutes] });
