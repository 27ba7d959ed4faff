import { unidadeEmbarcador, unidadeEmbarcadorInput } from '@fretio/core';
import { unidadesEmbarcador } from '../../db/schema/index.ts';
import { defineResource, filhoDe } from '../../framework/resource.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';
import { embarcadorAtivoEh } from './parent.ts';

const UNIDADE_DUPLICADA = 'Já existe uma unidade com este documento.';
registerUniqueConstraint('unidades_embarcador_documento_uq', 'documento', UNIDADE_DUPLICADA);

export const unidadesEmbarcadorResource = defineResource({
  nome: 'Unidade do embarcador',
  path: '/embarcadores/:uid/unidades',
  recurso: 'unidades',
  table: unidadesEmbarcador,
  uid: unidadesEmbarcador.uid,
  scope: filhoDe(unidadesEmbarcador.embarcadorUid, 'embarcadorUid', embarcadorAtivoEh),
  item: unidadeEmbarcador,
  input: unidadeEmbarcadorInput,
  unicos: { documento: UNIDADE_DUPLICADA },
  operations: ['list', 'get', 'create', 'update', 'delete'],
  sortable: { nome: unidadesEmbarcador.nome, apelido: unidadesEmbarcador.apelido, uf: unidadesEmbarcador.uf },
  defaultSort: 'nome',
  filters: {
    nome: { column: unidadesEmbarcador.nome, kind: 'text' },
    documento: { column: unidadesEmbarcador.documento, kind: 'text' },
    uf: { column: unidadesEmbarcador.uf, kind: 'exact' },
    ativo: { column: unidadesEmbarcador.ativo, kind: 'bool' },
  },
});
