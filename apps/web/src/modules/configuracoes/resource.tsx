import { BankOutlined, CalculatorOutlined, ControlOutlined, PercentageOutlined, SettingOutlined, ShopOutlined } from '@ant-design/icons';
import {
  configuracaoInput,
  FUSOS_HORARIOS,
  hojeSaoPaulo,
  ISS_ALIQUOTA_MAXIMA,
  ISS_ALIQUOTA_MINIMA,
  issInput,
  type IssItem,
  MOEDAS,
  REGIMES_PIS_COFINS,
  REGIMES_TRIBUTARIOS,
  RETENCOES_ISS,
  rotuloEnum,
  TIPOS_TRIBUTO,
  tributoGeralInput,
  tributoInput,
  type TributoItem,
} from '@fretio/core';
import { Tag } from 'antd';
import type { FormRule } from 'antd';
import { colunaVigencia } from '../../resources/colunaVigencia.tsx';
import { campoMunicipio } from '../../resources/fields/MunicipioSelect.tsx';
import { formatarPercentual } from '../../resources/fields/PercentInput.tsx';
import { UF_OPTIONS } from '../../resources/fields/endereco.ts';
import { type ColumnDef, type FieldDef, type Registro, type ResourceDef, defineResource } from '../../resources/types.ts';
import { sobDemanda, telaSobDemanda } from '../../resources/sobDemanda.tsx';

// Screens and dialogs of this module load on demand (resources/sobDemanda.tsx).
const RecordPage = telaSobDemanda(() => import('../../resources/RecordForm.tsx'), 'RecordPage');
const PercentField = sobDemanda(() => import('../../resources/fields/PercentInput.tsx'), 'PercentField');
const UfField = sobDemanda(() => import('../../resources/fields/UfSelect.tsx'), 'UfField');
const BancosPage = telaSobDemanda(() => import('./BancosPage.tsx'), 'BancosPage');
const IssPage = telaSobDemanda(() => import('./IssPage.tsx'), 'IssPage');
const ParametrosPage = telaSobDemanda(() => import('./ParametrosPage.tsx'), 'ParametrosPage');
const TributoGeralPage = telaSobDemanda(() => import('./TributoGeralPage.tsx'), 'TributoGeralPage');

// Administração: the shipper's settings, system parameters, tax rules (ICMS and PIS/COFINS with
// validity), general taxation (own vs the system default), ISS per municipality and the bank list.
const inteiro = (min: number, max: number): FormRule => ({
  type: 'integer',
  min,
  max,
  message: `Deve ser um número inteiro entre ${min} e ${max}`,
});
const faixa = (min: number, max: number, message = `Deve estar entre ${min} e ${max}`): FormRule => ({ type: 'number', min, max, message });
const opcoes = (lista: readonly { value: string; label: string }[]) => lista.map((o) => ({ value: o.value, label: o.label }));

