import { FileAddOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { STATUS, type StatusKey, cargaProdutoInput, formatarDinheiro, statusValues } from '@fretio/core';
import { formatarNumero } from '../produtos/numeros.ts';
import { municipioRemote, rotuloMunicipio } from '../../resources/fields/MunicipioSelect.tsx';
import type { ReactNode } from 'react';
import { type ColumnDef, type FieldDef, type Registro, type ResourceDef, defineResource } from '../../resources/types.ts';

// What a freight request and a quotation share on screen: places (CEP or municipality), parties,
// pickup date, vehicle type; the cargo lines and NF-e references.

/** A record's origin or destination as the lists show it: 'Cidade/UF', else 'CEP …'. */
export const lugarDaCarga = (r: Registro, p: 'origem' | 'destino') =>
  r[`${p}MunicipioNome`] ? `${r[`${p}MunicipioNome`]}/${r[`${p}Uf`]}` : r[`${p}Cep`] ? `CEP ${r[`${p}Cep`]}` : '—';

export const statusOptions = (key: StatusKey) => statusValues(key).map((v) => ({ value: v, label: STATUS[key].values.find((s) => s.value === v)?.label ?? String(v) }));

export function colunasCarga<T extends Registro>(): ColumnDef<T>[] {
  return [
    { field: 'origemMunicipioNome', title: 'Origem', render: (_v, r) => lugarDaCarga(r, 'origem') },
    { field: 'destinoMunicipioNome', title: 'Destino', render: (_v, r) => lugarDaCarga(r, 'destino') },
    { field: 'remetenteNome', title: 'Remetente' },
    { field: 'dataColetaDesejada', title: 'Coleta desejada', kind: 'date', sortable: true, filter: 'dateRange', width: 130 },
    { field: 'pesoTotalKg', title: 'Peso (kg)', render: (v) => formatarNumero(v as number, 3), width: 110 },
    { field: 'valorTotal', title: 'Valor (R$)', kind: 'money', width: 120 },
  ];
}

/** The origin/destination municipality field of a cargo form (its current label from the record's names). */
export const campoMunicipioDaCarga = (name: string, label: string, prefixo: 'origem' | 'destino'): FieldDef => ({
  name,
  label,
  kind: 'remoteSelect',
  span: 16,
  remote: {
    ...municipioRemote(),
    currentLabel: (r) => rotuloMunicipio(r[`${prefixo}MunicipioNome`], r[`${prefixo}Uf`], r[`${prefixo}MunicipioIbge`]),
  },
});

const pessoa = (name: string, label: string, nomeField: string): FieldDef => ({
  name,
  label,
  kind: 'remoteSelect',
  span: 12,
  remote: { api: '/pessoas/list', value: 'value', search: 'q', label: (r) => String(r.label), currentLabel: (r) => (r[nomeField] ? String(r[nomeField]) : null) },
});

export const camposCarga: FieldDef[] = [
  { name: 'origemCep', label: 'CEP de origem', kind: 'cep', span: 8, help: 'CEP ou município' },
  campoMunicipioDaCarga('origemMunicipioIbge', 'Município de origem', 'origem'),
  { name: 'destinoCep', label: 'CEP de destino', kind: 'cep', span: 8, help: 'CEP ou município' },
  campoMunicipioDaCarga('destinoMunicipioIbge', 'Município de destino', 'destino'),
  pessoa('remetenteUid', 'Remetente', 'remetenteNome'),
  pessoa('destinatarioUid', 'Destinatário', 'destinatarioNome'),
  { name: 'dataColetaDesejada', label: 'Coleta desejada', kind: 'date', span: 12 },
  {
    name: 'tipoVeiculoUid',
    label: 'Tipo de veículo',
    kind: 'remoteSelect',
    span: 12,
    remote: { api: '/tiposveiculo/list', value: 'value', label: (r) => String(r.label), currentLabel: (r) => (r.tipoVeiculoNome ? String(r.tipoVeiculoNome) : null) },
  },
];

export const colunasProduto: ColumnDef[] = [
  { field: 'descricao', title: 'Descrição', sortable: true, filter: 'text' },
  { field: 'produtoCodigo', title: 'Produto' },
  { field: 'quantidade', title: 'Quantidade', render: (v) => formatarNumero(v as number, 3), width: 110 },
  { field: 'pesoKg', title: 'Peso (kg)', render: (v) => formatarNumero(v as number, 3), width: 110 },
  { field: 'volumeM3', title: 'm³', render: (v) => (v === null ? '—' : formatarNumero(v as number, 3)), width: 90 },
  { field: 'valor', title: 'Valor (R$)', kind: 'money', width: 120 },
];
export const camposProduto: FieldDef[] = [
  {
    name: 'produtoUid',
    label: 'Produto do cadastro',
    kind: 'remoteSelect',
    remote: { api: '/produtos/list', value: 'value', search: 'q', label: (r) => String(r.label), currentLabel: (r) => (r.produtoCodigo ? String(r.produtoCodigo) : null) },
  },
  { name: 'descricao', label: 'Descrição' },
  { name: 'quantidade', label: 'Quantidade', kind: 'number', span: 6 },
  { name: 'pesoKg', label: 'Peso (kg)', kind: 'number', span: 6 },
  { name: 'volumeM3', label: 'm³', kind: 'number', span: 6 },
  { name: 'valor', label: 'Valor (R$)', kind: 'money', span: 6 },
];

/** The goods of a freight request, quotation or shipment (sub-collection `/<raiz>/:uid/produtos`):
 * the same columns, fields and schema everywhere; what changes is the parent record, the permission
 * resource and the lists refreshed after a write (both default to the parent's, `raiz`). */
export function recursoProdutosDaCarga(o: {
  raiz: string;
  parent: NonNullable<ResourceDef['parent']>;
  recurso?: string;
  invalidates?: string[];
  label?: string;
  singular?: string;
  icon?: ReactNode;
}) {
  return defineResource({
    key: `${o.raiz}-produtos`,
    path: `/${o.raiz}/:uid/produtos`,
    label: o.label ?? 'Carga',
    singular: o.singular ?? 'Item da carga',
    group: 'Operação',
    icon: o.icon ?? <FileAddOutlined />,
    menu: false,
    parent: o.parent,
    recurso: o.recurso ?? o.raiz,
    api: `/${o.raiz}/:uid/produtos`,
    invalidates: o.invalidates ?? [o.raiz],
    defaultSort: { field: 'criadoEm', order: 'ASC' },
    columns: colunasProduto,
    schema: cargaProdutoInput,
    fields: camposProduto,
    title: (r) => String(r.descricao),
  });
}

export const colunasNfe: ColumnDef[] = [
  { field: 'numero', title: 'Número', sortable: true, width: 110 },
  { field: 'serie', title: 'Série', width: 70 },
  { field: 'chave', title: 'Chave de acesso', filter: 'text' },
  // A typed reference that names an imported NF-e of the shipper links to it.
  {
    field: 'virtual',
    title: 'Tipo',
    width: 100,
    render: (v, r) => (v || !r.nfeUid ? <Tag>Virtual</Tag> : <Link to={`/documentos/nfes/${String(r.nfeUid)}`}>Importada</Link>),
  },
  { field: 'pesoKg', title: 'Peso (kg)', render: (v) => formatarNumero(v as number, 3), width: 110 },
  { field: 'valor', title: 'Valor (R$)', kind: 'money', width: 120 },
  { field: 'freteEsperado', title: 'Frete acordado', render: (v) => (v === null || v === undefined ? '—' : formatarDinheiro(v as number)), width: 130 },
];
export const camposNfe: FieldDef[] = [
  { name: 'chave', label: 'Chave de acesso (opcional)', help: 'Sem chave, a NF-e fica como virtual até a nota ser importada.' },
  { name: 'numero', label: 'Número', kind: 'number', span: 8 },
  { name: 'serie', label: 'Série', kind: 'number', span: 4 },
  { name: 'emitenteCnpj', label: 'CNPJ do emitente', kind: 'cnpj', span: 12 },
  { name: 'valor', label: 'Valor (R$)', kind: 'money', span: 8 },
  { name: 'pesoKg', label: 'Peso (kg)', kind: 'number', span: 8 },
  { name: 'volumes', label: 'Volumes', kind: 'number', span: 8 },
  { name: 'volumeM3', label: 'm³', kind: 'number', span: 8 },
];
