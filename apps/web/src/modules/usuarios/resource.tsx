import { KeyOutlined, MailOutlined, TeamOutlined } from '@ant-design/icons';
import { USUARIO_STATUS, type UsuarioEmbarcador, usuarioEmbarcadorInput, usuarioEmbarcadorUpdate } from '@fretio/core';
import { apiPost } from '../../app/api.ts';
import { type Registro, type RowAction, defineResource } from '../../resources/types.ts';

// Users of the active shipper: a new login gets an account in 'Pendente' and an activation e-mail;
// the administrator edits role, unit and status, re-sends e-mails and removes the access.
type ComStatus = Registro & { nome: string; login: string; statusUsuario: number };

/** E-mail actions on any user of the active shipper (its own users and its carriers' users). */
export const acoesDeConta: RowAction<ComStatus>[] = [
  {
    key: 'reenviar-ativacao',
    label: 'Reenviar ativação',
    icon: <MailOutlined />,
    recurso: 'usuarios',
    menu: true,
    show: (r) => r.statusUsuario === USUARIO_STATUS.PENDENTE,
    confirm: (r) => `Reenviar o e-mail de ativação para ${r.login}?`,
    run: (r) => apiPost(`/usuarios/startrevalidacao/${r.uid}`),
  },
  {
    key: 'redefinir-senha',
    label: 'Enviar redefinição de senha',
    icon: <KeyOutlined />,
    recurso: 'usuarios',
    menu: true,
    show: (r) => r.statusUsuario === USUARIO_STATUS.ATIVO,
    confirm: (r) => `Enviar para ${r.login} um e-mail com o link de redefinição de senha?`,
    run: (r) => apiPost(`/usuarios/startresetpassword/${r.uid}`),
  },
];

/** The toast after creating a user: a new login (status Pendente) was sent the activation e-mail. */
export const mensagemUsuarioCriado = (r: { login: string; statusUsuario: number }, created: boolean) =>
  !created
    ? undefined
    : r.statusUsuario === USUARIO_STATUS.PENDENTE
      ? `Usuário incluído. O e-mail de ativação foi enviado para ${r.login}.`
      : `Usuário incluído: ${r.login} já tinha conta e passa a acessar este embarcador.`;

export const usuariosEmbarcador = defineResource<UsuarioEmbarcador>({
  key: 'embarcador-usuarios',
  path: '/meu-embarcador/usuarios',
  label: 'Usuários',
  singular: 'Usuário',
  description: 'Quem acessa o embarcador ativo, com qual papel e em qual unidade.',
  group: 'Acesso',
  icon: <TeamOutlined />,
  menu: false,
  parent: { key: 'embarcadores', param: 'embarcadorAtivo' },
  recurso: 'usuarios',
  api: '/embarcadores/:embarcadorAtivo/usuarios',
  defaultSort: { field: 'nome', order: 'ASC' },
  columns: [
    { field: 'nome', title: 'Nome', sortable: true, filter: 'text' },
    { field: 'login', title: 'Login', sortable: true, filter: 'text' },
    { field: 'statusUsuario', title: 'Situação', kind: 'status', statusKey: 'usuario', sortable: true, filter: 'select', width: 120 },
    { field: 'papelNome', title: 'Papel', sortable: true },
    { field: 'unidadeNome', title: 'Unidade' },
    { field: 'tipoUsuario', title: 'Tipo', kind: 'status', statusKey: 'tipoUsuario', width: 130 },
    { field: 'ativo', title: 'Acesso', kind: 'bool', boolLabels: ['Liberado', 'Bloqueado'], filter: 'bool', width: 110 },
    { field: 'ultimoLogin', title: 'Último acesso', kind: 'dateTime', sortable: true, width: 150 },
  ],
  schema: usuarioEmbarcadorInput,
  updateSchema: usuarioEmbarcadorUpdate,
  fields: [
    { name: 'nome', label: 'Nome', span: 14 },
    { name: 'apelido', label: 'Apelido', span: 10 },
    {
      name: 'login',
      label: 'Login (e-mail)',
      kind: 'email',
      createOnly: true,
      help: 'Um login novo recebe um e-mail para ativar a conta e definir a senha.',
    },
    {
      name: 'papelUid',
      label: 'Papel',
      kind: 'remoteSelect',
      remote: {
        api: '/papeis',
        query: { ftr_tipo: 1, ssf: 'nome' },
        label: (r) => String(r.nome),
        currentLabel: (r) => (r.papelNome ? String(r.papelNome) : null),
      },
    },
    {
      name: 'unidadeUid',
      label: 'Unidade',
      kind: 'remoteSelect',
      remote: {
        api: '/embarcadores/:embarcadorAtivo/unidades',
        query: { ftr_ativo: 'true', ssf: 'nome' },
        label: (r) => String(r.apelido || r.nome),
        currentLabel: (r) => (r.unidadeNome ? String(r.unidadeNome) : null),
      },
    },
    { name: 'statusUsuario', label: 'Situação', kind: 'status', statusKey: 'usuario', editOnly: true, required: true, span: 12 },
    {
      name: 'ativo',
      label: 'Acesso a este embarcador',
      kind: 'bool',
      editOnly: true,
      span: 12,
      help: 'Desligado, o usuário não entra neste embarcador.',
    },
  ],
  title: (r) => r.nome,
  afterSave: (r, { created }) => mensagemUsuarioCriado(r, created),
  rowActions: acoesDeConta as RowAction<UsuarioEmbarcador>[],
  deleteAction: {
    label: 'Remover acesso',
    confirm: (r) => `Remover o acesso de "${r.nome}" a este embarcador?`,
    description: 'A conta do usuário continua existindo; ele só deixa de acessar este embarcador.',
    sucesso: 'Acesso removido.',
    // Nobody removes their own access (the API refuses it too).
    show: (r, perfil) => r.uid !== perfil?.uid,
  },
});
