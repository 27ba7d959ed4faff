import { FileAddOutlined, FileTextOutlined, HistoryOutlined, PaperClipOutlined, RollbackOutlined, SendOutlined, TruckOutlined } from '@ant-design/icons';
import { type OrdemColeta, TIPO_USUARIO, cargaNfeInput, cargaProdutoInput, ordemColetaInput } from '@fretio/core';
import { apiPut } from '../../app/api.ts';
import { type ColumnDef, defineResource } from '../../resources/types.ts';
import { Tag } from 'antd';
import { formatarData } from '@fretio/core';
import { camposCarga, camposNfe, camposProduto, colunasCarga, colunasNfe, colunasProduto, statusOptions } from '../solicitacoesfrete/campos.tsx';
import { sobDemanda, telaSobDemanda } from '../../resources/sobDemanda.tsx';

// Screens and dialogs of this module load on demand (resources/sobDemanda.tsx).
const AnexosOrdemPage = telaSobDemanda(() => import('./Abas.tsx'), 'AnexosOrdemPage');
const HistoricoOrdemPage = telaSobDemanda(() => import('./Abas.tsx'), 'HistoricoOrdemPage');
const AcoesOrdem = sobDemanda(() => import('./AcoesOrdem.tsx'), 'AcoesOrdem');
const LiberarItem = sobDemanda(() => import('./LiberarItem.tsx'), 'LiberarItem');

// Whether (and when) each item was released: a column, so it is seen without opening the row's menu.
const colunaLiberacao: ColumnDef = {
  field: 'liberadoEm',
  title: 'Liberação',
  render: (v) => (v ? <Tag color="success">Liberado {formatarData(String(v), true)}</Tag> : <Tag>Pendente</Tag>),
  width: 190,
};

// Pickup orders (API /api/v1/ordenscoleta). The shipper drafts the order (carrier, places, cargo),
// sends it for release, releases item by item on the Produtos/NF-es tabs — the last release sends
// it to the carrier — and follows the carrier's answer. A carrier user (portal) sees only the orders
// sent to its carrier and confirms (date, vehicle, driver) or refuses them.

const DA_ORDEM = { key: 'ordenscoleta', param: 'uid', rowLink: true };
const embarcador = (p: { tipoUsuario: number } | undefined) => p?.tipoUsuario !== TIPO_USUARIO.TRANSPORTADOR;

export const ordensColeta = defineResource<OrdemColeta>({
  key: 'ordenscoleta',
  path: '/ordenscoleta',
  label: 'Ordens de coleta',
  singular: 'Ordem de coleta',
  description: 'Ordens de coleta enviadas aos transportadores: libere os itens, envie, acompanhe a confirmação.',
  descricaoTransportador: 'As ordens de coleta que o embarcador enviou à sua transportadora: confirme a coleta ou recuse.',
  group: 'Operação',
  icon: <TruckOutlined />,
  recurso: 'ordenscoleta',
  api: '/ordenscoleta',
  invalidates: ['ordenscoleta-historico'],
  defaultSort: { field: 'numero', order: 'DESC' },
  columns: [
    { field: 'numero', title: 'Nº', sortable: true, width: 80 },
    { field: 'status', title: 'Status', kind: 'status', statusKey: 'ordemColeta', filter: 'select', filterOptions: statusOptions('ordemColeta'), sortable: true, width: 170 },
    { field: 'transportadorNome', title: 'Transportador' },
    ...colunasCarga<OrdemColeta>(),
    { field: 'itensLiberados', title: 'Liberados', render: (v, r) => `${v}/${r.itensTotal}`, width: 100 },
    {
      field: 'dataColetaPrevista',
      title: 'Coleta confirmada',
      kind: 'date',
      sortable: true,
      width: 140,
    },
  ],
  schema: ordemColetaInput,
  fields: [
    {
      name: 'transportadorUid',
      label: 'Transportador',
      kind: 'remoteSelect',
      remote: {
        api: '/transportadores/listaselecao-usuario',
        value: 'value',
        search: 'q',
        label: (r) => String(r.label),
        currentLabel: (r) => (r.transportadorNome ? String(r.transportadorNome) : null),
      },
    },
    ...camposCarga,
    { name: 'observacao', label: 'Observação', kind: 'textarea' },
  ],
  toInput: (v) => ({ ...v, cotacaoUid: v.cotacaoUid ?? null }),
  title: (r) => `Ordem de coleta ${r.numero}`,
  editavel: (r) => r.status === 1,
  rowActions: [
    {
      key: 'aguardar',
      label: 'Enviar para liberação',
      icon: <SendOutlined />,
      show: (r, p) => embarcador(p) && r.status === 1,
      confirm: (r) => `Enviar a ordem de coleta ${r.numero} para liberação? Depois, libere cada item nas abas Produtos e NF-es; o último liberado envia a ordem à transportadora.`,
      run: (r, { base }) => apiPut(`${base}/${r.uid}/atualizarstatus`, { status: 2 }),
    },
    {
      key: 'rascunho',
      label: 'Voltar para rascunho',
      icon: <RollbackOutlined />,
      show: (r, p) => embarcador(p) && r.status === 5,
      confirm: (r) => `Voltar a ordem de coleta ${r.numero} para rascunho, para enviá-la a outro transportador?`,
      run: (r, { base }) => apiPut(`${base}/${r.uid}/atualizarstatus`, { status: 1 }),
    },
  ],
  rowExtra: (r) => <AcoesOrdem registro={r} />,
});

