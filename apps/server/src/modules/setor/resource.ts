import { getTableColumns } from 'drizzle-orm';
import { setor, setorInput } from '@fretio/core';
import { setores } from '../../db/schema/index.ts';
import { defineResource, doEmbarcador } from '../../framework/resource.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';

registerUniqueConstraint('setores_codigo_uq', 'codigo', 'Já existe um setor com este código.');
registerUniqueConstraint('setores_nome_uq', 'nome', 'Já existe um setor com este nome.');

const { embarcadorUid: _e, ...colunas } = getTableColumns(setores);

/** Sectors of the active shipper (/setor, singular as the client calls it). */
export const setoresResource = defineResource({
  nome: 'Setor',
  path: '/setor',
  recurso: 'setor',
  table: setores,
  uid: setores.uid,
  scope: doEmbarcador(setores.embarcadorUid),
  item: setor,
  input: setorInput,
  select: colunas,
  sortable: { codigo: setores.codigo, nome: setores.nome, ativo: setores.ativo, criadoEm: setores.criadoEm },
  defaultSort: 'nome',
  filters: {
    codigo: { column: setores.codigo, kind: 'text' },
    nome: { column: setores.nome, kind: 'text' },
    descricao: { column: setores.descricao, kind: 'text' },
    ativo: { column: setores.ativo, kind: 'bool' },
    criadoEm: { column: setores.criadoEm, kind: 'date', range: true },
  },
});
