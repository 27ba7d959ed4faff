import { CheckOutlined, FileTextOutlined, LockOutlined, SendOutlined, SolutionOutlined, TruckOutlined, UnlockOutlined } from '@ant-design/icons';
import {
  type CotacaoFrete,
  type CotacaoTransportador,
  cargaNfeInput,
  conviteTransportadorInput,
  cotacaoFreteInput,
  formatarDinheiro,
  statusDef,
} from '@fretio/core';
import { Space, Tag } from 'antd';
import { apiPost, apiPut } from '../../app/api.ts';
import { defineResource } from '../../resources/types.ts';
import { camposCarga, camposNfe, colunasCarga, colunasNfe, recursoProdutosDaCarga, statusOptions } from '../solicitacoesfrete/campos.tsx';
import { sobDemanda } from '../../resources/sobDemanda.tsx';

// Screens and dialogs of this module load on demand (resources/sobDemanda.tsx).
const AcoesCotacao = sobDemanda(() => import('./AcoesCotacao.tsx'), 'AcoesCotacao');
const RespostaDialog = sobDemanda(() => import('./RespostaDialog.tsx'), 'RespostaDialog');

// Spot quotations (API /api/v1/cotacoesfrete). The carriers tab is the comparison: every answer side
// by side with the engine's price from that carrier's table, the cheapest and fastest marked; a
// carrier user (portal) sees only the quotations it was invited to and only its own answer.

const DA_COTACAO = { key: 'cotacoesfrete', param: 'uid', rowLink: true };
const dinheiro = (v: unknown) => (v === null || v === undefined ? '—' : `R$ ${formatarDinheiro(v as number)}`);

export const cotacoesFrete = defineResource<CotacaoFrete>({
  key: 'cotacoesfrete',
  path: '/cotacoesfrete',
  label: 'Cotações de frete',
  singular: 'Cotação de frete',
  description: 'Cotações spot: os transportadores convidados respondem no portal; compare, feche e aprove a vencedora.',
  descricaoTransportador: 'As cotações para as quais o embarcador convidou a sua transportadora: responda com o seu preço e prazo.',
  group: 'Operação',
  icon: <SolutionOutlined />,
  recurso: 'cotacoesfrete',
  api: '/cotacoesfrete',
  invalidates: ['solicitacoesfrete', 'cotacoesfrete-transportadores'],
  defaultSort: { field: 'numero', order: 'DESC' },
  columns: [
    { field: 'numero', title: 'Nº', sortable: true, width: 80 },
    { field: 'status', title: 'Status', kind: 'status', statusKey: 'cotacaoFrete', filter: 'select', filterOptions: statusOptions('cotacaoFrete'), sortable: true, width: 120 },
    {
      field: 'situacaoAprovacao',
      title: 'Aprovação',
      kind: 'status',
      statusKey: 'aprovacao',
      filter: 'select',
      filterOptions: statusOptions('aprovacao'),
      sortable: true,
      width: 120,
      render: (v, r) => {
        if (r.indicaAprovacaoUsuario) return <Tag color="warning">Aguarda alçada</Tag>;
        const s = statusDef('aprovacao', Number(v));
        return <Tag color={s?.color}>{s?.label ?? String(v)}</Tag>;
      },
    },
    ...colunasCarga<CotacaoFrete>(),
    { field: 'quantidadeRespostas', title: 'Respostas', render: (v, r) => `${v}/${r.quantidadeConvidados}`, width: 100 },
    { field: 'vencedorTransportadorNome', title: 'Vencedor', render: (v, r) => (v ? `${v} (${dinheiro(r.valorAprovado)})` : '—') },
  ],
  schema: cotacaoFreteInput,
  fields: [
    ...camposCarga,
    { name: 'tipoCarga', label: 'Tipo de carga', kind: 'select', options: [{ value: 'LTL', label: 'Fracionada (LTL)' }, { value: 'FTL', label: 'Lotação (FTL)' }], span: 12 },
    { name: 'valorAlvo', label: 'Preço-alvo (R$)', kind: 'money', span: 12, help: 'Nunca mostrado aos transportadores.' },
    { name: 'observacao', label: 'Observação', kind: 'textarea' },
  ],
  initialValues: { tipoCarga: 'LTL' },
  toInput: (v) => ({ ...v, prazoResposta: v.prazoResposta ?? null }),
  title: (r) => `Cotação ${r.numero}`,
  editavel: (r) => r.status === 1 || r.status === 2,
  rowActions: [
    {
      key: 'abrir',
      label: 'Abrir para respostas',
      icon: <UnlockOutlined />,
      show: (r) => r.status === 1 || (r.status === 3 && r.situacaoAprovacao !== 3),
      confirm: (r) => `Abrir a cotação ${r.numero}? Os transportadores convidados poderão responder.`,
      run: (r, { base }) => apiPut(`${base}/${r.uid}/atualizarstatus`, { status: 2 }),
    },
    {
      key: 'fechar',
      label: 'Fechar',
      icon: <LockOutlined />,
      show: (r) => r.status === 2,
      confirm: (r) => `Fechar a cotação ${r.numero}? Nenhum transportador poderá responder depois.`,
      run: (r, { base }) => apiPut(`${base}/${r.uid}/fechar-cotacao`),
    },
    {
      key: 'aprovar-alcada',
      label: 'Aprovar (alçada)',
      icon: <CheckOutlined />,
      acao: 'aprovar',
      show: (r) => r.indicaAprovacaoUsuario,
      confirm: (r) => `Aprovar a cotação ${r.numero} com ${r.vencedorTransportadorNome}?`,
      run: (r, { base }) => apiPut(`${base}/${r.uid}/aprovacao-usuario`, { aprovado: true }),
    },
    {
      key: 'ordem-coleta',
      label: 'Gerar ordem de coleta',
      icon: <TruckOutlined />,
      recurso: 'ordenscoleta',
      acao: 'criar',
      menu: true,
      show: (r) => r.status === 4,
      confirm: (r) => `Criar uma ordem de coleta para ${r.vencedorTransportadorNome ?? 'o vencedor'} com a carga e as NF-es da cotação ${r.numero}?`,
      sucesso: () => 'Ordem de coleta criada em Rascunho (menu Ordens de coleta).',
      run: (r) => apiPost('/ordenscoleta', { cotacaoUid: r.uid }),
    },
  ],
  rowExtra: (r) => <AcoesCotacao registro={r} />,
});

