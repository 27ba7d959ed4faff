import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { ACOES_ORDEM_COLETA, acaoProibida } from '@fretio/core';
import { ordensColeta } from '../../db/schema/index.ts';
import { definirFluxo, ehUsuarioTransportador, exigirUsuarioEmbarcador } from '../../framework/fluxo.ts';

// Who sees which pickup order (framework/fluxo.ts). Shipper users: every order of the active shipper.
// Carrier users (the carrier portal): only the orders of the active shipper sent to their carrier — never
// a draft or one awaiting release; a cancelled one only when it had been sent to them.

export const RECURSO_ORDEM = 'ordenscoleta';
export const ORDEM = { RASCUNHO: 1, AGUARDANDO: 2, ENVIADA: 3, CONFIRMADA: 4, RECUSADA: 5, CANCELADA: 6 } as const;

export const fluxoOrdem = definirFluxo({
  recurso: RECURSO_ORDEM,
  table: ordensColeta,
  uid: ordensColeta.uid,
  embarcador: ordensColeta.embarcadorUid,
  maquina: 'ordemColeta',
  rotulo: 'A ordem de coleta',
  titulo: 'Ordem de coleta',
  // Data, cargo and attachments change only while the order is a draft (409).
  editavel: [ORDEM.RASCUNHO],
  doTransportador: (transportadorUid) =>
    and(
      eq(ordensColeta.transportadorUid, transportadorUid),
      or(
        inArray(ordensColeta.status, [ORDEM.ENVIADA, ORDEM.CONFIRMADA, ORDEM.RECUSADA]),
        and(eq(ordensColeta.status, ORDEM.CANCELADA), isNotNull(ordensColeta.enviadoEm)),
      ),
    ),
  outroTransportador: 'Um transportador só responde pelas próprias ordens de coleta.',
  comandoProibido: (row, acao) => acaoProibida('ordemColeta', ACOES_ORDEM_COLETA, row.status as number, acao),
});

export const ehTransportador = ehUsuarioTransportador;
export { exigirUsuarioEmbarcador };
export const escopoOrdem = fluxoOrdem.escopo;
export const ordemVisivel = fluxoOrdem.visivel;
/** Data, cargo and attachments change only while the order is a draft, and only by the shipper (403/409). */
export const ordemParaAlterar = fluxoOrdem.paraAlterar;
