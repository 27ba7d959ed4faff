import { componenteInput, mapaComponenteInput } from '@fretio/core';
import { AppstoreOutlined, TagsOutlined } from '@ant-design/icons';
import type { Componente, Transportador, mapaComponente, z } from '@fretio/core';
import { Tag } from 'antd';
import { defineResource } from '../../resources/types.ts';

// The freight component catalogue (FRETE_PESO, GRIS, PEDAGIO... of the system, read-only, plus the
// shipper's own) and, per carrier, the names it prints on its CT-e mapped to our components.
type MapaComponente = z.infer<typeof mapaComponente>;

export const componentes = defineResource<Componente>({
  key: 'componentes',
  path: '/componentes',
  label: 'Componentes de frete',
  singular: 'Componente',
  description: 'Parcelas do frete cobradas nas regras das tabelas (frete peso, ad valorem, GRIS, pedágio...).',
  group: 'Fretes',
  icon: <AppstoreOutlined />,
  recurso: 'componentes',
  api: '/componentes',
  defaultSort: { field: 'codigo', order: 'ASC' },
  columns: [
    { field: 'codigo', title: 'Código', sortable: true, filter: 'text', width: 170 },
    { field: 'nome', title: 'Nome', sortable: true, filter: 'text' },
    { field: 'descricao', title: 'Descrição' },
    {
      field: 'sistema',
      title: 'Origem',
      filter: 'bool',
      boolLabels: ['Sistema', 'Embarcador'],
      width: 130,
      render: (v) => <Tag color={v ? 'blue' : 'default'}>{v ? 'Sistema' : 'Embarcador'}</Tag>,
    },
    { field: 'ativo', title: 'Situação', kind: 'bool', boolLabels: ['Ativo', 'Inativo'], sortable: true, filter: 'bool', width: 120 },
  ],
  schema: componenteInput,
  fields: [
    { name: 'codigo', label: 'Código', span: 10, help: 'Letras maiúsculas, dígitos e _ (ex.: TAXA_PORTO).' },
    { name: 'nome', label: 'Nome', span: 14 },
    { name: 'descricao', label: 'Descrição', kind: 'textarea' },
    { name: 'fretePrincipal', label: 'Frete principal', kind: 'bool', help: 'Entra na base "Frete principal" (ex.: TDE 20 % do frete).' },
    { name: 'foraBaseTributo', label: 'Fora da base do imposto', kind: 'bool', help: 'Ex.: vale-pedágio: somado depois do ICMS/ISS.' },
    { name: 'ativo', label: 'Ativo', kind: 'bool' },
  ],
  initialValues: { ativo: true },
  toInput: (v) => ({ ...v, codigo: typeof v.codigo === 'string' ? v.codigo.trim().toUpperCase() : v.codigo }),
  title: (r) => `${r.codigo} - ${r.nome}`,
  // Rules of freight tables show the components' names.
  invalidates: ['tabelas-frete'],
  editavel: (r) => !r.sistema,
  deleteAction: { label: 'Excluir', show: (r) => !r.sistema },
});

/** The component select of forms: active components by code. */
export const componenteRemote = {
  api: '/componentes/ativos',
  label: (r: Record<string, unknown>) => `${r.codigo} - ${r.nome}`,
};

export const mapasComponente = defineResource<MapaComponente>({
  key: 'transportador-mapas-componente',
  path: '/transportadores/:uid/mapas-componente',
  label: 'Mapas de componente',
  singular: 'Mapa de componente',
  description: 'Nome com que o transportador imprime cada componente no CT-e → componente do Fretio.',
  group: 'Fretes',
  icon: <TagsOutlined />,
  menu: false,
  parent: { key: 'transportadores', param: 'uid', rowLink: true },
  recurso: 'transportadores',
  api: '/transportadores/:uid/mapasComponente',
  defaultSort: { field: 'nome', order: 'ASC' },
  columns: [
    { field: 'nome', title: 'Nome no CT-e', sortable: true, filter: 'text' },
    { field: 'componenteCodigo', title: 'Componente', sortable: true, render: (_v, r) => `${r.componenteCodigo} - ${r.componenteNome}` },
    { field: 'criadoEm', title: 'Criado em', kind: 'date', sortable: true, width: 130 },
  ],
  schema: mapaComponenteInput,
  fields: [
    { name: 'nome', label: 'Nome no CT-e', help: 'Como aparece no CT-e, ex.: "FRETE PESO" ou "TX GRIS".' },
    {
      name: 'componenteUid',
      label: 'Componente',
      kind: 'remoteSelect',
      remote: { ...componenteRemote, currentLabel: (r) => (r.componenteCodigo ? `${r.componenteCodigo} - ${r.componenteNome}` : null) },
    },
  ],
  title: (r) => r.nome,
});

/** Menu entry: choose the carrier whose component names to map. */
export const mapasComponentePorTransportador = defineResource<Transportador>({
  key: 'mapas-componente',
  path: '/mapas-componente',
  label: 'Mapas de componente',
  singular: 'Transportador',
  description: 'Escolha o transportador para mapear os nomes dos componentes dos seus CT-es.',
  descricaoTransportador: 'Como o embarcador lê os nomes dos componentes que a sua transportadora imprime nos CT-es.',
  group: 'Fretes',
  icon: <TagsOutlined />,
  recurso: 'transportadores',
  api: '/transportadores',
  operations: [],
  detail: false,
  defaultSort: { field: 'nome', order: 'ASC' },
  columns: [
    { field: 'nome', title: 'Razão social', sortable: true, filter: 'text' },
    { field: 'nomeFantasia', title: 'Nome fantasia', sortable: true },
    { field: 'cnpj', title: 'CNPJ', kind: 'documento', sortable: true, filter: 'text', width: 180 },
  ],
  fields: [],
  links: [
    {
      label: 'Mapas de componente',
      icon: <TagsOutlined />,
      recurso: 'transportadores',
      to: (r) => `/transportadores/${r.uid}/mapas-componente`,
    },
  ],
});
