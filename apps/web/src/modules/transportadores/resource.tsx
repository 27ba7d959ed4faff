import { ApartmentOutlined, CarOutlined, IdcardOutlined, TeamOutlined } from '@ant-design/icons';
import type { Transportador, UnidadeTransportador, UsuarioTransportador } from '@fretio/core';
import {
  TIPO_UNIDADE_TRANSPORTADOR_LABEL,
  TIPOS_UNIDADE_TRANSPORTADOR,
  transportadorInput,
  unidadeTransportadorInput,
  usuarioTransportadorInput,
  usuarioTransportadorUpdate,
} from '@fretio/core';
import { documentoRule } from '../../resources/fields/CpfCnpjInput.tsx';
import { UF_OPTIONS, camposEndereco } from '../../resources/fields/endereco.ts';
import { type ColumnDef, type RowAction, defineResource } from '../../resources/types.ts';
import { acoesDeConta, mensagemUsuarioCriado } from '../usuarios/resource.tsx';
import { sobDemanda } from '../../resources/sobDemanda.tsx';

// Screens and dialogs of this module load on demand (resources/sobDemanda.tsx).
const CnpjConsulta = sobDemanda(() => import('./CnpjConsulta.tsx'), 'CnpjConsulta');

// Carriers linked to the active shipper (a carrier is a global record: creating one links it, and a
// CNPJ already in Fretio is linked instead of created), their units and users; independent contractors.
// A carrier is shared: its units and users are read-only where someone else maintains it (podeAlterar).
const DO_TRANSPORTADOR = { key: 'transportadores', param: 'uid', herdaSomenteLeitura: true };

const linksDoTransportador = [
  {
    label: 'Unidades',
    icon: <ApartmentOutlined />,
    recurso: 'transportadores',
    to: (r: { uid: string }) => `/transportadores/${r.uid}/unidades`,
  },
  {
    label: 'Usuários',
    icon: <TeamOutlined />,
    recurso: 'transportadores',
    to: (r: { uid: string }) => `/transportadores/${r.uid}/usuarios`,
  },
];

const colunas: ColumnDef<Transportador>[] = [
  { field: 'nome', title: 'Razão social', sortable: true, filter: 'text' },
  { field: 'nomeFantasia', title: 'Nome fantasia', sortable: true },
  { field: 'cnpj', title: 'CNPJ', kind: 'documento', sortable: true, filter: 'text', width: 180 },
  { field: 'rntrc', title: 'RNTRC', filter: 'text', width: 120 },
  { field: 'uf', title: 'UF', sortable: true, filter: 'select', filterOptions: UF_OPTIONS, width: 90 },
  { field: 'ativo', title: 'Situação', kind: 'bool', boolLabels: ['Ativo', 'Inativo'], sortable: true, filter: 'bool', width: 120 },
];

export const transportadores = defineResource<Transportador>({
  key: 'transportadores',
  path: '/transportadores',
  label: 'Transportadores',
  singular: 'Transportador',
  description: 'Transportadoras que atendem o embarcador ativo.',
  descricaoTransportador: 'O cadastro da sua transportadora: unidades, usuários, motoristas e veículos.',
  group: 'Cadastros',
  icon: <CarOutlined />,
  recurso: 'transportadores',
  api: '/transportadores',
  // The API has no delete: a carrier is unlinked from the shipper in "Meu embarcador".
  operations: ['criar', 'alterar'],
  invalidates: ['embarcador-transportadores', 'transportadores-autonomos'],
  defaultSort: { field: 'nome', order: 'ASC' },
  columns: [...colunas, { field: 'criadoEm', title: 'Criado em', kind: 'date', sortable: true, width: 130 }],
  schema: transportadorInput,
  fields: [
    {
      name: 'cnpj',
      label: 'CNPJ',
      kind: 'custom',
      component: CnpjConsulta,
      rules: [documentoRule('cnpj')],
      help: 'Informe o CNPJ primeiro: se o transportador já estiver no Fretio, basta vinculá-lo.',
    },
    { name: 'nome', label: 'Razão social' },
    { name: 'nomeFantasia', label: 'Nome fantasia' },
    { name: 'ie', label: 'Inscrição estadual', span: 12 },
    { name: 'rntrc', label: 'RNTRC', max: 12, span: 12, rules: [{ pattern: /^\d{1,12}$/, message: 'RNTRC inválido' }] },
    { name: 'simplesNacional', label: 'Simples Nacional', kind: 'bool', span: 12, help: 'A calculadora não embute ICMS no frete deste transportador.' },
    { name: 'email', label: 'E-mail', kind: 'email', span: 14 },
    { name: 'telefone', label: 'Telefone', span: 10 },
    ...camposEndereco({ buscarCep: true }),
    { name: 'ativo', label: 'Ativo', kind: 'bool' },
  ],
  initialValues: { ativo: true },
  links: linksDoTransportador,
  // Maintained by the carrier itself or by the shipper that registered it: Visualizar, not Editar.
  editavel: (r) => r.podeAlterar !== false,
});

export const autonomos = defineResource<Transportador>({
  key: 'transportadores-autonomos',
  path: '/autonomos',
  label: 'Autônomos',
  singular: 'Autônomo',
  description: 'Transportadores com unidade de motorista autônomo (contratado por RPA).',
  group: 'Cadastros',
  icon: <IdcardOutlined />,
  recurso: 'transportadores',
  api: '/transportadores/autonomos',
  operations: [],
  detail: false,
  defaultSort: { field: 'nome', order: 'ASC' },
  columns: colunas,
  fields: [],
  links: [linksDoTransportador[0]],
});

