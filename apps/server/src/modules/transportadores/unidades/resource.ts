import { getTableColumns } from 'drizzle-orm';
import { unidadeTransportador, unidadeTransportadorInput } from '@fretio/core';
import { unidadesTransportador } from '../../../db/schema/index.ts';
import { defineResource, filhoDe } from '../../../framework/resource.ts';
import { AppError } from '../../../lib/errors.ts';
import { registerUniqueConstraint } from '../../../lib/pg-errors.ts';
import { documentoDaUnidade, exigirPodeAlterarTransportador, filtroDeDocumentoPessoal } from '../propriedade.ts';
import { transportadorVisivelPorUid } from '../repository.ts';

const UNIDADE_DUPLICADA = 'Já existe uma unidade deste transportador com este documento.';
registerUniqueConstraint('unidades_transportador_documento_uq', 'documento', UNIDADE_DUPLICADA);

/**
 * The unit's RNTRC category and the legacy flag kept together: `tipo` given wins (indicaAutonomo =
 * TAC); absent, indicaAutonomo decides (TAC, else the unit's non-TAC kind or ETC). A unit declared
 * TAC carries the driver's CPF and an RNTRC (400 otherwise); units flagged only by indicaAutonomo
 * (before the kind existed) are TAC without that check.
 */
export function tipoDaUnidade(values: Record<string, unknown>, existing: Record<string, unknown> | null) {
  const declarado = values.tipo as string | undefined;
  if (declarado) values.indicaAutonomo = declarado === 'TAC';
  else {
    const anterior = existing?.tipo as string | undefined;
    values.tipo = values.indicaAutonomo ? 'TAC' : anterior && anterior !== 'TAC' ? anterior : 'ETC';
  }
  if (declarado !== 'TAC') return;
  if (String(values.documento ?? '').replace(/\D/g, '').length !== 11)
    throw AppError.field('documento', 'Transportador autônomo (TAC): informe o CPF do motorista');
  if (!values.rntrc) throw AppError.field('rntrc', 'Transportador autônomo (TAC): informe o RNTRC (8 dígitos)');
}

/**
 * A carrier's units (/transportadores/{uid}/unidades): visible when the carrier is; 404 otherwise.
 * Written only by the carrier's owner (403 for other linked shippers).
 */
export const unidadesTransportadorResource = defineResource({
  nome: 'Unidade do transportador',
  path: '/transportadores/:uid/unidades',
  recurso: 'transportadores',
  table: unidadesTransportador,
  uid: unidadesTransportador.uid,
  scope: filhoDe(unidadesTransportador.transportadorUid, 'transportadorUid', transportadorVisivelPorUid),
  item: unidadeTransportador,
  input: unidadeTransportadorInput,
  unicos: { documento: UNIDADE_DUPLICADA },
  operations: ['list', 'get', 'create', 'update'],
  // An independent driver's unit carries a CPF: masked for shippers that do not maintain the carrier.
  select: (ctx) => ({
    ...getTableColumns(unidadesTransportador),
    documento: documentoDaUnidade(ctx, unidadesTransportador.documento, unidadesTransportador.transportadorUid),
  }),
  listWhere: (q, ctx) => filtroDeDocumentoPessoal(q, ctx, unidadesTransportador.documento, unidadesTransportador.transportadorUid),
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
    tipo: { column: unidadesTransportador.tipo, kind: 'exact' },
    ativo: { column: unidadesTransportador.ativo, kind: 'bool' },
  },
  hooks: {
    // The carrier's own record: written only by its owner (propriedade.ts).
    async validate(tx, ctx, values, existing) {
      await exigirPodeAlterarTransportador(tx, ctx, String(values.transportadorUid ?? existing?.transportadorUid));
      tipoDaUnidade(values, existing);
    },
  },
});
