import { AimOutlined, EnvironmentOutlined, NodeIndexOutlined } from '@ant-design/icons';
import {
  type EventoOcorrencia,
  FILTROS_EVENTO,
  ORIGENS_EVENTO,
  type Rastreio,
  type RastreioLista,
  STATUS_RASTREIO_LISTA,
  eventoOcorrenciaInput,
  formatarData,
} from '@fretio/core';
import { Badge, Flex, Segmented, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Anexos } from '../../resources/anexos/Anexos.tsx';
import { useListState } from '../../resources/listParams.ts';
import { useResourceList } from '../../resources/useResourceApi.ts';
import { type FieldComponentProps, type Registro, type ResourceDef, defineResource } from '../../resources/types.ts';
import { transportadorRemote } from '../prazosentrega/resource.tsx';
import { DataHoraInput, TagStatusRastreio } from './comum.tsx';
import { sobDemanda, telaSobDemanda } from '../../resources/sobDemanda.tsx';

// Screens and dialogs of this module load on demand (resources/sobDemanda.tsx).
const ResourceList = sobDemanda(() => import('../../resources/ResourceList.tsx'), 'ResourceList');
const CopiarLink = sobDemanda(() => import('./comum.tsx'), 'CopiarLink');
const TrackingDetalhePage = telaSobDemanda(() => import('./TrackingDetalhePage.tsx'), 'TrackingDetalhePage');

// Occurrence events (list with the display filter A/P/E, form with the proof-of-delivery attachments) and
// tracking (late notes first, status tags from core, a page per note with the timeline and the public link).

/** A list with one query parameter chosen by a Segmented control (kept in the URL). */
function ListaComSeletor({
  def,
  nome,
  opcoes,
  padrao,
  extra,
}: { def: ResourceDef; nome: string; opcoes: { value: string; label: ReactNode }[]; padrao: string; extra?: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const valor = params.get(nome) ?? padrao;
  const comFiltro = useMemo<ResourceDef>(
    () => ({ ...def, listQuery: { ...def.listQuery, ...(valor ? { [nome]: valor } : {}) } }),
    [def, nome, valor],
  );
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Flex wrap gap="small" align="center" justify="space-between">
      <Segmented
        data-testid={`seletor-${nome}`}
        value={valor}
        options={opcoes}
        onChange={(v) => {
          const p = new URLSearchParams(params);
          if (v === padrao) p.delete(nome);
          else p.set(nome, String(v));
          p.delete('pc');
          setParams(p, { replace: true });
        }}
      />
      {extra}
      </Flex>
      <ResourceList def={comFiltro} />
    </Space>
  );
}

/** Events, with the period a dashboard chart sends (dataInicioFiltro/dataFimFiltro in the URL, shown as a closable tag). */
function EventosPage({ def }: { def: ResourceDef }) {
  const [params, setParams] = useSearchParams();
  const inicio = params.get('dataInicioFiltro') ?? '';
  const fim = params.get('dataFimFiltro') ?? '';
  const comPeriodo = useMemo<ResourceDef>(
    () => (inicio || fim ? { ...def, listQuery: { ...def.listQuery, ...(inicio ? { dataInicioFiltro: inicio } : {}), ...(fim ? { dataFimFiltro: fim } : {}) } } : def),
    [def, inicio, fim],
  );
  const periodo = inicio || fim ? `Período: ${inicio ? formatarData(inicio) : '…'} a ${fim ? formatarData(fim) : '…'}` : null;
  const limpar = () => {
    const p = new URLSearchParams(params);
    p.delete('dataInicioFiltro');
    p.delete('dataFimFiltro');
    p.delete('pc');
    setParams(p, { replace: true });
  };
  return (
    <ListaComSeletor def={comPeriodo} nome="filtro" padrao="A" opcoes={FILTROS_EVENTO.map((f) => ({ value: f.value, label: f.label }))}
      extra={periodo ? <Tag closable onClose={limpar} data-testid="periodo-eventos">{periodo}</Tag> : undefined} />
  );
}
/** Control tower: one tab per tracking status with its count for the same filters (from the list's own reply,
 * the same query as the table's, so no extra request), and the events still without de-para. */
