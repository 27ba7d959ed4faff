import { regiaoInput, regiaoLocalInput } from '@fretio/core';
import { EnvironmentOutlined, GlobalOutlined } from '@ant-design/icons';
import type { Regiao, regiaoLocal, z } from '@fretio/core';
import { Tag } from 'antd';
import { defineResource } from '../../resources/types.ts';
import { ROTULO_TIPO_LOCAL, type TipoLocal, campoLocal, descricaoLocal, paraLocalRef, type LocalValor } from './LocalRefInput.tsx';

// Regions of the active shipper (named sets of UFs, municipalities and CEP ranges) and their locations.
type RegiaoLocal = z.infer<typeof regiaoLocal>;

export const regioes = defineResource<Regiao>({
  key: 'regioes',
  path: '/regioes',
  label: 'Regiões',
  singular: 'Região',
  description: 'Conjuntos de UFs, municípios e faixas de CEP usados como origem e destino das rotas.',
  group: 'Fretes',
  icon: <GlobalOutlined />,
  recurso: 'regioes',
  api: '/regioes',
  defaultSort: { field: 'nome', order: 'ASC' },
  columns: [
    { field: 'nome', title: 'Nome', sortable: true, filter: 'text' },
    { field: 'descricao', title: 'Descrição', filter: 'text' },
    { field: 'quantidadeLocais', title: 'Locais', width: 90 },
    { field: 'ativo', title: 'Situação', kind: 'bool', boolLabels: ['Ativa', 'Inativa'], sortable: true, filter: 'bool', width: 120 },
    { field: 'criadoEm', title: 'Criada em', kind: 'date', sortable: true, width: 130 },
  ],
  schema: regiaoInput,
  fields: [
    { name: 'nome', label: 'Nome' },
    { name: 'descricao', label: 'Descrição', kind: 'textarea' },
    { name: 'ativo', label: 'Ativa', kind: 'bool' },
  ],
  initialValues: { ativo: true },
});

const TIPOS_DA_REGIAO: TipoLocal[] = ['UF', 'MUNICIPIO', 'FAIXA_CEP'];

export const regiaoLocais = defineResource<RegiaoLocal>({
  key: 'regiao-locais',
  path: '/regioes/:uid/locais',
  label: 'Locais da região',
  singular: 'Local',
  description: 'Uma carga pertence à região quando sua UF, seu município ou seu CEP está entre estes locais.',
  group: 'Fretes',
  icon: <EnvironmentOutlined />,
  menu: false,
  parent: { key: 'regioes', param: 'uid', rowLink: true },
  tab: 'Locais',
  recurso: 'regioes',
  api: '/regioes/:uid/locais',
  // The regions' list counts the locations.
  invalidates: ['regioes'],
  defaultSort: { field: 'criadoEm', order: 'ASC' },
  columns: [
    {
      field: 'tipo',
      title: 'Tipo',
      sortable: true,
      filter: 'select',
      filterOptions: TIPOS_DA_REGIAO.map((t) => ({ value: t, label: ROTULO_TIPO_LOCAL[t] })),
      width: 150,
      render: (v) => <Tag>{ROTULO_TIPO_LOCAL[v as TipoLocal] ?? String(v)}</Tag>,
    },
    { field: 'descricao', title: 'Local', render: (_v, r) => descricaoLocal(r) },
    { field: 'criadoEm', title: 'Incluído em', kind: 'date', sortable: true, width: 130 },
  ],
  schema: regiaoLocalInput,
  fields: [campoLocal('local', 'Local', { tipos: TIPOS_DA_REGIAO, help: 'UF, município (busque pelo nome) ou faixa de CEP.' })],
  toForm: (r) => ({ local: r }),
  toInput: (v) => paraLocalRef(v.local as LocalValor) ?? {},
  title: (r) => descricaoLocal(r),
});
