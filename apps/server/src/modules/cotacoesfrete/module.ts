import { defineModule } from '../../framework/modulo.ts';
import cotacoesRoutes from './routes.ts';

export default defineModule({ nome: 'cotacoesfrete', routes: [cotacoesRoutes] });
