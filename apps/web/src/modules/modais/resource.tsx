import { modalInput } from '@fretio/core';
import { NodeIndexOutlined } from '@ant-design/icons';
import type { modal, z } from '@fretio/core';
import { Tag } from 'antd';
import { defineResource } from '../../resources/types.ts';

// Transport modes: the system ones (Rodoviário 300 kg/m³, Aéreo 167...) read-only, plus the shipper's own.
type Modal = z.infer<typeof modal>;

export const modais = defineResource<Modal>({
  key: 'modais',
  path: '/modais',
  label: 'Modais',
  singular: 'Modal',
  description: 'Modos de transporte e seu fator de cubagem padrão (kg por m³).',
  group: 'Fretes',
  icon: <NodeIndexOutlined />,
  recurso: 'modais',
  api: '/modais',
  defaultSort: { field: 'nome', order: 'ASC' },
  columns: [
    { field: 'codigo', title: 'Código', sortable: true, filter: 'text', width: 160 },
    { field: 'nome', title: 'Nome', sortable: true, filter: 'text' },
    { field: 'fatorCubagemPadrao', title: 'Fator de cubagem (kg/m³)', width: 200 },
    {
      field: 'sistema',
      title: 'Origem',
      filter: 'bool',
      boolLabels: ['Sistema', 'Embarcador'],
      width: 130,
      render: (v) => <Tag color={v ? 'blue' : 'default'}>{v ? 'Sistema' : 'Embarcador'}</Tag>,
    },
    { field: 'ativo', title: 'Situação', kind: 'bool', boolLabels: ['Ativo', 'Inativo'], sortable: true, filter: 'bool', width: 120 },
  ],
  schema: modalInput,
  fields: [
    { name: 'codigo', label: 'Código', span: 10, help: 'Letras maiúsculas, dígitos e _ (ex.: CABOTAGEM).' },
    { name: 'nome', label: 'Nome', span: 14 },
    { name: 'fatorCubagemPadrao', label: 'Fator de cubagem padrão (kg/m³)', kind: 'number', required: true },
    { name: 'ativo', label: 'Ativo', kind: 'bool' },
  ],
  initialValues: { ativo: true, fatorCubagemPadrao: 300 },
  toInput: (v) => ({ ...v, codigo: typeof v.codigo === 'string' ? v.codigo.trim().toUpperCase() : v.codigo }),
  title: (r) => `${r.codigo} - ${r.nome}`,
  editavel: (r) => !r.sistema,
  deleteAction: { label: 'Excluir', show: (r) => !r.sistema },
});
