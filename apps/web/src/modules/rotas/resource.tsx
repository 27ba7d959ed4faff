import { rotaInput } from '@fretio/core';
import { SwapRightOutlined } from '@ant-design/icons';
import type { rota, z } from '@fretio/core';
import { defineResource } from '../../resources/types.ts';
import { comLocais, transportadorRemote } from '../prazosentrega/resource.tsx';
import { campoLocal, descricaoLocal } from '../regioes/LocalRefInput.tsx';

// The shipper's route register: origin → destination (UF, municipality, region or CEP range), distance,
// optionally of one carrier. Freight tables may start a route from it.
type Rota = z.infer<typeof rota>;

export const rotas = defineResource<Rota>({
  key: 'rotas',
  path: '/rotas',
  label: 'Rotas',
  singular: 'Rota',
  description: 'Trajetos de origem a destino, com a distância, reaproveitados nas tabelas de frete.',
  group: 'Fretes',
  icon: <SwapRightOutlined />,
  recurso: 'rotas',
  api: '/rotas',
  defaultSort: { field: 'nome', order: 'ASC' },
  columns: [
    { field: 'nome', title: 'Nome', sortable: true, filter: 'text' },
    { field: 'origem', title: 'Origem', render: (v) => descricaoLocal(v as Rota['origem']) },
    { field: 'destino', title: 'Destino', render: (v) => descricaoLocal(v as Rota['destino']) },
    { field: 'distanciaKm', title: 'Distância (km)', sortable: true, width: 140 },
    { field: 'transportadorNome', title: 'Transportador', sortable: true, render: (v) => (v ? String(v) : 'Qualquer') },
    { field: 'ativo', title: 'Situação', kind: 'bool', boolLabels: ['Ativa', 'Inativa'], sortable: true, filter: 'bool', width: 120 },
  ],
  schema: rotaInput,
  fields: [
    { name: 'nome', label: 'Nome' },
    campoLocal('origem', 'Origem'),
    campoLocal('destino', 'Destino'),
    { name: 'distanciaKm', label: 'Distância (km)', kind: 'number', span: 10 },
    {
      name: 'transportadorUid',
      label: 'Transportador',
      kind: 'remoteSelect',
      span: 14,
      remote: transportadorRemote,
      help: 'Vazio: rota de qualquer transportador.',
    },
    { name: 'ativo', label: 'Ativa', kind: 'bool' },
  ],
  initialValues: { ativo: true },
  ...comLocais,
  invalidates: ['tabelas-frete'],
});
