import type { Tx } from '../../framework/resource.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';
import { notificar } from '../notificacoes/service.ts';

// "Shipment cancelled" (issue 11), inside the cancel action's transaction; the bell opens the shipment.
export async function notificarEmbarqueCancelado(tx: Tx, ctx: RequestContext, row: Record<string, unknown>, justificativa: string) {
  await notificar(tx, {
    tipo: 'embarque-cancelado',
    embarcadorUid: row.embarcadorUid as string,
    registro: { recurso: 'embarque', uid: row.uid as string, titulo: `Embarque nº ${row.numero} cancelado` },
    link: `/embarque/${row.uid}/detalhe`,
    mensagem: `${ctx.nome} cancelou o embarque nº ${row.numero}: ${justificativa}`,
    autorUid: ctx.usuarioUid,
  });
}
