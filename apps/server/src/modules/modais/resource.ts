import { and, asc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { modal, modalInput, modalOpcao } from '@fretio/core';
import Decimal from 'decimal.js';
import { modais } from '../../db/schema/index.ts';
import { defineResource } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';
import { doEmbarcadorOuSistema, exigirRegistroProprio } from '../componentes/escopo.ts';

registerUniqueConstraint('modais_codigo_uq', 'codigo', 'Já existe um modal com este código.');

/** Transport modes: the system ones (Rodoviário 300 kg/m³, Aéreo 167...) read-only, plus the shipper's own. */
export const modaisResource = defineResource({
  nome: 'Modal',
  path: '/modais',
  recurso: 'modais',
  table: modais,
  uid: modais.uid,
  scope: doEmbarcadorOuSistema(modais.embarcadorUid),
  item: modal,
  input: modalInput,
  select: { ...getTableColumns(modais), sistema: sql<boolean>`(${modais.embarcadorUid} is null)` },
  toItem: (row) => ({ ...row, fatorCubagemPadrao: Number(new Decimal(row.fatorCubagemPadrao as string).toFixed(2)) }),
  toValues: (input) => ({ ...input, fatorCubagemPadrao: String(input.fatorCubagemPadrao) }),
  sortable: { codigo: modais.codigo, nome: modais.nome, ativo: modais.ativo, criadoEm: modais.criadoEm },
  defaultSort: 'nome',
  filters: {
    codigo: { column: modais.codigo, kind: 'text' },
    nome: { column: modais.nome, kind: 'text' },
    ativo: { column: modais.ativo, kind: 'bool' },
    sistema: { column: sql`(${modais.embarcadorUid} is null)`, kind: 'bool' },
  },
  hooks: {
    async validate(tx, _ctx, values, existing) {
      exigirRegistroProprio(existing);
      // A shipper's code may not shadow a system one.
      const [dup] = await tx
        .select({ uid: modais.uid })
        .from(modais)
        .where(and(isNull(modais.embarcadorUid), eq(modais.codigo, values.codigo as string)))
        .limit(1);
      if (dup)
        throw AppError.conflict('Já existe um modal com este código.', [
          { field: 'codigo', message: 'Já existe um modal com este código.' },
        ]);
    },
    async beforeDelete(_tx, _ctx, existing) {
      exigirRegistroProprio(existing);
    },
  },
  selecoes: [
    {
      path: '/modais/lista',
      summary: 'Modais ativos para seleção (do sistema e do embarcador)',
      item: modalOpcao,
      colunas: { uid: modais.uid, nome: modais.nome, codigo: modais.codigo, fatorCubagemPadrao: modais.fatorCubagemPadrao },
      where: () => eq(modais.ativo, true),
      orderBy: [asc(modais.nome)],
      opcao: (m) => ({ value: m.uid, label: m.nome, codigo: m.codigo, fatorCubagemPadrao: Number(m.fatorCubagemPadrao) }),
    },
  ],
});