export const ordemProdutos = defineResource({
  key: 'ordenscoleta-produtos',
  path: '/ordenscoleta/:uid/produtos',
  label: 'Produtos',
  singular: 'Produto',
  group: 'Operação',
  icon: <FileAddOutlined />,
  menu: false,
  parent: DA_ORDEM,
  recurso: 'ordenscoleta',
  api: '/ordenscoleta/:uid/produtos',
  invalidates: ['ordenscoleta'],
  defaultSort: { field: 'criadoEm', order: 'ASC' },
  columns: [...colunasProduto, colunaLiberacao],
  schema: cargaProdutoInput,
  fields: camposProduto,
  title: (r) => String(r.descricao),
  rowExtra: (r) => <LiberarItem item={r as { uid: string; liberadoEm?: string | null }} />,
});

export const ordemNfes = defineResource({
  key: 'ordenscoleta-nfes',
  path: '/ordenscoleta/:uid/nfes',
  label: 'NF-es',
  singular: 'NF-e',
  group: 'Operação',
  icon: <FileTextOutlined />,
  menu: false,
  parent: DA_ORDEM,
  recurso: 'ordenscoleta',
  api: '/ordenscoleta/:uid/nfes',
  operations: ['criar', 'excluir'],
  invalidates: ['ordenscoleta'],
  defaultSort: { field: 'numero', order: 'ASC' },
  columns: [...colunasNfe, colunaLiberacao],
  schema: cargaNfeInput,
  fields: camposNfe,
  initialValues: { serie: 1, volumes: 0 },
  title: (r) => `NF-e ${r.numero}`,
  rowExtra: (r) => <LiberarItem item={r as { uid: string; liberadoEm?: string | null }} />,
});

export const ordemAnexos = defineResource({
  key: 'ordenscoleta-anexos',
  path: '/ordenscoleta/:uid/anexos',
  label: 'Anexos',
  singular: 'Anexo',
  group: 'Operação',
  icon: <PaperClipOutlined />,
  menu: false,
  parent: DA_ORDEM,
  recurso: 'ordenscoleta',
  api: '/ordenscoleta/:uid/anexos',
  defaultSort: { field: 'nome', order: 'ASC' },
  columns: [],
  fields: [],
  page: AnexosOrdemPage,
});

export const ordemHistorico = defineResource({
  key: 'ordenscoleta-historico',
  path: '/ordenscoleta/:uid/historico',
  label: 'Histórico',
  singular: 'Evento',
  group: 'Operação',
  icon: <HistoryOutlined />,
  menu: false,
  parent: DA_ORDEM,
  recurso: 'ordenscoleta',
  api: '/ordenscoleta/:uid/historico',
  defaultSort: { field: 'em', order: 'ASC' },
  columns: [],
  fields: [],
  page: HistoricoOrdemPage,
});
