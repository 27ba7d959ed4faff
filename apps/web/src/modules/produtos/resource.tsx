import { InboxOutlined } from '@ant-design/icons';
import { gtinValido, type Produto, produtoInput, somenteDigitos, UNIDADES } from '@fretio/core';
import type { FormRule } from 'antd';
import { defineResource } from '../../resources/types.ts';
import { NcmField, formatarNcm, ncmRule } from './campos.tsx';
import { comUnidade } from './numeros.ts';
import { sobDemanda } from '../../resources/sobDemanda.tsx';

// Screens and dialogs of this module load on demand (resources/sobDemanda.tsx).
const ImportarPlanilha = sobDemanda(() => import('../../resources/ImportarPlanilha.tsx'), 'ImportarPlanilha');
const M3Field = sobDemanda(() => import('./campos.tsx'), 'M3Field');

// Products of the active shipper: what its freight carries (API /api/v1/produtos; CSV/XLSX import
// at /produtos/importar with its template at /produtos/modelo).
export const UNIDADE_OPTIONS = UNIDADES.map((u) => ({ value: u.value, label: `${u.value} - ${u.label}` }));

const eanRule: FormRule = {
  validator: async (_r, v: string | null | undefined) => {
    if (v?.trim() && !gtinValido(v)) throw new Error('EAN/GTIN inválido');
  },
};

const liquidoAteBruto: FormRule = ({ getFieldValue }) => ({
  validator: async (_r, v: number | null | undefined) => {
    const bruto = getFieldValue('pesoBrutoKg') as number | null;
    if (v !== null && v !== undefined && bruto !== null && bruto !== undefined && Number(v) > Number(bruto)) {
      throw new Error('Peso líquido maior que o peso bruto');
    }
  },
});

const positivo: FormRule = { type: 'number', min: 0, message: 'Deve ser maior ou igual a 0' };

export const produtos = defineResource<Produto>({
  key: 'produtos',
  path: '/produtos',
  label: 'Produtos',
  singular: 'Produto',
  description: 'Mercadorias transportadas: NCM, unidade, pesos, dimensões e valor.',
  group: 'Cadastros',
  icon: <InboxOutlined />,
  recurso: 'produtos',
  api: '/produtos',
  defaultSort: { field: 'descricao', order: 'ASC' },
  formSize: 680,
  toolbar: ImportarPlanilha,
  columns: [
    { field: 'codigo', title: 'Código', sortable: true, filter: 'text', width: 140 },
    { field: 'descricao', title: 'Descrição', sortable: true, filter: 'text' },
    { field: 'ncm', title: 'NCM', sortable: true, filter: 'text', width: 120, render: (v) => formatarNcm(v) },
    { field: 'unidade', title: 'Unidade', sortable: true, filter: 'select', filterOptions: UNIDADE_OPTIONS, width: 110 },
    { field: 'pesoBrutoKg', title: 'Peso bruto', sortable: true, width: 130, render: comUnidade('kg') },
    { field: 'm3', title: 'Volume', width: 130, render: comUnidade('m³', 6) },
    { field: 'valorUnitario', title: 'Valor unitário', kind: 'money', sortable: true, width: 140 },
    { field: 'ean', title: 'EAN', width: 150 },
    { field: 'ativo', title: 'Situação', kind: 'bool', boolLabels: ['Ativo', 'Inativo'], sortable: true, filter: 'bool', width: 120 },
  ],
  schema: produtoInput,
  fields: [
    { name: 'codigo', label: 'Código', span: 8 },
    { name: 'descricao', label: 'Descrição', span: 16 },
    { name: 'ncm', label: 'NCM', kind: 'custom', component: NcmField, rules: [ncmRule], span: 8 },
    { name: 'unidade', label: 'Unidade', kind: 'select', options: UNIDADE_OPTIONS, required: true, span: 8 },
    {
      name: 'ean',
      label: 'EAN/GTIN',
      max: 14,
      span: 8,
      placeholder: '8, 12, 13 ou 14 dígitos',
      rules: [{ pattern: /^\d*$/, message: 'Somente dígitos' }, eanRule],
    },
    { name: 'pesoBrutoKg', label: 'Peso bruto (kg)', kind: 'number', span: 12, rules: [positivo] },
    { name: 'pesoLiquidoKg', label: 'Peso líquido (kg)', kind: 'number', span: 12, rules: [positivo, liquidoAteBruto] },
    { name: 'comprimentoCm', label: 'Comprimento (cm)', kind: 'number', span: 8, rules: [positivo] },
    { name: 'larguraCm', label: 'Largura (cm)', kind: 'number', span: 8, rules: [positivo] },
    { name: 'alturaCm', label: 'Altura (cm)', kind: 'number', span: 8, rules: [positivo] },
    {
      name: 'm3',
      label: 'Volume (m³ por unidade)',
      kind: 'custom',
      component: M3Field,
      span: 12,
      help: 'Calculado pelas dimensões (C × L × A); sem elas, informe o volume.',
    },
    { name: 'valorUnitario', label: 'Valor unitário', kind: 'money', span: 12 },
    {
      name: 'isentoCubagem',
      label: 'Isento de cubagem',
      kind: 'bool',
      span: 12,
      help: 'Uma carga só de produtos isentos é cobrada pelo peso real, sem peso cubado, em toda tabela.',
    },
    { name: 'ativo', label: 'Ativo', kind: 'bool', span: 12 },
  ],
  initialValues: { ativo: true, unidade: 'UN', isentoCubagem: false },
  toInput: (v) => ({ ...v, ean: v.ean ? somenteDigitos(String(v.ean)) : null }),
  title: (r) => `${r.codigo} - ${r.descricao}`,
});
