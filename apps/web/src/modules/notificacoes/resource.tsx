import { CloudDownloadOutlined, NotificationOutlined, TeamOutlined } from '@ant-design/icons';
import {
  type GrupoNotificacao, type ParametroNotificacao, TIPOS_NOTIFICACAO, grupoNotificacaoInput, parametroNotificacaoInput, tipoNotificacao,
} from '@fretio/core';
import { App, Button } from 'antd';
import { apiPost } from '../../app/api.ts';
import { useMutacao } from '../../app/mutacoes.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import { usePode } from '../../app/perfil.ts';
import { RemoteSelect } from '../../resources/fields/RemoteSelect.tsx';
import { type FieldComponentProps, type RemoteOptions, defineResource } from '../../resources/types.ts';

// Notification groups and parameters of the active shipper (API /api/v1/grupo-notificacoes and
// /api/v1/parametro-notificacao): who receives each kind of the catalogue, in the app and/or by e-mail.

const nomes = (v: unknown) => ((v as { nome: string }[] | undefined) ?? []).map((x) => x.nome).join(', ') || '—';

/** A multiple Select over a list of the API (the users of the shipper, the groups). */
function SelecaoMultipla({ value, onChange, id, disabled, remote }: FieldComponentProps & { remote: RemoteOptions }) {
  return <RemoteSelect id={id} remote={remote} mode="multiple" disabled={disabled} value={(value as string[] | undefined) ?? []} onChange={(v) => onChange?.(v)} />;
}
const USUARIOS: RemoteOptions = { api: '/embarcadores/:embarcadorAtivo/usuarios', query: { ftr_statusUsuario: 2, ftr_tipoUsuario: 1 }, label: (r) => `${r.nome} (${r.login})` };
const GRUPOS: RemoteOptions = { api: '/grupo-notificacoes/lista', value: 'value', label: (r) => String(r.label) };
const SelecaoUsuarios = (p: FieldComponentProps) => <SelecaoMultipla {...p} remote={USUARIOS} />;
const SelecaoGrupos = (p: FieldComponentProps) => <SelecaoMultipla {...p} remote={GRUPOS} />;

export const gruposNotificacao = defineResource<GrupoNotificacao>({
  key: 'grupo-notificacoes',
  path: '/notificacoes/grupos',
  label: 'Grupos de notificação',
  singular: 'Grupo de notificação',
  description: 'Grupos de usuários do embarcador que recebem as notificações escolhidas nos parâmetros.',
  group: 'Administração',
  icon: <TeamOutlined />,
  recurso: 'notificacoes',
  api: '/grupo-notificacoes',
  invalidates: ['parametro-notificacao'],
  defaultSort: { field: 'nome', order: 'ASC' },
  columns: [
    { field: 'nome', title: 'Nome', sortable: true, filter: 'text' },
    { field: 'usuarios', title: 'Usuários', render: nomes },
    { field: 'ativo', title: 'Situação', kind: 'bool', boolLabels: ['Ativo', 'Inativo'], sortable: true, filter: 'bool', width: 120 },
  ],
  schema: grupoNotificacaoInput,
  fields: [
    { name: 'nome', label: 'Nome' },
    { name: 'descricao', label: 'Descrição', kind: 'textarea' },
    {
      name: 'usuarioUids',
      label: 'Usuários',
      kind: 'custom',
      component: SelecaoUsuarios,
    },
    { name: 'ativo', label: 'Ativo', kind: 'bool' },
  ],
  initialValues: { ativo: true, usuarioUids: [] },
  title: (r) => r.nome,
});

const destinoLabel = (v: unknown) => (v === 'transportador' ? 'Usuários da transportadora' : 'Usuários do embarcador');

function ImportarPadrao() {
  const { message } = App.useApp();
  const pode = usePode();
  const importar = useMutacao(() => apiPost<{ importados: number }>('/parametro-notificacao/import-from-global'), () => [queryKeys.resource('parametro-notificacao').all], {
    onSuccess: (r) => message.success(r.message),
    onError: (e) => message.error(e.message),
  });
  if (!pode('notificacoes', 'criar')) return null;
  return (
    <Button icon={<CloudDownloadOutlined />} loading={importar.isPending} onClick={() => importar.mutate(undefined)}>
      Importar padrão do produto
    </Button>
  );
}

export const parametrosNotificacao = defineResource<ParametroNotificacao>({
  key: 'parametro-notificacao',
  path: '/notificacoes/parametros',
  label: 'Parâmetros de notificação',
  singular: 'Parâmetro de notificação',
  description:
    'Para cada tipo de notificação: quais grupos recebem e por onde (aplicativo, e-mail). Sem grupo, recebe quem tem a permissão do tipo; tipo sem parâmetro segue o padrão do produto.',
  group: 'Administração',
  icon: <NotificationOutlined />,
  recurso: 'notificacoes',
  api: '/parametro-notificacao',
  defaultSort: { field: 'tipo', order: 'ASC' },
  toolbar: ImportarPadrao,
  columns: [
    { field: 'tipoLabel', title: 'Tipo', sortable: 'tipo', filter: 'select', filterField: 'tipo', filterOptions: TIPOS_NOTIFICACAO.map((t) => ({ value: t.valor, label: t.label })) },
    { field: 'destino', title: 'Quem recebe', render: (v, r) => (v === 'transportador' ? destinoLabel(v) : r.grupos.length ? nomes(r.grupos) : 'Quem tem a permissão') },
    { field: 'app', title: 'Aplicativo', kind: 'bool', boolLabels: ['Sim', 'Não'], filter: 'bool', width: 110 },
    { field: 'email', title: 'E-mail', kind: 'bool', boolLabels: ['Sim', 'Não'], filter: 'bool', width: 100 },
    { field: 'ativo', title: 'Situação', kind: 'bool', boolLabels: ['Ativo', 'Inativo'], sortable: true, filter: 'bool', width: 110 },
  ],
  schema: parametroNotificacaoInput,
  fields: [
    { name: 'tipo', label: 'Tipo de notificação', kind: 'select', options: TIPOS_NOTIFICACAO.map((t) => ({ value: t.valor, label: t.label })) },
    {
      name: 'grupoUids',
      label: 'Grupos',
      help: 'Vazio: recebe quem tem a permissão do tipo.',
      kind: 'custom',
      component: SelecaoGrupos,
      visible: (v) => tipoNotificacao(String(v.tipo ?? ''))?.destino !== 'transportador',
    },
    { name: 'app', label: 'No aplicativo', kind: 'bool', span: 8 },
    { name: 'email', label: 'Por e-mail', kind: 'bool', span: 8 },
    { name: 'ativo', label: 'Ativo', kind: 'bool', span: 8 },
  ],
  initialValues: { app: true, email: false, ativo: true, grupoUids: [] },
  toInput: (v) => ({ ...v, grupoUids: tipoNotificacao(String(v.tipo ?? ''))?.destino === 'transportador' ? [] : (v.grupoUids ?? []) }),
  title: (r) => r.tipoLabel,
});