function TrackingPage({ def }: { def: ResourceDef }) {
  const [params] = useSearchParams();
  const status = params.get('status') ?? '';
  const comFiltro = useMemo<ResourceDef>(() => ({ ...def, listQuery: { ...def.listQuery, ...(status ? { status } : {}) } }), [def, status]);
  const { query } = useListState(comFiltro);
  const lista = useResourceList(comFiltro, query);
  const dados = lista.data as RastreioLista | undefined;
  const c = dados?.contagens;
  const total = c ? Object.values(c).reduce((a, b) => a + b, 0) : undefined;
  const rotulo = (texto: string, n: number | undefined, cor?: string, id?: string) => (
    <Space size={4} data-testid={`aba-status-${id ?? 'todas'}`}>
      {texto}
      {n !== undefined && <Badge count={n} showZero overflowCount={99_999} color={n ? cor : 'default'} />}
    </Space>
  );
  return (
    <ListaComSeletor
      def={def}
      nome="status"
      padrao=""
      opcoes={[{ value: '', label: rotulo('Todas', total, 'blue') }, ...STATUS_RASTREIO_LISTA.map((s) => ({ value: s.value, label: rotulo(s.label, c?.[s.value], s.cor, s.value) }))]}
      extra={
        dados && dados.semDepara > 0 ? (
          <Link to="/eventos-ocorrencia?filtro=P" data-testid="eventos-sem-depara">
            <Space size={4}>
              Eventos sem de-para
              <Badge count={dados.semDepara} overflowCount={99_999} color="volcano" />
            </Space>
          </Link>
        ) : null
      }
    />
  );
}

function AnexosDoEvento({ uid }: FieldComponentProps) {
  return uid ? <Anexos api={`/eventos-ocorrencia/${uid}/anexos`} podeAlterar titulo="Comprovante de entrega (foto do canhoto) e outros anexos" /> : null;
}

const ORIGEM = new Map<string, string>(ORIGENS_EVENTO.map((o) => [o.value, o.label]));
const nf = (r: EventoOcorrencia) => `${r.numeroNf}${r.serieNf ? `/${r.serieNf}` : ''}`;

export const eventosOcorrencia = defineResource<EventoOcorrencia>({
  key: 'eventos-ocorrencia',
  path: '/eventos-ocorrencia',
  label: 'Eventos de ocorrência',
  singular: 'Evento de ocorrência',
  description: 'O que aconteceu com cada NF-e (entrega, tentativa, recusa…): digitado aqui, pelo transportador no portal, pela API ou importado do OCOREN.',
  descricaoTransportador: 'O que aconteceu com cada NF-e que a sua transportadora leva (entrega, tentativa, recusa…): registre aqui, pela API ou pelo OCOREN.',
  group: 'Operação',
  icon: <EnvironmentOutlined />,
  recurso: 'eventos-ocorrencia',
  api: '/eventos-ocorrencia',
  invalidates: ['tracking', 'tracking-detalhe'],
  page: EventosPage,
  defaultSort: { field: 'dataHora', order: 'DESC' },
  columns: [
    { field: 'dataHora', title: 'Data e hora', kind: 'dateTime', sortable: true, width: 150 },
    { field: 'numeroNf', title: 'NF', sortable: true, filter: 'text', width: 110, render: (_v, r) => nf(r) },
    {
      field: 'ocorrenciaDescricao',
      title: 'Ocorrência',
      sortable: 'ocorrenciaCodigo',
      filter: 'text',
      render: (_v, r) => (r.ocorrenciaCodigo ? `${r.ocorrenciaCodigo} - ${r.ocorrenciaDescricao}` : `Código ${r.codigoTransportador ?? '?'} (sem de-para)`),
    },
    { field: 'transportadorNome', title: 'Transportador', sortable: true },
    { field: 'origem', title: 'Origem', sortable: true, width: 170, render: (v) => ORIGEM.get(String(v)) ?? String(v) },
    { field: 'observacao', title: 'Observação' },
  ],
  schema: eventoOcorrenciaInput,
  fields: [
    { name: 'chaveNfe', label: 'Chave de acesso da NF-e', span: 24, help: 'Ou informe o CNPJ do emissor e o número da nota.' },
    { name: 'cnpjEmissorNf', label: 'CNPJ do emissor', span: 12 },
    { name: 'numeroNf', label: 'Número da NF', span: 8 },
    { name: 'serieNf', label: 'Série', span: 4 },
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
    { name: 'dataHora', label: 'Data e hora', kind: 'custom', component: DataHoraInput, span: 12 },
    { name: 'dataAgendamento', label: 'Data agendada', kind: 'custom', component: DataHoraInput, span: 12, help: 'Obrigatória nos tipos de agendamento.' },
    { name: 'transportadorUid', label: 'Transportador', kind: 'remoteSelect', remote: transportadorRemote, help: 'Sem transportador: o da NF-e.' },
    { name: 'responsavel', label: 'Quem recebeu / informou', span: 12 },
    { name: 'local', label: 'Local', span: 12 },
    { name: 'observacao', label: 'Observação', kind: 'textarea' },
    { name: 'anexos', label: 'Anexos', kind: 'custom', component: AnexosDoEvento, editOnly: true },
  ],
  // "Now" when the form opens (a getter: read each time a new form starts).
  initialValues: {
    get dataHora() {
      return dayjs().second(0).millisecond(0).format('YYYY-MM-DDTHH:mm:ssZ');
    },
  },
  toForm: (r) => ({
    ...r,
    chaveNfe: r.chaveNfe,
    cnpjEmissorNf: r.chaveNfe ? null : r.cnpjEmissorNf,
    numeroNf: r.chaveNfe ? null : r.numeroNf,
    serieNf: r.chaveNfe ? null : r.serieNf,
  }),
  toInput: ({ anexos: _a, ...v }) => v,
  afterSave: (_s, { created }) => (created ? 'Evento registrado. Abra-o para anexar o comprovante.' : undefined),
  title: (r) => `${r.ocorrenciaCodigo ?? r.codigoTransportador} na NF ${nf(r)} (${formatarData(r.dataHora, true)})`,
});

