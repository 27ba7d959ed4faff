import { CarOutlined, IdcardOutlined, NodeIndexOutlined, TruckOutlined } from '@ant-design/icons';
import {
  CNH_CATEGORIAS,
  MSG_CNH_VENCIDA,
  type Motorista,
  PROPRIETARIOS_VEICULO,
  TIPOS_CARROCERIA,
  type TipoVeiculo,
  type Veiculo,
  rotuloEnum,
  zCnh,
  zRenavam,
} from '@fretio/core';
import { tipoVeiculoInput, motoristaInput, veiculoInput } from '@fretio/core';
import { Space, Tag } from 'antd';
import type { FormRule } from 'antd';
import { DateText } from '../../resources/fields/DateText.tsx';
import { NomeField } from '../../resources/fields/NomeInput.tsx';
import { TelefoneField, formatarTelefone, telefoneRule } from '../../resources/fields/TelefoneInput.tsx';
import { PlacaInput, formatarPlaca, placaRule } from '../../resources/fields/PlacaInput.tsx';
import { UfField } from '../../resources/fields/UfSelect.tsx';
import { comoCampo } from '../../resources/fields/campo.tsx';
import { UF_OPTIONS } from '../../resources/fields/endereco.ts';
import { defineResource } from '../../resources/types.ts';
import { comUnidade, formatarNumero } from '../produtos/numeros.ts';
import { CnhValidadeField, TagCnhVencida } from './campos.tsx';
import { telaSobDemanda } from '../../resources/sobDemanda.tsx';

// Screens and dialogs of this module load on demand (resources/sobDemanda.tsx).
const FrotaPage = telaSobDemanda(() => import('./FrotaPage.tsx'), 'FrotaPage');

// Fleet: vehicle types (the system catalogue, read-only, plus the shipper's own) and each carrier's
// drivers and vehicles, reached from the carrier (tabs and row links) or from the "Frota" entry.
// A carrier's fleet is read-only where someone else maintains the carrier (its podeAlterar).
const DO_TRANSPORTADOR = { key: 'transportadores', param: 'uid', rowLink: true, herdaSomenteLeitura: true };
const CARROCERIAS = [...TIPOS_CARROCERIA];
const CATEGORIAS = CNH_CATEGORIAS.map((c) => ({ value: c.value, label: c.label }));
const PROPRIETARIOS = [...PROPRIETARIOS_VEICULO];

/** A core zod schema as a form rule: its own message when the value does not pass. */
const regraZod = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }): FormRule => ({
  validator: async (_r, v: unknown) => {
    if (v === null || v === undefined || v === '') return;
    const r = schema.safeParse(v);
    if (!r.success) throw new Error(r.error?.issues[0]?.message ?? 'Valor inválido');
  },
});
const digitos = (n: number, nome: string): FormRule => ({ pattern: new RegExp(`^\\d{0,${n}}$`), message: `${nome}: somente dígitos` });
const inteiro = (min: number, max: number): FormRule => ({
  type: 'integer',
  min,
  max,
  message: `Deve ser um número inteiro entre ${min} e ${max}`,
});
const positivo: FormRule = { type: 'number', min: 0, message: 'Deve ser maior ou igual a 0' };

