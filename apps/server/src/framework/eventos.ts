import { EventEmitter } from 'node:events';

// In-process domain events, typed, published only after the transaction that caused them commits
// (a rolled-back import never announces a CT-e). Subscribers run after the reply/item, outside the
// transaction; a failing subscriber is logged, never propagated. Each app instance has its own bus:
// the event tells *this* process; anything that must survive a crash belongs in the database.

export type Eventos = {
  /** A CT-e was saved by an import (new, or updated with its authorisation/cancellation). */
  'cte.importado': { embarcadorUid: string; cteUid: string; chave: string; novo: boolean };
  /** An NF-e was saved by an import. */
  'nfe.importada': { embarcadorUid: string; nfeUid: string; chave: string; novo: boolean };
};
export type NomeEvento = keyof Eventos;

const bus = new EventEmitter();
bus.setMaxListeners(50);
const pendentes = new WeakMap<object, { nome: NomeEvento; dados: unknown }[]>();

export function assinar<N extends NomeEvento>(nome: N, ouvinte: (dados: Eventos[N]) => void | Promise<void>) {
  const f = (dados: Eventos[N]) => {
    Promise.resolve()
      .then(() => ouvinte(dados))
      .catch((e) => console.warn(`evento ${nome}: assinante falhou (${(e as Error)?.name ?? 'erro'})`));
  };
  bus.on(nome, f);
  return () => bus.off(nome, f);
}

/** Queues the event on the transaction `tx`; it goes out when `aposCommit(tx)` is called. */
export function emitirAposCommit<N extends NomeEvento>(tx: object, nome: N, dados: Eventos[N]) {
  const fila = pendentes.get(tx) ?? [];
  fila.push({ nome, dados });
  pendentes.set(tx, fila);
}

/** Call after `tx` committed (publishes its events) or rolled back (`publicar = false`: drops them). */
export function aposCommit(tx: object, publicar = true) {
  const fila = pendentes.get(tx);
  pendentes.delete(tx);
  if (!publicar || !fila) return;
  for (const e of fila) bus.emit(e.nome, e.dados);
}

/** db.transaction + events: runs `fn`, then publishes what it queued once the commit succeeded. */
export async function transacaoComEventos<D extends { transaction<T>(f: (tx: never) => Promise<T>): Promise<T> }, T>(db: D, fn: Parameters<D['transaction']>[0] extends (tx: infer X) => unknown ? (tx: X) => Promise<T> : never): Promise<T> {
  let txRef: object | null = null;
  try {
    const r = await db.transaction(async (tx: never) => {
      txRef = tx as object;
      return (fn as (tx: unknown) => Promise<T>)(tx);
    });
    if (txRef) aposCommit(txRef);
    return r;
  } catch (e) {
    if (txRef) aposCommit(txRef, false);
    throw e;
  }
}
