import { defineModule } from '../../framework/modulo.ts';
import pedidosRoutes from './routes.ts';

export default defineModule({ nome: 'pedidos', routes: [pedidosRoutes] });