export const configuracoes = defineResource({
  key: 'configuracoes',
  path: '/configuracoes',
  label: 'Configurações',
  singular: 'Configurações',
  description: 'Valores padrão do embarcador ativo para cubagem, prazos, auditoria de frete e notificações.',
  group: 'Administração',
  icon: <SettingOutlined />,
  recurso: 'configuracoes',
  api: '/configuracoes',
  operations: ['alterar'],
  page: RecordPage,
  invalidates: ['tributo-geral'],
  defaultSort: { field: 'uid', order: 'ASC' },
  columns: [],
  schema: configuracaoInput,
  fields: [
    {
      name: 'fatorCubagemPadrao',
      label: 'Fator de cubagem padrão (kg/m³)',
      kind: 'number',
      required: true,
      span: 12,
      rules: [inteiro(1, 10000)],
      help: 'Peso cubado = volume (m³) × fator.',
    },
    {
      name: 'diasToleranciaEntrega',
      label: 'Tolerância de entrega (dias)',
      kind: 'number',
      required: true,
      span: 12,
      rules: [inteiro(0, 365)],
      help: 'Dias antes de uma entrega contar como atrasada.',
    },
    {
      name: 'aliquotaIssPadrao',
      label: 'Alíquota de ISS padrão',
      kind: 'custom',
      component: PercentField,
      required: true,
      span: 12,
      rules: [
        faixa(
          ISS_ALIQUOTA_MINIMA,
          ISS_ALIQUOTA_MAXIMA,
          `A alíquota do ISS deve estar entre ${ISS_ALIQUOTA_MINIMA}% e ${ISS_ALIQUOTA_MAXIMA}%`,
        ),
      ],
      help: 'Usada quando o município não tem alíquota cadastrada.',
    },
    { name: 'moeda', label: 'Moeda', kind: 'select', options: opcoes(MOEDAS), required: true, span: 12 },
    {
      name: 'toleranciaAuditoriaPercentual',
      label: 'Tolerância da auditoria (%)',
      kind: 'custom',
      component: PercentField,
      required: true,
      span: 12,
      rules: [faixa(0, 100)],
      help: 'Diferença aceita entre o frete cobrado e o calculado.',
    },
    { name: 'toleranciaAuditoriaValor', label: 'Tolerância da auditoria (R$)', kind: 'money', required: true, span: 12 },
    { name: 'fusoHorario', label: 'Fuso horário', kind: 'select', options: opcoes(FUSOS_HORARIOS), required: true },
    {
      name: 'pontosFacultativosUteis',
      label: 'Pontos facultativos são dias úteis',
      kind: 'bool',
      help: 'Carnaval e Corpus Christi contam como dias úteis nos prazos de entrega.',
    },
    {
      name: 'aprovacaoTabelas',
      label: 'Aprovação de tabelas de frete',
      kind: 'bool',
      help: 'Tabela nova ou reajustada só é ativada por outro usuário, diferente de quem a criou.',
    },
    {
      name: 'emailNotificacoes',
      label: 'E-mails para notificações',
      placeholder: 'logistica@empresa.com.br; fretes@empresa.com.br',
      help: "Até 10 e-mails separados por ';'.",
    },
  ],
});

export const parametros = defineResource({
  key: 'parametros',
  path: '/parametros',
  label: 'Parâmetros do sistema',
  singular: 'Parâmetros',
  description: 'Regras de cotação, coleta, auditoria, tracking e importação ajustáveis pelo embarcador.',
  group: 'Administração',
  icon: <ControlOutlined />,
  recurso: 'configuracoes',
  api: '/administracao/parametros',
  operations: ['alterar'],
  page: ParametrosPage,
  defaultSort: { field: 'chave', order: 'ASC' },
  columns: [],
  fields: [],
});

// ---- Tributos (ICMS and PIS/COFINS rules with validity) ------------------------------------------
const TIPO_CURTO: Record<string, string> = {
  INTERNO: 'ICMS interno',
  INTERESTADUAL: 'ICMS interestadual',
  IMPORTADO: 'ICMS importados',
  PIS_COFINS: 'PIS/COFINS',
};
const ehTipo =
  (...tipos: string[]) =>
  (v: Record<string, unknown>) =>
    tipos.includes(String(v.tipo));
const ICMS = ['INTERNO', 'INTERESTADUAL', 'IMPORTADO'];

/** Validity end on or after its start. */
const fimDepoisDoInicio: FormRule = ({ getFieldValue }) => ({
  validator: async (_r, v: string | null | undefined) => {
    const inicio = getFieldValue('vigenciaInicio') as string | null;
    if (v && inicio && v < inicio) throw new Error('O fim da vigência deve ser igual ou posterior ao início');
  },
});
const destinoDiferente: FormRule = ({ getFieldValue }) => ({
  validator: async (_r, v: string | null | undefined) => {
    if (v && v === getFieldValue('ufOrigem')) throw new Error('A UF de destino deve ser diferente da de origem');
  },
});
/** ICMS rate: required except for imported goods (4 % when empty). */
const aliquotaIcmsObrigatoria: FormRule = ({ getFieldValue }) => ({ required: getFieldValue('tipo') !== 'IMPORTADO' });

