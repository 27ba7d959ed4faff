import { type SQL, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

// SQL pieces every module's searches use: LIKE with the user's text taken literally, accent- and
// case-insensitive through f_norm (see DECISIONS: "Busca sem acento").

/** '%' and '_' typed by a user are characters, not wildcards. */
export const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `col` contains `termo`, ignoring accents and case. */
export const contem = (col: PgColumn | SQL, termo: string): SQL => sql`f_norm(${col}) like f_norm(${`%${escapeLike(termo)}%`})`;

/** `col` starts with `termo`, ignoring accents and case (can use an index on f_norm(col)). */
export const comecaCom = (col: PgColumn | SQL, termo: string): SQL => sql`f_norm(${col}) like f_norm(${`${escapeLike(termo)}%`})`;

/** Code or name containing the typed term (selection lists of coded registers: sectors, zones). */
export function codigoOuNomeContem(codigo: PgColumn, nome: PgColumn, q?: string): SQL | undefined {
  const termo = q?.trim();
  return termo ? or(contem(codigo, termo), contem(nome, termo)) : undefined;
}

/** The rows of a raw `db.execute` (node-postgres and PGlite answer `{ rows }`; some drivers the array itself). */
export const rowsOf = (r: unknown): Record<string, unknown>[] => ((r as { rows?: Record<string, unknown>[] }).rows ?? (r as Record<string, unknown>[]));

/** A uuid[] literal of the given uids, for `= any(…)` and `unnest(…)`. */
export const arrayDeUuids = (uids: string[]): SQL => sql`array[${sql.join(uids.map((u) => sql`${u}`), sql`, `)}]::uuid[]`;
