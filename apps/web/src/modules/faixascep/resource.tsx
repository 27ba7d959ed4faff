import { faixaCepInput } from '@fretio/core';
import { NumberOutlined } from '@ant-design/icons';
import type { faixaCep, z } from '@fretio/core';
import { UF_OPTIONS, camposEndereco } from '../../resources/fields/endereco.ts';
import { defineResource } from '../../resources/types.ts';

// CEP ranges of the active shipper: a UF (and optionally a municipality) for CEPs from `de` to `ate`.
// The calculator resolves a CEP by them before the Correios' ranges.
type FaixaCep = z.infer<typeof faixaCep>;
const [, uf, municipio] = camposEndereco();

export const faixasCep = defineResource<FaixaCep>({
  key: 'faixascep',
  path: '/faixascep',
  label: 'Faixas de CEP',
  singular: 'Faixa de CEP',
  description: 'Intervalos de CEP de uma UF ou município, usados em regiões e rotas.',
  group: 'Fretes',
  icon: <NumberOutlined />,
  recurso: 'faixascep',
  api: '/faixascep',
  defaultSort: { field: 'de', order: 'ASC' },
  columns: [
    { field: 'nome', title: 'Nome', sortable: true, filter: 'text' },
    { field: 'uf', title: 'UF', sortable: true, filter: 'select', filterOptions: UF_OPTIONS, width: 90 },
    { field: 'municipioIbge', title: 'Município', kind: 'municipio', width: 240 },
    { field: 'de', title: 'CEP inicial', kind: 'cep', sortable: true, width: 130 },
    { field: 'ate', title: 'CEP final', kind: 'cep', sortable: true, width: 130 },
    { field: 'ativo', title: 'Situação', kind: 'bool', boolLabels: ['Ativa', 'Inativa'], sortable: true, filter: 'bool', width: 120 },
  ],
  schema: faixaCepInput,
  fields: [
    { name: 'nome', label: 'Nome' },
    { ...uf, required: true, span: 6 },
    { ...municipio, span: 18, help: 'Opcional: a faixa de um único município.' },
    { name: 'de', label: 'CEP inicial', kind: 'cep', span: 12 },
    { name: 'ate', label: 'CEP final', kind: 'cep', span: 12 },
    { name: 'ativo', label: 'Ativa', kind: 'bool' },
  ],
  initialValues: { ativo: true },
});
