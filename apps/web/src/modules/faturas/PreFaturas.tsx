import { CloseCircleOutlined, FileSearchOutlined, SendOutlined } from '@ant-design/icons';
import { formatarData, formatarDinheiro, type preFatura, type preFaturaCte, preFaturaInput, statusDef, TIPO_USUARIO, type z } from '@fretio/core';
import { useQuery } from '@tanstack/react-query';
import { Table, Tag } from 'antd';
import { api, apiGet, type ListPage } from '../../app/api.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import { type ColumnDef, defineResource } from '../../resources/types.ts';
import { transportadorRemote } from '../prazosentrega/resource.tsx';
import { AuditoriasPreFatura } from './AuditoriasPreFatura.tsx';

// Pre-invoices: the approved/accepted CT-es of a carrier grouped by the audit (automatic) or the schedule;
// released (liberar) they go to the carrier and may become an invoice; cancelled, their CT-es return to the pool.
// "Nova pré-fatura" builds one by hand from the carrier's approved CT-es. Carrier users have their own
// read-only list (every shipper that links them, released ones only).

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

const colunas: ColumnDef<PreFatura>[] = [
  { field: 'criadoEm', title: 'Criada em', kind: 'dateTime', sortable: true, filter: 'dateRange', width: 150 },
  { field: 'transportadorNome', title: 'Transportador', sortable: true },
  { field: 'quantidadeCtes', title: 'CT-es', width: 80 },
  { field: 'valorTotal', title: 'Valor', kind: 'money', sortable: true, width: 130 },
  { field: 'automatica', title: 'Origem', width: 110, render: (v) => (v ? 'Automática' : 'Manual') },
  { field: 'status', title: 'Status', kind: 'status', statusKey: 'preFatura', sortable: true, filter: 'select', width: 120 },
];

export const preFaturas = defineResource<PreFatura>({
  key: 'pre-fatura',
  path: '/pre-faturas',
  label: 'Pré-faturas',
  singular: 'Pré-fatura',
  description: 'CT-es aprovados ou aceitos na auditoria, agrupados por transportador; liberada, vai ao transportador e pode virar fatura.',
  group: 'Documentos',
  icon: <FileSearchOutlined />,
  recurso: 'pre-fatura',
  tiposUsuario: [TIPO_USUARIO.EMBARCADOR, TIPO_USUARIO.ADMIN],
  api: '/fatura/pre-fatura',
  operations: ['criar'],
  detail: false,
  invalidates: ['fatura', 'auditorias'],
  defaultSort: { field: 'criadoEm', order: 'DESC' },
  columns: colunas,
  schema: preFaturaInput,
  fields: [
    { name: 'transportadorUid', label: 'Transportador', kind: 'remoteSelect', remote: transportadorRemote, span: 12 },
    {
      name: 'unidadeTransportadorUid', label: 'Unidade (opcional)', kind: 'remoteSelect', required: false, span: 12,
      remote: { api: '/transportadores/transportadores-unidades', label: (r) => String(r.apelido || r.nome), dependsOn: { field: 'transportadorUid', param: 'ftr_transportadorUid' } },
    },
    { name: 'auditoriaUids', label: 'CT-es aprovados ainda não faturados', kind: 'custom', component: AuditoriasPreFatura, span: 24 },
    { name: 'observacao', label: 'Observação', kind: 'textarea', required: false, span: 24 },
  ],
  createLabel: 'Nova pré-fatura',
  formSize: 900,
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

/** The carrier user's own list: its released pre-invoices in every shipper that links it (read only). */
export const preFaturasTransportador = defineResource<PreFatura>({
  key: 'pre-fatura-transportador',
  path: '/minhas-pre-faturas',
  label: 'Pré-faturas recebidas',
  singular: 'Pré-fatura',
  description: 'As pré-faturas que os embarcadores liberaram para a sua transportadora, com os CT-es de cada uma.',
  group: 'Documentos',
  icon: <FileSearchOutlined />,
  recurso: 'pre-fatura',
  tiposUsuario: [TIPO_USUARIO.TRANSPORTADOR],
  api: '/fatura/pre-fatura',
  operations: [],
  detail: false,
  defaultSort: { field: 'criadoEm', order: 'DESC' },
  columns: [
    { field: 'embarcadorNome', title: 'Embarcador' },
    ...colunas.filter((c) => c.field !== 'transportadorNome' && c.field !== 'automatica').map((c) => (c.field === 'criadoEm' ? { ...c, field: 'liberadaEm', title: 'Liberada em', sortable: false, filter: undefined } : c)),
  ],
  fields: [],
  expandable: (r) => <CtesPreFatura p={r} />,
  title: (r) => `Pré-fatura de ${r.embarcadorNome ?? ''}`,
});
