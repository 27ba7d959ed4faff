import { eq, sql } from 'drizzle-orm';
import { ACOES_EMBARQUE, type AcaoEmbarque, justificativaStatusInput } from '@fretio/core';
import { cargaNfes, cotacoesFrete, } from '../../db/schema/index.ts';
import type { ActionDef, Tx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { moverSolicitacao } from '../solicitacoesfrete/efeitos.ts';
import { SOLICITACAO } from '../solicitacoesfrete/resource.ts';
import { fluxoEmbarque as fluxo } from './acesso.ts';
import { notificarEmbarqueCancelado } from './notificacoes.ts';

// Shipment status commands (STATUS.embarque / ACOES_EMBARQUE of packages/core): embarcado, concluir,
// cancel and reabrir (the last two with justificativaStatus, required by the input: 400). Each is a
// command of the shipment's flow (framework/fluxo.ts) inside the framework's action: the row is locked
// first, the machine decides (409 naming both statuses, before anything is written), then the checks,
// the write and the audit row. Cancelling tells the shipper's users (embarque-cancelado); concluding
// finishes the request the shipment carries.

type Row = Record<string, unknown>;

async function solicitacaoDoEmbarque(tx: Tx, row: Row) {
  if (!row.cotacaoUid) return null;
  const [c] = await tx.select({ s: cotacoesFrete.solicitacaoUid }).from(cotacoesFrete).where(eq(cotacoesFrete.uid, row.cotacaoUid as string));
  return c?.s ?? null;
}

function acao(nome: AcaoEmbarque, summary: string, comJustificativa: boolean): ActionDef {
  return fluxo.acao({
    path: nome,
    quem: 'embarcador',
    summary,
    ...(comJustificativa ? { input: justificativaStatusInput } : {}),
    auditoria: 'status',
    async run(tx, ctx, row, input) {
      const justificativa = comJustificativa ? (input.justificativaStatus as string) : null;
      await fluxo.comando(tx, ctx, row, nome, {
        async validar() {
          if (nome !== 'embarcado') return;
          const [n] = await tx.select({ n: sql<number>`count(*)::int` }).from(cargaNfes).where(eq(cargaNfes.embarqueUid, row.uid as string));
          if (!Number(n?.n)) throw AppError.field('nfes', 'Inclua ao menos uma NF-e antes de marcar como embarcado');
        },
        set: { status: ACOES_EMBARQUE[nome].para, justificativaStatus: justificativa },
      });
      if (nome === 'cancel') await notificarEmbarqueCancelado(tx, ctx, row, justificativa as string);
      if (nome === 'concluir') {
        await moverSolicitacao(tx, ctx, await solicitacaoDoEmbarque(tx, row), { de: [SOLICITACAO.ANDAMENTO], para: SOLICITACAO.FINALIZADA, origem: { embarqueUid: row.uid as string } });
      }
      return undefined;
    },
  });
}

export const acoesEmbarque: ActionDef[] = [
  acao('embarcado', 'Marca o embarque como embarcado (Aberto → Embarcado)', false),
  acao('concluir', 'Conclui o embarque (Embarcado → Concluído)', false),
  acao('cancel', 'Cancela o embarque (com justificativaStatus)', true),
  acao('reabrir', 'Reabre o embarque (com justificativaStatus): volta a Aberto', true),
];
