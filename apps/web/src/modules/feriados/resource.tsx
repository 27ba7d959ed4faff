import { CalendarOutlined } from '@ant-design/icons';
import { ESCOPOS_FERIADO, type Feriado, feriadoInput } from '@fretio/core';
import { Tag } from 'antd';
import { UF_OPTIONS, camposEndereco } from '../../resources/fields/endereco.ts';
import { defineResource } from '../../resources/types.ts';

// Holidays: the national ones come filled by the system (read-only); the shipper adds state (UF) and
// municipal ones. The calculator skips them when counting business days to the destination.
export const ESCOPO_FERIADO_LABEL: Record<(typeof ESCOPOS_FERIADO)[number], string> = {
  NACIONAL: 'Nacional',
  UF: 'Estadual',
  MUNICIPIO: 'Municipal',
};
const ESCOPO_OPTIONS = ESCOPOS_FERIADO.map((e) => ({ value: e, label: ESCOPO_FERIADO_LABEL[e] }));
const [, uf, municipio] = camposEndereco();

export const feriados = defineResource<Feriado>({
  key: 'feriados',
  path: '/feriados',
  label: 'Feriados',
  singular: 'Feriado',
  description: 'Feriados nacionais (do sistema), estaduais e municipais: não contam como dias úteis no prazo de entrega.',
  group: 'Fretes',
  icon: <CalendarOutlined />,
  recurso: 'feriados',
  api: '/feriados',
  defaultSort: { field: 'data', order: 'ASC' },
  columns: [
    { field: 'data', title: 'Data', kind: 'date', sortable: true, filter: 'dateRange', width: 130 },
    { field: 'nome', title: 'Nome', sortable: true, filter: 'text' },
    {
      field: 'escopo',
      title: 'Abrangência',
      sortable: true,
      filter: 'select',
      filterOptions: ESCOPO_OPTIONS,
      width: 140,
      render: (v) => ESCOPO_FERIADO_LABEL[v as Feriado['escopo']] ?? String(v),
    },
    { field: 'uf', title: 'UF', sortable: true, filter: 'select', filterOptions: UF_OPTIONS, width: 90 },
    { field: 'municipioIbge', title: 'Município', kind: 'municipio', width: 240 },
    { field: 'facultativo', title: 'Ponto facultativo', kind: 'bool', filter: 'bool', width: 150 },
    {
      field: 'sistema',
      title: 'Origem',
      filter: 'bool',
      boolLabels: ['Sistema', 'Embarcador'],
      width: 130,
      render: (v) => <Tag color={v ? 'blue' : 'default'}>{v ? 'Sistema' : 'Embarcador'}</Tag>,
    },
  ],
  schema: feriadoInput,
  fields: [
    { name: 'data', label: 'Data', kind: 'date', span: 10 },
    { name: 'escopo', label: 'Abrangência', kind: 'select', options: ESCOPO_OPTIONS, span: 14 },
    { name: 'nome', label: 'Nome' },
    { ...uf, span: 6, visible: (v) => v.escopo === 'UF' || v.escopo === 'MUNICIPIO', help: undefined },
    { ...municipio, span: 18, visible: (v) => v.escopo === 'MUNICIPIO' },
    { name: 'facultativo', label: 'Ponto facultativo', kind: 'bool', help: 'Pontos facultativos contam como dias úteis.' },
  ],
  initialValues: { escopo: 'UF', facultativo: false },
  // National holidays filled by the system are read-only.
  editavel: (r) => !r.sistema,
  deleteAction: { label: 'Excluir', show: (r) => !r.sistema },
});
