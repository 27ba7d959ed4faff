import { ShoppingCartOutlined } from '@ant-design/icons';
import { type Pedido, formatarDinheiro, pedidoInput } from '@fretio/core';
import { apiGet } from '../../app/api.ts';
import { defineResource, } from '../../resources/types.ts';
import { formatarNumero } from '../produtos/numeros.ts';
import { campoMunicipioDaCarga, lugarDaCarga, statusOptions } from '../solicitacoesfrete/campos.tsx';
import { sobDemanda } from '../../resources/sobDemanda.tsx';

// Screens and dialogs of this module load on demand (resources/sobDemanda.tsx).
const AcoesPedido = sobDemanda(() => import('./AcoesPedido.tsx'), 'AcoesPedido');

// Orders (API /api/v1/documentos/pedidos): the ERP sales order before it is invoiced. Simulate the freight
// (ranked) and select one; a spot quotation when no table covers it; link the NF-e when it is issued.

export const pedidos = defineResource<Pedido>({
  key: 'pedidos',
  path: '/documentos/pedidos',
  label: 'Pedidos',
  singular: 'Pedido',
  description: 'Pedidos de venda antes da nota: simule o frete nas tabelas, escolha o transportador e vincule a NF-e quando for emitida.',
  group: 'Operação',
  icon: <ShoppingCartOutlined />,
  recurso: 'pedidos',
  api: '/documentos/pedidos',
  invalidates: ['cotacoesfrete'],
  defaultSort: { field: 'criadoEm', order: 'DESC' },
  columns: [
    { field: 'numero', title: 'Pedido', sortable: true, filter: 'text', width: 110 },
    { field: 'status', title: 'Status', kind: 'status', statusKey: 'pedido', filter: 'select', filterOptions: statusOptions('pedido'), sortable: true, width: 130 },
    { field: 'clienteNome', title: 'Cliente' },
    { field: 'origemMunicipioNome', title: 'Origem', render: (_v, r) => lugarDaCarga(r, 'origem') },
    { field: 'destinoMunicipioNome', title: 'Destino', render: (_v, r) => lugarDaCarga(r, 'destino') },
    { field: 'pesoKg', title: 'Peso (kg)', render: (v) => formatarNumero(v as number, 3), width: 110 },
    { field: 'valor', title: 'Valor (R$)', kind: 'money', sortable: true, width: 120 },
    { field: 'dataPrevista', title: 'Previsto', kind: 'date', sortable: true, filter: 'dateRange', width: 110 },
    {
      field: 'freteEsperado',
      title: 'Frete',
      width: 190,
      render: (_v, r) => (r.freteEsperado !== null ? `R$ ${formatarDinheiro(r.freteEsperado)} · ${r.transportadorNome ?? ''}` : (r.transportadorNome ?? '—')),
    },
    { field: 'nfeNumero', title: 'NF-e', width: 90, render: (v) => (v ? String(v) : '—') },
  ],
  schema: pedidoInput,
  fields: [
    { name: 'numero', label: 'Número do pedido', span: 8 },
    {
      name: 'clienteUid',
      label: 'Cliente',
      kind: 'remoteSelect',
      span: 16,
      remote: { api: '/pessoas/list', value: 'value', search: 'q', label: (r) => String(r.label), currentLabel: (r) => (r.clienteNome ? String(r.clienteNome) : null) },
    },
    { name: 'origemCep', label: 'CEP de origem', kind: 'cep', span: 8, help: 'CEP ou município' },
    campoMunicipioDaCarga('origemMunicipioIbge', 'Município de origem', 'origem'),
    { name: 'destinoCep', label: 'CEP de destino', kind: 'cep', span: 8, help: 'CEP ou município' },
    campoMunicipioDaCarga('destinoMunicipioIbge', 'Município de destino', 'destino'),
    { name: 'pesoKg', label: 'Peso (kg)', kind: 'number', span: 6 },
    { name: 'volumeM3', label: 'm³', kind: 'number', span: 6 },
    { name: 'valor', label: 'Valor (R$)', kind: 'money', span: 6 },
    { name: 'volumes', label: 'Volumes', kind: 'number', span: 6 },
    { name: 'dataPrevista', label: 'Embarque previsto', kind: 'date', span: 12 },
    {
      name: 'tipoVeiculoUid',
      label: 'Tipo de veículo',
      kind: 'remoteSelect',
      span: 12,
      remote: { api: '/tiposveiculo/list', value: 'value', label: (r) => String(r.label) },
    },
    { name: 'observacao', label: 'Observação', kind: 'textarea' },
  ],
  initialValues: { volumes: 0 },
  title: (r) => `Pedido ${r.numero}`,
  editavel: (r) => r.status !== 4,
  rowExtra: (r) => <AcoesPedido registro={r} />,
  rowActions: [
    {
      key: 'cotar',
      label: 'Gerar cotação',
      menu: true,
      show: (r) => !r.cotacaoUid && (r.status === 1 || r.status === 3),
      confirm: (r) => `Criar uma cotação de frete com a carga do pedido ${r.numero}?`,
      sucesso: () => 'Cotação criada. Convide os transportadores na tela de cotações.',
      run: (r, { base }) => apiGet(`${base}/${r.uid}/gerar-cotacao`),
    },
  ],
  deleteAction: { label: 'Excluir', show: (r) => r.status === 1 },
});
