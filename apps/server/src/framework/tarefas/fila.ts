import { ITEM_TAREFA_STATUS as ITEM, TAREFA_STATUS as ST } from '@fretio/core';
import { and, asc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tarefaItens, tarefas } from '../../db/schema/index.ts';
import { fatias } from '../../lib/lotes.ts';
import type { DbOrTx } from '../resource.ts';
import { acordarTrabalhadores } from './sinal.ts';
import type { ItemNovo, TipoTarefa } from './tipo.ts';

// The queue's SQL: create, claim with a lease, renew, read the next items, finish.

/** A running task whose lease is older than this is taken over (its worker died). */
export const LEASE_SEGUNDOS = 60;

type Solicitante = { embarcadorUid: string | null; usuarioUid?: string | null };

/** Queues a task (and its items, when known now); answers its uid at once. */
export async function criarTarefa<P>(db: DbOrTx, quem: Solicitante, tipo: TipoTarefa<P>, parametros: P, itens?: ItemNovo[]) {
  const embarcadorUid = quem.embarcadorUid;
  if (!embarcadorUid) throw new Error('tarefa sem embarcador');
  // One transaction: a worker polling between the two inserts would otherwise claim a task marked
  // prepared with no items yet, close it as done and leave its items pending forever.
  const uid = await db.transaction(async (tx) => {
    const [t] = await tx
      .insert(tarefas)
      .values({
        embarcadorUid, usuarioUid: quem.usuarioUid ?? null, tipo: tipo.tipo,
        parametros: parametros as object, preparada: !!itens, total: itens?.length ?? 0,
      })
      .returning({ uid: tarefas.uid });
    if (itens?.length) await inserirItens(tx, t.uid, itens, 0);
    return t.uid;
  });
  acordarTrabalhadores();
  return uid;
}

export async function inserirItens(db: DbOrTx, tarefaUid: string, itens: ItemNovo[], primeiraOrdem: number) {
  const linhas = itens.map((it, i) => ({ tarefaUid, ordem: primeiraOrdem + i, nome: it.nome.slice(0, 500), ref: (it.ref ?? null) as object }));
  // 4 columns per row: 250 rows keep a statement at 1,000 parameters (lib/lotes.ts).
  for (const lote of fatias(linhas, 250)) await db.insert(tarefaItens).values(lote);
}

/** Takes the oldest pending task (or one whose worker stopped renewing its lease) for `trabalhador`. */
export async function reivindicar(db: Db, trabalhador: string) {
  return db.transaction(async (tx) => {
    const [livre] = await tx
      .select({ uid: tarefas.uid })
      .from(tarefas)
      .where(or(eq(tarefas.status, ST.PENDENTE), and(eq(tarefas.status, ST.PROCESSANDO), lt(tarefas.vivoEm, sql`now() - make_interval(secs => ${LEASE_SEGUNDOS})`))))
      .orderBy(asc(tarefas.criadoEm))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!livre) return null;
    const [t] = await tx
      .update(tarefas)
      .set({ status: ST.PROCESSANDO, trabalhador, vivoEm: sql`now()`, iniciadoEm: sql`coalesce(${tarefas.iniciadoEm}, now())` })
      .where(eq(tarefas.uid, livre.uid))
      .returning();
    return t;
  });
}

/** Renews the lease; false when another worker took the task over (this one must stop). */
export async function renovar(db: DbOrTx, uid: string, trabalhador: string) {
  const r = await db.update(tarefas).set({ vivoEm: sql`now()` })
    .where(and(eq(tarefas.uid, uid), eq(tarefas.trabalhador, trabalhador), eq(tarefas.status, ST.PROCESSANDO)))
    .returning({ cancelar: tarefas.cancelar });
  return r[0] ?? null;
}

export function proximosItens(db: DbOrTx, tarefaUid: string, quantos: number) {
  return db
    .select({ uid: tarefaItens.uid, ordem: tarefaItens.ordem, nome: tarefaItens.nome, ref: tarefaItens.ref })
    .from(tarefaItens)
    .where(and(eq(tarefaItens.tarefaUid, tarefaUid), eq(tarefaItens.status, ITEM.PENDENTE)))
    .orderBy(asc(tarefaItens.ordem))
    .limit(quantos);
}

export async function contarItens(db: DbOrTx, tarefaUid: string) {
  const [c] = await db
    .select({
      total: sql<number>`count(*)::int`,
      pendentes: sql<number>`(count(*) filter (where ${tarefaItens.status} = ${ITEM.PENDENTE}))::int`,
      erros: sql<number>`(count(*) filter (where ${tarefaItens.status} = ${ITEM.ERRO}))::int`,
      avisos: sql<number>`(count(*) filter (where ${tarefaItens.status} = ${ITEM.AVISO}))::int`,
    })
    .from(tarefaItens)
    .where(eq(tarefaItens.tarefaUid, tarefaUid));
  return c;
}

/** Items not reached when the task was cancelled. */
export async function cancelarPendentes(db: DbOrTx, tarefaUid: string) {
  await db.update(tarefaItens)
    .set({ status: ITEM.CANCELADO, mensagem: 'Cancelado antes de ser processado.', processadoEm: sql`now()` })
    .where(and(eq(tarefaItens.tarefaUid, tarefaUid), eq(tarefaItens.status, ITEM.PENDENTE)));
}

/**
 * Items found while the task runs (a web service answered with more documents): appended after the
 * last one, inside the caller's transaction, so they exist exactly when what found them is saved.
 */
export async function acrescentarItens(tx: DbOrTx, tarefaUid: string, itens: ItemNovo[]) {
  if (!itens.length) return;
  const [{ proxima }] = await tx.select({ proxima: sql<number>`coalesce(max(${tarefaItens.ordem}) + 1, 0)::int` }).from(tarefaItens).where(eq(tarefaItens.tarefaUid, tarefaUid));
  await inserirItens(tx, tarefaUid, itens, proxima);
  await tx.update(tarefas).set({ total: sql`${tarefas.total} + ${itens.length}` }).where(eq(tarefas.uid, tarefaUid));
}
