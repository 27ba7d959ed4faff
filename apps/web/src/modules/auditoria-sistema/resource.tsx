import { AuditOutlined } from '@ant-design/icons';
import { RECURSOS } from '@fretio/core';
import { Tag, Typography } from 'antd';
import { sobDemanda } from '../../resources/sobDemanda.tsx';
import { defineResource, type Registro } from '../../resources/types.ts';
import { nomeDoAuditado } from './leitura.ts';

// The audit trail of the active shipper: who did what, when, to which record; read-only. An
// expanded row shows the record before and after as a field-by-field table.
type Auditoria = Registro & {
  recurso: string;
  registroUid: string;
  acao: string;
  usuarioNome: string | null;
  antes: unknown;
  depois: unknown;
  em: string;
};

/** Resources of the catalogue plus the other records the server audits. */
const RECURSO_LABEL: Record<string, string> = {
  ...Object.fromEntries(RECURSOS.map((r) => [r.codigo, r.nome])),
  'pre-usuarios': 'Pré-usuários de transportadores',
  perfil: 'Perfil do usuário',
};
const ACAO_AUDITORIA: Record<string, string> = {
  criar: 'Inclusão',
  alterar: 'Alteração',
  excluir: 'Exclusão',
  vincular: 'Vínculo',
  desvincular: 'Desvínculo',
  aprovar: 'Aprovação',
  recusar: 'Recusa',
  logo: 'Logotipo',
  certificado: 'Certificado digital',
  ativar: 'Ativação de conta',
  'redefinir-senha': 'Redefinição de senha',
  importar: 'Importação',
  'import-from-global': 'Importação do cadastro geral',
  copiar: 'Cópia',
  copiada: 'Cópia',
  duplicar: 'Duplicação',
  reajustar: 'Reajuste',
  reajustada: 'Reajuste',
  status: 'Mudança de status',
  cancelar: 'Cancelamento',
  confirmar: 'Confirmação',
  finish: 'Finalização',
  mover: 'Movimentação',
  reabrir: 'Reabertura',
  reauditar: 'Nova auditoria',
  reprocessar: 'Reprocessamento',
  'aceitar-auditoria': 'Aceite da auditoria',
  liberacaoitem: 'Liberação de item',
  'selecionar-calculo': 'Seleção de cálculo',
  pagamento: 'Pagamento',
  anexar: 'Inclusão de anexo',
  'excluir-anexo': 'Exclusão de anexo',
  convidar: 'Convite',
  'retirar-convite': 'Convite retirado',
  resposta: 'Resposta',
  reset: 'Redefinição',
  leitura: 'Leitura',
  'marcar-lidas': 'Marcadas como lidas',
  'receber-documentos': 'Recebimento de documentos',
};
/** An action no one named yet still reads as words ("enviar-lote" → "Enviar lote"), never as a code. */
const acaoLegivel = (a: string) => ACAO_AUDITORIA[a] ?? a.charAt(0).toUpperCase() + a.slice(1).replaceAll('-', ' ');
const ACAO_COR: Record<string, string> = { criar: 'success', alterar: 'processing', excluir: 'error', recusar: 'error' };

const opcoes = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));

/** The expanded row (labels, names, formats from the screens' declarations: leitura.ts), loaded on first use. */
const DiffAuditoria = sobDemanda(() => import('./Diff.tsx'), 'DiffAuditoria');

export const auditoriaSistema = defineResource<Auditoria>({
  key: 'auditoria-sistema',
  path: '/auditoria-sistema',
  label: 'Trilha de auditoria',
  singular: 'Registro de auditoria',
  description: 'Quem alterou o quê e quando no embarcador ativo. Expanda uma linha para ver o antes e o depois.',
  group: 'Administração',
  icon: <AuditOutlined />,
  recurso: 'auditoria-sistema',
  api: '/auditoria-sistema',
  operations: [],
  detail: false,
  defaultSort: { field: 'em', order: 'DESC' },
  columns: [
    { field: 'em', title: 'Em', kind: 'dateTime', sortable: true, filter: 'dateRange', width: 150 },
    {
      field: 'recurso',
      title: 'Recurso',
      sortable: true,
      filter: 'select',
      filterOptions: opcoes(RECURSO_LABEL),
      render: (v) => RECURSO_LABEL[String(v)] ?? String(v),
    },
    {
      field: 'acao',
      title: 'Ação',
      sortable: true,
      filter: 'select',
      filterOptions: opcoes(ACAO_AUDITORIA),
      width: 150,
      render: (v) => <Tag color={ACAO_COR[String(v)]}>{acaoLegivel(String(v))}</Tag>,
    },
    {
      field: 'usuarioNome',
      title: 'Usuário',
      render: (v) => (v ? String(v) : <Typography.Text type="secondary">Sistema</Typography.Text>),
    },
    {
      field: 'registroUid',
      title: 'Registro',
      width: 240,
      // The record by its name (from the entry itself), with the uid to copy.
      render: (v, r) => (
        <span>
          {nomeDoAuditado(r.antes, r.depois)}{' '}
          <Typography.Text type="secondary" copyable={{ text: String(v), tooltips: ['Copiar identificador', 'Copiado'] }} title={String(v)}>
            {String(v).slice(0, 8)}
          </Typography.Text>
        </span>
      ),
    },
  ],
  fields: [],
  expandable: (r) => <DiffAuditoria registro={r} />,
});
