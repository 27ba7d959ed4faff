import { CloseCircleOutlined, FileSearchOutlined, SendOutlined } from '@ant-design/icons';
import { formatarData, formatarDinheiro, type preFatura, type preFaturaCte, statusDef, type z } from '@fretio/core';
import { useQuery } from '@tanstack/react-query';
import { Table, Tag } from 'antd';
import { api, apiGet, type ListPage } from '../../app/api.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import { defineResource } from '../../resources/types.ts';

// Pre-invoices: the approved/accepted CT-es of a carrier grouped by the audit (automatic) or the schedule;
// released (liberar) they go to the carrier and may become an invoice; cancelled, their CT-es return to the pool.

type PreFatura = z.infer<typeof preFatura> & Record<string, unknown>;
type Cte = z.infer<typeof preFaturaCte>;

function CtesPreFatura({ p }: { p: PreFatura }) {
  const q = useQuery({
    queryKey: [...queryKeys.resource('pre-fatura').all, 'ctes', p.uid, p.atualizadoEm],
    queryFn: async () => (await apiGet<ListPage<Cte>>(`/fatura/pre-fatura/ctes-list/${p.uid}`)).data.data,
  });
  return (
    <Table<Cte> size="small" rowKey="auditoriaUid" loading={q.isLoading} dataSource={q.data ?? []} pagination={false}
      columns={[
        { title: 'CT-e', render: (_v, c) => `${c.numeroCte}/${c.serieCte}`, width: 110 },
        { title: 'Emissão', dataIndex: 'emissao', render: (v: string) => formatarData(v), width: 110 },
        { title: 'Auditoria', dataIndex: 'status', width: 120, render: (v: number) => <Tag color={statusDef('auditoria', v)?.color}>{statusDef('auditoria', v)?.label}</Tag> },
        { title: 'Calculado', dataIndex: 'valorEsperado', align: 'right', render: (v: number | null) => (v == null ? '—' : formatarDinheiro(v)), width: 130 },
        { title: 'Cobrado', dataIndex: 'valorCobrado', align: 'right', render: (v: number) => formatarDinheiro(v), width: 130 },
      ]} />
  );
}

export const preFaturas = defineResource<PreFatura>({
  key: 'pre-fatura',
  path: '/pre-faturas',
  label: 'Pré-faturas',
  singular: 'Pré-fatura',
  description: 'CT-es aprovados ou aceitos na auditoria, agrupados por transportador; liberada, vai ao transportador e pode virar fatura.',
  group: 'Documentos',
  icon: <FileSearchOutlined />,
  recurso: 'pre-fatura',
  api: '/fatura/pre-fatura',
  operations: [],
  detail: false,
  invalidates: ['fatura', 'auditorias'],
  defaultSort: { field: 'criadoEm', order: 'DESC' },
  columns: [
    { field: 'criadoEm', title: 'Criada em', kind: 'dateTime', sortable: true, filter: 'dateRange', width: 150 },
    { field: 'transportadorNome', title: 'Transportador', sortable: true },
    { field: 'quantidadeCtes', title: 'CT-es', width: 80 },
    { field: 'valorTotal', title: 'Valor', kind: 'money', sortable: true, width: 130 },
    { field: 'automatica', title: 'Origem', width: 110, render: (v) => (v ? 'Automática' : 'Manual') },
    { field: 'status', title: 'Status', kind: 'status', statusKey: 'preFatura', sortable: true, filter: 'select', width: 120 },
  ],
  fields: [],
  expandable: (r) => <CtesPreFatura p={r} />,
  rowActions: [
    {
      key: 'liberar', label: 'Liberar', icon: <SendOutlined />, acao: 'alterar',
      show: (r) => r.status === 1 && r.quantidadeCtes > 0,
      confirm: (r) => `Liberar a pré-fatura de ${r.transportadorNome ?? 'transportador'} (${r.quantidadeCtes} CT-e(s), R$ ${formatarDinheiro(r.valorTotal)})?`,
      run: (r) => api(`/fatura/pre-fatura/liberar/${r.uid}`),
    },
    {
      key: 'cancelar', label: 'Cancelar', icon: <CloseCircleOutlined />, acao: 'alterar', menu: true,
      show: (r) => r.status === 1 || r.status === 2,
      confirm: () => 'Cancelar a pré-fatura? Os CT-es voltam a ficar disponíveis.',
      run: (r) => api(`/fatura/pre-fatura/cancelar/${r.uid}`),
    },
  ],
  title: (r) => `Pré-fatura de ${r.transportadorNome ?? ''}`,
});
