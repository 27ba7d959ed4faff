import { CloseCircleOutlined, FileProtectOutlined, SafetyCertificateOutlined, TableOutlined } from '@ant-design/icons';
import { formatarDinheiro, type rpa, rpaCalcularInput, TABELAS_RPA, type tabelaRpa, tabelaRpaInput, type z } from '@fretio/core';
import { api } from '../../app/api.ts';
import { defineResource } from '../../resources/types.ts';
import { sobDemanda } from '../../resources/sobDemanda.tsx';

// Screens and dialogs of this module load on demand (resources/sobDemanda.tsx).
const BotaoPdfRpa = sobDemanda(() => import('./BotaoPdfRpa.tsx'), 'BotaoPdfRpa');
const DetalheRpa = sobDemanda(() => import('./DetalheRpa.tsx'), 'DetalheRpa');
const FaixasIrrf = sobDemanda(() => import('./FaixasIrrf.tsx'), 'FaixasIrrf');

// RPA (Recibo de Pagamento a Autônomo) of independent drivers: typed with the freight value, calculated by
// the server (INSS with the month's ceiling, SEST/SENAT, IRRF of the month, ISS), issued (locks it and makes
// its payables), printed as a PDF and paid title by title in the expanded row.

type Rpa = z.infer<typeof rpa> & Record<string, unknown>;

export const rpas = defineResource<Rpa>({
  key: 'rpa',
  path: '/rpa',
  label: 'RPA de autônomos',
  singular: 'RPA',
  description: 'Fretes pagos a motoristas autônomos: INSS (com o teto do mês), SEST/SENAT, IRRF e ISS retidos; emita, imprima o recibo e pague os títulos.',
  group: 'Documentos',
  icon: <FileProtectOutlined />,
  recurso: 'rpa',
  api: '/rpa',
  defaultSort: { field: 'data', order: 'DESC' },
  columns: [
    { field: 'numero', title: 'Nº', sortable: true, width: 80 },
    { field: 'data', title: 'Data', kind: 'date', sortable: true, filter: 'dateRange', width: 120 },
    { field: 'unidadeNome', title: 'Autônomo' },
    { field: 'valorFrete', title: 'Frete', kind: 'money', sortable: true, width: 130 },
    { field: 'valorLiquido', title: 'Líquido', kind: 'money', width: 130 },
    { field: 'status', title: 'Status', kind: 'status', statusKey: 'rpa', sortable: true, filter: 'select', width: 120 },
  ],
  schema: rpaCalcularInput,
  fields: [
    {
      name: 'unidadeTransportadorUid', label: 'Autônomo (unidade do transportador)', kind: 'remoteSelect', span: 24,
      remote: { api: '/transportadores/transportadores-unidades', query: { indicaAutonomo: 'true' }, label: (r) => String(r.nome), currentLabel: (r) => (r.unidadeNome ? String(r.unidadeNome) : null) },
    },
    { name: 'data', label: 'Data do serviço', kind: 'date', span: 8 },
    { name: 'valorFrete', label: 'Valor do frete', kind: 'money', span: 8 },
    { name: 'dependentes', label: 'Dependentes (IRRF)', kind: 'number', required: false, span: 8 },
    { name: 'aliquotaIss', label: 'ISS retido (%)', kind: 'number', required: false, span: 8 },
    { name: 'descricao', label: 'Serviço', kind: 'textarea', span: 24 },
  ],
  initialValues: { dependentes: 0 },
  createLabel: 'Novo RPA',
  editavel: (r) => r.status === 1,
  deleteAction: { label: 'Excluir', show: (r) => r.status === 1 },
  expandable: (r) => <DetalheRpa rpa={r} />,
  rowExtra: (r) => <BotaoPdfRpa r={r} />,
  rowActions: [
    {
      key: 'emitir', label: 'Emitir', icon: <SafetyCertificateOutlined />, acao: 'aprovar',
      show: (r) => r.status === 1,
      confirm: (r) => `Emitir o RPA nº ${r.numero}? Os valores ficam travados e os títulos (líquido, INSS, IRRF, SEST/SENAT, ISS) são gerados.`,
      run: (r, { base }) => api(`${base}/${r.uid}/emitir`),
    },
    {
      key: 'cancelar', label: 'Cancelar', icon: <CloseCircleOutlined />, acao: 'aprovar', menu: true,
      show: (r) => r.status !== 3,
      confirm: (r) => `Cancelar o RPA nº ${r.numero}? Os títulos em aberto são cancelados.`,
      run: (r, { base }) => api(`${base}/${r.uid}/cancelar`),
    },
  ],
  title: (r) => `RPA nº ${r.numero}`,
});

