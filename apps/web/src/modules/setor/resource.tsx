import { setorInput } from '@fretio/core';
import { ClusterOutlined } from '@ant-design/icons';
import type { Setor } from '@fretio/core';
import { defineResource } from '../../resources/types.ts';

// Sectors of the active shipper (API /api/v1/setor): groups of deliveries; /setor/list feeds selects.
export const setores = defineResource<Setor>({
  key: 'setor',
  path: '/setor',
  label: 'Setores',
  singular: 'Setor',
  description: 'Setores de entrega usados para agrupar pedidos e embarques.',
  group: 'Cadastros',
  icon: <ClusterOutlined />,
  recurso: 'setor',
  api: '/setor',
  defaultSort: { field: 'nome', order: 'ASC' },
  columns: [
    { field: 'codigo', title: 'Código', sortable: true, filter: 'text', width: 140 },
    { field: 'nome', title: 'Nome', sortable: true, filter: 'text' },
    { field: 'descricao', title: 'Descrição' },
    { field: 'ativo', title: 'Situação', kind: 'bool', boolLabels: ['Ativo', 'Inativo'], sortable: true, filter: 'bool', width: 120 },
    { field: 'criadoEm', title: 'Criado em', kind: 'date', sortable: true, width: 130 },
  ],
  schema: setorInput,
  fields: [
    { name: 'codigo', label: 'Código', span: 8 },
    { name: 'nome', label: 'Nome', span: 16 },
    { name: 'descricao', label: 'Descrição', kind: 'textarea' },
    { name: 'ativo', label: 'Ativo', kind: 'bool' },
  ],
  initialValues: { ativo: true },
  title: (r) => `${r.codigo} - ${r.nome}`,
});
