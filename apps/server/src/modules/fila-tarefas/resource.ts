import { ITEM_TAREFA_STATUS as ITEM, TAREFA_STATUS as ST, tarefa } from '@fretio/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { arquivos, tarefaItens, tarefas, usuarios } from '../../db/schema/index.ts';
import { exigirTransicao } from '../../framework/acoes.ts';
import { type Tx, defineResource, doEmbarcador } from '../../framework/resource.ts';
import { acordarTrabalhadores } from '../../framework/tarefas/sinal.ts';
import { tipoDeTarefa } from '../../framework/tarefas/tipo.ts';
import { AppError } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage.ts';

// The queue as users see it: their shipper's tasks, newest first; cancel, re-run failed items, delete finished.

const FINALIZADAS: number[] = [ST.CONCLUIDA, ST.CONCLUIDA_COM_ERROS, ST.ERRO, ST.CANCELADA];

type Linha = Record<string, unknown> & { uid: string; status: number; tipo: string; arquivo: { uid: string; nome: string } | null };

export const filaTarefasResource = defineResource({
  nome: 'Tarefa',
  path: '/fila-tarefas',
  recurso: 'fila-tarefas',
  table: tarefas,
  uid: tarefas.uid,
  scope: doEmbarcador(tarefas.embarcadorUid),
  item: tarefa,
  input: tarefa.pick({}),
  operations: ['list', 'get', 'delete'],
  select: {
    uid: tarefas.uid, tipo: tarefas.tipo, status: tarefas.status, usuarioUid: tarefas.usuarioUid, usuarioNome: usuarios.nome,
    total: tarefas.total, processados: tarefas.processados, erros: tarefas.erros, avisos: tarefas.avisos,
    cancelamentoSolicitado: tarefas.cancelar, mensagem: tarefas.mensagem, arquivo: tarefas.arquivo,
    criadoEm: tarefas.criadoEm, iniciadoEm: tarefas.iniciadoEm, concluidoEm: tarefas.concluidoEm,
  },
  from: (q) => q.leftJoin(usuarios, eq(usuarios.uid, tarefas.usuarioUid)),
  toItem: (row) => {
    const r = row as Linha;
    return {
      ...r,
      tipoNome: tipoDeTarefa(r.tipo)?.nome ?? r.tipo,
      arquivo: r.arquivo ? { nome: r.arquivo.nome, url: `/api/download/tarefa/${r.arquivo.uid}` } : null,
    };
  },
  sortable: { criadoEm: tarefas.criadoEm, tipo: tarefas.tipo, status: tarefas.status, concluidoEm: tarefas.concluidoEm },
  defaultSort: 'criadoEm',
  defaultOrder: 'DESC',
  filters: {
    tipo: { column: tarefas.tipo, kind: 'exact' },
    status: { column: tarefas.status, kind: 'int' },
    usuarioUid: { column: tarefas.usuarioUid, kind: 'uid' },
    criadoEm: { column: tarefas.criadoEm, kind: 'date', range: true },
  },
  hooks: {
    async beforeDelete(tx, _ctx, existing) {
      if (!FINALIZADAS.includes(existing.status as number)) {
        throw AppError.conflict('Só é possível excluir uma tarefa finalizada: cancele-a antes.', undefined, 'TAREFA_EM_ANDAMENTO');
      }
      await removerArquivosDaTarefa(tx, existing.uid as string);
    },
  },
  actions: [
    {
      path: 'reprocessar',
      method: 'GET',
      summary: 'Processa de novo só os itens com erro (ou cancelados) da tarefa',
      permission: 'alterar',
      message: 'Tarefa enviada para reprocessamento.',
      async run(tx, _ctx, row) {
        const status = row.status as number;
        if (status === ST.CONCLUIDA) throw AppError.conflict('A tarefa foi concluída sem erros: não há itens para reprocessar.', undefined, 'NADA_A_REPROCESSAR');
        exigirTransicao('tarefa', status, ST.PENDENTE);
        await reabrir(tx, row.uid as string);
        return undefined;
      },
    },
    {
      path: 'cancelar',
      method: 'GET',
      summary: 'Cancela uma tarefa pendente, ou pára uma em processamento entre dois itens',
      permission: 'alterar',
      message: 'Cancelamento solicitado.',
      async run(tx, _ctx, row) {
        await cancelar(tx, row.uid as string, row.status as number);
        return undefined;
      },
    },
  ],
});

let armazenamento: Storage | null = null;
/** The app's storage, given when the module's routes register (the resource hooks receive no app). */
export const usarArmazenamento = (s: Storage) => {
  armazenamento = s;
};

/**
 * A deleted task takes its files with it: the uploads its type declares (`arquivos`: an import's XML
 * and ZIP files) and the file it produced (an export) with its download record. A file already gone is fine.
 */
async function removerArquivosDaTarefa(tx: Tx, uid: string) {
  const [t] = await tx.select({ tipo: tarefas.tipo, parametros: tarefas.parametros, arquivo: sql<{ uid: string } | null>`${tarefas.arquivo}` }).from(tarefas).where(eq(tarefas.uid, uid));
  if (!t) return;
  const chaves = tipoDeTarefa(t.tipo)?.arquivos?.(t.parametros as never) ?? [];
  if (t.arquivo) {
    const [a] = await tx.delete(arquivos).where(eq(arquivos.uid, t.arquivo.uid)).returning({ chave: arquivos.chave });
    if (a) chaves.push(a.chave);
  }
  if (armazenamento) await Promise.all(chaves.map((c) => armazenamento?.remove(c).catch(() => undefined)));
}

async function reabrir(tx: Tx, uid: string) {
  const voltam = await tx.update(tarefaItens)
    .set({ status: ITEM.PENDENTE, mensagem: null, processadoEm: null })
    .where(and(eq(tarefaItens.tarefaUid, uid), inArray(tarefaItens.status, [ITEM.ERRO, ITEM.CANCELADO])))
    .returning({ uid: tarefaItens.uid });
  await tx.update(tarefas)
    .set({
      status: ST.PENDENTE, cancelar: false, concluidoEm: null, trabalhador: null, vivoEm: null,
      processados: sql`greatest(${tarefas.processados} - ${voltam.length}, 0)`, erros: 0,
      mensagem: `Reprocessando ${voltam.length} ${voltam.length === 1 ? 'item' : 'itens'}.`,
    })
    .where(eq(tarefas.uid, uid));
  acordarTrabalhadores();
}

async function cancelar(tx: Tx, uid: string, status: number) {
  if (status === ST.PENDENTE) {
    await tx.update(tarefaItens).set({ status: ITEM.CANCELADO, mensagem: 'Cancelado antes de ser processado.', processadoEm: sql`now()` })
      .where(and(eq(tarefaItens.tarefaUid, uid), eq(tarefaItens.status, ITEM.PENDENTE)));
    await tx.update(tarefas).set({ status: ST.CANCELADA, cancelar: true, concluidoEm: sql`now()`, mensagem: 'Cancelada antes de começar.' }).where(eq(tarefas.uid, uid));
    return;
  }
  exigirTransicao('tarefa', status, ST.CANCELADA);
  // The worker sees the flag when it records its current item and stops there.
  await tx.update(tarefas).set({ cancelar: true }).where(eq(tarefas.uid, uid));
}
