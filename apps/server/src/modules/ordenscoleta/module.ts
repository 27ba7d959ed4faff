import { defineModule } from '../../framework/modulo.ts';
import ordensColetaRoutes from './routes.ts';

export default defineModule({ nome: 'ordenscoleta', routes: [ordensColetaRoutes] });
