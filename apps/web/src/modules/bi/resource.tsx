import { BarChartOutlined, FileSearchOutlined, TrophyOutlined } from '@ant-design/icons';
import { RECURSO_TODOS, TIPO_USUARIO } from '@fretio/core';
import { defineResource } from '../../resources/types.ts';
import { telaSobDemanda } from '../../resources/sobDemanda.tsx';

// Screens and dialogs of this module load on demand (resources/sobDemanda.tsx).
const BiPage = telaSobDemanda(() => import('./BiPage.tsx'), 'BiPage');
const MeuDesempenhoPage = telaSobDemanda(() => import('./MeuDesempenhoPage.tsx'), 'MeuDesempenhoPage');
const RelatoriosPage = telaSobDemanda(() => import('./RelatoriosPage.tsx'), 'RelatoriosPage');

// Reports and BI screens (the dashboard itself is the start page: pages/InicioPage shows modules/bi/Painel).
export const relatorios = defineResource({
  key: 'relatorios',
  path: '/relatorios',
  label: 'Relatórios',
  singular: 'Relatório',
  description: 'Entregas, ocorrências, auditoria, CT-e sem NF-e e frete por NF-e, com exportação para XLSX, CSV e PDF.',
  group: 'Operação',
  icon: <FileSearchOutlined />,
  recurso: 'relatorios',
  api: '/relatorios/acompanhamento-entregas',
  defaultSort: { field: 'emissao', order: 'DESC' },
  columns: [],
  fields: [],
  page: RelatoriosPage,
});

export const bi = defineResource({
  key: 'bi',
  path: '/bi',
  label: 'Indicadores (BI)',
  singular: 'Indicador',
  description: 'Scorecard dos transportadores, gasto com frete, SLA e desempenho mensal.',
  group: 'Operação',
  icon: <BarChartOutlined />,
  recurso: 'bi',
  api: '/bi/transportadora',
  defaultSort: { field: 'transportador', order: 'ASC' },
  columns: [],
  fields: [],
  page: BiPage,
});

/** The carrier's own scorecard, in the carrier users' menu only (the server refuses anyone else). */
export const meuDesempenho = defineResource({
  key: 'meu-desempenho',
  path: '/meu-desempenho',
  label: 'Meu desempenho',
  singular: 'Desempenho',
  description: 'Os indicadores da sua transportadora em cada embarcador: no prazo, faturamento, cotações, ocorrências.',
  group: 'Operação',
  icon: <TrophyOutlined />,
  recurso: RECURSO_TODOS,
  tiposUsuario: [TIPO_USUARIO.TRANSPORTADOR],
  api: '/bi/transportadora/meu-desempenho',
  defaultSort: { field: 'embarcadorNome', order: 'ASC' },
  columns: [],
  fields: [],
  page: MeuDesempenhoPage,
});
