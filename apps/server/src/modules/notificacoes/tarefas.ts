import { TAREFA_STATUS as ST } from '@fretio/core';
import { aoEncerrarTarefa } from '../../framework/tarefas/index.ts';
import { tipoDeTarefa } from '../../framework/tarefas/tipo.ts';
import { notificar } from './service.ts';

// "A task finished with errors": told to whoever created the task (and the groups of the shipper's
// parameter for the kind), in the transaction that records the task's end. Registered once per process.
aoEncerrarTarefa(async (tx, t) => {
  if (!t.embarcadorUid || (t.status !== ST.ERRO && t.status !== ST.CONCLUIDA_COM_ERROS)) return;
  const nome = tipoDeTarefa(t.tipo)?.nome ?? t.tipo;
  const como = t.status === ST.ERRO ? 'terminou com erro' : 'foi concluída com erros';
  await notificar(tx, {
    tipo: 'tarefa-com-erros',
    embarcadorUid: t.embarcadorUid,
    usuarios: t.usuarioUid ? [t.usuarioUid] : [],
    registro: { recurso: 'fila-tarefas', uid: t.uid, titulo: `${nome} ${como}` },
    mensagem: t.mensagem ?? 'Veja o relatório da tarefa na fila de tarefas.',
    link: `/fila-tarefas?ftr_status=${t.status}`,
  });
});
