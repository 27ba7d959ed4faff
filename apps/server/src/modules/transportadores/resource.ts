import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { transportador, transportadorInput, unidadeTransportadorComNome, z } from '@fretio/core';
import { transportadores, unidadesTransportador } from '../../db/schema/index.ts';
import { defineResource } from '../../framework/resource.ts';
import type { Filters, Sortable } from '../../framework/list-query.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { documentoDaUnidade, exigirPodeAlterarTransportador, filtroDeDocumentoPessoal, podeAlterarSql } from './propriedade.ts';
import { transportadorVisivel } from './repository.ts';
import { selecoesTransportadores } from './selecoes.ts';
import { cnpjAindaLivre, exigirUsuarioEmbarcador, vincularAoEmbarcadorAtivo } from './service.ts';

registerUniqueConstraint('transportadores_cnpj_uq', 'cnpj', 'Transportador já cadastrado');

const sortable: Sortable = {
  id: transportadores.id,
  nome: transportadores.nome,
  nomeFantasia: transportadores.nomeFantasia,
  cnpj: transportadores.cnpj,
  uf: transportadores.uf,
  ativo: transportadores.ativo,
  criadoEm: transportadores.criadoEm,
};
const filters: Filters = {
  nome: { column: transportadores.nome, kind: 'text' },
  nomeFantasia: { column: transportadores.nomeFantasia, kind: 'text' },
  cnpj: { column: transportadores.cnpj, kind: 'text' },
  rntrc: { column: transportadores.rntrc, kind: 'text' },
  uf: { column: transportadores.uf, kind: 'exact' },
  municipioIbge: { column: transportadores.municipioIbge, kind: 'exact' },
  ativo: { column: transportadores.ativo, kind: 'bool' },
  criadoEm: { column: transportadores.criadoEm, kind: 'date', range: true },
};

/**
 * Carriers visible to the caller; PUT only by the record's owner (propriedade.ts). POST also links the new carrier to the active shipper (same
 * transaction): that link is what makes the row visible. A CNPJ already registered answers 409
 * 'Transportador já cadastrado' on cnpj; the UI then links it via POST /embarcadores/{uid}/transportadores.
 */
export const transportadoresResource = defineResource({
  nome: 'Transportador',
  path: '/transportadores',
  recurso: 'transportadores',
  table: transportadores,
  uid: transportadores.uid,
  scope: { where: (ctx) => transportadorVisivel(ctx), values: () => ({}) },
  item: transportador,
  input: transportadorInput,
  operations: ['list', 'get', 'create', 'update'],
  select: (ctx) => ({ ...getTableColumns(transportadores), podeAlterar: podeAlterarSql(ctx) }),
  sortable,
  defaultSort: 'nome',
  filters,
  hooks: {
    async validate(tx, ctx, values, existing) {
      // A shared record: only its owner changes it (propriedade.ts); 403 with the reason otherwise.
      if (existing) return exigirPodeAlterarTransportador(tx, ctx, String(existing.uid));
      exigirUsuarioEmbarcador(ctx);
      await cnpjAindaLivre(tx, String(values.cnpj), exigirEmbarcador(ctx));
      // The shipper that registers a carrier keeps it until the carrier has an active user of its own.
      values.embarcadorGestorUid = exigirEmbarcador(ctx);
    },
    async afterWrite(tx, ctx, row, op) {
      if (op === 'create') await vincularAoEmbarcadorAtivo(tx, ctx, String(row.uid));
    },
  },
  selecoes: selecoesTransportadores,
});

const temUnidadeAutonoma = sql`exists (select 1 from ${unidadesTransportador} where ${unidadesTransportador.transportadorUid} = ${transportadores.uid} and ${unidadesTransportador.indicaAutonomo} = true)`;

/** Independent contractors: visible carriers with a unit flagged indicaAutonomo. */
export const autonomosResource = defineResource({
  nome: 'Transportador autônomo',
  path: '/transportadores/autonomos',
  recurso: 'transportadores',
  table: transportadores,
  uid: transportadores.uid,
  scope: { where: (ctx) => and(transportadorVisivel(ctx), temUnidadeAutonoma), values: () => ({}) },
  item: transportador,
  input: transportadorInput,
  operations: ['list'],
  sortable,
  defaultSort: 'nome',
  filters,
});

const indicaAutonomoQuery = z.enum(['true', 'false', '1', '0']).optional().describe('Filtra unidades de autônomos (true) ou de empresas (false)');

/** Units of every carrier visible to the caller, with the carrier's name (a CPF documento masked as above). */
export const unidadesDosTransportadoresResource = defineResource({
  nome: 'Unidade de transportador',
  path: '/transportadores/transportadores-unidades',
  recurso: 'transportadores',
  table: unidadesTransportador,
  uid: unidadesTransportador.uid,
  scope: { where: (ctx) => transportadorVisivel(ctx, unidadesTransportador.transportadorUid), values: () => ({}) },
  item: unidadeTransportadorComNome,
  input: z.object({}),
  operations: ['list'],
  select: (ctx) => ({
    ...getTableColumns(unidadesTransportador),
    documento: documentoDaUnidade(ctx, unidadesTransportador.documento, unidadesTransportador.transportadorUid),
    transportadorNome: transportadores.nome,
  }),
  from: (q) => q.innerJoin(transportadores, eq(transportadores.uid, unidadesTransportador.transportadorUid)),
  sortable: {
    nome: unidadesTransportador.nome,
    apelido: unidadesTransportador.apelido,
    documento: unidadesTransportador.documento,
    uf: unidadesTransportador.uf,
    transportadorNome: transportadores.nome,
    criadoEm: unidadesTransportador.criadoEm,
  },
  defaultSort: 'transportadorNome',
  filters: {
    nome: { column: unidadesTransportador.nome, kind: 'text' },
    apelido: { column: unidadesTransportador.apelido, kind: 'text' },
    documento: { column: unidadesTransportador.documento, kind: 'text' },
    uf: { column: unidadesTransportador.uf, kind: 'exact' },
    indicaAutonomo: { column: unidadesTransportador.indicaAutonomo, kind: 'bool' },
    tipo: { column: unidadesTransportador.tipo, kind: 'exact' },
    ativo: { column: unidadesTransportador.ativo, kind: 'bool' },
    transportadorUid: { column: unidadesTransportador.transportadorUid, kind: 'uid' },
    transportadorNome: { column: transportadores.nome, kind: 'text' },
  },
  listQuery: { indicaAutonomo: indicaAutonomoQuery },
  listWhere: (q, ctx) =>
    and(
      q.indicaAutonomo === undefined ? undefined : eq(unidadesTransportador.indicaAutonomo, q.indicaAutonomo === 'true' || q.indicaAutonomo === '1'),
      filtroDeDocumentoPessoal(q, ctx, unidadesTransportador.documento, unidadesTransportador.transportadorUid),
    ),
});
