// Memo of read-only lookups for ONE batch transaction (a re-audit group of 250 CT-es): the carrier's
// tables, mapping, tolerances, tax rules, holidays… are read once per batch instead of once per CT-e.
// Registered on the transaction object itself, so it is active only for code running on that exact
// `tx` (a savepoint or another transaction never sees it) and dies with it. Values must be treated as
// read-only by the callers: the same object is handed to every CT-e of the batch.

const memos = new WeakMap<object, Map<string, unknown>>();

/** Turns the memo on for `db` (a transaction) until `fim()`; `precarregar` seeds entries read set-based. */
export function abrirMemoLote(db: object) {
  const m = new Map<string, unknown>();
  memos.set(db, m);
  return {
    precarregar: (chave: string, valor: unknown) => m.set(chave, Promise.resolve(valor)),
    fim: () => memos.delete(db),
  };
}

export const memoLoteAtivo = (db: object) => memos.has(db);

/** `fn()` once per (db, chave) while a batch memo is open on `db`; plain `fn()` otherwise. */
export function memoLote<T>(db: object, chave: string, fn: () => Promise<T>): Promise<T> {
  const m = memos.get(db);
  if (!m) return fn();
  const achado = m.get(chave) as Promise<T> | undefined;
  if (achado) return achado;
  const p = fn();
  m.set(chave, p);
  // A failed lookup is not kept: the next CT-e asks again (and gets its own error).
  p.catch(() => m.delete(chave));
  return p;
}

/** The seeded entry, or undefined when the memo is off or the key was not seeded/read. */
export function doMemoLote<T>(db: object, chave: string): Promise<T> | undefined {
  return memos.get(db)?.get(chave) as Promise<T> | undefined;
}
