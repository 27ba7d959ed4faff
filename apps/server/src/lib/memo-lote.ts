// Memo of read-only lookups for ONE batch transaction (a re-audit group of 250 CT-es): the carrier's
// tables, mapping, tolerances, tax rules, holidays… are read once per batch instead of once per CT-e.
// Registered on the transaction object itself, so it is active only for code running on that exact
// `tx` (a savepoint or another transaction never sees it) and dies with it. Values must be treated as
// read-only by the callers: the same object is handed to every CT-e of the batch.
// A long task may also hand a map of its own (`tarefa`) and say which keys are reference data that stay
// valid for the whole task (places, tax rules, holidays, tables by carrier + day…): those entries are
// kept there and shared by every batch of the task (and by two batches running at once).

type Memo = { lote: Map<string, unknown>; tarefa?: Map<string, unknown>; daTarefa: (chave: string) => boolean };

const memos = new WeakMap<object, Memo>();
const mapaDe = (m: Memo, chave: string) => (m.tarefa && m.daTarefa(chave) ? m.tarefa : m.lote);

/**
 * Turns the memo on for `db` (a transaction) until `fim()`; `precarregar` seeds entries read set-based.
 * `tarefa`: the task's own map, for the keys `daTarefa` accepts.
 */
export function abrirMemoLote(db: object, opts: { tarefa?: Map<string, unknown>; daTarefa?: (chave: string) => boolean } = {}) {
  const m: Memo = { lote: new Map(), tarefa: opts.tarefa, daTarefa: opts.daTarefa ?? (() => false) };
  memos.set(db, m);
  return {
    precarregar: (chave: string, valor: unknown) => mapaDe(m, chave).set(chave, Promise.resolve(valor)),
    /** The key already holds an entry (seeded or read): no need to load it again. */
    tem: (chave: string) => mapaDe(m, chave).has(chave),
    fim: () => memos.delete(db),
  };
}

export const memoLoteAtivo = (db: object) => memos.has(db);

/**
 * `fn()` once per (db, chave) while a batch memo is open on `db`; plain `fn()` otherwise. `fn` may answer a
 * Drizzle query builder: it runs its statement on every `then`, so the memo keeps the one Promise it settles into.
 */
export function memoLote<T>(db: object, chave: string, fn: () => PromiseLike<T>): Promise<T> {
  const memo = memos.get(db);
  if (!memo) return Promise.resolve(fn());
  const m = mapaDe(memo, chave);
  const achado = m.get(chave) as Promise<T> | undefined;
  if (achado) return achado;
  const p = Promise.resolve(fn());
  m.set(chave, p);
  // A failed lookup is not kept: the next CT-e asks again (and gets its own error).
  p.catch(() => { if (m.get(chave) === p) m.delete(chave); });
  return p;
}

/** The seeded entry, or undefined when the memo is off or the key was not seeded/read. */
export function doMemoLote<T>(db: object, chave: string): Promise<T> | undefined {
  const memo = memos.get(db);
  return memo ? (mapaDe(memo, chave).get(chave) as Promise<T> | undefined) : undefined;
}
