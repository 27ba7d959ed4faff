import { defineModule } from '../../framework/modulo.ts';
import atualizacoesRoutes from './routes.ts';

export default defineModule({ nome: 'atualizacoes', routes: [atualizacoesRoutes] });
