import { CloseCircleOutlined, FileProtectOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { type rpa, rpaCalcularInput, type z } from '@fretio/core';
import { api } from '../../app/api.ts';
import { defineResource } from '../../resources/types.ts';
import { sobDemanda } from '../../resources/sobDemanda.tsx';

// Screens and dialogs of this module load on demand (resources/sobDemanda.tsx).
const BotaoPdfRpa = sobDemanda(() => import('./BotaoPdfRpa.tsx'), 'BotaoPdfRpa');
const DetalheRpa = sobDemanda(() => import('./DetalheRpa.tsx'), 'DetalheRpa');

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
