import { eq } from 'drizzle-orm';
import { formatarData } from '@fretio/core';
import { embarcadores, transportadores } from '../../db/schema/index.ts';
import type { Tx } from '../../framework/resource.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';
import { notificar } from '../notificacoes/service.ts';
import { RECURSO_ORDEM } from './acesso.ts';

// The pickup order's notifications (issue 11), one call per event inside the event's transaction:
// sent and cancelled go to the carrier's users, confirmed and refused to the shipper's.

type Row = Record<string, unknown>;
const registro = (o: Row) => ({ recurso: RECURSO_ORDEM, uid: o.uid as string, titulo: `Ordem de coleta nº ${o.numero}` });
const link = (o: Row) => `/ordenscoleta?ftr_numero=${o.numero}`;

async function nome(tx: Tx, tabela: typeof embarcadores | typeof transportadores, uid: string) {
  const [r] = await tx.select({ nome: tabela.nomeFantasia, razao: tabela.nome }).from(tabela).where(eq(tabela.uid, uid));
  return r?.nome ?? r?.razao ?? '';
}

export type EventoOrdem = 'ordem-coleta-enviada' | 'ordem-coleta-confirmada' | 'ordem-coleta-recusada' | 'ordem-coleta-cancelada';

export async function notificarOrdem(tx: Tx, ctx: RequestContext, o: Row, tipo: EventoOrdem, detalhe: { justificativa?: string | null; dataColetaPrevista?: string | null } = {}) {
  const embarcadorUid = o.embarcadorUid as string;
  const transportadorUid = o.transportadorUid as string;
  const base = { tipo, embarcadorUid, registro: registro(o), link: link(o), autorUid: ctx.usuarioUid };
  if (tipo === 'ordem-coleta-enviada' || tipo === 'ordem-coleta-cancelada') {
    const embarcador = await nome(tx, embarcadores, embarcadorUid);
    const data = o.dataColetaDesejada ? ` Coleta desejada em ${formatarData(o.dataColetaDesejada as string)}.` : '';
    const mensagem =
      tipo === 'ordem-coleta-enviada'
        ? `${embarcador} enviou a ordem de coleta nº ${o.numero} para sua transportadora.${data} Confirme ou recuse no portal.`
        : `${embarcador} cancelou a ordem de coleta nº ${o.numero}: ${detalhe.justificativa ?? ''}`;
    await notificar(tx, { ...base, transportadorUid, mensagem });
    return;
  }
  const transportador = await nome(tx, transportadores, transportadorUid);
  const mensagem =
    tipo === 'ordem-coleta-confirmada'
      ? `${transportador} confirmou a ordem de coleta nº ${o.numero}${detalhe.dataColetaPrevista ? ` para ${formatarData(detalhe.dataColetaPrevista)}` : ''}.`
      : `${transportador} recusou a ordem de coleta nº ${o.numero}: ${detalhe.justificativa ?? ''}`;
  await notificar(tx, { ...base, mensagem });
}