export const cotacaoTransportadores = defineResource<CotacaoTransportador>({
  key: 'cotacoesfrete-transportadores',
  path: '/cotacoesfrete/:uid/transportadores',
  label: 'Transportadores e respostas',
  tab: 'Transportadores',
  singular: 'Convite',
  group: 'Operação',
  icon: <TruckOutlined />,
  menu: false,
  parent: DA_COTACAO,
  recurso: 'cotacoesfrete',
  api: '/cotacoesfrete/:uid/transportadores',
  operations: ['criar', 'excluir'],
  detail: false,
  invalidates: ['cotacoesfrete'],
  createLabel: 'Convidar transportador',
  defaultSort: { field: 'transportadorNome', order: 'ASC' },
  columns: [
    {
      field: 'transportadorNome',
      title: 'Transportador',
      render: (v, r) => (
        <Space size={4} wrap>
          {String(v)}
          {r.vencedor && <Tag color="gold">Vencedor</Tag>}
          {r.maisBarato && <Tag color="green">Mais barato</Tag>}
          {r.maisRapido && <Tag color="blue">Mais rápido</Tag>}
        </Space>
      ),
    },
    { field: 'valorFrete', title: 'Frete', render: dinheiro, width: 130 },
    {
      field: 'valorMotor',
      title: 'Tabela (motor)',
      width: 170,
      render: (v, r) =>
        v === null ? '—' : (
          <span title={r.tabelaMotorNome ?? undefined}>
            {dinheiro(v)}
            {r.valorFrete !== null && (
              <Tag style={{ marginLeft: 4 }} color={r.valorFrete <= (v as number) ? 'green' : 'red'}>
                {r.valorFrete <= (v as number) ? '≤' : '>'} tabela
              </Tag>
            )}
          </span>
        ),
    },
    { field: 'prazoDiasUteis', title: 'Prazo (dias úteis)', width: 120, render: (v) => (v === null ? '—' : String(v)) },
    { field: 'validade', title: 'Validade', kind: 'date', width: 110 },
    { field: 'valorDiaria', title: 'Diária', render: (v, r) => (v === null ? '—' : `${dinheiro(v)} após ${r.horasLivresCarregamento ?? 0} h`), width: 150 },
    { field: 'respondidoEm', title: 'Respondido em', kind: 'dateTime', width: 150 },
  ],
  schema: conviteTransportadorInput,
  fields: [
    {
      name: 'transportadorUid',
      label: 'Transportador',
      kind: 'remoteSelect',
      remote: { api: '/transportadores/listaselecao-usuario', value: 'value', search: 'q', label: (r) => String(r.label) },
    },
  ],
  title: (r) => r.transportadorNome,
  deleteAction: { label: 'Retirar convite', confirm: (r) => `Retirar o convite de ${r.transportadorNome}?` },
  rowActions: [
    {
      key: 'aprovar',
      label: 'Aprovar esta',
      icon: <SendOutlined />,
      acao: 'aprovar',
      show: (r) => r.respondidoEm !== null && !r.vencedor,
      confirm: (r) => `Aprovar a resposta de ${r.transportadorNome} (${dinheiro(r.valorFrete)})? A cotação precisa estar fechada.`,
      run: (r) => apiPut(`/cotacoesfrete/${r.cotacaoUid}/aprovacao`, { aprovado: true, transportadorUid: r.transportadorUid }),
    },
  ],
  rowExtra: (r) => <RespostaDialog registro={r} />,
});

export const cotacaoProdutos = recursoProdutosDaCarga({ raiz: 'cotacoesfrete', parent: DA_COTACAO });

export const cotacaoNfes = defineResource({
  key: 'cotacoesfrete-nfes',
  path: '/cotacoesfrete/:uid/nfes',
  label: 'NF-es',
  singular: 'NF-e',
  group: 'Operação',
  icon: <FileTextOutlined />,
  menu: false,
  parent: DA_COTACAO,
  recurso: 'cotacoesfrete',
  api: '/cotacoesfrete/:uid/nfes',
  operations: ['criar', 'excluir'],
  invalidates: ['cotacoesfrete'],
  defaultSort: { field: 'numero', order: 'ASC' },
  columns: colunasNfe,
  schema: cargaNfeInput,
  fields: camposNfe,
  initialValues: { serie: 1, volumes: 0 },
  title: (r) => `NF-e ${r.numero}`,
});