export const rotuloLocalTributo = (r: Registro) =>
  r.tipo === 'INTERNO' ? String(r.uf) : r.tipo === 'INTERESTADUAL' ? `${r.ufOrigem} → ${r.ufDestino}` : '—';

const camposTributo: FieldDef[] = [
  { name: 'tipo', label: 'Tipo de regra', kind: 'select', options: opcoes(TIPOS_TRIBUTO) },
  { name: 'uf', label: 'UF', kind: 'custom', component: UfField, required: true, span: 8, visible: ehTipo('INTERNO') },
  {
    name: 'ufOrigem',
    label: 'UF de origem',
    kind: 'custom',
    component: UfField,
    required: true,
    span: 8,
    visible: ehTipo('INTERESTADUAL'),
  },
  {
    name: 'ufDestino',
    label: 'UF de destino',
    kind: 'custom',
    component: UfField,
    required: true,
    span: 8,
    rules: [destinoDiferente],
    visible: ehTipo('INTERESTADUAL'),
  },
  {
    name: 'aliquota',
    label: 'Alíquota de ICMS',
    kind: 'custom',
    component: PercentField,
    span: 8,
    rules: [aliquotaIcmsObrigatoria, faixa(0, 100)],
    visible: ehTipo(...ICMS),
    help: 'Importados: 4 % quando em branco.',
  },
  {
    name: 'regimePisCofins',
    label: 'Regime de PIS/COFINS',
    kind: 'select',
    options: opcoes(REGIMES_PIS_COFINS),
    required: true,
    visible: ehTipo('PIS_COFINS'),
  },
  {
    name: 'aliquotaPis',
    label: 'Alíquota de PIS',
    kind: 'custom',
    component: PercentField,
    span: 12,
    rules: [faixa(0, 100)],
    visible: ehTipo('PIS_COFINS'),
    help: 'Em branco: a do regime.',
  },
  {
    name: 'aliquotaCofins',
    label: 'Alíquota de COFINS',
    kind: 'custom',
    component: PercentField,
    span: 12,
    rules: [faixa(0, 100)],
    visible: ehTipo('PIS_COFINS'),
    help: 'Em branco: a do regime.',
  },
  { name: 'vigenciaInicio', label: 'Início da vigência', kind: 'date', span: 12 },
  {
    name: 'vigenciaFim',
    label: 'Fim da vigência',
    kind: 'date',
    span: 12,
    rules: [fimDepoisDoInicio],
    help: 'Em branco: sem data de fim.',
  },
  { name: 'descricao', label: 'Descrição', kind: 'textarea' },
  { name: 'ativo', label: 'Ativo', kind: 'bool' },
];

/** Only the fields of the rule's kind are sent. */
function corpoTributo(v: Record<string, unknown>) {
  const t = String(v.tipo);
  const icms = ICMS.includes(t);
  return {
    ...v,
    uf: t === 'INTERNO' ? v.uf : null,
    ufOrigem: t === 'INTERESTADUAL' ? v.ufOrigem : null,
    ufDestino: t === 'INTERESTADUAL' ? v.ufDestino : null,
    aliquota: icms ? v.aliquota : null,
    regimePisCofins: icms ? null : v.regimePisCofins,
    aliquotaPis: icms ? null : v.aliquotaPis,
    aliquotaCofins: icms ? null : v.aliquotaCofins,
  };
}

