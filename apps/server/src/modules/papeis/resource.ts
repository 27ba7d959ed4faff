import { papel, papelInput } from '@fretio/core';
import { papeis } from '../../db/schema/index.ts';
import { defineResource, doEmbarcador } from '../../framework/resource.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';
import { antesDeExcluirPapel, validarPapel } from './service.ts';

registerUniqueConstraint('papeis_nome_uq', 'nome', 'Já existe um papel com este nome.');

/** Roles of the active shipper; permissions are checked against the catalogue (packages/core recursos). */
export const papeisResource = defineResource({
  nome: 'Papel',
  path: '/papeis',
  recurso: 'papeis',
  table: papeis,
  uid: papeis.uid,
  scope: doEmbarcador(papeis.embarcadorUid),
  item: papel,
  input: papelInput,
  toItem: (r) => ({ ...r, alcadaAprovacao: r.alcadaAprovacao === null || r.alcadaAprovacao === undefined ? null : Number(r.alcadaAprovacao) }),
  sortable: { nome: papeis.nome, tipo: papeis.tipo, criadoEm: papeis.criadoEm, atualizadoEm: papeis.atualizadoEm },
  defaultSort: 'nome',
  filters: {
    nome: { column: papeis.nome, kind: 'text' },
    descricao: { column: papeis.descricao, kind: 'text' },
    tipo: { column: papeis.tipo, kind: 'int' },
  },
  hooks: { validate: validarPapel, beforeDelete: antesDeExcluirPapel },
});
