import { TableOutlined } from '@ant-design/icons';
import { defineResource } from '../../resources/types.ts';
import { tabelasFrete } from './definicoes.tsx';
import { telaSobDemanda } from '../../resources/sobDemanda.tsx';

// Screens and dialogs of this module load on demand (resources/sobDemanda.tsx).
const TabelaEditorPage = telaSobDemanda(() => import('./TabelaEditorPage.tsx'), 'TabelaEditorPage');

// Freight tables: the list (declared in definicoes.tsx) and the editor page of one table.
export { tabelasFrete };

export const tabelaFreteEditor = defineResource({
  key: 'tabela-frete-editor',
  path: '/tabelasfrete/:uid',
  label: 'Tabela de frete',
  singular: 'Tabela de frete',
  group: 'Fretes',
  icon: <TableOutlined />,
  menu: false,
  recurso: 'tabelasfrete',
  api: '/tabelasfrete',
  defaultSort: { field: 'nome', order: 'ASC' },
  columns: [],
  fields: [],
  page: TabelaEditorPage,
});
