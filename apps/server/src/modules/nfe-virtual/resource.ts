import { and, eq, sql } from 'drizzle-orm';
import { nfe, nfeVirtualInput } from '@fretio/core';
import { nfes } from '../../db/schema/index.ts';
import { type Scope, defineResource } from '../../framework/resource.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { atualizarRastreio } from '../tracking/service.ts';
import { colunasNfe, fromNfe, nfeParaItem } from '../nfes/repository.ts';
import { validarVirtual, valoresVirtual, antesDeExcluirVirtual } from './service.ts';

// documentos/nfe-virtual: notes typed by hand before the real NF-e exists. Same table as the real
// notes (virtual = true), so every link made to it moves to the real note when that one is imported
// (modules/nfes/service.ts substituirVirtual) and the virtual one is closed (substituidaPorUid).

registerUniqueConstraint('nfes_virtual_aberta_uq', 'numero', 'Já existe uma NF-e virtual aberta com este emitente, série e número.');

const virtuais: Scope = {
  where: (ctx) => and(eq(nfes.embarcadorUid, exigirEmbarcador(ctx)), eq(nfes.virtual, true)),
  values: (ctx) => ({ embarcadorUid: exigirEmbarcador(ctx), virtual: true }),
};

export const nfeVirtualResource = defineResource({
  nome: 'NF-e virtual',
  path: '/documentos/nfe-virtual',
  recurso: 'nfe-virtual',
  table: nfes,
  uid: nfes.uid,
  scope: virtuais,
  item: nfe,
  input: nfeVirtualInput,
  select: colunasNfe,
  from: fromNfe,
  toItem: nfeParaItem,
  toValues: (input) => valoresVirtual(input),
  sortable: { emissao: nfes.emissao, numero: nfes.numero, emitenteNome: nfes.emitenteNome, destinatarioNome: nfes.destinatarioNome, criadoEm: nfes.criadoEm },
  defaultSort: 'emissao',
  defaultOrder: 'DESC',
  filters: {
    numero: { column: nfes.numero, kind: 'int' },
    serie: { column: nfes.serie, kind: 'int' },
    emissao: { column: nfes.emissao, kind: 'date', range: true },
    emitenteNome: { column: nfes.emitenteNome, kind: 'text' },
    emitenteDocumento: { column: nfes.emitenteDocumento, kind: 'exact', normalize: (v) => v.replace(/[.\-/\s]/g, '') },
    destinatarioNome: { column: nfes.destinatarioNome, kind: 'text' },
    destinatarioUf: { column: nfes.destinatarioUf, kind: 'exact', normalize: (v) => v.toUpperCase() },
    substituida: { column: sql`(${nfes.substituidaPorUid} is not null)`, kind: 'bool' },
  },
  hooks: {
    validate: validarVirtual,
    beforeDelete: antesDeExcluirVirtual,
    // The tracking row (public token, promised date) is born with the note, in its transaction: a read never
    // writes it. A change of the typed data (emission, carrier, destination) recomputes the promised date.
    afterWrite: (tx, _ctx, row, op) => atualizarRastreio(tx, row.uid as string, { recalcularPrazo: op === 'update' }).then(() => undefined),
  },
});
