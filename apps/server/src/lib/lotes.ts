// Bounded statements for lists that come from users' files. PGlite breaks (RangeError, then a
// connection that silently returns no rows) on ~40,000 bind parameters, and PostgreSQL refuses
// more than 65,535; so every IN list and multi-row INSERT fed by a file goes through these.

/** Items per IN list / rows per INSERT: far below both limits even with 30 columns per row. */
export const LOTE_SQL = 1_000;

/** Splits a list into consecutive slices of at most `tamanho` items. */
export function fatias<T>(itens: readonly T[], tamanho = LOTE_SQL): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < itens.length; i += tamanho) out.push(itens.slice(i, i + tamanho));
  return out;
}

/** Runs `consulta` on each slice of the distinct values, one after the other, and concatenates the rows. */
export async function consultarEmLotes<V, R>(valores: Iterable<V>, consulta: (lote: V[]) => Promise<R[]>, tamanho = LOTE_SQL): Promise<R[]> {
  const out: R[] = [];
  for (const lote of fatias([...new Set(valores)], tamanho)) out.push(...(await consulta(lote)));
  return out;
}

/** Lets other requests' I/O and queries run (PGlite has one connection: yield between batches). */
export const cederVez = () => new Promise<void>((resolve) => setImmediate(resolve));
