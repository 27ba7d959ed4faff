import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../resource.ts';

// A kind of long job. Modules declare theirs (`defineTipoTarefa`) and list them in their module.ts;
// the worker finds a task's code by its `tipo` string, so the name must never change once used.

/** An item to process: a file, a ZIP entry, a line. `ref` says where its input is (the type's own shape). */
export type ItemNovo = { nome: string; ref?: unknown };

export type TarefaEmExecucao<P = unknown> = {
  uid: string;
  embarcadorUid: string;
  usuarioUid: string | null;
  parametros: P;
  /** The app running the task: its storage (uploads), config, mailer and log. */
  app: FastifyInstance;
  /** = app.storage: the uploads the task reads, the files it writes. */
  storage: FastifyInstance['storage'];
};

export type ItemEmExecucao = { uid: string; ordem: number; nome: string; ref: unknown };

export type ResultadoItem = {
  situacao: 'ok' | 'aviso' | 'ignorado';
  /** pt-BR, shown in the task's report (why it was skipped, what was odd). */
  mensagem?: string;
  /** The record the item created or updated. */
  registroUid?: string;
};

/** A file produced by the task (an export), already written to storage. */
export type ArquivoGerado = { chave: string; nome: string; tipoConteudo: string; tamanho: number };

export type TipoTarefa<P = unknown> = {
  tipo: string;
  /** pt-BR name shown in the queue. */
  nome: string;
  /** The permission resource whose readers may follow the task and download its file. */
  recurso: string;
  /**
   * Expands the task into its items, once (a restart before it finished expands it again from
   * scratch; nothing was processed yet). Without it, the items are given when the task is created.
   */
  preparar?(db: Db, tarefa: TarefaEmExecucao<P>): AsyncIterable<ItemNovo> | Iterable<ItemNovo> | Promise<Iterable<ItemNovo>>;
  /**
   * One item, inside `tx`: the same transaction marks the item done and counts the progress, so an item
   * is either saved and counted or neither. Throw AppError for an item error with its message.
   */
  processar(tx: Tx, tarefa: TarefaEmExecucao<P>, item: ItemEmExecucao, buscado?: unknown): Promise<ResultadoItem>;
  /**
   * Slow outside work for an item (a web-service call), run BEFORE its transaction opens so no
   * transaction waits on the network; its result is `processar`'s 4th argument. A crash between the two
   * only repeats the call.
   */
  buscar?(db: Db, tarefa: TarefaEmExecucao<P>, item: ItemEmExecucao): Promise<unknown>;
  /**
   * Many small items (an OCOREN's events): up to this many run in ONE transaction, each still in its own
   * savepoint with its own status and message (a bad record fails alone, reported with its name), the
   * progress counted once per group. With `buscar`, a group's items are fetched before its transaction
   * opens (the next group's while this one runs). A group whose transaction fails as a whole is run again
   * item by item. Default 1: one transaction per item.
   */
  itensPorTransacao?: number;
  /**
   * A group's pending items at once, in its transaction (with `itensPorTransacao`, without `buscar`): bulk
   * statements instead of one savepoint and a few statements per item. Answers each item's result or the
   * AppError it fails with, in the items' order — an item that fails must have written nothing. Null: this
   * group goes item by item through `processar`. Throwing fails the group as a whole (then item by item).
   */
  processarGrupo?(tx: Tx, tarefa: TarefaEmExecucao<P>, itens: ItemEmExecucao[]): Promise<(ResultadoItem | Error)[] | null>;
  /** After the last item (e.g. writes the export file). Not called when the task was cancelled. */
  concluir?(db: Db, tarefa: TarefaEmExecucao<P>): Promise<{ arquivo?: ArquivoGerado; mensagem?: string } | undefined>;
  /** Storage keys the task owns (uploads), removed when the task is deleted. */
  arquivos?(parametros: P): string[];
};

const registro = new Map<string, TipoTarefa>();

export function defineTipoTarefa<P>(def: TipoTarefa<P>): TipoTarefa<P> {
  const existente = registro.get(def.tipo);
  if (existente && existente !== (def as TipoTarefa)) throw new Error(`tipo de tarefa repetido: ${def.tipo}`);
  registro.set(def.tipo, def as TipoTarefa);
  return def;
}

export const tipoDeTarefa = (tipo: string) => registro.get(tipo);
export const tiposDeTarefa = () => [...registro.values()];
