import { AuditOutlined, ControlOutlined, FileDoneOutlined, ReloadOutlined, RollbackOutlined } from '@ant-design/icons';
import { type Auditoria, condicaoPagamentoInput, toleranciaAuditoriaInput } from '@fretio/core';
import { api } from '../../app/api.ts';
import { defineResource } from '../../resources/types.ts';
import { transportadorRemote } from '../prazosentrega/resource.tsx';
import { DiasParcelas } from './DiasParcelas.tsx';
import { sobDemanda } from '../../resources/sobDemanda.tsx';

// Screens and dialogs of this module load on demand (resources/sobDemanda.tsx).
const LinhasAuditoria = sobDemanda(() => import('./LinhasAuditoria.tsx'), 'LinhasAuditoria');

// Freight audit screens: the audit list (green Aprovada, red Divergente, yellow Sem cálculo) with the
// side-by-side lines in the expanded row, the tolerances, and the payment conditions of invoices.

type LinhaAuditoria = Auditoria & Record<string, unknown>;

export const auditorias = defineResource<LinhaAuditoria>({
  key: 'auditorias',
  path: '/auditorias',
  label: 'Auditoria de frete',
  singular: 'Auditoria',
  description: 'Cada CT-e comparado com o cálculo (cotação, simulação ou tabela). Expanda uma linha para ver item a item.',
  group: 'Documentos',
  icon: <AuditOutlined />,
  recurso: 'auditorias',
  api: '/auditorias',
  operations: [],
  detail: false,
  defaultSort: { field: 'emissao', order: 'DESC' },
  columns: [
    { field: 'emissao', title: 'Emissão', kind: 'dateTime', sortable: true, filter: 'dateRange', width: 150 },
    { field: 'numeroCte', title: 'CT-e', sortable: true, width: 110, render: (_v, r) => `${r.numeroCte}/${r.serieCte}` },
    { field: 'transportadorNome', title: 'Transportador', sortable: true },
    { field: 'status', title: 'Resultado', kind: 'status', statusKey: 'auditoria', sortable: true, filter: 'select', width: 140 },
    { field: 'fonte', title: 'Fonte', width: 110, render: (v) => ({ SPOT: 'Cotação', SIMULACAO: 'Simulação', TABELA: 'Tabela' })[String(v)] ?? '—' },
    { field: 'valorCobrado', title: 'Cobrado', kind: 'money', sortable: true, width: 130 },
    { field: 'valorEsperado', title: 'Calculado', kind: 'money', width: 130 },
    { field: 'diferenca', title: 'Diferença', kind: 'money', sortable: true, width: 130 },
  ],
  fields: [],
  expandable: (r) => <LinhasAuditoria auditoria={r} />,
  rowActions: [
    {
      key: 'reauditar', label: 'Re-auditar', icon: <ReloadOutlined />,
      show: (r) => r.status === 1 || r.status === 2 || r.status === 3,
      run: (r, { base }) => api(`${base}/${r.uid}/reauditar`, { method: 'PUT' }),
    },
    {
      key: 'reabrir', label: 'Reabrir', icon: <RollbackOutlined />, acao: 'aprovar', menu: true,
      show: (r) => r.status === 4,
      confirm: () => 'Reabrir a auditoria aceita? O lançamento na conta corrente é estornado e o CT-e é comparado de novo.',
      run: (r, { base }) => api(`${base}/${r.uid}/reabrir`, { method: 'PUT' }),
    },
  ],
  title: (r) => `CT-e ${r.numeroCte}/${r.serieCte}`,
});

export const toleranciasAuditoria = defineResource({
  key: 'tolerancias-auditoria',
  path: '/tolerancias-auditoria',
  label: 'Tolerâncias da auditoria',
  singular: 'Tolerância',
  description: 'Quanto um CT-e pode passar (ou ficar abaixo) do calculado e ainda ser aprovado: por transportador e/ou componente, em % e/ou R$.',
  group: 'Fretes',
  icon: <ControlOutlined />,
  recurso: 'tolerancias-auditoria',
  api: '/tolerancias-auditoria',
  invalidates: ['auditorias'],
  defaultSort: { field: 'criadoEm', order: 'ASC' },
  columns: [
    { field: 'transportadorNome', title: 'Transportador', render: (v) => (v ? String(v) : 'Todos') },
    { field: 'componente', title: 'Componente', render: (v) => (v ? String(v) : 'Total e demais') },
    { field: 'percentualAcima', title: '% acima', width: 100 },
    { field: 'valorAcima', title: 'R$ acima', kind: 'money', width: 110 },
    { field: 'percentualAbaixo', title: '% abaixo', width: 100 },
    { field: 'valorAbaixo', title: 'R$ abaixo', kind: 'money', width: 110 },
    { field: 'aceitarAbaixo', title: 'Aceita abaixo', kind: 'bool', boolLabels: ['Sim', 'Não'], width: 120 },
  ],
  schema: toleranciaAuditoriaInput,
  fields: [
    { name: 'transportadorUid', label: 'Transportador (vazio = todos)', kind: 'remoteSelect', remote: transportadorRemote, required: false, span: 12 },
    { name: 'componente', label: 'Componente (código; vazio = total)', span: 12 },
    { name: 'percentualAcima', label: '% acima', kind: 'number', span: 6 },
    { name: 'valorAcima', label: 'R$ acima', kind: 'money', span: 6 },
    { name: 'percentualAbaixo', label: '% abaixo', kind: 'number', span: 6 },
    { name: 'valorAbaixo', label: 'R$ abaixo', kind: 'money', span: 6 },
    { name: 'aceitarAbaixo', label: 'Aceitar automaticamente cobrança abaixo', kind: 'bool' },
  ],
  initialValues: { aceitarAbaixo: false },
  title: () => 'Tolerância',
});

export const condicoesPagamento = defineResource({
  key: 'condicao-pagamento',
  path: '/condicoes-pagamento',
  label: 'Condições de pagamento',
  singular: 'Condição de pagamento',
  description: 'Parcelas das faturas em dias da emissão ou da validação; vencimentos em dia útil.',
  group: 'Cadastros',
  icon: <FileDoneOutlined />,
  recurso: 'condicao-pagamento',
  api: '/fatura/condicao-pagamento',
  defaultSort: { field: 'nome', order: 'ASC' },
  columns: [
    { field: 'nome', title: 'Nome', sortable: true, filter: 'text' },
    { field: 'descricao', title: 'Parcelas' },
    { field: 'ativo', title: 'Situação', kind: 'bool', boolLabels: ['Ativa', 'Inativa'], filter: 'bool', width: 120 },
  ],
  schema: condicaoPagamentoInput,
  fields: [
    { name: 'nome', label: 'Nome', span: 12 },
    { name: 'base', label: 'Os dias contam da', kind: 'select', options: [{ value: 'EMISSAO', label: 'Emissão da fatura' }, { value: 'VALIDACAO', label: 'Validação da fatura' }], span: 12 },
    { name: 'parcelas', label: 'Dias das parcelas', kind: 'custom', component: DiasParcelas, span: 24 },
    { name: 'ativo', label: 'Ativa', kind: 'bool' },
  ],
  initialValues: { ativo: true, base: 'EMISSAO' },
  title: (r) => String(r.nome),
});
