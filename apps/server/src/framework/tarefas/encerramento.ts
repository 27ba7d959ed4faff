import type { Tx } from '../resource.ts';

// Hooks at a task's end (e.g. notifications: "a task finished with errors"). They run in the same
// transaction that records the final status, each in a savepoint: a failing hook is logged and
// undone, and never keeps the task from finishing.
export type TarefaEncerrada = { uid: string; tipo: string; embarcadorUid: string | null; usuarioUid: string | null; status: number; mensagem: string | null };
type Ouvinte = (tx: Tx, t: TarefaEncerrada) => Promise<void>;
const ouvintes = new Set<Ouvinte>();

export function aoEncerrarTarefa(f: Ouvinte) {
  ouvintes.add(f);
  return () => ouvintes.delete(f);
}

export async function tarefaEncerrada(tx: Tx, t: TarefaEncerrada | undefined) {
  if (!t) return;
  for (const f of ouvintes) {
    try {
      await tx.transaction((sp) => f(sp, t));
    } catch (e) {
      console.warn(`fim de tarefa ${t.tipo}: gancho falhou (${(e as Error)?.name ?? 'erro'})`);
    }
  }
}
