import { BankOutlined, CheckCircleOutlined, DollarOutlined, RollbackOutlined, WalletOutlined } from '@ant-design/icons';
import { faturaInput, faturaUpdate, formatarData, formatarDinheiro, RECURSO_TODOS, TIPO_USUARIO } from '@fretio/core';
import { api } from '../../app/api.ts';
import { defineResource } from '../../resources/types.ts';
import { transportadorRemote } from '../prazosentrega/resource.tsx';
import { CtesFatura } from './CtesFatura.tsx';
import type { Fatura } from './tipos.ts';
import { sobDemanda, telaSobDemanda } from '../../resources/sobDemanda.tsx';

// Screens and dialogs of this module load on demand (resources/sobDemanda.tsx).
const ContaCorrentePage = telaSobDemanda(() => import('./ContaCorrentePage.tsx'), 'ContaCorrentePage');
const DetalheFatura = sobDemanda(() => import('./DetalheFatura.tsx'), 'DetalheFatura');
const PagamentoFatura = sobDemanda(() => import('./PagamentoFatura.tsx'), 'PagamentoFatura');
const SaldosTransportadorPage = telaSobDemanda(() => import('./SaldosTransportadorPage.tsx'), 'SaldosTransportadorPage');

// Invoices (fatura): list with status tags, the form that picks the CT-es from those that may be
// invoiced, the expanded row with the CT-es and totals, and validate / reopen / payment-date actions.
// Carrier users (fatura: ler) see their own invoices, read-only. The carrier's running balance beside.

export const faturas = defineResource<Fatura>({
  key: 'fatura',
  path: '/faturas',
  label: 'Faturas',
  singular: 'Fatura',
  description: 'A cobrança do transportador: CT-es aprovados ou aceitos na auditoria; validada, vai a pagamento.',
  descricaoTransportador: 'As faturas da sua transportadora ao embarcador: CT-es aprovados ou aceitos na auditoria; validada, vai a pagamento.',
  group: 'Documentos',
  icon: <DollarOutlined />,
  recurso: 'fatura',
  api: '/fatura',
  defaultSort: { field: 'emissao', order: 'DESC' },
  invalidates: ['conta-corrente'],
  columns: [
    { field: 'numero', title: 'Número', sortable: true, filter: 'text', width: 130 },
    { field: 'transportadorNome', title: 'Transportador', sortable: true },
    { field: 'emissao', title: 'Emissão', kind: 'date', sortable: true, filter: 'dateRange', width: 120 },
    { field: 'vencimento', title: 'Vencimento', kind: 'date', sortable: true, filter: 'dateRange', width: 120 },
    { field: 'quantidadeCtes', title: 'CT-es', width: 80 },
    { field: 'valor', title: 'Valor', kind: 'money', sortable: true, width: 130 },
    { field: 'status', title: 'Status', kind: 'status', statusKey: 'fatura', sortable: true, filter: 'select', width: 120 },
    { field: 'dataPagamento', title: 'Pagamento', kind: 'date', width: 120 },
  ],
  schema: faturaInput,
  updateSchema: faturaUpdate,
  fields: [
    { name: 'transportadorUid', label: 'Transportador', kind: 'remoteSelect', remote: transportadorRemote, span: 12 },
    {
      name: 'unidadeTransportadorUid', label: 'Unidade (opcional)', kind: 'remoteSelect', required: false, span: 12,
      remote: { api: '/transportadores/transportadores-unidades', label: (r) => String(r.apelido || r.nome), currentLabel: (r) => (r.unidadeNome ? String(r.unidadeNome) : null),
        dependsOn: { field: 'transportadorUid', param: 'ftr_transportadorUid' } },
    },
    {
      name: 'preFaturaUid', label: 'Pré-fatura liberada (opcional)', kind: 'remoteSelect', required: false, span: 24, createOnly: true,
      help: 'Sem CT-es marcados abaixo, a fatura leva os CT-es da pré-fatura.',
      remote: { api: '/fatura/pre-fatura', query: { ftr_status: 2, pps: 100 }, dependsOn: { field: 'transportadorUid', param: 'ftr_transportadorUid' },
        label: (r) => `${formatarData(String(r.criadoEm))} · ${r.quantidadeCtes} CT-e(s) · R$ ${formatarDinheiro(r.valorTotal as number)}` },
    },
    { name: 'numero', label: 'Número da fatura', span: 8 },
    { name: 'emissao', label: 'Emissão', kind: 'date', span: 8 },
    { name: 'vencimento', label: 'Vencimento', kind: 'date', required: false, span: 8, help: 'Vazio: sai da condição de pagamento (dia útil).' },
    {
      name: 'condicaoPagamentoUid', label: 'Condição de pagamento', kind: 'remoteSelect', required: false, span: 12,
      remote: { api: '/fatura/condicao-pagamento/list', value: 'value', label: (r) => String(r.label), currentLabel: (r) => (r.condicaoPagamentoNome ? String(r.condicaoPagamentoNome) : null) },
    },
    { name: 'valorDesconto', label: 'Desconto da conta corrente', kind: 'money', required: false, span: 6 },
    { name: 'valor', label: 'Valor da fatura', kind: 'money', span: 6 },
    { name: 'cteUids', label: 'CT-es da fatura', kind: 'custom', component: CtesFatura, required: false, span: 24 },
    { name: 'observacao', label: 'Observação', kind: 'textarea', span: 24 },
  ],
  createLabel: 'Nova fatura',
  formSize: 900,
  toForm: (r) => ({ ...r }),
  editavel: (r) => r.status === 1,
  expandable: (r) => <DetalheFatura fatura={r} />,
  rowActions: [
    {
      key: 'validar', label: 'Validar', icon: <CheckCircleOutlined />, acao: 'aprovar',
      show: (r) => r.status === 1,
      run: (r) => api(`/fatura/validar/${r.uid}`),
    },
    {
      key: 'reabrir', label: 'Reabrir', icon: <RollbackOutlined />, acao: 'aprovar', menu: true,
      show: (r) => r.status === 2,
      confirm: (r) => `Reabrir a fatura ${r.numero}? O desconto da conta corrente é estornado.`,
      run: (r) => api(`/fatura/reabrir/${r.uid}`),
    },
  ],
  deleteAction: { label: 'Excluir', show: (r) => r.status === 1 },
  rowExtra: (r) => <PagamentoFatura fatura={r} />,
  title: (r) => `Fatura ${r.numero}`,
});