export const tracking = defineResource<Rastreio>({
  key: 'tracking',
  path: '/tracking',
  label: 'Tracking de entregas',
  singular: 'Rastreamento',
  description: 'Cada NF-e contra a previsão de entrega (prazo do transportador em dias úteis, com feriados): atrasadas primeiro.',
  descricaoTransportador: 'Cada NF-e que a sua transportadora leva contra a previsão de entrega (o seu prazo em dias úteis, com feriados): atrasadas primeiro.',
  group: 'Operação',
  icon: <AimOutlined />,
  recurso: 'tracking',
  api: '/tracking',
  operations: [],
  detail: false,
  page: TrackingPage,
  defaultSort: { field: 'status', order: 'ASC' },
  columns: [
    { field: 'status', title: 'Status', sortable: true, width: 170, render: (v) => <TagStatusRastreio status={String(v)} /> },
    { field: 'numero', title: 'NF', sortable: true, filter: 'text', width: 100, render: (_v, r) => `${r.numero}/${r.serie}` },
    { field: 'emissao', title: 'Emissão', kind: 'date', sortable: true, width: 110 },
    { field: 'destinatarioNome', title: 'Destinatário', filter: 'text', render: (_v, r) => [r.destinatarioNome, [r.destinatarioMunicipio, r.destinatarioUf].filter(Boolean).join('/')].filter(Boolean).join(' — ') },
    { field: 'transportadorNome', title: 'Transportador', sortable: true },
    { field: 'dataPrevista', title: 'Previsão', kind: 'date', sortable: true, width: 110 },
    { field: 'dataEntrega', title: 'Entrega', kind: 'date', width: 110 },
    { field: 'diasAtraso', title: 'Atraso (dias)', sortable: true, width: 120, render: (v) => (Number(v) > 0 ? String(v) : '—') },
  ],
  fields: [],
  links: [{ label: 'Abrir', recurso: 'tracking', to: (r) => `/tracking/${r.uid}` }],
  rowExtra: (r) => <CopiarLink token={r.token} />,
});

export const trackingDetalhe = defineResource<Registro>({
  key: 'tracking-detalhe',
  path: '/tracking/:uid',
  label: 'Tracking de entregas',
  singular: 'Rastreamento',
  group: 'Operação',
  icon: <NodeIndexOutlined />,
  menu: false,
  recurso: 'tracking',
  api: '/tracking',
  defaultSort: { field: 'status', order: 'ASC' },
  columns: [],
  fields: [],
  page: TrackingDetalhePage,
});
