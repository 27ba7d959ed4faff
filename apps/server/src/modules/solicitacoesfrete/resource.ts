import { and, eq, getTableColumns } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { solicitacaoFrete, solicitacaoFreteInput, statusLabel } from '@fretio/core';
import { cotacoesFrete, solicitacoesFrete } from '../../db/schema/index.ts';
import { acaoDeStatus } from '../../framework/acoes.ts';
import { type ActionDef, type DbOrTx, SEM_MUDANCA, type Tx, defineResource, doEmbarcador } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { removerAnexosDe } from '../anexos/service.ts';
import { colunasComuns, itemComum, joinsComuns } from './comum.ts';
import { exigirMunicipios, refsDaCarga } from './refs.ts';

export const RECURSO_SOLICITACAO = 'solicitacoesfrete';
export const SOLICITACAO = { RASCUNHO: 1, COTACAO: 2, PENDENCIA: 3, ANDAMENTO: 4, FINALIZADA: 5 } as const;

export async function solicitacaoVisivel(db: DbOrTx, ctx: RequestContext, uid: string) {
  const r = await db
    .select({ uid: solicitacoesFrete.uid })
    .from(solicitacoesFrete)
    .where(and(eq(solicitacoesFrete.uid, uid), eq(solicitacoesFrete.embarcadorUid, exigirEmbarcador(ctx))));
  return r.length > 0;
}

/** Locks the request; its data and cargo change only before it is under way (409 naming the status). */
export async function solicitacaoParaAlterar(tx: Tx, ctx: RequestContext, uid: string) {
  const [s] = await tx
    .select({ status: solicitacoesFrete.status })
    .from(solicitacoesFrete)
    .where(and(eq(solicitacoesFrete.uid, uid), eq(solicitacoesFrete.embarcadorUid, exigirEmbarcador(ctx))))
    .for('update');
  if (!s) throw AppError.notFound();
  if (s.status === SOLICITACAO.ANDAMENTO || s.status === SOLICITACAO.FINALIZADA) {
    throw AppError.conflict(`A solicitação está '${statusLabel('solicitacaoFrete', s.status)}' e não pode ser alterada.`);
  }
}

/** atualizarstatus; the justification (required for Com Pendência) is kept in justificativaStatus. */
function acaoStatusSolicitacao(): ActionDef {
  const base = acaoDeStatus({ maquina: 'solicitacaoFrete', justificativaPara: [SOLICITACAO.PENDENCIA] });
  return {
    ...base,
    async run(tx, ctx, row, input, def) {
      if (row.status === input.status) return SEM_MUDANCA;
      await base.run(tx, ctx, row, input, def);
      await tx
        .update(solicitacoesFrete)
        .set({ justificativaStatus: (input.justificativa as string | null) ?? null })
        .where(eq(solicitacoesFrete.uid, row.uid as string));
      return undefined;
    },
  };
}

/**
 * Freight requests of the active shipper. `PUT {uid}/atualizarstatus` follows STATUS.solicitacaoFrete
 * (409 TRANSICAO_INVALIDA); going to Com Pendência needs a justification, kept in justificativaStatus.
 */
export function criarSolicitacoesResource(app: FastifyInstance) {
  return defineResource({
    nome: 'Solicitação de frete',
    path: '/solicitacoesfrete',
    recurso: RECURSO_SOLICITACAO,
    table: solicitacoesFrete,
    uid: solicitacoesFrete.uid,
    scope: doEmbarcador(solicitacoesFrete.embarcadorUid),
    item: solicitacaoFrete,
    input: solicitacaoFreteInput,
    select: { ...getTableColumns(solicitacoesFrete), ...colunasComuns(solicitacoesFrete, 'solicitacao_uid') },
    from: (q) => joinsComuns(q, solicitacoesFrete),
    toItem: itemComum,
    refs: refsDaCarga,
    sortable: {
      numero: solicitacoesFrete.numero,
      status: solicitacoesFrete.status,
      dataColetaDesejada: solicitacoesFrete.dataColetaDesejada,
      criadoEm: solicitacoesFrete.criadoEm,
      atualizadoEm: solicitacoesFrete.atualizadoEm,
    },
    defaultSort: 'numero',
    defaultOrder: 'DESC',
    filters: {
      numero: { column: solicitacoesFrete.numero, kind: 'int' },
      status: { column: solicitacoesFrete.status, kind: 'int' },
      remetenteUid: { column: solicitacoesFrete.remetenteUid, kind: 'uid' },
      destinatarioUid: { column: solicitacoesFrete.destinatarioUid, kind: 'uid' },
      destinoMunicipioIbge: { column: solicitacoesFrete.destinoMunicipioIbge, kind: 'exact' },
      dataColetaDesejada: { column: solicitacoesFrete.dataColetaDesejada, kind: 'date', range: true },
      criadoEm: { column: solicitacoesFrete.criadoEm, kind: 'date', range: true },
    },
    actions: [acaoStatusSolicitacao()],
    hooks: {
      async validate(tx, ctx, values, existing) {
        await exigirMunicipios(tx, values);
        if (existing) await solicitacaoParaAlterar(tx, ctx, existing.uid as string);
        else values.criadoPor = ctx.usuarioUid;
      },
      async beforeDelete(tx, ctx, existing) {
        const [c] = await tx.select({ uid: cotacoesFrete.uid }).from(cotacoesFrete).where(eq(cotacoesFrete.solicitacaoUid, existing.uid as string)).limit(1);
        if (c) throw AppError.conflict('A solicitação tem cotação e não pode ser excluída.', undefined, 'EM_USO');
        if (existing.status !== SOLICITACAO.RASCUNHO) {
          throw AppError.conflict(`Só uma solicitação em 'Rascunho' pode ser excluída (esta está '${statusLabel('solicitacaoFrete', existing.status as number)}').`);
        }
        await removerAnexosDe(app, tx, { embarcadorUid: exigirEmbarcador(ctx), entidade: RECURSO_SOLICITACAO, entidadeUid: existing.uid as string });
      },
    },
  });
}
