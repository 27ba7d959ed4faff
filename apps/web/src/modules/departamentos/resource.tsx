import { departamentoInput } from '@fretio/core';
import { ApartmentOutlined } from '@ant-design/icons';
import type { Departamento } from '@fretio/core';
import { defineResource } from '../../resources/types.ts';

// Departments of the active shipper, each optionally tied to an active cost centre.
export const departamentos = defineResource<Departamento>({
  key: 'departamentos',
  path: '/departamentos',
  label: 'Departamentos',
  singular: 'Departamento',
  description: 'Áreas da empresa que solicitam fretes.',
  group: 'Cadastros',
  icon: <ApartmentOutlined />,
  recurso: 'departamentos',
  api: '/departamentos',
  defaultSort: { field: 'nome', order: 'ASC' },
  columns: [
    { field: 'nome', title: 'Nome', sortable: true, filter: 'text' },
    { field: 'descricao', title: 'Descrição' },
    { field: 'centroCustoNome', title: 'Centro de custo', sortable: true },
    { field: 'ativo', title: 'Situação', kind: 'bool', boolLabels: ['Ativo', 'Inativo'], sortable: true, filter: 'bool', width: 120 },
    { field: 'criadoEm', title: 'Criado em', kind: 'date', sortable: true, width: 130 },
  ],
  schema: departamentoInput,
  fields: [
    { name: 'nome', label: 'Nome' },
    { name: 'descricao', label: 'Descrição', kind: 'textarea' },
    {
      name: 'centroCustoUid',
      label: 'Centro de custo',
      kind: 'remoteSelect',
      remote: {
        api: '/centros-custo',
        query: { ftr_ativo: 'true', pps: 500, ssf: 'codigo' },
        label: (r) => `${r.codigo} - ${r.nome}`,
        // An inactive cost centre is not among the options but stays readable on records using it.
        currentLabel: (r) => (r.centroCustoNome ? String(r.centroCustoNome) : null),
      },
    },
    { name: 'ativo', label: 'Ativo', kind: 'bool' },
  ],
  initialValues: { ativo: true },
});
