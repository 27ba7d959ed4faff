import { eq, getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { type CotacaoFrete, cotacaoFrete, cotacaoFreteInput } from '@fretio/core';
import { cotacoesFrete, transportadores, usuarios } from '../../db/schema/index.ts';
import { defineResource } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { removerAnexosDe } from '../anexos/service.ts';
import { numeros } from '../solicitacoesfrete/carga.ts';
import { colunasComuns, itemComum, joinsComuns } from '../solicitacoesfrete/comum.ts';
import { exigirMunicipios, refsDaCarga } from '../solicitacoesfrete/refs.ts';
import { COTACAO, RECURSO_COTACAO, cotacaoParaAlterar, ehTransportador, escopoCotacao, exigirUsuarioEmbarcador } from './acesso.ts';
import { acoesCotacao } from './acoes.ts';

const vencedor = alias(transportadores, 'vencedor');
const aprovador = alias(usuarios, 'aprovador');

/** What a carrier user may see of a quotation: no target price, no other carrier's result. */
export function itemPara(ctx: RequestContext, item: CotacaoFrete): CotacaoFrete {
  if (!ehTransportador(ctx)) return item;
  const venceu = item.vencedorTransportadorUid !== null && item.vencedorTransportadorUid === ctx.transportadorUid;
  return {
    ...item,
    valorAlvo: null,
    justificativa: null,
    indicaAprovacaoUsuario: false,
    aprovadoPorNome: null,
    vencedorTransportadorUid: venceu ? item.vencedorTransportadorUid : null,
    vencedorTransportadorNome: venceu ? item.vencedorTransportadorNome : null,
    valorAprovado: venceu ? item.valorAprovado : null,
    quantidadeConvidados: 0,
    quantidadeRespostas: 0,
  };
}

/**
 * Spot quotations. Create/update/delete are the framework's (shipper users only, while Rascunho or
 * Aberta); list and get are routes.ts (carrier users see only what they were invited to).
 */
export function criarCotacoesResource(app: FastifyInstance) {
  return defineResource({
    nome: 'Cotação de frete',
    path: '/cotacoesfrete',
    recurso: RECURSO_COTACAO,
    table: cotacoesFrete,
    uid: cotacoesFrete.uid,
    scope: escopoCotacao,
    item: cotacaoFrete,
    input: cotacaoFreteInput,
    operations: ['create', 'update', 'delete'],
    // A deep page (page 500 of 100,000) reads its 20 uids from the (embarcador_uid, numero) index first, then
    // computes the item (cargo totals, invitations, answers: correlated subqueries) for those 20 only.
    paginaEmDuasEtapas: true,
    // Its joins are one row each (places, parties, vehicle type, winner, approver): the maintained total holds.
    fromMantemLinhas: true,
    select: {
      ...getTableColumns(cotacoesFrete),
      ...colunasComuns(cotacoesFrete, 'cotacao_uid'),
      solicitacaoNumero: sql<number | null>`(select s.numero from solicitacoes_frete s where s.uid = ${cotacoesFrete.solicitacaoUid})`,
      vencedorTransportadorNome: vencedor.nome,
      aprovadoPorNome: aprovador.nome,
      quantidadeConvidados: sql<number>`(select count(*)::int from cotacao_transportadores ct where ct.cotacao_uid = ${cotacoesFrete.uid})`.mapWith(Number),
      quantidadeRespostas:
        sql<number>`(select count(*)::int from cotacao_transportadores ct where ct.cotacao_uid = ${cotacoesFrete.uid} and ct.respondido_em is not null)`.mapWith(
          Number,
        ),
    },
    from: (q) =>
      joinsComuns(q, cotacoesFrete)
        .leftJoin(vencedor, eq(vencedor.uid, cotacoesFrete.vencedorTransportadorUid))
        .leftJoin(aprovador, eq(aprovador.uid, cotacoesFrete.aprovadoPor)),
    toItem: (r) => numeros(itemComum(r), ['valorAlvo', 'valorAprovado']),
    refs: refsDaCarga,
    sortable: {
      numero: cotacoesFrete.numero,
      status: cotacoesFrete.status,
      situacaoAprovacao: cotacoesFrete.situacaoAprovacao,
      prazoResposta: cotacoesFrete.prazoResposta,
      dataColetaDesejada: cotacoesFrete.dataColetaDesejada,
      criadoEm: cotacoesFrete.criadoEm,
      atualizadoEm: cotacoesFrete.atualizadoEm,
    },
    defaultSort: 'numero',
    defaultOrder: 'DESC',
    filters: {
      numero: { column: cotacoesFrete.numero, kind: 'int' },
      status: { column: cotacoesFrete.status, kind: 'int' },
      situacaoAprovacao: { column: cotacoesFrete.situacaoAprovacao, kind: 'int' },
      indicaAprovacaoUsuario: { column: cotacoesFrete.indicaAprovacaoUsuario, kind: 'bool' },
      solicitacaoUid: { column: cotacoesFrete.solicitacaoUid, kind: 'uid' },
      vencedorTransportadorUid: { column: cotacoesFrete.vencedorTransportadorUid, kind: 'uid' },
      tipoCarga: { column: cotacoesFrete.tipoCarga, kind: 'exact' },
      dataColetaDesejada: { column: cotacoesFrete.dataColetaDesejada, kind: 'date', range: true },
      criadoEm: { column: cotacoesFrete.criadoEm, kind: 'date', range: true },
    },
    actions: acoesCotacao,
    hooks: {
      async validate(tx, ctx, values, existing) {
        exigirUsuarioEmbarcador(ctx);
        await exigirMunicipios(tx, values);
        if (existing) await cotacaoParaAlterar(tx, ctx, existing.uid as string);
        else values.criadoPor = ctx.usuarioUid;
      },
      async beforeDelete(tx, ctx, existing) {
        exigirUsuarioEmbarcador(ctx);
        if (existing.status !== COTACAO.RASCUNHO) {
          throw AppError.conflict("Só uma cotação em 'Rascunho' pode ser excluída; cancele-a.");
        }
        await removerAnexosDe(app, tx, { embarcadorUid: exigirEmbarcador(ctx), entidade: RECURSO_COTACAO, entidadeUid: existing.uid as string });
      },
    },
  });
}
