import { RELATORIOS } from '@fretio/core';
import type { RouteFixture } from './fixtures.ts';

// Reports, BI and dashboard (modules/bi): valid filter bodies for the generic suites. None takes a uid in
// the path; the tenant is the session's active shipper.
const periodo = () => ({ dataInicio: '2025-01-01', dataFim: '2025-12-31' });

export const rotasBi: Record<string, RouteFixture> = {
  ...Object.fromEntries(Object.values(RELATORIOS).map((r) => [`POST /api/v1/${r.caminho}`, { body: () => ({ ...periodo(), pc: 1, pps: 10 }) }])),
  'POST /api/v1/relatorios/exportar': { body: () => ({ relatorio: 'auditoria', filtros: periodo() }) },
  'POST /api/v1/bi/frete': { body: periodo },
  'POST /api/v1/bi/cotacoes': { body: periodo },
  'POST /api/v1/bi/transportadora': { body: periodo },
  'POST /api/v1/bi/tracking': { body: periodo },
  'POST /api/v1/bi': { body: () => ({ filtros: periodo(), datasets: ['slatransportadoras'] }) },
};
