import { and, eq, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { TIPO_USUARIO } from '@fretio/core';
import { cotacoesFrete } from '../../db/schema/index.ts';
import { agendar } from '../../framework/agenda.ts';
import { registrarAuditoria } from '../../framework/audit.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';
import { acoesCotacao } from './acoes.ts';
import { RECURSO_COTACAO } from './acesso.ts';

// Automatic close at the answer deadline (prazoResposta): an open quotation whose deadline has passed
// is closed by the same declared action as the manual close (fechar-cotacao), with its audit row by
// "sistema" (no user) in the same transaction. Every instance runs the check each minute (framework/agenda.ts); the rows
// are taken with FOR UPDATE SKIP LOCKED and re-checked under the lock, so two instances never close
// the same quotation twice (one takes it, the other skips it or finds it Fechada).

const INTERVALO_MS = 60_000;
const LOTE = 200;
const fechar = acoesCotacao.find((a) => a.path === 'fechar-cotacao');

/** The context of the system acting for a shipper (no user: the audit row names no one). */
function sistema(embarcadorUid: string): RequestContext {
  return {
    usuarioUid: null as unknown as string,
    login: 'sistema',
    nome: 'sistema',
    tipoUsuario: TIPO_USUARIO.EMBARCADOR,
    transportadorUid: null,
    embarcadorUid,
    permissoes: {},
    via: 'sessao',
  };
}

/** Closes the open quotations whose answer deadline is at or before `agora`; answers how many. */
export async function fecharCotacoesVencidas(app: FastifyInstance, agora: Date = new Date()): Promise<number> {
  if (!fechar) throw new Error('ação fechar-cotacao não declarada');
  let total = 0;
  for (;;) {
    const n = await app.db.transaction(async (tx) => {
      const vencidas = await tx
        .select()
        .from(cotacoesFrete)
        .where(and(eq(cotacoesFrete.status, 2), lte(cotacoesFrete.prazoResposta, agora.toISOString())))
        .orderBy(cotacoesFrete.prazoResposta)
        .limit(LOTE)
        .for('update', { skipLocked: true });
      let fechadas = 0;
      for (const antes of vencidas) {
        // Each in a savepoint: a quotation the rule refuses is logged and left, the others still close.
        try {
          await tx.transaction(async (sp) => {
            await fechar.run(sp, sistema(antes.embarcadorUid), antes as unknown as Record<string, unknown>, {}, undefined as never);
            const [depois] = await sp.select().from(cotacoesFrete).where(eq(cotacoesFrete.uid, antes.uid));
            await registrarAuditoria(sp, { embarcadorUid: antes.embarcadorUid, usuarioUid: null }, RECURSO_COTACAO, antes.uid, fechar.auditoria ?? fechar.path, antes, {
              ...depois,
              justificativa: 'Prazo de resposta encerrado',
            });
          });
          fechadas++;
        } catch (e) {
          app.log.warn({ err: e, cotacaoUid: antes.uid }, 'cotações: fechamento por prazo recusado');
        }
      }
      return { lidas: vencidas.length, fechadas };
    });
    total += n.fechadas;
    if (n.lidas < LOTE || n.fechadas === 0) return total;
  }
}

export function iniciarFechamentoPorPrazo(app: FastifyInstance) {
  agendar(app, 'cotações: fechamento por prazo', { intervaloMs: INTERVALO_MS }, () => fecharCotacoesVencidas(app));
}
