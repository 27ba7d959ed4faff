import { and, eq, sql } from 'drizzle-orm';
import { ACOES_EMBARQUE, type AcaoEmbarque, acaoProibida, justificativaStatusInput } from '@fretio/core';
import { cargaNfes, embarques, solicitacoesFrete, cotacoesFrete } from '../../db/schema/index.ts';
import { TRANSICAO_INVALIDA } from '../../framework/acoes.ts';
import type { ActionDef, Tx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { SOLICITACAO } from '../solicitacoesfrete/resource.ts';
import { notificarEmbarqueCancelado } from './notificacoes.ts';

// Shipment status commands (STATUS.embarque / ACOES_EMBARQUE of packages/core): embarcado, concluir,
// cancel and reabrir (the last two with justificativaStatus). Concluding finishes the request the
// shipment carries.

type Row = Record<string, unknown>;

async function solicitacaoDoEmbarque(tx: Tx, row: Row) {
  if (!row.cotacaoUid) return null;
  const [c] = await tx.select({ s: cotacoesFrete.solicitacaoUid }).from(cotacoesFrete).where(eq(cotacoesFrete.uid, row.cotacaoUid as string));
  return c?.s ?? null;
}

function acao(nome: AcaoEmbarque, summary: string, comJustificativa: boolean): ActionDef {
  return {
    path: nome,
    method: 'PUT',
    permission: 'alterar',
    summary,
    ...(comJustificativa ? { input: justificativaStatusInput } : {}),
    auditoria: 'status',
    async run(tx, ctx, row, input) {
      const erro = acaoProibida('embarque', ACOES_EMBARQUE, row.status as number, nome);
      if (erro) throw AppError.conflict(erro, [{ field: 'status', message: erro }], TRANSICAO_INVALIDA);
      if (nome === 'embarcado') {
        const [n] = await tx.select({ n: sql<number>`count(*)::int` }).from(cargaNfes).where(eq(cargaNfes.embarqueUid, row.uid as string));
        if (!Number(n?.n)) throw AppError.field('nfes', 'Inclua ao menos uma NF-e antes de marcar como embarcado');
      }
      await tx
        .update(embarques)
        .set({
          status: ACOES_EMBARQUE[nome].para,
          justificativaStatus: comJustificativa ? (input.justificativaStatus as string) : null,
          atualizadoEm: sql`now()`,
        })
        .where(eq(embarques.uid, row.uid as string));
      if (nome === 'cancel') await notificarEmbarqueCancelado(tx, ctx, row, input.justificativaStatus as string);
      const s = await solicitacaoDoEmbarque(tx, row);
      if (s && nome === 'concluir') {
        await tx
          .update(solicitacoesFrete)
          .set({ status: SOLICITACAO.FINALIZADA, atualizadoEm: sql`now()` })
          .where(and(eq(solicitacoesFrete.uid, s), eq(solicitacoesFrete.status, SOLICITACAO.ANDAMENTO)));
      }
      return undefined;
    },
  };
}

export const acoesEmbarque: ActionDef[] = [
  acao('embarcado', 'Marca o embarque como embarcado (Aberto → Embarcado)', false),
  acao('concluir', 'Conclui o embarque (Embarcado → Concluído)', false),
  acao('cancel', 'Cancela o embarque (com justificativaStatus)', true),
  acao('reabrir', 'Reabre o embarque (com justificativaStatus): volta a Aberto', true),
];
