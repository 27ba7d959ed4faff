import { DashboardOutlined } from '@ant-design/icons';
import { hojeSaoPaulo, type pisoAntt, pisoAnttInput, TIPO_CARGA_ANTT_LABEL, TIPOS_CARGA_ANTT, type TipoCargaAntt, type z } from '@fretio/core';
import { colunaVigencia } from '../../resources/colunaVigencia.tsx';
import { defineResource } from '../../resources/types.ts';

// ANTT minimum-freight coefficients (Res. ANTT 5.867/2020 Anexo II, Tabela A, and its updates), dated per
// shipper: the calculator flags a full-load quote below distance × CCD + CC (and raises a TAC's to it).
type PisoAntt = z.infer<typeof pisoAntt>;
const TIPOS = TIPOS_CARGA_ANTT.map((t) => ({ value: t, label: TIPO_CARGA_ANTT_LABEL[t] }));
const numero = (v: unknown, casas: number) => Number(v).toLocaleString('pt-BR', { minimumFractionDigits: casas, maximumFractionDigits: casas });

export const pisosAntt = defineResource<PisoAntt>({
  key: 'pisos-antt',
  path: '/pisos-antt',
  label: 'Piso mínimo ANTT',
  singular: 'Coeficiente do piso ANTT',
  createLabel: 'Novo coeficiente',
  description:
    'Coeficientes do piso mínimo de frete (Lei 13.703/2018, Res. ANTT 5.867/2020, Anexo II, Tabela A — lotação) por tipo de carga e eixos, com vigência. ' +
    'Digite os números da resolução em vigor e cite-a em "Fonte". A calculadora sinaliza o frete de lotação abaixo de km × CCD + CC; para autônomos (TAC) eleva-o ao piso.',
  group: 'Fretes',
  icon: <DashboardOutlined />,
  recurso: 'tabelasfrete',
  api: '/pisos-antt',
  operations: ['criar', 'alterar', 'excluir'],
  defaultSort: { field: 'vigenciaInicio', order: 'DESC' },
  columns: [
    {
      field: 'tipoCarga',
      title: 'Tipo de carga',
      sortable: true,
      filter: 'select',
      filterOptions: TIPOS,
      render: (v) => TIPO_CARGA_ANTT_LABEL[v as TipoCargaAntt] ?? String(v),
    },
    { field: 'eixos', title: 'Eixos', sortable: true, width: 90 },
    { field: 'ccd', title: 'CCD (R$/km)', width: 130, render: (v) => numero(v, 4) },
    { field: 'cc', title: 'CC (R$)', width: 120, render: (v) => numero(v, 2) },
    colunaVigencia(),
    { field: 'fonte', title: 'Fonte', filter: 'text' },
    { field: 'ativo', title: 'Situação', kind: 'bool', boolLabels: ['Ativo', 'Inativo'], filter: 'bool', width: 110 },
  ],
  schema: pisoAnttInput,
  fields: [
    { name: 'tipoCarga', label: 'Tipo de carga', kind: 'select', options: TIPOS, span: 12 },
    { name: 'eixos', label: 'Eixos carregados', kind: 'number', span: 12 },
    { name: 'ccd', label: 'CCD — deslocamento (R$/km)', kind: 'number', span: 12 },
    { name: 'cc', label: 'CC — carga e descarga (R$)', kind: 'number', span: 12 },
    { name: 'vigenciaInicio', label: 'Vigência: início', kind: 'date', span: 12 },
    { name: 'vigenciaFim', label: 'Vigência: fim', kind: 'date', span: 12, help: 'Vazio: até a próxima versão.' },
    { name: 'fonte', label: 'Fonte', help: 'Ex.: Res. ANTT nº 6.006/2023 (DOU 20/01/2023), Anexo II, Tabela A.' },
    { name: 'ativo', label: 'Ativo', kind: 'bool' },
  ],
  get initialValues() {
    return { tipoCarga: 'CARGA_GERAL', ativo: true, vigenciaInicio: hojeSaoPaulo() };
  },
  title: (r) => `${TIPO_CARGA_ANTT_LABEL[r.tipoCarga] ?? r.tipoCarga}, ${r.eixos} eixos`,
});
