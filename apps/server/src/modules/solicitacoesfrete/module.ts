import { defineModule } from '../../framework/modulo.ts';
import solicitacoesRoutes from './routes.ts';

export default defineModule({ nome: 'solicitacoesfrete', routes: [solicitacoesRoutes] });