export const tributos = defineResource<TributoItem>({
  key: 'tributos',
  path: '/tributos',
  label: 'Tributos',
  singular: 'Regra de tributo',
  createLabel: 'Nova regra',
  description: 'Alíquotas de ICMS (interno, interestadual, importados) e PIS/COFINS do embarcador, com vigência.',
  group: 'Administração',
  icon: <PercentageOutlined />,
  recurso: 'tributos',
  api: '/configuracoes/tributos',
  operations: ['criar', 'alterar'],
  // The general taxation shows the internal ICMS rate in force per UF.
  invalidates: ['tributo-geral'],
  defaultSort: { field: 'vigenciaInicio', order: 'DESC' },
  formSize: 640,
  columns: [
    {
      field: 'tipo',
      title: 'Tipo',
      sortable: true,
      filter: 'select',
      filterOptions: opcoes(TIPOS_TRIBUTO),
      width: 170,
      render: (v) => TIPO_CURTO[String(v)] ?? String(v),
    },
    { field: 'uf', title: 'UF', filter: 'select', filterOptions: UF_OPTIONS, width: 110, render: (_v, r) => rotuloLocalTributo(r) },
    {
      field: 'aliquota',
      title: 'Alíquota',
      sortable: true,
      width: 220,
      render: (v, r) =>
        r.tipo === 'PIS_COFINS'
          ? `PIS ${formatarPercentual(r.aliquotaPis)} · COFINS ${formatarPercentual(r.aliquotaCofins)}`
          : formatarPercentual(v),
    },
    colunaVigencia(),
    {
      field: 'vigente',
      title: 'Em vigor',
      filter: 'bool',
      boolLabels: ['Vigente', 'Fora da vigência'],
      width: 150,
      render: (v) => (v ? <Tag color="success">Vigente</Tag> : <Tag>Fora da vigência</Tag>),
    },
    { field: 'descricao', title: 'Descrição', filter: 'text' },
    { field: 'ativo', title: 'Situação', kind: 'bool', boolLabels: ['Ativa', 'Inativa'], filter: 'bool', width: 110 },
  ],
  schema: tributoInput,
  fields: camposTributo,
  get initialValues() {
    // New rules start today (São Paulo).
    return { tipo: 'INTERNO', ativo: true, vigenciaInicio: hojeSaoPaulo() };
  },
  toInput: corpoTributo,
  title: (r) => `${TIPO_CURTO[r.tipo] ?? r.tipo} ${rotuloLocalTributo(r)}`,
});

export const tributoGeral = defineResource({
  key: 'tributo-geral',
  path: '/tributo-geral',
  label: 'Tributação geral',
  singular: 'Tributação geral',
  description: 'Regime tributário e quais tributos entram no cálculo do frete: os do embarcador e o padrão do sistema.',
  group: 'Administração',
  icon: <CalculatorOutlined />,
  recurso: 'tributos',
  api: '/configuracoes/tributo-geral',
  listQuery: { default: 'false' },
  operations: ['alterar'],
  page: TributoGeralPage,
  defaultSort: { field: 'uid', order: 'ASC' },
  columns: [],
  schema: tributoGeralInput,
  fields: [
    {
      name: 'regimeTributario',
      label: 'Regime tributário',
      kind: 'select',
      options: opcoes(REGIMES_TRIBUTARIOS),
      required: true,
      span: 12,
    },
    {
      name: 'regimePisCofins',
      label: 'Regime de PIS/COFINS',
      kind: 'select',
      options: opcoes(REGIMES_PIS_COFINS),
      required: true,
      span: 12,
    },
    { name: 'calculaIcms', label: 'Calcula ICMS', kind: 'bool', span: 8 },
    { name: 'icmsIncluso', label: 'ICMS incluso nos preços', kind: 'bool', span: 8, help: 'Senão, o ICMS é somado "por dentro".' },
    { name: 'creditoIcms', label: 'Aproveita crédito de ICMS', kind: 'bool', span: 8 },
    { name: 'calculaPisCofins', label: 'Calcula PIS/COFINS', kind: 'bool', span: 8 },
    { name: 'creditoPisCofins', label: 'Aproveita crédito de PIS/COFINS', kind: 'bool', span: 8 },
    { name: 'calculaIss', label: 'Calcula ISS', kind: 'bool', span: 8 },
  ],
});

