import { ITEM_TAREFA_STATUS as ITEM, TAREFA_STATUS as ST } from '@fretio/core';
import { sql } from 'drizzle-orm';
import { logsOperacao, tarefaItens } from '../../db/schema/index.ts';
import { aoEncerrarTarefa } from '../tarefas/index.ts';
import { tipoDeTarefa } from '../tarefas/tipo.ts';

// At the end of every import task (NF-e, CT-e, EDI) one entry in the shipper's operation log (GET logs,
// "Logs" screen), in the transaction that records the task's end: how many items were saved, warned,
// skipped, refused or left. Counts only — never a file name, a document's parties or who they are.
export const TIPOS_IMPORTACAO: Record<string, string> = { 'importar-nfe': 'importacao-nfe', 'importar-cte': 'importacao-cte', 'importar-edi': 'importacao-edi' };

aoEncerrarTarefa(async (tx, t) => {
  const origem = TIPOS_IMPORTACAO[t.tipo];
  if (!origem || !t.embarcadorUid) return;
  const r = (await tx.execute(sql`select status, count(*)::int as n from ${tarefaItens} where tarefa_uid = ${t.uid} group by status`)) as unknown as { rows: { status: number; n: number }[] };
  const de = (s: number) => r.rows.find((x) => Number(x.status) === s)?.n ?? 0;
  const c = { total: r.rows.reduce((a, x) => a + x.n, 0), salvos: de(ITEM.OK), comAviso: de(ITEM.AVISO), ignorados: de(ITEM.IGNORADO), erros: de(ITEM.ERRO), cancelados: de(ITEM.CANCELADO) + de(ITEM.PENDENTE) };
  const nome = tipoDeTarefa(t.tipo)?.nome ?? t.tipo;
  const fim = t.status === ST.CANCELADA ? 'cancelada' : t.status === ST.ERRO ? 'terminou com erro' : t.status === ST.CONCLUIDA_COM_ERROS ? 'concluída com erros' : 'concluída';
  const partes = [`${c.salvos} salvo(s)`, `${c.comAviso} com aviso`, `${c.ignorados} ignorado(s)`, `${c.erros} com erro`, ...(c.cancelados ? [`${c.cancelados} não processado(s)`] : [])];
  await tx.insert(logsOperacao).values({
    embarcadorUid: t.embarcadorUid,
    nivel: c.erros || t.status === ST.ERRO ? 'erro' : c.comAviso || t.status === ST.CANCELADA ? 'aviso' : 'info',
    origem,
    mensagem: `${nome} ${fim}: ${c.total} item(ns) — ${partes.join(', ')}.`,
    detalhes: { ...c, status: t.status },
    tarefaUid: t.uid,
    usuarioUid: t.usuarioUid,
  });
});
