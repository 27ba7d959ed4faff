import { HistoryOutlined } from '@ant-design/icons';
import { RECURSO_TODOS } from '@fretio/core';
import { defineResource, type Registro } from '../../resources/types.ts';
import { telaSobDemanda } from '../../resources/sobDemanda.tsx';

// Screens and dialogs of this module load on demand (resources/sobDemanda.tsx).
const AtualizacoesPage = telaSobDemanda(() => import('./AtualizacoesPage.tsx'), 'AtualizacoesPage');

// What changed in each version of the product; every signed-in user may read it.
export const atualizacoes = defineResource<Registro>({
  key: 'atualizacoes',
  path: '/atualizacoes',
  label: 'Atualizações',
  singular: 'Atualização',
  group: 'Administração',
  icon: <HistoryOutlined />,
  recurso: RECURSO_TODOS,
  api: '/atualizacoes',
  operations: [],
  detail: false,
  defaultSort: { field: 'data', order: 'DESC' },
  columns: [],
  fields: [],
  page: AtualizacoesPage,
});
