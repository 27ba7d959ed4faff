import { sql } from 'drizzle-orm';
import { ACOES_EMBARQUE, acaoProibida } from '@fretio/core';
import { embarques } from '../../db/schema/index.ts';
import { definirFluxo } from '../../framework/fluxo.ts';

// Who sees which shipment and how its status commands run (framework/fluxo.ts, as quotations and pickup
// orders). Shipper users: every shipment of the active shipper. Carrier users: none — issue 11's carrier
// portal holds the quotations it was invited to, its pickup orders and its NF-es; a shipment reaches its
// carrier as the pickup order made from it (gerar-ordem-coleta), which the carrier confirms or refuses.

export const RECURSO_EMBARQUE = 'embarque';
export const EMBARQUE = { ABERTO: 1, EMBARCADO: 2, CONCLUIDO: 3, CANCELADO: 4 } as const;

export const fluxoEmbarque = definirFluxo({
  recurso: RECURSO_EMBARQUE,
  table: embarques,
  uid: embarques.uid,
  embarcador: embarques.embarcadorUid,
  maquina: 'embarque',
  rotulo: 'O embarque',
  alterado: 'alterado',
  titulo: 'Embarque',
  // Data, NF-es and product lines change only while the shipment is Aberto (409).
  editavel: [EMBARQUE.ABERTO],
  doTransportador: () => sql`false`,
  outroTransportador: 'Um transportador não altera embarques.',
  comandoProibido: (row, acao) => acaoProibida('embarque', ACOES_EMBARQUE, row.status as number, acao),
});
