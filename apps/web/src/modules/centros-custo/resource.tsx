import { centroCustoInput } from '@fretio/core';
import { BankOutlined } from '@ant-design/icons';
import type { CentroCusto } from '@fretio/core';
import { defineResource } from '../../resources/types.ts';

// Cost centres of the active shipper (API /api/v1/centros-custo; sortable codigo, nome, ativo, criadoEm).
export const centrosCusto = defineResource<CentroCusto>({
  key: 'centros-custo',
  path: '/centros-custo',
  label: 'Centros de custo',
  singular: 'Centro de custo',
  description: 'Centros de custo usados para ratear as despesas de frete.',
  group: 'Cadastros',
  icon: <BankOutlined />,
  recurso: 'centros-custo',
  api: '/centros-custo',
  // Department lists show the cost centre's name.
  invalidates: ['departamentos'],
  defaultSort: { field: 'codigo', order: 'ASC' },
  columns: [
    { field: 'codigo', title: 'Código', sortable: true, filter: 'text', width: 140 },
    { field: 'nome', title: 'Nome', sortable: true, filter: 'text' },
    { field: 'ativo', title: 'Situação', kind: 'bool', boolLabels: ['Ativo', 'Inativo'], sortable: true, filter: 'bool', width: 120 },
    { field: 'criadoEm', title: 'Criado em', kind: 'date', sortable: true, width: 130 },
  ],
  schema: centroCustoInput,
  fields: [
    { name: 'codigo', label: 'Código', span: 8 },
    { name: 'nome', label: 'Nome', span: 16 },
    { name: 'ativo', label: 'Ativo', kind: 'bool' },
  ],
  initialValues: { ativo: true },
  title: (r) => `${r.codigo} - ${r.nome}`,
});
