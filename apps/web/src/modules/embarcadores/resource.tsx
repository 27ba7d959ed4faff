import { CheckOutlined, CloseOutlined, ShopOutlined, SolutionOutlined } from '@ant-design/icons';
import {
  type Embarcador,
  embarcadorInput,
  type Perfil,
  STATUS,
  type unidadeEmbarcador,
  unidadeEmbarcadorInput,
  type z,
} from '@fretio/core';
import { Avatar, Space } from 'antd';
import { apiPut } from '../../app/api.ts';
import { UF_OPTIONS, camposEndereco } from '../../resources/fields/endereco.ts';
import { type Registro, defineResource } from '../../resources/types.ts';
import { telaSobDemanda } from '../../resources/sobDemanda.tsx';

// Screens and dialogs of this module load on demand (resources/sobDemanda.tsx).
const MeuEmbarcadorPage = telaSobDemanda(() => import('./MeuEmbarcadorPage.tsx'), 'MeuEmbarcadorPage');

// Shippers: the register (the user's shippers) and the "Meu embarcador" area of the ACTIVE shipper,
// whose sub-collections (/api/v1/embarcadores/{uid}/...) the API answers only for the active one.
type UnidadeEmbarcador = z.infer<typeof unidadeEmbarcador>;
type TransportadorVinculado = Registro & { nome: string; cnpj: string };
type PreUsuario = Registro & { nome: string; transportadorNome: string; status: number };

/** The parent of the area: the active shipper's record (the param is filled from the profile). */
const DO_EMBARCADOR_ATIVO = { key: 'embarcadores', param: 'embarcadorAtivo' };
const ehAtivo = (r: Registro, p: Perfil | undefined) => r.uid === p?.embarcadorAtivo?.uid;

export const embarcadores = defineResource<Embarcador>({
  key: 'embarcadores',
  path: '/embarcadores',
  label: 'Embarcadores',
  singular: 'Embarcador',
  description: 'Empresas que contratam fretes. Você vê os embarcadores aos quais pertence.',
  group: 'Cadastros',
  icon: <ShopOutlined />,
  recurso: 'embarcadores',
  api: '/cadastros/embarcadores',
  // The header's shipper selector lists the user's shippers: a new or removed one changes it.
  invalidates: ['perfil'],
  defaultSort: { field: 'nome', order: 'ASC' },
  columns: [
    {
      field: 'nome',
      title: 'Razão social',
      sortable: true,
      filter: 'text',
      render: (v, r) => (
        <Space>
          <Avatar shape="square" size="small" src={r.logoUrl || undefined} icon={<ShopOutlined />} />
          {String(v)}
        </Space>
      ),
    },
    { field: 'nomeFantasia', title: 'Nome fantasia' },
    { field: 'cnpj', title: 'CNPJ', kind: 'documento', sortable: true, filter: 'text', width: 180 },
    { field: 'uf', title: 'UF', sortable: true, filter: 'select', filterOptions: UF_OPTIONS, width: 90 },
    { field: 'ativo', title: 'Situação', kind: 'bool', boolLabels: ['Ativo', 'Inativo'], filter: 'bool', width: 120 },
    { field: 'criadoEm', title: 'Criado em', kind: 'date', sortable: true, width: 130 },
  ],
  schema: embarcadorInput,
  fields: [
    { name: 'cnpj', label: 'CNPJ', kind: 'cnpj', span: 10 },
    { name: 'nome', label: 'Razão social', span: 14 },
    { name: 'nomeFantasia', label: 'Nome fantasia' },
    { name: 'email', label: 'E-mail', kind: 'email', span: 14 },
    { name: 'telefone', label: 'Telefone', span: 10 },
    ...camposEndereco({ buscarCep: true }),
    { name: 'ativo', label: 'Ativo', kind: 'bool' },
  ],
  initialValues: { ativo: true },
  links: [{ label: 'Abrir', icon: <SolutionOutlined />, recurso: 'embarcadores', to: () => '/meu-embarcador', show: ehAtivo }],
  // The API refuses to delete the active shipper: the button is not offered on its row.
  deleteAction: { label: 'Excluir', show: (r, p) => !ehAtivo(r, p) },
});

export const meuEmbarcador = defineResource<Embarcador>({
  ...embarcadores,
  key: 'meu-embarcador',
  path: '/meu-embarcador',
  label: 'Meu embarcador',
  tab: 'Dados, logotipo e certificado',
  description: 'O embarcador ativo: dados, logotipo e certificado digital.',
  icon: <SolutionOutlined />,
  parent: DO_EMBARCADOR_ATIVO,
  page: MeuEmbarcadorPage,
  links: undefined,
  deleteAction: undefined,
});

export const unidadesEmbarcador = defineResource<UnidadeEmbarcador>({
  key: 'embarcador-unidades',
  path: '/meu-embarcador/unidades',
  label: 'Unidades',
  singular: 'Unidade',
  description: 'Filiais, centros de distribuição e demais estabelecimentos do embarcador.',
  group: 'Cadastros',
  icon: <ShopOutlined />,
  menu: false,
  parent: DO_EMBARCADOR_ATIVO,
  recurso: 'unidades',
  api: '/embarcadores/:embarcadorAtivo/unidades',
  createLabel: 'Nova unidade',
  // Unit selects (users' unit) are cached under 'embarcadores'; user lists show the unit's name.
  invalidates: ['embarcadores', 'embarcador-usuarios'],
  defaultSort: { field: 'nome', order: 'ASC' },
  columns: [
    { field: 'nome', title: 'Nome', sortable: true, filter: 'text' },
    { field: 'apelido', title: 'Apelido', sortable: true },
    { field: 'documento', title: 'CPF/CNPJ', kind: 'documento', filter: 'text', width: 180 },
    { field: 'uf', title: 'UF', sortable: true, filter: 'select', filterOptions: UF_OPTIONS, width: 90 },
    { field: 'ativo', title: 'Situação', kind: 'bool', boolLabels: ['Ativa', 'Inativa'], filter: 'bool', width: 120 },
  ],
  schema: unidadeEmbarcadorInput,
  fields: [
    { name: 'nome', label: 'Nome' },
    { name: 'apelido', label: 'Apelido', span: 12 },
    { name: 'documento', label: 'CPF/CNPJ', kind: 'cpfCnpj', span: 12 },
    ...camposEndereco({ buscarCep: true }),
    { name: 'ativo', label: 'Ativa', kind: 'bool' },
  ],
  initialValues: { ativo: true },
});

