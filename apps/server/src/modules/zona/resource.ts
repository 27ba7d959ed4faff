import { getTableColumns } from 'drizzle-orm';
import { zona, zonaInput } from '@fretio/core';
import { zonas } from '../../db/schema/index.ts';
import { defineResource, doEmbarcador } from '../../framework/resource.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';

registerUniqueConstraint('zonas_codigo_uq', 'codigo', 'Já existe uma zona com este código.');
registerUniqueConstraint('zonas_nome_uq', 'nome', 'Já existe uma zona com este nome.');

const { embarcadorUid: _e, ...colunas } = getTableColumns(zonas);

/** Delivery zones of the active shipper: a text description of what they cover and an optional UF. */
export const zonasResource = defineResource({
  nome: 'Zona',
  path: '/zona',
  recurso: 'zona',
  table: zonas,
  uid: zonas.uid,
  scope: doEmbarcador(zonas.embarcadorUid),
  item: zona,
  input: zonaInput,
  select: colunas,
  sortable: { codigo: zonas.codigo, nome: zonas.nome, uf: zonas.uf, ativo: zonas.ativo, criadoEm: zonas.criadoEm },
  defaultSort: 'nome',
  filters: {
    codigo: { column: zonas.codigo, kind: 'text' },
    nome: { column: zonas.nome, kind: 'text' },
    descricao: { column: zonas.descricao, kind: 'text' },
    uf: { column: zonas.uf, kind: 'exact' },
    ativo: { column: zonas.ativo, kind: 'bool' },
    criadoEm: { column: zonas.criadoEm, kind: 'date', range: true },
  },
});
