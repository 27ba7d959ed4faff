import { defineModule } from '../../framework/modulo.ts';
import { condicoesResource, condicoesRoutes } from './condicoes.ts';
import { preFaturasResource, preFaturasRoutes } from './pre-faturas.ts';

// Settlement of audited CT-es: payment conditions and pre-invoices (invoices and RPA: see their modules).
export default defineModule({
  nome: 'faturamento',
  resources: [condicoesResource, preFaturasResource],
  routes: [condicoesRoutes, preFaturasRoutes],
});