export const tiposVeiculo = defineResource<TipoVeiculo>({
  key: 'tiposveiculo',
  path: '/tiposveiculo',
  label: 'Tipos de veículo',
  singular: 'Tipo de veículo',
  description: 'Catálogo do sistema (somente leitura) e os tipos próprios do embarcador, com capacidades e carroceria.',
  group: 'Cadastros',
  icon: <TruckOutlined />,
  recurso: 'tiposveiculo',
  api: '/tiposveiculo',
  operations: ['criar', 'alterar'],
  editavel: (r) => !r.global,
  // Vehicles show the type's name.
  invalidates: ['veiculos'],
  defaultSort: { field: 'capacidadeKg', order: 'ASC' },
  columns: [
    { field: 'nome', title: 'Nome', sortable: true, filter: 'text' },
    {
      field: 'tipoCarroceria',
      title: 'Carroceria',
      sortable: true,
      filter: 'select',
      filterOptions: CARROCERIAS,
      width: 160,
      render: (v) => rotuloEnum(TIPOS_CARROCERIA, String(v)),
    },
    { field: 'eixos', title: 'Eixos', sortable: true, width: 90 },
    { field: 'capacidadeKg', title: 'Capacidade', sortable: true, width: 140, render: comUnidade('kg', 2) },
    { field: 'capacidadeM3', title: 'Volume', sortable: true, width: 120, render: comUnidade('m³', 2) },
    {
      field: 'global',
      title: 'Origem',
      filter: 'bool',
      boolLabels: ['Catálogo do sistema', 'Próprio'],
      width: 170,
      render: (v) => (v ? <Tag>Catálogo do sistema</Tag> : <Tag color="blue">Próprio</Tag>),
    },
    { field: 'ativo', title: 'Situação', kind: 'bool', boolLabels: ['Ativo', 'Inativo'], sortable: true, filter: 'bool', width: 120 },
  ],
  schema: tipoVeiculoInput,
  fields: [
    { name: 'nome', label: 'Nome', span: 16 },
    { name: 'eixos', label: 'Eixos', kind: 'number', span: 8, rules: [inteiro(1, 9)] },
    { name: 'tipoCarroceria', label: 'Carroceria', kind: 'select', options: CARROCERIAS },
    { name: 'capacidadeKg', label: 'Capacidade (kg)', kind: 'number', span: 12, rules: [positivo] },
    { name: 'capacidadeM3', label: 'Volume (m³)', kind: 'number', span: 12, rules: [positivo] },
    { name: 'ativo', label: 'Ativo', kind: 'bool' },
  ],
  initialValues: { ativo: true, eixos: 2 },
  title: (r) => r.nome,
});

export const motoristas = defineResource<Motorista>({
  key: 'motoristas',
  path: '/transportadores/:uid/motoristas',
  label: 'Motoristas',
  singular: 'Motorista',
  description: 'Motoristas do transportador, com a CNH e a sua validade.',
  group: 'Cadastros',
  icon: <IdcardOutlined />,
  menu: false,
  parent: DO_TRANSPORTADOR,
  recurso: 'transportadores',
  api: '/transportadores/:uid/motoristas',
  operations: ['criar', 'alterar'],
  defaultSort: { field: 'nome', order: 'ASC' },
  columns: [
    { field: 'nome', title: 'Nome', sortable: true, filter: 'text' },
    { field: 'cpf', title: 'CPF', kind: 'documento', filter: 'text', width: 160 },
    { field: 'cnhNumero', title: 'CNH', width: 140 },
    { field: 'cnhCategoria', title: 'Categoria', sortable: true, filter: 'select', filterOptions: CATEGORIAS, width: 120 },
    {
      field: 'cnhValidade',
      title: 'Validade da CNH',
      sortable: true,
      filter: 'bool',
      filterField: 'cnhVencida',
      boolLabels: ['Vencida', 'Em dia'],
      width: 220,
      render: (v, r) => (
        <Space size={4}>
          <DateText value={String(v)} />
          {r.cnhVencida && <TagCnhVencida />}
        </Space>
      ),
    },
    { field: 'telefone', title: 'Telefone', width: 150, render: (v) => (v ? formatarTelefone(String(v)) : '—') },
    { field: 'ativo', title: 'Situação', kind: 'bool', boolLabels: ['Ativo', 'Inativo'], sortable: true, filter: 'bool', width: 110 },
  ],
  schema: motoristaInput,
  fields: [
    { name: 'nome', label: 'Nome', kind: 'custom', component: NomeField, rules: [{ max: 150 }, { whitespace: true }] },
    { name: 'cpf', label: 'CPF', kind: 'cpf', span: 12, placeholder: '000.000.000-00' },
    { name: 'telefone', label: 'Telefone', kind: 'custom', component: TelefoneField, rules: [telefoneRule], span: 12 },
    {
      name: 'cnhNumero',
      label: 'Número da CNH',
      max: 11,
      span: 9,
      placeholder: '11 dígitos',
      rules: [digitos(11, 'CNH'), regraZod(zCnh)],
    },
    { name: 'cnhCategoria', label: 'Categoria', kind: 'select', options: CATEGORIAS, span: 6 },
    { name: 'cnhValidade', label: 'Validade da CNH', kind: 'custom', component: CnhValidadeField, span: 9 },
    { name: 'ativo', label: 'Ativo', kind: 'bool' },
  ],
  initialValues: { ativo: true },
  afterSave: (m) => (m.cnhVencida ? MSG_CNH_VENCIDA : undefined),
  title: (r) => r.nome,
});

