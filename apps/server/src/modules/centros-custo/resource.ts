import { centroCusto, centroCustoInput } from '@fretio/core';
import { centrosCusto } from '../../db/schema/index.ts';
import { defineResource, doEmbarcador } from '../../framework/resource.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';

registerUniqueConstraint('centros_custo_codigo_uq', 'codigo', 'Já existe um centro de custo com este código.');

export const centrosCustoResource = defineResource({
  nome: 'Centro de custo',
  path: '/centros-custo',
  recurso: 'centros-custo',
  table: centrosCusto,
  uid: centrosCusto.uid,
  scope: doEmbarcador(centrosCusto.embarcadorUid),
  item: centroCusto,
  input: centroCustoInput,
  sortable: { codigo: centrosCusto.codigo, nome: centrosCusto.nome, ativo: centrosCusto.ativo, criadoEm: centrosCusto.criadoEm },
  defaultSort: 'nome',
  filters: {
    codigo: { column: centrosCusto.codigo, kind: 'text' },
    nome: { column: centrosCusto.nome, kind: 'text' },
    ativo: { column: centrosCusto.ativo, kind: 'bool' },
    criadoEm: { column: centrosCusto.criadoEm, kind: 'date', range: true },
  },
});
