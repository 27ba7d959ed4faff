import { CalculatorOutlined } from '@ant-design/icons';
import { defineResource } from '../../resources/types.ts';
import { telaSobDemanda } from '../../resources/sobDemanda.tsx';

// Screens and dialogs of this module load on demand (resources/sobDemanda.tsx).
const CalculadoraPage = telaSobDemanda(() => import('./CalculadoraPage.tsx'), 'CalculadoraPage');

// The freight calculator: quotes a load in every active, valid table of the active shipper.
export const calculadora = defineResource({
  key: 'calculadora',
  path: '/calculadora',
  label: 'Calculadora de frete',
  singular: 'Cálculo',
  description: 'Cota uma carga em todas as tabelas ativas e vigentes, da mais barata para a mais cara.',
  group: 'Fretes',
  icon: <CalculatorOutlined />,
  recurso: 'calculadora',
  api: '/calculadora/calcular',
  defaultSort: { field: 'total', order: 'ASC' },
  columns: [],
  fields: [],
  page: CalculadoraPage,
});