// ---- ISS per municipality --------------------------------------------------------------------------
const colunasIss: ColumnDef<IssItem>[] = [
  { field: 'municipio', title: 'Município', sortable: true, filter: 'text' },
  { field: 'uf', title: 'UF', sortable: true, filter: 'select', filterOptions: UF_OPTIONS, width: 90 },
  { field: 'municipioIbge', title: 'Código IBGE', sortable: true, width: 130 },
  { field: 'aliquota', title: 'Alíquota', sortable: true, width: 120, render: (v) => formatarPercentual(v) },
  { field: 'retencao', title: 'Retenção', width: 190, render: (v) => rotuloEnum(RETENCOES_ISS, String(v)) },
  { field: 'observacao', title: 'Observação' },
  { field: 'ativo', title: 'Situação', kind: 'bool', boolLabels: ['Ativa', 'Inativa'], filter: 'bool', width: 110 },
];

export const iss = defineResource<IssItem>({
  key: 'iss',
  path: '/iss',
  label: 'ISS por município',
  singular: 'Alíquota de ISS',
  createLabel: 'Nova alíquota',
  description: 'Alíquotas de ISS do embarcador por município; sem alíquota própria vale a padrão do sistema.',
  group: 'Administração',
  icon: <ShopOutlined />,
  recurso: 'tributos',
  api: '/configuracoes/iss',
  listQuery: { default: 'false' },
  operations: ['criar', 'alterar'],
  // The API has no GET by uid: the form opens with the list row.
  detail: 'lista',
  page: IssPage,
  defaultSort: { field: 'municipio', order: 'ASC' },
  columns: colunasIss,
  schema: issInput,
  fields: [
    { name: 'uf', label: 'UF', kind: 'custom', component: UfField, span: 6, help: 'Para buscar o município.' },
    campoMunicipio({ label: 'Município', required: true, span: 18, nomeField: 'municipio' }),
    {
      name: 'aliquota',
      label: 'Alíquota',
      kind: 'custom',
      component: PercentField,
      span: 12,
      rules: [
        faixa(
          ISS_ALIQUOTA_MINIMA,
          ISS_ALIQUOTA_MAXIMA,
          `A alíquota do ISS deve estar entre ${ISS_ALIQUOTA_MINIMA}% e ${ISS_ALIQUOTA_MAXIMA}%`,
        ),
      ],
    },
    { name: 'retencao', label: 'Retenção', kind: 'select', options: opcoes(RETENCOES_ISS), required: true, span: 12 },
    { name: 'observacao', label: 'Observação', kind: 'textarea' },
    { name: 'ativo', label: 'Ativa', kind: 'bool' },
  ],
  initialValues: { ativo: true, retencao: 'NAO_RETIDO' },
  // The UF only narrows the municipality search; creates and updates are the shipper's own (def=false).
  toInput: ({ uf: _uf, ...v }) => ({ ...v, def: false }),
  title: (r) => `${r.municipio}/${r.uf}`,
});

/** The system's default rates (default=true): read-only, shown by the same screen. */
export const issPadrao: ResourceDef = {
  ...iss,
  key: 'iss-padrao',
  listQuery: { default: 'true' },
  operations: [],
  detail: false,
  page: undefined,
  menu: false,
  description: 'Alíquotas padrão do sistema, usadas quando o embarcador não tem alíquota própria para o município.',
};

export const bancos = defineResource({
  key: 'bancos',
  path: '/bancos',
  label: 'Bancos',
  singular: 'Banco',
  description: 'Bancos do Brasil (código COMPE e ISPB), para consulta.',
  group: 'Administração',
  icon: <BankOutlined />,
  recurso: 'configuracoes',
  api: '/configuracoes/banco/list',
  operations: [],
  page: BancosPage,
  defaultSort: { field: 'code', order: 'ASC' },
  columns: [],
  fields: [],
});
