import { ACAO_OCORRENCIA, ACOES_OCORRENCIA, formatarDinheiro, ocorrenciaDeparaInput, ocorrenciaInput } from '@fretio/core';
import type { Ocorrencia, OcorrenciaDepara, ocorrenciaSemDepara, z } from '@fretio/core';
import { AlertOutlined, QuestionCircleOutlined, SwapOutlined } from '@ant-design/icons';
import { defineResource } from '../../resources/types.ts';
import { transportadorRemote } from '../prazosentrega/resource.tsx';
import { sobDemanda } from '../../resources/sobDemanda.tsx';

// Screens and dialogs of this module load on demand (resources/sobDemanda.tsx).
const CopiarDepara = sobDemanda(() => import('./CopiarDepara.tsx'), 'CopiarDepara');
const ImportarEdi = sobDemanda(() => import('./ImportarEdi.tsx'), 'ImportarEdi');

// Occurrence kinds of the active shipper (pre-filled with the PROCEDA table), the carriers' codes mapped to
// them (de-para), and the codes that arrived without a mapping (sem de-para).
const ACOES = ACOES_OCORRENCIA.map((a) => ({ value: a.value, label: a.label }));
const cobra = (v: Record<string, unknown>) => v.acao === ACAO_OCORRENCIA.COBRANCA_ADICIONAL;

function textoCobranca(o: Ocorrencia) {
  if (o.valorCobranca === null) return '';
  return o.tipoCobranca === 'P' ? `${formatarDinheiro(o.valorCobranca)} % do frete` : `R$ ${formatarDinheiro(o.valorCobranca)}`;
}

export const ocorrencias = defineResource<Ocorrencia>({
  key: 'ocorrencias',
  path: '/ocorrencias',
  label: 'Ocorrências',
  singular: 'Ocorrência',
  description: 'Tipos de ocorrência na entrega e o que cada um faz (códigos PROCEDA já cadastrados).',
  group: 'Operação',
  icon: <AlertOutlined />,
  recurso: 'ocorrencias',
  api: '/ocorrencias',
  invalidates: ['ocorrencias-depara'],
  defaultSort: { field: 'codigo', order: 'ASC' },
  columns: [
    { field: 'codigo', title: 'Código', sortable: true, filter: 'text', width: 110 },
    { field: 'descricao', title: 'Descrição', sortable: true, filter: 'text' },
    { field: 'acaoNome', title: 'Ação', sortable: 'acao', filter: 'select', filterField: 'acao', filterOptions: ACOES, width: 230 },
    { field: 'valorCobranca', title: 'Cobrança', render: (_v, r) => textoCobranca(r), width: 160 },
    { field: 'transporteAereo', title: 'Aéreo', kind: 'bool', boolLabels: ['Sim', 'Não'], filter: 'bool', width: 100 },
    { field: 'ativo', title: 'Situação', kind: 'bool', boolLabels: ['Ativo', 'Inativo'], sortable: true, filter: 'bool', width: 120 },
  ],
  schema: ocorrenciaInput,
  fields: [
    { name: 'codigo', label: 'Código', span: 6 },
    { name: 'descricao', label: 'Descrição', span: 18 },
    { name: 'acao', label: 'Ação', kind: 'select', options: ACOES, help: 'O que acontece com a NF-e quando chega uma ocorrência deste tipo.' },
    {
      name: 'tipoCobranca',
      label: 'Cobrança',
      kind: 'select',
      options: [
        { value: 'P', label: 'Percentual do frete' },
        { value: 'V', label: 'Valor fixo (R$)' },
      ],
      span: 12,
      visible: cobra,
    },
    { name: 'valorCobranca', label: 'Percentual ou valor', kind: 'number', span: 12, visible: cobra },
    { name: 'transporteAereo', label: 'Uso em transporte aéreo', kind: 'bool', span: 12 },
    { name: 'ativo', label: 'Ativo', kind: 'bool', span: 12 },
  ],
  initialValues: { acao: ACAO_OCORRENCIA.APENAS_REGISTRA, transporteAereo: false, ativo: true },
  // Fields hidden by the action go as null: the API refuses a charge on a kind that does not charge.
  toInput: (v) => (cobra(v) ? v : { ...v, tipoCobranca: null, valorCobranca: null }),
  title: (r) => `${r.codigo} - ${r.descricao}`,
});

