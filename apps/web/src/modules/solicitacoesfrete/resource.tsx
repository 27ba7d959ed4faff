import { FileTextOutlined, InboxOutlined, SendOutlined } from '@ant-design/icons';
import { type SolicitacaoFrete, cargaNfeInput, solicitacaoFreteInput } from '@fretio/core';
import { apiPost, apiPut } from '../../app/api.ts';
import { defineResource } from '../../resources/types.ts';
import { camposCarga, camposNfe, colunasCarga, colunasNfe, recursoProdutosDaCarga, statusOptions } from './campos.tsx';

// Freight requests (API /api/v1/solicitacoesfrete): the request, its cargo lines and NF-es as tabs;
// a quotation is made from a request in one click (from-solicitacao).

const DA_SOLICITACAO = { key: 'solicitacoesfrete', param: 'uid', rowLink: true };

export const solicitacoesFrete = defineResource<SolicitacaoFrete>({
  key: 'solicitacoesfrete',
  path: '/solicitacoesfrete',
  label: 'Solicitações de frete',
  singular: 'Solicitação de frete',
  description: 'Pedidos de frete da operação: de onde, para onde, o quê; a partir deles se cota o frete.',
  group: 'Operação',
  icon: <InboxOutlined />,
  recurso: 'solicitacoesfrete',
  api: '/solicitacoesfrete',
  invalidates: ['cotacoesfrete'],
  defaultSort: { field: 'numero', order: 'DESC' },
  columns: [
    { field: 'numero', title: 'Nº', sortable: true, width: 80 },
    { field: 'status', title: 'Status', kind: 'status', statusKey: 'solicitacaoFrete', filter: 'select', filterOptions: statusOptions('solicitacaoFrete'), sortable: true, width: 150 },
    ...colunasCarga<SolicitacaoFrete>(),
    { field: 'criadoEm', title: 'Criada em', kind: 'date', sortable: true, width: 120 },
  ],
  schema: solicitacaoFreteInput,
  fields: [...camposCarga, { name: 'observacao', label: 'Observação', kind: 'textarea' }],
  title: (r) => `Solicitação ${r.numero}`,
  editavel: (r) => r.status !== 4 && r.status !== 5,
  rowActions: [
    {
      key: 'cotar',
      label: 'Gerar cotação',
      icon: <SendOutlined />,
      recurso: 'cotacoesfrete',
      acao: 'criar',
      show: (r) => r.status === 1 || r.status === 2 || r.status === 3,
      confirm: (r) => `Criar uma cotação de frete com a carga e as NF-es da solicitação ${r.numero}?`,
      sucesso: () => 'Cotação criada. Convide os transportadores na aba Transportadores da cotação.',
      run: (r) => apiPost(`/cotacoesfrete/from-solicitacao/${r.uid}`),
    },
    {
      key: 'andamento',
      label: 'Em andamento',
      menu: true,
      show: (r) => r.status === 1 || r.status === 2 || r.status === 3,
      confirm: (r) => `Marcar a solicitação ${r.numero} como 'Em Andamento'?`,
      run: (r, { base }) => apiPut(`${base}/${r.uid}/atualizarstatus`, { status: 4 }),
    },
    {
      key: 'finalizar',
      label: 'Finalizar',
      menu: true,
      show: (r) => r.status === 4,
      confirm: (r) => `Finalizar a solicitação ${r.numero}?`,
      run: (r, { base }) => apiPut(`${base}/${r.uid}/atualizarstatus`, { status: 5 }),
    },
  ],
});

export const solicitacaoProdutos = recursoProdutosDaCarga({ raiz: 'solicitacoesfrete', parent: DA_SOLICITACAO });

export const solicitacaoNfes = defineResource({
  key: 'solicitacoesfrete-nfes',
  path: '/solicitacoesfrete/:uid/nfes',
  label: 'NF-es',
  singular: 'NF-e',
  group: 'Operação',
  icon: <FileTextOutlined />,
  menu: false,
  parent: DA_SOLICITACAO,
  recurso: 'solicitacoesfrete',
  api: '/solicitacoesfrete/:uid/nfes',
  operations: ['criar', 'excluir'],
  invalidates: ['solicitacoesfrete'],
  defaultSort: { field: 'numero', order: 'ASC' },
  columns: colunasNfe,
  schema: cargaNfeInput,
  fields: camposNfe,
  initialValues: { serie: 1, volumes: 0 },
  title: (r) => `NF-e ${r.numero}`,
});
