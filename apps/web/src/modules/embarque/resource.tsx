import { AppstoreOutlined, FileSearchOutlined, FileTextOutlined, HistoryOutlined, InboxOutlined } from '@ant-design/icons';
import { ACOES_EMBARQUE, type AcaoEmbarque, type Embarque, acaoProibida, cargaNfeInput, embarqueInput, formatarDinheiro } from '@fretio/core';
import { Link } from 'react-router';
import { apiPut } from '../../app/api.ts';
import { type ColumnDef, defineResource } from '../../resources/types.ts';
import { formatarNumero } from '../produtos/numeros.ts';
import { campoMunicipioDaCarga, camposNfe, colunasNfe, lugarDaCarga, recursoProdutosDaCarga, statusOptions } from '../solicitacoesfrete/campos.tsx';
import { sobDemanda, telaSobDemanda } from '../../resources/sobDemanda.tsx';

// Screens and dialogs of this module load on demand (resources/sobDemanda.tsx).
const AcoesEmbarque = sobDemanda(() => import('./Detalhe.tsx'), 'AcoesEmbarque');
const DetalheEmbarquePage = telaSobDemanda(() => import('./Detalhe.tsx'), 'DetalheEmbarquePage');
const HistoricoEmbarquePage = telaSobDemanda(() => import('./Detalhe.tsx'), 'HistoricoEmbarquePage');

// Shipments (API /api/v1/embarque): NF-es grouped for one trip, with the carrier and the agreed freight
// (from the approved quotation). The detail shows the NF-es, the quotation and the pickup order made from
// it, and generates them ("Gerar cotação", "Gerar ordem de coleta") when the shipment allows.

const DO_EMBARQUE = { key: 'embarque', param: 'uid' };
const pode = (r: Embarque, acao: AcaoEmbarque) => acaoProibida('embarque', ACOES_EMBARQUE, r.status, acao) === null;

const colunas: ColumnDef<Embarque>[] = [
  { field: 'numero', title: 'Nº', sortable: true, filter: 'text', width: 80, render: (v, r) => <Link to={`/embarque/${r.uid}/detalhe`}>{String(v)}</Link> },
  { field: 'status', title: 'Status', kind: 'status', statusKey: 'embarque', filter: 'select', filterOptions: statusOptions('embarque'), sortable: true, width: 130 },
  { field: 'transportadorNome', title: 'Transportador', render: (v) => (v ? String(v) : '—') },
  { field: 'origemMunicipioNome', title: 'Origem', render: (_v, r) => lugarDaCarga(r, 'origem') },
  { field: 'destinoMunicipioNome', title: 'Destino', render: (_v, r) => lugarDaCarga(r, 'destino') },
  { field: 'dataEmbarque', title: 'Embarque', kind: 'date', sortable: true, filter: 'dateRange', width: 120 },
  { field: 'quantidadeNfes', title: 'NF-es', width: 80 },
  { field: 'pesoTotalKg', title: 'Peso (kg)', render: (v) => formatarNumero(v as number, 3), width: 110 },
  { field: 'valorTotal', title: 'Valor (R$)', kind: 'money', width: 120 },
  { field: 'freteAcordado', title: 'Frete acordado', render: (v) => (v === null ? '—' : `R$ ${formatarDinheiro(v as number)}`), width: 140 },
  {
    field: 'cotacaoNumero',
    title: 'Cotação',
    width: 100,
    render: (v, r) => (r.cotacaoUid ? <Link to={`/cotacoesfrete/${r.cotacaoUid}/transportadores`}>nº {String(v)}</Link> : '—'),
  },
  {
    field: 'ordemColetaNumero',
    title: 'Ordem de coleta',
    width: 130,
    render: (v, r) => (r.ordemColetaUid ? <Link to={`/ordenscoleta/${r.ordemColetaUid}/produtos`}>nº {String(v)}</Link> : '—'),
  },
];