export const PlacaField = comoCampo(PlacaInput);

export const veiculos = defineResource<Veiculo>({
  key: 'veiculos',
  path: '/transportadores/:uid/veiculos',
  label: 'Veículos',
  singular: 'Veículo',
  description: 'Veículos do transportador: placa (antiga ou Mercosul), RENAVAM, tipo e capacidades.',
  group: 'Cadastros',
  icon: <CarOutlined />,
  menu: false,
  parent: DO_TRANSPORTADOR,
  recurso: 'transportadores',
  api: '/transportadores/:uid/veiculos',
  operations: ['criar', 'alterar'],
  defaultSort: { field: 'placa', order: 'ASC' },
  columns: [
    { field: 'placa', title: 'Placa', sortable: true, filter: 'text', width: 120, render: (v) => formatarPlaca(String(v)) },
    { field: 'renavam', title: 'RENAVAM', filter: 'text', width: 140 },
    { field: 'tipoVeiculoNome', title: 'Tipo', sortable: true },
    { field: 'capacidadeKg', title: 'Capacidade', sortable: true, width: 130, render: comUnidade('kg', 2) },
    { field: 'capacidadeM3', title: 'Volume', width: 110, render: comUnidade('m³', 2) },
    { field: 'ano', title: 'Ano', sortable: true, width: 90 },
    {
      field: 'proprietario',
      title: 'Proprietário',
      sortable: true,
      filter: 'select',
      filterOptions: PROPRIETARIOS,
      width: 140,
      render: (v) => rotuloEnum(PROPRIETARIOS_VEICULO, String(v)),
    },
    { field: 'ufLicenciamento', title: 'UF', filter: 'select', filterOptions: UF_OPTIONS, width: 90 },
    { field: 'ativo', title: 'Situação', kind: 'bool', boolLabels: ['Ativo', 'Inativo'], sortable: true, filter: 'bool', width: 110 },
  ],
  schema: veiculoInput,
  fields: [
    { name: 'placa', label: 'Placa', kind: 'custom', component: PlacaField, rules: [placaRule], span: 8 },
    { name: 'renavam', label: 'RENAVAM', max: 11, span: 10, rules: [digitos(11, 'RENAVAM'), regraZod(zRenavam)] },
    { name: 'ano', label: 'Ano', kind: 'number', span: 6, rules: [inteiro(1950, new Date().getFullYear() + 1)] },
    {
      name: 'tipoVeiculoUid',
      label: 'Tipo de veículo',
      kind: 'remoteSelect',
      remote: {
        api: '/tiposveiculo/list',
        value: 'value',
        label: (r) => `${r.label} (${formatarNumero(r.capacidadeKg, 2)} kg, ${formatarNumero(r.capacidadeM3, 2)} m³)`,
        currentLabel: (r) => (r.tipoVeiculoNome ? String(r.tipoVeiculoNome) : null),
      },
    },
    {
      name: 'capacidadeKg',
      label: 'Capacidade (kg)',
      kind: 'number',
      span: 12,
      rules: [positivo],
      help: 'Em branco: a do tipo de veículo.',
    },
    { name: 'capacidadeM3', label: 'Volume (m³)', kind: 'number', span: 12, rules: [positivo], help: 'Em branco: o do tipo de veículo.' },
    { name: 'proprietario', label: 'Proprietário', kind: 'select', options: PROPRIETARIOS, required: true, span: 12 },
    { name: 'ufLicenciamento', label: 'UF de licenciamento', kind: 'custom', component: UfField, span: 12 },
    { name: 'ativo', label: 'Ativo', kind: 'bool' },
  ],
  initialValues: { ativo: true, proprietario: 'PROPRIO' },
  title: (r) => formatarPlaca(r.placa),
});

export const frota = defineResource({
  key: 'frota',
  path: '/frota',
  label: 'Frota',
  singular: 'Frota',
  description: 'Motoristas e veículos de cada transportador.',
  descricaoTransportador: 'Os motoristas e veículos da sua transportadora.',
  group: 'Cadastros',
  icon: <NodeIndexOutlined />,
  recurso: 'transportadores',
  api: '/transportadores/listaselecao-usuario',
  page: FrotaPage,
  defaultSort: { field: 'nome', order: 'ASC' },
  columns: [],
  fields: [],
});
