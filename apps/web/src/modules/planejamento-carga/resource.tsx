import { BuildOutlined } from '@ant-design/icons';
import { type PlanejamentoCarga, formatarDinheiro, planejamentoCargaInput } from '@fretio/core';
import { apiGet } from '../../app/api.ts';
import { defineResource } from '../../resources/types.ts';
import { formatarNumero } from '../produtos/numeros.ts';
import { campoMunicipioDaCarga, lugarDaCarga, statusOptions } from '../solicitacoesfrete/campos.tsx';
import { sobDemanda } from '../../resources/sobDemanda.tsx';

// Screens and dialogs of this module load on demand (resources/sobDemanda.tsx).
const PainelPlanejamento = sobDemanda(() => import('./PainelPlanejamento.tsx'), 'PainelPlanejamento');
const PropostaCargas = sobDemanda(() => import('./PropostaCargas.tsx'), 'PropostaCargas');

// Load planning (API /api/v1/planejamento-carga): a session with a vehicle type; expanding a row shows its
// documents, the totals against the vehicle's capacity and the free documents to add; "Finalizar"
// creates the shipment. "Propor cargas" (toolbar) makes one plan per load the server proposes.

export const planejamentoCarga = defineResource<PlanejamentoCarga>({
  key: 'planejamento-carga',
  path: '/planejamento-carga',
  label: 'Planejamento de carga',
  singular: 'Planejamento de carga',
  description: 'Junte NF-es e pedidos ainda não embarcados numa carga, confira peso e volume contra o veículo e finalize em um embarque.',
  group: 'Operação',
  icon: <BuildOutlined />,
  recurso: 'planejamento-carga',
  api: '/planejamento-carga',
  defaultSort: { field: 'numero', order: 'DESC' },
  columns: [
    { field: 'numero', title: 'Nº', sortable: true, width: 70 },
    { field: 'descricao', title: 'Descrição', filter: 'text' },
    { field: 'status', title: 'Status', kind: 'status', statusKey: 'planejamentoCarga', filter: 'select', filterOptions: statusOptions('planejamentoCarga'), sortable: true, width: 120 },
    { field: 'origemMunicipioNome', title: 'Origem', render: (_v, r) => lugarDaCarga(r, 'origem') },
    { field: 'destinoMunicipioNome', title: 'Destino', render: (_v, r) => lugarDaCarga(r, 'destino') },
    { field: 'tipoVeiculoNome', title: 'Veículo', width: 110 },
    { field: 'quantidadeDocumentos', title: 'Docs', width: 70 },
    {
      field: 'pesoTotalKg',
      title: 'Peso (kg)',
      width: 150,
      render: (v, r) => `${formatarNumero(v as number, 3)}${r.ocupacaoPesoPct !== null ? ` (${formatarNumero(r.ocupacaoPesoPct, 1)} %)` : ''}${r.avisos.length ? ' ⚠' : ''}`,
    },
    { field: 'valorTotal', title: 'Valor (R$)', width: 120, render: (v) => formatarDinheiro(v as number) },
    { field: 'embarqueNumero', title: 'Embarque', width: 90, render: (v) => (v ? `nº ${v}` : '—') },
  ],
  schema: planejamentoCargaInput,
  fields: [
    { name: 'descricao', label: 'Descrição' },
    { name: 'origemCep', label: 'CEP de origem', kind: 'cep', span: 8, help: 'CEP ou município' },
    campoMunicipioDaCarga('origemMunicipioIbge', 'Município de origem', 'origem'),
    { name: 'destinoCep', label: 'CEP de destino', kind: 'cep', span: 8, help: 'CEP ou município' },
    campoMunicipioDaCarga('destinoMunicipioIbge', 'Município de destino', 'destino'),
    {
      name: 'tipoVeiculoUid',
      label: 'Tipo de veículo',
      kind: 'remoteSelect',
      span: 12,
      remote: { api: '/tiposveiculo/list', value: 'value', label: (r) => String(r.label), currentLabel: (r) => (r.tipoVeiculoNome ? String(r.tipoVeiculoNome) : null) },
    },
    {
      name: 'transportadorUid',
      label: 'Transportador',
      kind: 'remoteSelect',
      span: 12,
      remote: { api: '/transportadores/listaselecao-usuario', value: 'value', search: 'q', label: (r) => String(r.label), currentLabel: (r) => (r.transportadorNome ? String(r.transportadorNome) : null) },
    },
    { name: 'dataEmbarque', label: 'Data de embarque', kind: 'date', span: 12 },
    { name: 'observacao', label: 'Observação', kind: 'textarea' },
  ],
  // The form edits the header only; the documents are kept by the server when absent.
  toInput: (v) => {
    const { documentos: _d, ...resto } = v;
    return resto;
  },
  title: (r) => `Planejamento ${r.numero}`,
  editavel: (r) => r.status === 1,
  expandable: (r) => <PainelPlanejamento plano={r} />,
  toolbar: PropostaCargas,
  rowActions: [
    {
      key: 'finalizar',
      label: 'Finalizar',
      show: (r) => r.status === 1 && r.quantidadeDocumentos > 0,
      confirm: (r) => `Finalizar o planejamento ${r.numero} e criar o embarque com ${r.quantidadeDocumentos} documento(s)?${r.avisos.length ? ` Atenção: ${r.avisos.join(' ')}` : ''}`,
      sucesso: () => 'Planejamento finalizado: embarque criado.',
      run: (r, { base }) => apiGet(`${base}/${r.uid}/finish`),
    },
  ],
  deleteAction: { label: 'Excluir', show: (r) => r.status === 1 },
});