export const unidadesTransportador = defineResource<UnidadeTransportador>({
  key: 'transportador-unidades',
  path: '/transportadores/:uid/unidades',
  label: 'Unidades',
  singular: 'Unidade',
  description: 'Filiais do transportador; uma unidade autônoma é um motorista contratado por RPA.',
  group: 'Cadastros',
  icon: <ApartmentOutlined />,
  menu: false,
  parent: DO_TRANSPORTADOR,
  recurso: 'transportadores',
  api: '/transportadores/:uid/unidades',
  operations: ['criar', 'alterar'],
  createLabel: 'Nova unidade',
  // The independent contractors' list depends on the units' flag; unit selects sit under 'transportadores'.
  invalidates: ['transportadores', 'transportadores-autonomos', 'transportador-usuarios'],
  defaultSort: { field: 'nome', order: 'ASC' },
  columns: [
    { field: 'nome', title: 'Nome', sortable: true, filter: 'text' },
    { field: 'apelido', title: 'Apelido', sortable: true },
    { field: 'documento', title: 'CPF/CNPJ', kind: 'documento', sortable: true, filter: 'text', width: 180 },
    {
      field: 'tipo',
      title: 'Tipo',
      filter: 'select',
      filterOptions: TIPOS_UNIDADE_TRANSPORTADOR.map((t) => ({ value: t, label: TIPO_UNIDADE_TRANSPORTADOR_LABEL[t] })),
      render: (v) => TIPO_UNIDADE_TRANSPORTADOR_LABEL[v as (typeof TIPOS_UNIDADE_TRANSPORTADOR)[number]] ?? String(v ?? ''),
      width: 160,
    },
    { field: 'rntrc', title: 'RNTRC', width: 110 },
    { field: 'uf', title: 'UF', sortable: true, filter: 'select', filterOptions: UF_OPTIONS, width: 90 },
    { field: 'ativo', title: 'Situação', kind: 'bool', boolLabels: ['Ativa', 'Inativa'], sortable: true, filter: 'bool', width: 110 },
  ],
  schema: unidadeTransportadorInput,
  fields: [
    { name: 'nome', label: 'Nome' },
    { name: 'apelido', label: 'Apelido', span: 12 },
    { name: 'documento', label: 'CPF/CNPJ', kind: 'cpfCnpj', span: 12 },
    {
      name: 'tipo',
      label: 'Tipo (RNTRC)',
      kind: 'select',
      span: 12,
      options: TIPOS_UNIDADE_TRANSPORTADOR.map((t) => ({ value: t, label: TIPO_UNIDADE_TRANSPORTADOR_LABEL[t] })),
      help: 'Autônomo (TAC): pessoa física com CPF e RNTRC, paga por RPA; o piso mínimo de frete da ANTT é obrigatório.',
    },
    { name: 'rntrc', label: 'RNTRC', span: 12, help: '8 dígitos; obrigatório para TAC.' },
    ...camposEndereco({ buscarCep: true }),
    { name: 'ativo', label: 'Ativa', kind: 'bool' },
  ],
  initialValues: { ativo: true, indicaAutonomo: false, tipo: 'ETC' },
});

export const usuariosTransportador = defineResource<UsuarioTransportador>({
  key: 'transportador-usuarios',
  path: '/transportadores/:uid/usuarios',
  label: 'Usuários',
  singular: 'Usuário',
  description: 'Usuários da transportadora com acesso ao embarcador ativo.',
  group: 'Cadastros',
  icon: <TeamOutlined />,
  menu: false,
  parent: DO_TRANSPORTADOR,
  recurso: 'transportadores',
  api: '/transportadores/:uid/usuarios',
  defaultSort: { field: 'nome', order: 'ASC' },
  columns: [
    { field: 'nome', title: 'Nome', sortable: true, filter: 'text' },
    { field: 'login', title: 'Login', sortable: true, filter: 'text' },
    { field: 'unidadeTransportadorNome', title: 'Unidade' },
    { field: 'statusUsuario', title: 'Situação', kind: 'status', statusKey: 'usuario', sortable: true, filter: 'select', width: 120 },
    { field: 'ultimoLogin', title: 'Último acesso', kind: 'dateTime', sortable: true, width: 150 },
  ],
  schema: usuarioTransportadorInput,
  updateSchema: usuarioTransportadorUpdate,
  fields: [
    { name: 'nome', label: 'Nome', span: 14 },
    { name: 'apelido', label: 'Apelido', span: 10 },
    {
      name: 'login',
      label: 'Login (e-mail)',
      kind: 'email',
      createOnly: true,
      help: 'O usuário recebe um e-mail para ativar a conta e definir a senha.',
    },
    {
      name: 'unidadeTransportadorUid',
      label: 'Unidade',
      kind: 'remoteSelect',
      remote: {
        api: '/transportadores/:uid/unidades',
        query: { ftr_ativo: 'true', ssf: 'nome' },
        label: (r) => String(r.apelido || r.nome),
        currentLabel: (r) => (r.unidadeTransportadorNome ? String(r.unidadeTransportadorNome) : null),
      },
    },
    // The API lets the shipper only activate or deactivate a carrier's user.
    {
      name: 'statusUsuario',
      label: 'Situação',
      kind: 'status',
      statusKey: 'usuario',
      editOnly: true,
      options: [
        { value: 2, label: 'Ativo' },
        { value: 3, label: 'Inativo' },
      ],
    },
  ],
  title: (r) => r.nome,
  afterSave: (r, { created }) => mensagemUsuarioCriado(r, created),
  rowActions: acoesDeConta as RowAction<UsuarioTransportador>[],
  deleteAction: {
    label: 'Remover acesso',
    confirm: (r) => `Remover o acesso de "${r.nome}" a este embarcador?`,
    description: 'O usuário é inativado e deixa de acessar este embarcador.',
    sucesso: 'Acesso removido.',
  },
});