export const transportadoresVinculados = defineResource<TransportadorVinculado>({
  key: 'embarcador-transportadores',
  path: '/meu-embarcador/transportadores',
  label: 'Transportadores vinculados',
  singular: 'Transportador vinculado',
  description: 'Transportadores que atendem o embarcador: veem suas cotações e ordens de coleta.',
  group: 'Cadastros',
  icon: <ShopOutlined />,
  menu: false,
  parent: DO_EMBARCADOR_ATIVO,
  tab: 'Transportadores',
  recurso: 'transportadores',
  api: '/embarcadores/:embarcadorAtivo/transportadores',
  operations: ['criar', 'excluir'],
  detail: false,
  createLabel: 'Vincular transportador',
  // The carriers register shows only carriers linked to the active shipper.
  invalidates: ['transportadores', 'transportadores-autonomos'],
  defaultSort: { field: 'nome', order: 'ASC' },
  columns: [
    { field: 'nome', title: 'Razão social', sortable: true, filter: 'text' },
    { field: 'nomeFantasia', title: 'Nome fantasia' },
    { field: 'cnpj', title: 'CNPJ', kind: 'documento', sortable: true, filter: 'text', width: 180 },
    { field: 'uf', title: 'UF', sortable: true, filter: 'select', filterOptions: UF_OPTIONS, width: 90 },
    { field: 'ativo', title: 'Situação', kind: 'bool', boolLabels: ['Ativo', 'Inativo'], width: 110 },
    { field: 'vinculadoEm', title: 'Vinculado em', kind: 'date', width: 130 },
  ],
  fields: [
    {
      name: 'transportadorUid',
      label: 'Transportador',
      kind: 'remoteSelect',
      required: true,
      help: 'Busque pelo nome ou CNPJ entre os transportadores cadastrados no Fretio.',
      remote: { api: '/transportadores/listaselecao-geral', search: 'q', label: (r) => String(r.label) },
    },
  ],
  afterSave: () => 'Transportador vinculado ao embarcador.',
  deleteAction: {
    label: 'Desvincular',
    confirm: (r) => `Desvincular o transportador "${r.nome}" deste embarcador?`,
    description: 'Ele deixa de ver as cotações e ordens de coleta deste embarcador. O cadastro dele continua no Fretio.',
    sucesso: 'Transportador desvinculado do embarcador.',
  },
});

/** Transitions of STATUS.usuario: a pending or refused pre-user may be approved; a pending one refused. */
const podeIrPara = (status: number, para: number) => !!STATUS.usuario.values.find((s) => s.value === status)?.next.includes(para);

export const preUsuarios = defineResource<PreUsuario>({
  key: 'embarcador-pre-usuarios',
  path: '/meu-embarcador/pre-usuarios',
  label: 'Pré-usuários de transportadores',
  singular: 'Pré-usuário',
  description: 'Usuários de transportadoras que pediram acesso a este embarcador.',
  group: 'Cadastros',
  icon: <ShopOutlined />,
  menu: false,
  parent: DO_EMBARCADOR_ATIVO,
  tab: 'Pré-usuários',
  recurso: 'transportadores',
  api: '/embarcadores/:embarcadorAtivo/pre-usuarios-transportador',
  operations: [],
  detail: false,
  // The API lists them all, pending first (no sorting or paging parameters).
  defaultSort: { field: 'status', order: 'ASC' },
  invalidates: ['embarcador-usuarios', 'embarcador-transportadores', 'transportadores'],
  columns: [
    { field: 'nome', title: 'Nome' },
    { field: 'login', title: 'Login' },
    { field: 'transportadorNome', title: 'Transportador' },
    { field: 'status', title: 'Situação', kind: 'status', statusKey: 'usuario', filter: 'select', width: 130 },
    { field: 'criadoEm', title: 'Pedido em', kind: 'dateTime', width: 150 },
    { field: 'decididoEm', title: 'Decidido em', kind: 'dateTime', width: 150 },
  ],
  fields: [],
  rowActions: [
    {
      key: 'aprovar',
      label: 'Aprovar',
      icon: <CheckOutlined />,
      acao: 'aprovar',
      show: (r) => podeIrPara(r.status, 2),
      confirm: (r) => `Aprovar o acesso de "${r.nome}" (${r.transportadorNome})?`,
      sucesso: (r) => `Acesso de ${r.nome} aprovado.`,
      run: (r, { base }) => apiPut(`${base}/${r.uid}`, { status: 2 }),
    },
    {
      key: 'recusar',
      label: 'Recusar',
      icon: <CloseOutlined />,
      acao: 'aprovar',
      danger: true,
      show: (r) => podeIrPara(r.status, 4),
      confirm: (r) => `Recusar o acesso de "${r.nome}" (${r.transportadorNome})?`,
      sucesso: (r) => `Acesso de ${r.nome} recusado.`,
      run: (r, { base }) => apiPut(`${base}/${r.uid}`, { status: 4 }),
    },
  ],
});
