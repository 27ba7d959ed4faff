import { unidadeTransportador, unidadeTransportadorInput } from '@fretio/core';
import { unidadesTransportador } from '../../../db/schema/index.ts';
import { defineResource, filhoDe } from '../../../framework/resource.ts';
import { registerUniqueConstraint } from '../../../lib/pg-errors.ts';
import { transportadorVisivelPorUid } from '../repository.ts';

registerUniqueConstraint('unidades_transportador_documento_uq', 'documento', 'Já existe uma unidade deste transportador com este documento.');

/** A carrier's units (/transportadores/{uid}/unidades): visible when the carrier is; 404 otherwise. */
export const unidadesTransportadorResource = defineResource({
  nome: 'Unidade do transportador',
  path: '/transportadores/:uid/unidades',
  recurso: 'transportadores',
  table: unidadesTransportador,
  uid: unidadesTransportador.uid,
  scope: filhoDe(unidadesTransportador.transportadorUid, 'transportadorUid', transportadorVisivelPorUid),
  item: unidadeTransportador,
  input: unidadeTransportadorInput,
  operations: ['list', 'get', 'create', 'update'],
  sortable: {
    nome: unidadesTransportador.nome,
    apelido: unidadesTransportador.apelido,
    documento: unidadesTransportador.documento,
    uf: unidadesTransportador.uf,
    indicaAutonomo: unidadesTransportador.indicaAutonomo,
    ativo: unidadesTransportador.ativo,
    criadoEm: unidadesTransportador.criadoEm,
  },
  defaultSort: 'nome',
  filters: {
    nome: { column: unidadesTransportador.nome, kind: 'text' },
    apelido: { column: unidadesTransportador.apelido, kind: 'text' },
    documento: { column: unidadesTransportador.documento, kind: 'text' },
    uf: { column: unidadesTransportador.uf, kind: 'exact' },
    municipioIbge: { column: unidadesTransportador.municipioIbge, kind: 'exact' },
    indicaAutonomo: { column: unidadesTransportador.indicaAutonomo, kind: 'bool' },
    ativo: { column: unidadesTransportador.ativo, kind: 'bool' },
  },
});
