import { BranchesOutlined, OrderedListOutlined, StopOutlined, TableOutlined } from '@ant-design/icons';
import {
  FILTROS_VIGENCIA,
  MODOS_RESTRICAO,
  type prioridade,
  prioridadeInput,
  type restricao,
  restricaoInput,
  type TabelaFrete,
  tabelaFreteInput,
  tabelaFreteUpdate,
  type tabelaRota,
  tabelaRotaInput,
  type z,
} from '@fretio/core';
import { Space, Tag, Typography } from 'antd';
import type { FieldDef } from '../../resources/types.ts';
import { defineResource } from '../../resources/types.ts';
import { componenteRemote } from '../componentes/resource.tsx';
import { comLocais, transportadorRemote } from '../prazosentrega/resource.tsx';
import { campoLocal, descricaoLocal } from '../regioes/LocalRefInput.tsx';
import { AcoesDaTabela, ImportarTabela, TagsDaTabela, editorDaTabela } from './acoes.tsx';
import { TABELAS_KEY } from './api.ts';
import { DocumentosField, NcmsRestricaoField, ProdutosRestricaoField } from './MercadoriasRestricao.tsx';
import { RestricaoPessoas } from './RestricaoPessoas.tsx';
import { MODO_RESTRICAO_LABEL } from './rotulos.ts';

// Declarations of the freight-table screens: the list, the header form of the editor, and the lists
// of its tabs (routes form, restrictions, priorities). The editor page itself is TabelaEditorPage.
type TabelaRota = z.infer<typeof tabelaRota>;
type Restricao = z.infer<typeof restricao>;
type Prioridade = z.infer<typeof prioridade>;

const VIGENCIA_LABEL: Record<(typeof FILTROS_VIGENCIA)[number], string> = {
  vigente: 'Vigentes hoje',
  futura: 'Futuras',
  expirada: 'Expiradas',
  todas: 'Todas',
};

/** The header of a table (the editor's form). A new table starts in Validação. */
export const CAMPOS_TABELA: FieldDef[] = [
  { name: 'nome', label: 'Nome', span: 12 },
  { name: 'transportadorUid', label: 'Transportador', kind: 'remoteSelect', remote: transportadorRemote, span: 12 },
  {
    name: 'modalUid',
    label: 'Modal',
    kind: 'remoteSelect',
    span: 6,
    remote: {
      api: '/modais/lista',
      value: 'value',
      label: (r) => String(r.label),
      currentLabel: (r) => (r.modalNome ? String(r.modalNome) : null),
    },
  },
  { name: 'vigenciaInicio', label: 'Vigência: início', kind: 'date', span: 6 },
  { name: 'vigenciaFim', label: 'Vigência: fim', kind: 'date', span: 6, help: 'Vazio: sem data para terminar.' },
  { name: 'fatorCubagem', label: 'Fator de cubagem (kg/m³)', kind: 'number', span: 6 },
  { name: 'icmsIncluso', label: 'ICMS incluso', kind: 'bool', span: 6, help: 'Os valores da tabela já incluem o ICMS.' },
  { name: 'prioridade', label: 'Prioridade', kind: 'number', span: 6, help: 'Desempate na calculadora: menor primeiro.' },
  {
    name: 'densidadeIsencaoCubagem',
    label: 'Isenção de cubagem (kg/m³)',
    kind: 'number',
    span: 6,
    help: 'Cargas com densidade igual ou maior pagam pelo peso real. Vazio: sem isenção.',
  },
  {
    name: 'isencaoCubagemProdutos',
    label: 'Produtos isentos de cubagem',
    kind: 'custom',
    component: ProdutosRestricaoField,
    required: false,
    span: 12,
    help: 'Nesta tabela, uma carga só destes produtos paga pelo peso real (além dos marcados no cadastro de produtos).',
  },
  {
    name: 'isencaoCubagemDestinatarios',
    label: 'Destinatários isentos de cubagem',
    kind: 'custom',
    component: DocumentosField,
    required: false,
    span: 12,
    help: 'Nesta tabela, cargas para estes CPF/CNPJ pagam pelo peso real (além das pessoas marcadas no cadastro).',
  },
  { name: 'status', label: 'Status', kind: 'status', statusKey: 'tabelaFrete', editOnly: true, span: 12 },
  { name: 'observacoes', label: 'Observações', kind: 'textarea' },
];