export const ocorrenciasDepara = defineResource<OcorrenciaDepara>({
  key: 'ocorrencias-depara',
  path: '/ocorrencias/depara',
  label: 'De-para de ocorrências',
  singular: 'De-para de ocorrência',
  description: 'O código de ocorrência de cada transportador → o tipo de ocorrência do embarcador.',
  group: 'Operação',
  icon: <SwapOutlined />,
  recurso: 'ocorrencias',
  api: '/ocorrencias/depara',
  invalidates: ['ocorrencias-sem-depara'],
  defaultSort: { field: 'transportadorNome', order: 'ASC' },
  columns: [
    { field: 'transportadorNome', title: 'Transportador', sortable: true, filter: 'text' },
    { field: 'codigoTransportador', title: 'Código do transportador', sortable: true, filter: 'text', width: 190 },
    { field: 'descricaoTransportador', title: 'Descrição do transportador' },
    { field: 'ocorrenciaCodigo', title: 'Ocorrência', sortable: true, render: (_v, r) => `${r.ocorrenciaCodigo} - ${r.ocorrenciaDescricao}` },
  ],
  schema: ocorrenciaDeparaInput,
  fields: [
    { name: 'transportadorUid', label: 'Transportador', kind: 'remoteSelect', remote: transportadorRemote },
    { name: 'codigoTransportador', label: 'Código do transportador', span: 8 },
    { name: 'descricaoTransportador', label: 'Descrição do transportador', span: 16 },
    {
      name: 'ocorrenciaUid',
      label: 'Ocorrência',
      kind: 'remoteSelect',
      remote: {
        api: '/ocorrencias/list',
        value: 'value',
        label: (r) => String(r.label),
        search: 'q',
        currentLabel: (r) => (r.ocorrenciaCodigo ? `${r.ocorrenciaCodigo} - ${r.ocorrenciaDescricao}` : null),
      },
    },
  ],
  toolbar: CopiarDepara,
  title: (r) => `${r.transportadorNome}: ${r.codigoTransportador}`,
});

type SemDepara = z.infer<typeof ocorrenciaSemDepara>;
export const ocorrenciasSemDepara = defineResource<SemDepara>({
  key: 'ocorrencias-sem-depara',
  path: '/ocorrencias/sem-depara',
  label: 'Ocorrências sem de-para',
  singular: 'Ocorrência sem de-para',
  description: 'Códigos recebidos dos transportadores (OCOREN) que ainda não têm de-para. Crie o de-para e os eventos que esperam recebem o tipo.',
  group: 'Operação',
  icon: <QuestionCircleOutlined />,
  recurso: 'ocorrencias',
  api: '/ocorrencias/sem-depara',
  operations: ['excluir'],
  detail: 'lista',
  defaultSort: { field: 'ultimaEm', order: 'DESC' },
  columns: [
    { field: 'cnpjTransportador', title: 'CNPJ do transportador', kind: 'documento', sortable: true, width: 190 },
    { field: 'nomeTransportador', title: 'Nome no arquivo' },
    { field: 'codigoTransportador', title: 'Código', sortable: true, filter: 'text', width: 110 },
    { field: 'quantidade', title: 'Eventos esperando', sortable: true, width: 160 },
    { field: 'ultimaEm', title: 'Último recebido', kind: 'dateTime', sortable: true, width: 170 },
  ],
  fields: [],
  toolbar: ImportarEdi,
  deleteAction: { label: 'Descartar', confirm: (r) => `Descartar o código ${r.codigoTransportador}? Os eventos recebidos continuam guardados sem tipo.` },
  title: (r) => `${r.codigoTransportador} (${r.cnpjTransportador})`,
});