export const contaCorrente = defineResource({
  key: 'conta-corrente',
  path: '/conta-corrente',
  label: 'Conta corrente dos transportadores',
  singular: 'Lançamento',
  description: 'Divergências aceitas na auditoria e descontos nas faturas; o saldo é sugerido como desconto na próxima fatura.',
  descricaoTransportador: 'As divergências aceitas na auditoria dos seus CT-es e os descontos nas suas faturas; o saldo entra como desconto na próxima fatura.',
  group: 'Documentos',
  icon: <WalletOutlined />,
  recurso: 'fatura',
  api: '/fatura/conta-corrente',
  operations: [],
  detail: false,
  columns: [],
  fields: [],
  defaultSort: { field: 'data', order: 'DESC' },
  page: ContaCorrentePage,
});

/** A carrier user's balances with every shipper that works with it (menu of carrier users only). */
export const saldosTransportador = defineResource({
  key: 'saldos-transportador',
  path: '/saldos-por-embarcador',
  label: 'Saldos por embarcador',
  singular: 'Saldo',
  description: 'O que cada embarcador deve à sua transportadora: pré-faturas liberadas, faturas a receber, pagas e a conta corrente.',
  group: 'Documentos',
  icon: <BankOutlined />,
  recurso: RECURSO_TODOS,
  tiposUsuario: [TIPO_USUARIO.TRANSPORTADOR],
  api: '/fatura/transportador/saldos',
  operations: [],
  detail: false,
  columns: [],
  fields: [],
  defaultSort: { field: 'embarcadorNome', order: 'ASC' },
  page: SaldosTransportadorPage,
});
