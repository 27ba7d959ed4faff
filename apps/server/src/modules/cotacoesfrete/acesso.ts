import { and, ne, sql } from 'drizzle-orm';
import { aplicarAcaoCotacao, type AcaoCotacao } from '@fretio/core';
import { cotacoesFrete } from '../../db/schema/index.ts';
import { definirFluxo, ehUsuarioTransportador, exigirUsuarioEmbarcador } from '../../framework/fluxo.ts';

// Who sees which quotation (framework/fluxo.ts). Shipper users: every quotation of the active shipper.
// Carrier users (the carrier portal): only the quotations of the active shipper their carrier was
// invited to, never a draft — and, in the item, never the shipper's target price nor other carriers' answers.

export const RECURSO_COTACAO = 'cotacoesfrete';
export const COTACAO = { RASCUNHO: 1, ABERTA: 2, FECHADA: 3, FINALIZADA: 4, CANCELADA: 5 } as const;

export const fluxoCotacao = definirFluxo({
  recurso: RECURSO_COTACAO,
  table: cotacoesFrete,
  uid: cotacoesFrete.uid,
  embarcador: cotacoesFrete.embarcadorUid,
  maquina: 'cotacaoFrete',
  rotulo: 'A cotação',
  titulo: 'Cotação',
  // Cargo, places and invitations change only while the quotation is a draft or open (409).
  editavel: [COTACAO.RASCUNHO, COTACAO.ABERTA],
  doTransportador: (transportadorUid) =>
    and(
      ne(cotacoesFrete.status, COTACAO.RASCUNHO),
      sql`exists (select 1 from cotacao_transportadores ct where ct.cotacao_uid = ${cotacoesFrete.uid} and ct.transportador_uid = ${transportadorUid})`,
    ),
  outroTransportador: 'Um transportador só responde pela própria empresa.',
  // Two machines at once: the status and the approval situation (core aplicarAcaoCotacao).
  comandoProibido: (row, acao) => {
    const r = aplicarAcaoCotacao({ status: row.status as number, situacao: row.situacaoAprovacao as number }, acao as AcaoCotacao);
    return 'erro' in r ? r.erro : null;
  },
});

export const ehTransportador = ehUsuarioTransportador;
export { exigirUsuarioEmbarcador };
export const escopoCotacao = fluxoCotacao.escopo;
export const cotacaoVisivel = fluxoCotacao.visivel;
/** Locks the quotation (as ctx sees it) and returns it; 404 when not visible. */
export const travarCotacao = fluxoCotacao.travar;
/** Cargo, places and invitations change only while the quotation is a draft or open (409). */
export const cotacaoParaAlterar = fluxoCotacao.paraAlterar;