type TabelaRpa = z.infer<typeof tabelaRpa> & Record<string, unknown>;
/** A new version starts from the latest built-in legal table. */
const vigente = TABELAS_RPA[TABELAS_RPA.length - 1]!;
const faixasTexto = (r: TabelaRpa) => r.faixasIrrf.map((f) => `${f.ate === null ? 'acima' : `até ${formatarDinheiro(f.ate)}`}: ${String(f.aliquota).replace('.', ',')} %`).join(' · ');

/** The shipper's RPA tables: dated versions that replace the built-in legal table on their dates. */
export const tabelasRpa = defineResource<TabelaRpa>({
  key: 'rpa-tabelas',
  path: '/rpa-tabelas',
  label: 'Tabelas do RPA',
  singular: 'Tabela do RPA',
  description: 'Teto e alíquotas do INSS, SEST/SENAT e faixas do IRRF por vigência. Sem tabela do embarcador na data, vale a tabela legal embutida (2025 e 2026).',
  group: 'Documentos',
  icon: <TableOutlined />,
  recurso: 'rpa',
  api: '/rpa/tabelas',
  defaultSort: { field: 'vigenciaInicio', order: 'DESC' },
  columns: [
    { field: 'vigenciaInicio', title: 'Início', kind: 'date', sortable: true, filter: 'dateRange', width: 120 },
    { field: 'vigenciaFim', title: 'Fim', kind: 'date', width: 120 },
    { field: 'tetoInss', title: 'Teto do INSS', kind: 'money', sortable: true, width: 140 },
    { field: 'aliquotaInss', title: 'INSS %', width: 90 },
    { field: 'faixasIrrf', title: 'Faixas do IRRF', render: (_v, r) => faixasTexto(r) },
  ],
  schema: tabelaRpaInput,
  fields: [
    { name: 'vigenciaInicio', label: 'Início da vigência', kind: 'date', span: 8 },
    { name: 'vigenciaFim', label: 'Fim da vigência', kind: 'date', required: false, span: 8, help: 'Vazio: vale até a próxima versão.' },
    { name: 'tetoInss', label: 'Teto do INSS (R$/mês)', kind: 'money', span: 8 },
    { name: 'percentualBaseInss', label: 'Base do INSS (% do frete)', kind: 'number', span: 8 },
    { name: 'aliquotaInss', label: 'INSS do autônomo (%)', kind: 'number', span: 8 },
    { name: 'aliquotaInssPatronal', label: 'INSS patronal (%)', kind: 'number', span: 8 },
    { name: 'aliquotaSest', label: 'SEST (%)', kind: 'number', span: 8 },
    { name: 'aliquotaSenat', label: 'SENAT (%)', kind: 'number', span: 8 },
    { name: 'percentualBaseIrrf', label: 'Rendimento do IRRF (% do frete)', kind: 'number', span: 8 },
    { name: 'deducaoDependente', label: 'Dedução por dependente (R$)', kind: 'money', span: 8 },
    { name: 'faixasIrrf', label: 'Faixas do IRRF (mensal)', kind: 'custom', component: FaixasIrrf, span: 24 },
    { name: 'reducaoAte', label: 'Redução do IRRF: zero até (R$)', kind: 'number', required: false, span: 8, help: 'Lei 15.270/2025; vazio = sem redução.' },
    { name: 'reducaoMaximo', label: 'Redução máxima (R$)', kind: 'number', required: false, span: 8 },
    { name: 'reducaoAteFaixa', label: 'Redução decrescente até (R$)', kind: 'number', required: false, span: 8 },
    { name: 'reducaoConstante', label: 'Redução: constante (R$)', kind: 'number', required: false, span: 8 },
    { name: 'reducaoCoeficiente', label: 'Redução: coeficiente', kind: 'number', required: false, span: 8 },
    { name: 'fonte', label: 'Fonte legal', kind: 'textarea', required: false, span: 24 },
  ],
  initialValues: {
    tetoInss: vigente.tetoInss, percentualBaseInss: vigente.percentualBaseInss, aliquotaInss: vigente.aliquotaInss, aliquotaInssPatronal: vigente.aliquotaInssPatronal,
    aliquotaSest: vigente.aliquotaSest, aliquotaSenat: vigente.aliquotaSenat, percentualBaseIrrf: vigente.percentualBaseIrrf, deducaoDependente: vigente.deducaoDependente,
    faixasIrrf: vigente.faixasIrrf, reducaoAte: vigente.reducaoIrrf?.ate, reducaoMaximo: vigente.reducaoIrrf?.maximo, reducaoAteFaixa: vigente.reducaoIrrf?.ateFaixa,
    reducaoConstante: vigente.reducaoIrrf?.constante, reducaoCoeficiente: vigente.reducaoIrrf?.coeficiente, fonte: vigente.fonte,
  },
  createLabel: 'Nova tabela',
  formSize: 900,
  title: (r) => `Tabela do RPA de ${String(r.vigenciaInicio).split('-').reverse().join('/')}`,
});
