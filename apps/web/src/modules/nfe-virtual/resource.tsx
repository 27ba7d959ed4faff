import { FileAddOutlined } from '@ant-design/icons';
import { nfeVirtualInput } from '@fretio/core';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { UF_OPTIONS } from '../../resources/fields/endereco.ts';
import { type Registro, defineResource } from '../../resources/types.ts';
import { formatarPeso } from '../nfes/comum.tsx';
import { transportadorRemote } from '../prazosentrega/resource.tsx';

// documentos/nfe-virtual: a note typed before the real NF-e exists (a number of its own). When the
// real NF-e of the same issuer, series and number is imported it takes the virtual one's place in
// every link, and the virtual note is closed (substituidaPorUid points at the real one).
type Parte = { documento: string | null; nome: string | null; uf?: string | null; municipioIbge?: string | null } | null;
const parte = (r: Registro, campo: 'emitente' | 'destinatario') => (r[campo] as Parte) ?? null;

export const nfesVirtuais = defineResource<Registro>({
  key: 'nfe-virtual',
  path: '/documentos/nfe-virtual',
  label: 'NF-e virtuais',
  singular: 'NF-e virtual',
  description: 'Notas digitadas antes da NF-e real. Quando a NF-e do mesmo emitente, série e número é importada, ela assume o lugar da virtual.',
  group: 'Documentos',
  icon: <FileAddOutlined />,
  recurso: 'nfe-virtual',
  api: '/documentos/nfe-virtual',
  schema: nfeVirtualInput,
  defaultSort: { field: 'emissao', order: 'DESC' },
  createLabel: 'Nova NF-e virtual',
  title: (r) => `NF-e virtual ${String(r.numero)}`,
  editavel: (r) => !r.substituidaPorUid,
  columns: [
    { field: 'emissao', title: 'Emissão', kind: 'date', sortable: true, filter: 'dateRange', width: 110 },
    { field: 'numero', title: 'Número', sortable: true, filter: 'text', width: 100 },
    { field: 'serie', title: 'Série', width: 70 },
    { field: 'emitenteNome', title: 'Emitente', sortable: true, filter: 'text', render: (_v, r) => parte(r, 'emitente')?.nome ?? '—' },
    { field: 'destinatarioNome', title: 'Destinatário', sortable: true, filter: 'text', render: (_v, r) => parte(r, 'destinatario')?.nome ?? '—' },
    { field: 'destinatarioUf', title: 'UF destino', filter: 'select', filterOptions: UF_OPTIONS, render: (_v, r) => parte(r, 'destinatario')?.uf ?? '—', width: 90 },
    { field: 'valorTotal', title: 'Valor total (R$)', kind: 'money', width: 130 },
    { field: 'pesoBruto', title: 'Peso bruto', render: (v) => formatarPeso(v as number | null), width: 120 },
    {
      field: 'substituida',
      title: 'Situação',
      filter: 'bool',
      boolLabels: ['Substituída', 'Aberta'],
      render: (_v, r) =>
        r.substituidaPorUid ? (
          <Link to={`/documentos/nfes/${String(r.substituidaPorUid)}`}>
            <Tag color="success">Substituída pela NF-e real</Tag>
          </Link>
        ) : (
          <Tag color="processing">Aberta</Tag>
        ),
      width: 200,
    },
  ],
  fields: [
    { name: 'numero', label: 'Número', kind: 'number', span: 8 },
    { name: 'serie', label: 'Série', kind: 'number', span: 6 },
    { name: 'emissao', label: 'Emissão', kind: 'date', span: 10 },
    { name: 'emitenteDocumento', label: 'CNPJ/CPF do emitente', kind: 'cpfCnpj', span: 10 },
    { name: 'emitenteNome', label: 'Emitente', span: 14 },
    { name: 'destinatarioDocumento', label: 'CNPJ/CPF do destinatário', kind: 'cpfCnpj', span: 10 },
    { name: 'destinatarioNome', label: 'Destinatário', span: 14 },
    { name: 'destinatarioUf', label: 'UF de destino', kind: 'select', options: UF_OPTIONS, span: 8 },
    {
      name: 'destinatarioMunicipioIbge',
      label: 'Município de destino',
      kind: 'remoteSelect',
      span: 16,
      remote: { api: '/locais/ibge/lista', value: 'value', search: 'q', dependsOn: { field: 'destinatarioUf', param: 'uf' }, label: (r) => String(r.label) },
    },
    { name: 'valorTotal', label: 'Valor total', kind: 'money', span: 8 },
    { name: 'pesoBruto', label: 'Peso bruto (kg)', kind: 'number', span: 8 },
    { name: 'volumes', label: 'Volumes', kind: 'number', span: 8 },
    { name: 'transportadorUid', label: 'Transportador', kind: 'remoteSelect', remote: { ...transportadorRemote, currentLabel: (r) => (r.transportadorCadastroNome ? String(r.transportadorCadastroNome) : null) } },
    { name: 'observacao', label: 'Observação', kind: 'textarea' },
  ],
  initialValues: { serie: 1 },
  toForm: (r) => {
    const e = parte(r, 'emitente');
    const d = parte(r, 'destinatario');
    return {
      numero: r.numero,
      serie: r.serie,
      emissao: typeof r.emissao === 'string' ? r.emissao.slice(0, 10) : null,
      emitenteDocumento: e?.documento ?? '',
      emitenteNome: e?.nome ?? '',
      destinatarioDocumento: d?.documento ?? '',
      destinatarioNome: d?.nome ?? '',
      destinatarioUf: d?.uf ?? null,
      destinatarioMunicipioIbge: d?.municipioIbge ?? null,
      valorTotal: r.valorTotal,
      pesoBruto: r.pesoBruto,
      volumes: r.volumes,
      transportadorUid: r.transportadorUid ?? null,
      observacao: r.observacao ?? '',
    };
  },
  invalidates: ['nfes'],
});