export const embarques = defineResource<Embarque>({
  key: 'embarque',
  path: '/embarque',
  label: 'Embarques',
  singular: 'Embarque',
  description: 'NF-es agrupadas numa viagem: gere a cotação ou a ordem de coleta, marque como embarcado e conclua.',
  group: 'Operação',
  icon: <InboxOutlined />,
  recurso: 'embarque',
  api: '/embarque',
  invalidates: ['embarque-historico', 'cotacoesfrete', 'ordenscoleta'],
  defaultSort: { field: 'numero', order: 'DESC' },
  columns: colunas,
  schema: embarqueInput,
  fields: [
    { name: 'origemCep', label: 'CEP de origem', kind: 'cep', span: 8, help: 'CEP ou município' },
    campoMunicipioDaCarga('origemMunicipioIbge', 'Município de origem', 'origem'),
    { name: 'destinoCep', label: 'CEP de destino', kind: 'cep', span: 8, help: 'CEP ou município' },
    campoMunicipioDaCarga('destinoMunicipioIbge', 'Município de destino', 'destino'),
    {
      name: 'transportadorUid',
      label: 'Transportador',
      kind: 'remoteSelect',
      span: 12,
      help: 'Com uma cotação aprovada, fica o vencedor dela.',
      remote: {
        api: '/transportadores/listaselecao-usuario',
        value: 'value',
        search: 'q',
        label: (r) => String(r.label),
        currentLabel: (r) => (r.transportadorNome ? String(r.transportadorNome) : null),
      },
    },
    {
      name: 'tipoVeiculoUid',
      label: 'Tipo de veículo',
      kind: 'remoteSelect',
      span: 12,
      remote: { api: '/tiposveiculo/list', value: 'value', label: (r) => String(r.label), currentLabel: (r) => (r.tipoVeiculoNome ? String(r.tipoVeiculoNome) : null) },
    },
    { name: 'dataEmbarque', label: 'Data de embarque', kind: 'date', span: 12 },
    { name: 'observacao', label: 'Observação', kind: 'textarea' },
  ],
  title: (r) => `Embarque ${r.numero}`,
  editavel: (r) => r.status === 1,
  rowActions: [
    {
      key: 'embarcado',
      label: ACOES_EMBARQUE.embarcado.label,
      show: (r) => pode(r, 'embarcado'),
      confirm: (r) => `Marcar o embarque ${r.numero} como embarcado? As NF-es não mudam mais.`,
      run: (r, { base }) => apiPut(`${base}/${r.uid}/embarcado`),
    },
    {
      key: 'concluir',
      label: ACOES_EMBARQUE.concluir.label,
      show: (r) => pode(r, 'concluir'),
      confirm: (r) => `Concluir o embarque ${r.numero}?`,
      run: (r, { base }) => apiPut(`${base}/${r.uid}/concluir`),
    },
  ],
  rowExtra: (r) => <AcoesEmbarque registro={r} />,
  deleteAction: { label: 'Excluir', show: (r) => r.status === 1 },
});

export const embarqueDetalhe = defineResource({
  key: 'embarque-detalhe',
  path: '/embarque/:uid/detalhe',
  label: 'Detalhes',
  singular: 'Embarque',
  group: 'Operação',
  icon: <FileSearchOutlined />,
  menu: false,
  parent: { ...DO_EMBARQUE, rowLink: true },
  recurso: 'embarque',
  api: '/embarque/:uid',
  defaultSort: { field: 'numero', order: 'ASC' },
  columns: [],
  fields: [],
  page: DetalheEmbarquePage,
});

export const embarqueNfes = defineResource({
  key: 'embarque-nfes',
  path: '/embarque/:uid/nfes',
  label: 'NF-es',
  singular: 'NF-e',
  group: 'Operação',
  icon: <FileTextOutlined />,
  menu: false,
  parent: DO_EMBARQUE,
  recurso: 'embarque',
  api: '/embarque/:uid/nfes',
  operations: ['criar', 'excluir'],
  invalidates: ['embarque'],
  defaultSort: { field: 'numero', order: 'ASC' },
  columns: colunasNfe,
  schema: cargaNfeInput,
  fields: camposNfe,
  initialValues: { serie: 1, volumes: 0 },
  title: (r) => `NF-e ${r.numero}`,
});

// The goods of the shipment (product, quantity, weight, m³, value): its totals while it has no NF-e yet,
// copied from the quotation it comes from and into the quotation/pickup order it generates.
export const embarqueProdutos = recursoProdutosDaCarga({ raiz: 'embarque', parent: DO_EMBARQUE, label: 'Produtos', singular: 'Produto', icon: <AppstoreOutlined /> });

export const embarqueHistorico = defineResource({
  key: 'embarque-historico',
  path: '/embarque/:uid/historico',
  label: 'Histórico',
  singular: 'Evento',
  group: 'Operação',
  icon: <HistoryOutlined />,
  menu: false,
  parent: DO_EMBARQUE,
  recurso: 'embarque',
  api: '/embarque/:uid/historico',
  defaultSort: { field: 'em', order: 'ASC' },
  columns: [],
  fields: [],
  page: HistoricoEmbarquePage,
});