export const tabelasFrete = defineResource<TabelaFrete>({
  key: TABELAS_KEY,
  path: '/tabelasfrete',
  label: 'Tabelas de frete',
  singular: 'Tabela de frete',
  description: 'Tabelas negociadas com os transportadores: rotas, regras de cada componente, vigência e versões.',
  group: 'Fretes',
  icon: <TableOutlined />,
  recurso: 'tabelasfrete',
  api: '/tabelasfrete',
  defaultSort: { field: 'nome', order: 'ASC' },
  createLabel: 'Nova tabela',
  columns: [
    {
      field: 'nome',
      title: 'Nome',
      sortable: true,
      filter: 'text',
      render: (v, r) => (
        <Space orientation="vertical" size={0}>
          <span>{String(v)}</span>
          {r.modalNome && <Typography.Text type="secondary">{r.modalNome}</Typography.Text>}
        </Space>
      ),
    },
    { field: 'transportadorNome', title: 'Transportador', sortable: true, filter: 'text' },
    { field: 'vigenciaInicio', title: 'Início', kind: 'date', sortable: true, width: 110 },
    { field: 'vigenciaFim', title: 'Fim', kind: 'date', sortable: true, width: 110 },
    {
      field: 'situacaoVigencia',
      title: 'Vigência',
      filter: 'select',
      filterField: 'vigencia',
      filterOptions: FILTROS_VIGENCIA.map((v) => ({ value: v, label: VIGENCIA_LABEL[v] })),
      filterPlaceholder: 'Vigência: vigentes hoje',
      width: 110,
      render: (v, r) =>
        r.historica ? (
          <Tag>Histórica</Tag>
        ) : (
          <Tag color={{ Vigente: 'green', Futura: 'blue', Expirada: 'default' }[String(v)]}>{String(v)}</Tag>
        ),
    },
    { field: 'status', title: 'Status', kind: 'status', statusKey: 'tabelaFrete', sortable: true, filter: 'select', width: 110 },
    { field: 'versao', title: 'Versão', sortable: true, width: 90 },
    { field: 'quantidadeRotas', title: 'Rotas', width: 80 },
  ],
  fields: CAMPOS_TABELA,
  schema: tabelaFreteInput,
  updateSchema: tabelaFreteUpdate,
  initialValues: { fatorCubagem: 300, icmsIncluso: false, prioridade: 0 },
  editor: editorDaTabela,
  toolbar: ImportarTabela,
  rowExtra: (r) => <AcoesDaTabela tabela={r} />,
  // A version replaced by a readjustment is read-only.
  editavel: (r) => !r.historica,
  deleteAction: { label: 'Excluir', show: (r) => !r.historica },
});

/** Shown by TagsDaTabela in the editor too. */
export { TagsDaTabela };

// The editor's tabs -------------------------------------------------------------------------------
const DA_TABELA = { group: 'Fretes' as const, menu: false, recurso: 'tabelasfrete', invalidates: [TABELAS_KEY] };

export const rotasDaTabela = defineResource<TabelaRota>({
  ...DA_TABELA,
  key: 'tabela-frete-rotas',
  path: '/tabelasfrete/:uid',
  label: 'Rotas',
  singular: 'Rota',
  icon: <BranchesOutlined />,
  api: '/tabelasfrete/:uid/rotas',
  createLabel: 'Adicionar rota',
  defaultSort: { field: 'ordem', order: 'ASC' },
  columns: [],
  schema: tabelaRotaInput,
  fields: [
    campoLocal('origem', 'Origem'),
    campoLocal('destino', 'Destino'),
    { name: 'prazoDiasUteis', label: 'Prazo (dias úteis)', kind: 'number', span: 8 },
    { name: 'freteMinimo', label: 'Frete mínimo', kind: 'money', span: 8 },
    { name: 'distanciaKm', label: 'Distância (km)', kind: 'number', span: 8 },
    { name: 'fatorCubagem', label: 'Fator de cubagem da rota (kg/m³)', kind: 'number', span: 8, help: 'Vazio: o da tabela.' },
    {
      name: 'tipoVeiculoUid',
      label: 'Tipo de veículo',
      kind: 'remoteSelect',
      help: 'Vazio: qualquer veículo.',
      remote: { api: '/tiposveiculo/list', value: 'value', label: (r) => String(r.label) },
    },
  ],
  formSize: 640,
  ...comLocais,
});

