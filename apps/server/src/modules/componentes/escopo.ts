import { type SQL, eq, isNull, or } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Scope } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';

// Catalogues with system rows (embarcador_uid null: components, modes, national holidays) plus each
// shipper's own rows. Both are visible; only the shipper's own rows can be changed or deleted.
export const SISTEMA_SOMENTE_LEITURA = 'Registro padrão do sistema não pode ser alterado nem excluído.';

export function doEmbarcadorOuSistema(column: PgColumn): Scope {
  return {
    where: (ctx): SQL | undefined => or(isNull(column), eq(column, exigirEmbarcador(ctx))),
    values: (ctx) => ({ embarcadorUid: exigirEmbarcador(ctx) }),
  };
}

/** 409 for system rows (hooks.validate on update and hooks.beforeDelete). */
export function exigirRegistroProprio(existing: Record<string, unknown> | null) {
  if (existing && existing.sistema === true) throw AppError.conflict(SISTEMA_SOMENTE_LEITURA);
}
