import { AuditOutlined } from '@ant-design/icons';
import { RECURSOS, formatarData } from '@fretio/core';
import { Empty, Table, Tag, Typography } from 'antd';
import { defineResource, type Registro } from '../../resources/types.ts';

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
};
const ACAO_COR: Record<string, string> = { criar: 'success', alterar: 'processing', excluir: 'error', recusar: 'error' };

const opcoes = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A value as a person reads it: dates in DD/MM/YYYY HH:mm, yes/no, lists and objects as compact JSON. */
export function valorLegivel(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Sim' : 'Não';
  if (typeof v === 'string') return ISO.test(v) ? formatarData(v, true) || v : v;
  if (typeof v === 'number') return String(v);
  return JSON.stringify(v);
}

type LinhaDiff = { campo: string; antes: unknown; depois: unknown; mudou: boolean };

export function diffLinhas(antes: unknown, depois: unknown): LinhaDiff[] {
  const a = (antes && typeof antes === 'object' ? antes : {}) as Record<string, unknown>;
  const d = (depois && typeof depois === 'object' ? depois : {}) as Record<string, unknown>;
  const campos = [...new Set([...Object.keys(a), ...Object.keys(d)])];
  // A creation or a deletion has one side only: nothing is "changed", the record is simply shown.
  const comparar = !!antes && !!depois;
  return campos.map((campo) => ({
    campo,
    antes: a[campo],
    depois: d[campo],
    mudou: comparar && JSON.stringify(a[campo] ?? null) !== JSON.stringify(d[campo] ?? null),
  }));
}

function Diff({ registro }: { registro: Auditoria }) {
  const linhas = diffLinhas(registro.antes, registro.depois);
  if (!linhas.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Sem dados de antes/depois." />;
  // Changed fields first: they are what the entry is about.
  linhas.sort((x, y) => Number(y.mudou) - Number(x.mudou));
  return (
    <Table<LinhaDiff>
      size="small"
      bordered
      pagination={false}
      rowKey="campo"
      data-testid="auditoria-diff"
      dataSource={linhas}
      onRow={(l) => ({ style: l.mudou ? { background: '#fffbe6' } : undefined })}
      columns={[
        {
          key: 'campo',
          title: 'Campo',
          width: 220,
          render: (_v, l) => (
            <span>
              <Typography.Text code>{l.campo}</Typography.Text> {l.mudou && <Tag color="orange">alterado</Tag>}
            </span>
          ),
        },
        { key: 'antes', title: 'Antes', render: (_v, l) => <Valor v={l.antes} riscado={l.mudou && registro.antes != null} /> },
        { key: 'depois', title: 'Depois', render: (_v, l) => <Valor v={l.depois} destaque={l.mudou} /> },
      ]}
    />
  );
}

function Valor({ v, riscado, destaque }: { v: unknown; riscado?: boolean; destaque?: boolean }) {
  return (
    <Typography.Text delete={riscado} strong={destaque} style={{ wordBreak: 'break-all' }}>
      {valorLegivel(v)}
    </Typography.Text>
  );
}

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
      render: (v) => <Tag color={ACAO_COR[String(v)]}>{ACAO_AUDITORIA[String(v)] ?? String(v)}</Tag>,
    },
    {
      field: 'usuarioNome',
      title: 'Usuário',
      render: (v) => (v ? String(v) : <Typography.Text type="secondary">Sistema</Typography.Text>),
    },
    {
      field: 'registroUid',
      title: 'Registro',
      width: 120,
      render: (v) => (
        <Typography.Text code copyable={{ text: String(v), tooltips: ['Copiar identificador', 'Copiado'] }} title={String(v)}>
          {String(v).slice(0, 8)}
        </Typography.Text>
      ),
    },
  ],
  fields: [],
  expandable: (r) => <Diff registro={r} />,
});
