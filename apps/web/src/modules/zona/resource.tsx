import { zonaInput } from '@fretio/core';
import { GlobalOutlined } from '@ant-design/icons';
import type { Zona } from '@fretio/core';
import { UfField } from '../../resources/fields/UfSelect.tsx';
import { UF_OPTIONS } from '../../resources/fields/endereco.ts';
import { defineResource } from '../../resources/types.ts';

// Zones of the active shipper (API /api/v1/zona): delivery areas, optionally within one UF.
export const zonas = defineResource<Zona>({
  key: 'zona',
  path: '/zona',
  label: 'Zonas',
  singular: 'Zona',
  createLabel: 'Nova zona',
  description: 'Zonas de entrega (cidades, bairros ou faixas de CEP descritas em texto).',
  group: 'Cadastros',
  icon: <GlobalOutlined />,
  recurso: 'zona',
  api: '/zona',
  defaultSort: { field: 'nome', order: 'ASC' },
  columns: [
    { field: 'codigo', title: 'Código', sortable: true, filter: 'text', width: 140 },
    { field: 'nome', title: 'Nome', sortable: true, filter: 'text' },
    { field: 'uf', title: 'UF', sortable: true, filter: 'select', filterOptions: UF_OPTIONS, width: 90 },
    { field: 'descricao', title: 'Abrangência' },
    { field: 'ativo', title: 'Situação', kind: 'bool', boolLabels: ['Ativa', 'Inativa'], sortable: true, filter: 'bool', width: 120 },
  ],
  schema: zonaInput,
  fields: [
    { name: 'codigo', label: 'Código', span: 8 },
    { name: 'nome', label: 'Nome', span: 10 },
    { name: 'uf', label: 'UF', kind: 'custom', component: UfField, span: 6, help: 'Quando a zona fica em uma só UF.' },
    { name: 'descricao', label: 'Abrangência', kind: 'textarea', help: 'Cidades, bairros ou faixas de CEP que a zona cobre.' },
    { name: 'ativo', label: 'Ativa', kind: 'bool' },
  ],
  initialValues: { ativo: true },
  title: (r) => `${r.codigo} - ${r.nome}`,
});
