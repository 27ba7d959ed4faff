import { FileSearchOutlined } from '@ant-design/icons';
import { Tag, Typography } from 'antd';
import { defineResource, type Registro } from '../../resources/types.ts';

// Integration and import log of the active shipper (read-only on screen; integrations write through POST /logs).
type Log = Registro & { nivel: 'info' | 'aviso' | 'erro'; origem: string; mensagem: string; detalhes: unknown; usuarioNome: string | null; criadoEm: string };

const NIVEL: Record<string, { label: string; color: string }> = {
  info: { label: 'Informação', color: 'blue' },
  aviso: { label: 'Aviso', color: 'warning' },
  erro: { label: 'Erro', color: 'error' },
};

export const logs = defineResource<Log>({
  key: 'logs',
  path: '/logs',
  label: 'Logs de integração',
  singular: 'Registro de log',
  description: 'O que as integrações e importações registraram. Expanda uma linha para ver os detalhes.',
  group: 'Administração',
  icon: <FileSearchOutlined />,
  recurso: 'logs',
  api: '/logs',
  operations: [],
  detail: false,
  defaultSort: { field: 'criadoEm', order: 'DESC' },
  columns: [
    { field: 'criadoEm', title: 'Em', kind: 'dateTime', sortable: true, filter: 'dateRange', width: 150 },
    {
      field: 'nivel',
      title: 'Nível',
      sortable: true,
      filter: 'select',
      filterOptions: Object.entries(NIVEL).map(([value, n]) => ({ value, label: n.label })),
      width: 130,
      render: (v) => <Tag color={NIVEL[String(v)]?.color}>{NIVEL[String(v)]?.label ?? String(v)}</Tag>,
    },
    { field: 'origem', title: 'Origem', sortable: true, filter: 'text', width: 180 },
    { field: 'mensagem', title: 'Mensagem', filter: 'text' },
    { field: 'usuarioNome', title: 'Usuário', render: (v) => (v ? String(v) : <Typography.Text type="secondary">Sistema</Typography.Text>) },
  ],
  fields: [],
  expandable: (r) =>
    r.detalhes ? (
      <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{JSON.stringify(r.detalhes, null, 2)}</pre>
    ) : (
      <Typography.Text type="secondary">Sem detalhes.</Typography.Text>
    ),
});
