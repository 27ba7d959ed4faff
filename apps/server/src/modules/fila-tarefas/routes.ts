import { envelope, itemTarefa, listaDe, z } from '@fretio/core';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tarefaItens, tarefas } from '../../db/schema/index.ts';
import { arquivos } from '../../db/schema/index.ts';
import { parseList } from '../../framework/list-query.ts';
import { errorResponses, listQuerySchema, zUidParam } from '../../framework/schemas.ts';
import { tipoDeTarefa } from '../../framework/tarefas/tipo.ts';
import { AppError } from '../../lib/errors.ts';
import { exigirEmbarcador, temPermissao } from '../../plugins/auth/context.ts';
import { registrarDonoDeArquivo } from '../arquivos/acesso.ts';
import { usarArmazenamento } from './resource.ts';

// A task's per-item report (GET fila-tarefas/{uid}/itens, filterable by result) and who may download
// the file a task produced: whoever may read the record kind the task is about.

// ftr_status: 1 Pendente, 2 Processado, 3 Aviso, 4 Ignorado, 5 Erro, 6 Cancelado; ftr_nome: part of the name.
const ITENS_LISTA = {
  filters: { status: { column: tarefaItens.status, kind: 'int' as const }, nome: { column: tarefaItens.nome, kind: 'text' as const } },
  sortable: { ordem: tarefaItens.ordem },
  defaultSort: 'ordem',
  tieBreaker: tarefaItens.uid,
};

export default async function filaTarefasRoutes(app: FastifyInstance) {
  usarArmazenamento(app.storage);
  app.withTypeProvider<ZodTypeProvider>().get('/api/v1/fila-tarefas/:uid/itens', {
    config: { permission: ['fila-tarefas', 'ler'] },
    schema: {
      tags: ['Fila de tarefas'],
      summary: 'Relatório por item da tarefa (arquivo, entrada ou linha; resultado; mensagem)',
      params: z.object({ uid: zUidParam }),
      querystring: listQuerySchema(['status', 'nome'], []),
      response: { 200: envelope(listaDe(itemTarefa)), ...errorResponses },
    },
  }, async (req) => {
    const embarcadorUid = exigirEmbarcador(req.ctx);
    const [t] = await app.db.select({ uid: tarefas.uid }).from(tarefas)
      .where(and(eq(tarefas.uid, req.params.uid), eq(tarefas.embarcadorUid, embarcadorUid)));
    if (!t) throw AppError.notFound();
    const lista = parseList(req.query as Record<string, unknown>, ITENS_LISTA);
    const where = and(eq(tarefaItens.tarefaUid, t.uid), lista.where);
    const rows = await app.db.select({
      uid: tarefaItens.uid, ordem: tarefaItens.ordem, nome: tarefaItens.nome, status: tarefaItens.status,
      mensagem: tarefaItens.mensagem, registroUid: tarefaItens.registroUid, processadoEm: tarefaItens.processadoEm,
    }).from(tarefaItens).where(where).orderBy(...lista.orderBy).limit(lista.limit).offset(lista.offset);
    const [{ n }] = await app.db.select({ n: sql<number>`count(*)::int` }).from(tarefaItens).where(where);
    return { success: true, message: '', data: { data: rows.map((r) => ({ ...r, ordem: r.ordem + 1 })), totalRecords: n } };
  });

  registrarDonoDeArquivo('tarefa', async (db, ctx, arquivoUid) => {
    const [a] = await db.select({ uid: arquivos.uid }).from(arquivos).where(eq(arquivos.uid, arquivoUid));
    const [t] = await db.select({ tipo: tarefas.tipo }).from(tarefas)
      .where(and(eq(tarefas.embarcadorUid, exigirEmbarcador(ctx)), sql`${tarefas.arquivo}->>'uid' = ${a?.uid ?? ''}`));
    if (!t) throw AppError.notFound();
    const recurso = tipoDeTarefa(t.tipo)?.recurso ?? 'fila-tarefas';
    if (!temPermissao(ctx, 'fila-tarefas', 'ler') && !temPermissao(ctx, recurso, 'ler')) throw AppError.forbidden();
  });
}