export const restricoesDaTabela = defineResource<Restricao>({
  ...DA_TABELA,
  key: 'tabela-frete-restricoes',
  path: '/tabelasfrete/:uid',
  label: 'Restrições de componentes',
  singular: 'Restrição',
  description:
    'Um componente cobrado somente para (ou exceto para) os remetentes e destinatários vinculados e/ou as cargas que levem os produtos ou NCMs listados. Expanda a linha para vincular pessoas.',
  icon: <StopOutlined />,
  api: '/tabelasfrete/:uid/restricoes-componentes',
  createLabel: 'Nova restrição',
  defaultSort: { field: 'componente', order: 'ASC' },
  columns: [
    {
      field: 'componente',
      title: 'Componente',
      sortable: true,
      render: (v, r) => `${v}${r.componenteNome ? ` - ${r.componenteNome}` : ''}`,
    },
    {
      field: 'modo',
      title: 'Aplicação',
      sortable: true,
      width: 140,
      render: (v) => <Tag color={v === 'SOMENTE' ? 'blue' : 'orange'}>{MODO_RESTRICAO_LABEL[v as Restricao['modo']]}</Tag>,
    },
    { field: 'descricao', title: 'Descrição' },
    { field: 'quantidadeRemetentes', title: 'Remetentes', width: 110 },
    { field: 'quantidadeDestinatarios', title: 'Destinatários', width: 120 },
    {
      field: 'produtos',
      title: 'Produtos / NCM',
      render: (_v, r) => {
        const itens = [...(r.produtos ?? []), ...(r.ncms ?? []).map((n) => `NCM ${n}*`)];
        return itens.length ? itens.map((i) => <Tag key={i}>{i}</Tag>) : '—';
      },
    },
  ],
  schema: restricaoInput,
  fields: [
    { name: 'componente', label: 'Componente', kind: 'remoteSelect', remote: { ...componenteRemote, value: 'codigo' } },
    {
      name: 'modo',
      label: 'Aplicação',
      kind: 'select',
      options: MODOS_RESTRICAO.map((m) => ({ value: m, label: MODO_RESTRICAO_LABEL[m] })),
      help: 'Somente para: o componente só é cobrado dos vinculados. Exceto para: não é cobrado deles.',
    },
    { name: 'descricao', label: 'Descrição' },
    {
      name: 'produtos',
      label: 'Produtos',
      kind: 'custom',
      component: ProdutosRestricaoField,
      required: false,
      help: 'O componente vale somente para (ou exceto para) cargas que levem algum destes produtos.',
    },
    {
      name: 'ncms',
      label: 'NCMs (prefixo)',
      kind: 'custom',
      component: NcmsRestricaoField,
      required: false,
      help: '2 a 8 dígitos: "8471" cobre todo NCM que começa por 8471. Vale como os produtos.',
    },
  ],
  title: (r) => r.componente,
  expandable: (r) => <RestricaoPessoas restricao={r} />,
});

export const prioridadesDaTabela = defineResource<Prioridade>({
  ...DA_TABELA,
  key: 'tabela-frete-prioridades',
  path: '/tabelasfrete/:uid',
  label: 'Prioridades',
  singular: 'Prioridade',
  description: 'Desempate da calculadora por trecho (menor primeiro); sem trecho correspondente vale a prioridade da tabela.',
  icon: <OrderedListOutlined />,
  api: '/tabelasfrete/:uid/prioridades',
  createLabel: 'Nova prioridade',
  defaultSort: { field: 'prioridade', order: 'ASC' },
  columns: [
    { field: 'origem', title: 'Origem', render: (v) => descricaoLocal(v as Prioridade['origem']) },
    { field: 'destino', title: 'Destino', render: (v) => descricaoLocal(v as Prioridade['destino']) },
    { field: 'prioridade', title: 'Prioridade', sortable: true, width: 110 },
    { field: 'observacao', title: 'Observação' },
  ],
  schema: prioridadeInput,
  fields: [
    campoLocal('origem', 'Origem', { opcional: true }),
    campoLocal('destino', 'Destino', { opcional: true }),
    { name: 'prioridade', label: 'Prioridade', kind: 'number', span: 8 },
    { name: 'observacao', label: 'Observação', span: 16 },
  ],
  initialValues: { prioridade: 0 },
  formSize: 640,
  ...comLocais,
  title: (r) => `${descricaoLocal(r.origem)} → ${descricaoLocal(r.destino)}`,
});
