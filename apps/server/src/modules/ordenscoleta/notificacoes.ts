import { formatarData } from '@fretio/core';
import type { Aviso } from '../../framework/fluxo.ts';
import type { Tx } from '../../framework/resource.ts';
import { fluxoOrdem as fluxo } from './acesso.ts';

// The pickup order's notifications (issue 11), one per event inside the event's transaction (the
// flow's `comando` sends them): sent and cancelled go to the carrier's users, confirmed and refused
// to the shipper's.

type Row = Record<string, unknown>;

export type EventoOrdem = 'ordem-coleta-enviada' | 'ordem-coleta-confirmada' | 'ordem-coleta-recusada' | 'ordem-coleta-cancelada';

export async function avisoDaOrdem(tx: Tx, o: Row, tipo: EventoOrdem, detalhe: { justificativa?: string | null; dataColetaPrevista?: string | null } = {}): Promise<Aviso> {
  const transportadorUid = o.transportadorUid as string;
  if (tipo === 'ordem-coleta-enviada' || tipo === 'ordem-coleta-cancelada') {
    const embarcador = await fluxo.nome(tx, 'embarcador', o.embarcadorUid as string);
    const data = o.dataColetaDesejada ? ` Coleta desejada em ${formatarData(o.dataColetaDesejada as string)}.` : '';
    const mensagem =
      tipo === 'ordem-coleta-enviada'
        ? `${embarcador} enviou a ordem de coleta nº ${o.numero} para sua transportadora.${data} Confirme ou recuse no portal.`
        : `${embarcador} cancelou a ordem de coleta nº ${o.numero}: ${detalhe.justificativa ?? ''}`;
    return { tipo, transportadorUid, mensagem };
  }
  const transportador = await fluxo.nome(tx, 'transportador', transportadorUid);
  const mensagem =
    tipo === 'ordem-coleta-confirmada'
      ? `${transportador} confirmou a ordem de coleta nº ${o.numero}${detalhe.dataColetaPrevista ? ` para ${formatarData(detalhe.dataColetaPrevista)}` : ''}.`
      : `${transportador} recusou a ordem de coleta nº ${o.numero}: ${detalhe.justificativa ?? ''}`;
  return { tipo, mensagem };
}
