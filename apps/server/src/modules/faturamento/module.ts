import { defineModule } from '../../framework/modulo.ts';
import { agendadorPreFaturas, gerarPreFaturas } from './agenda.ts';
import { condicoesResource, condicoesRoutes } from './condicoes.ts';
import { contaCorrenteRoutes } from './conta-corrente.ts';
import { faturasResource, faturasRoutes } from './faturas.ts';
import { preFaturasResource, preFaturasRoutes } from './pre-faturas.ts';
import { saldosRoutes } from './saldos.ts';

// Settlement of audited CT-es: payment conditions, pre-invoices, invoices and the carrier's running balance (RPA: see its module).
export default defineModule({
  nome: 'faturamento',
  resources: [condicoesResource, preFaturasResource, faturasResource],
  routes: [condicoesRoutes, preFaturasRoutes, faturasRoutes, contaCorrenteRoutes, saldosRoutes, agendadorPreFaturas],
  tarefas: [gerarPreFaturas],
});
