import { prazoEntregaInput } from '@fretio/core';
import { FieldTimeOutlined } from '@ant-design/icons';
import type { prazoEntrega, z } from '@fretio/core';
import { type RemoteOptions, defineResource } from '../../resources/types.ts';
import { type LocalValor, campoLocal, descricaoLocal, paraLocalRef } from '../regioes/LocalRefInput.tsx';

// Delivery deadlines (business days) by carrier and origin → destination.
type PrazoEntrega = z.infer<typeof prazoEntrega>;

/** The carrier select of the freight screens: the active shipper's active carriers. */
export const transportadorRemote: RemoteOptions = {
  api: '/transportadores',
  query: { ftr_ativo: 'true', ssf: 'nome' },
  label: (r) => String(r.nomeFantasia || r.nome),
  currentLabel: (r) => (r.transportadorNome ? String(r.transportadorNome) : null),
};

/** Form ↔ API of records with origem/destino places. */
export const comLocais = {
  toInput: (v: Record<string, unknown>) => ({
    ...v,
    origem: paraLocalRef(v.origem as LocalValor),
    destino: paraLocalRef(v.destino as LocalValor),
  }),
};

export const prazosEntrega = defineResource<PrazoEntrega>({
  key: 'prazosentrega',
  path: '/prazos-entrega',
  label: 'Prazos de entrega',
  singular: 'Prazo de entrega',
  description: 'Dias úteis que cada transportador leva da origem ao destino.',
  group: 'Fretes',
  icon: <FieldTimeOutlined />,
  recurso: 'prazosentrega',
  api: '/prazosentrega',
  defaultSort: { field: 'transportadorNome', order: 'ASC' },
  columns: [
    { field: 'transportadorNome', title: 'Transportador', sortable: true, filter: 'text' },
    { field: 'origem', title: 'Origem', render: (v) => descricaoLocal(v as PrazoEntrega['origem']) },
    { field: 'destino', title: 'Destino', render: (v) => descricaoLocal(v as PrazoEntrega['destino']) },
    { field: 'prazoDiasUteis', title: 'Prazo (dias úteis)', sortable: true, width: 150 },
    { field: 'observacao', title: 'Observação' },
    { field: 'ativo', title: 'Situação', kind: 'bool', boolLabels: ['Ativo', 'Inativo'], filter: 'bool', width: 120 },
  ],
  schema: prazoEntregaInput,
  fields: [
    { name: 'transportadorUid', label: 'Transportador', kind: 'remoteSelect', remote: transportadorRemote },
    campoLocal('origem', 'Origem'),
    campoLocal('destino', 'Destino'),
    { name: 'prazoDiasUteis', label: 'Prazo (dias úteis)', kind: 'number', span: 10 },
    { name: 'observacao', label: 'Observação', span: 14 },
    { name: 'ativo', label: 'Ativo', kind: 'bool' },
  ],
  initialValues: { ativo: true },
  ...comLocais,
  title: (r) => `${r.transportadorNome}: ${descricaoLocal(r.origem)} → ${descricaoLocal(r.destino)}`,
});
