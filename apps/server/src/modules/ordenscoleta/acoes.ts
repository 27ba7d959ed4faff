import { and, eq, isNull, sql } from 'drizzle-orm';
import { ACOES_ORDEM_COLETA, type AcaoOrdemColeta, acaoProibida, confirmacaoColetaInput, liberacaoItemInput, recusaColetaInput, statusLabel } from '@fretio/core';
import { cargaNfes, cargaProdutos, motoristas, ordensColeta, veiculos } from '../../db/schema/index.ts';
import { TRANSICAO_INVALIDA, exigirTransicao, statusInput } from '../../framework/acoes.ts';
import type { ActionDef, Tx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { type RequestContext, temPermissao } from '../../plugins/auth/context.ts';
import { recalcularPrazosAcordados } from '../tracking/service.ts';
import { ORDEM, RECURSO_ORDEM, ehTransportador, exigirUsuarioEmbarcador } from './acesso.ts';
import { notificarOrdem } from './notificacoes.ts';

// The pickup order's commands (issue 11) over STATUS.ordemColeta / ACOES_ORDEM_COLETA of packages/core.
// Each runs inside the framework's action: the row is locked first, the machine decides (409 naming
// both statuses, before anything is written), the audit row (with the justification) goes alongside.
//   Rascunho → Aguardando Liberação (needs a carrier and at least one item; items start unreleased)
//   → liberacaoitem, one item at a time; the last release sends the order (Enviada; carrier notified)
//   → the carrier confirms (date, vehicle, driver of its fleet) or refuses (justification)
//   Recusada → Rascunho (to send it to another carrier); Cancelada from 1–3 with a justification.

type Row = Record<string, unknown>;

function exigirAcao(row: Row, acao: AcaoOrdemColeta) {
  const erro = acaoProibida('ordemColeta', ACOES_ORDEM_COLETA, row.status as number, acao);
  if (erro) throw AppError.conflict(erro, [{ field: 'status', message: erro }], TRANSICAO_INVALIDA);
}

async function contarItens(tx: Tx, uid: string) {
  const r = await tx.execute(sql`select
      (select count(*)::int from carga_produtos where ordem_coleta_uid = ${uid}) + (select count(*)::int from carga_nfes where ordem_coleta_uid = ${uid}) as total,
      (select count(*)::int from carga_produtos where ordem_coleta_uid = ${uid} and liberado_em is not null)
        + (select count(*)::int from carga_nfes where ordem_coleta_uid = ${uid} and liberado_em is not null) as liberados`);
  const linha = (r as unknown as { rows: { total: number; liberados: number }[] }).rows[0];
  return { total: Number(linha.total), liberados: Number(linha.liberados) };
}

async function mudar(tx: Tx, uid: string, set: Record<string, unknown>) {
  await tx.update(ordensColeta).set({ ...set, atualizadoEm: sql`now()` } as never).where(eq(ordensColeta.uid, uid));
}

async function aguardarLiberacao(tx: Tx, row: Row) {
  exigirAcao(row, 'aguardar-liberacao');
  if (!row.transportadorUid) throw AppError.field('transportadorUid', 'Informe o transportador antes de enviar a ordem de coleta');
  const { total } = await contarItens(tx, row.uid as string);
  if (!total) throw AppError.field('itens', 'Inclua ao menos um produto ou uma NF-e antes de enviar a ordem de coleta');
  await tx.update(cargaProdutos).set({ liberadoEm: null }).where(eq(cargaProdutos.ordemColetaUid, row.uid as string));
  await tx.update(cargaNfes).set({ liberadoEm: null }).where(eq(cargaNfes.ordemColetaUid, row.uid as string));
  await mudar(tx, row.uid as string, { status: ORDEM.AGUARDANDO, justificativa: null });
}

async function enviar(tx: Tx, ctx: RequestContext, row: Row) {
  exigirAcao(row, 'enviar');
  const { total, liberados } = await contarItens(tx, row.uid as string);
  if (liberados < total) {
    throw AppError.conflict(`Libere todos os itens antes de enviar a ordem de coleta (${liberados} de ${total} liberados).`, [
      { field: 'itens', message: `${total - liberados} item(ns) aguardando liberação` },
    ], 'ITENS_PENDENTES');
  }
  await mudar(tx, row.uid as string, { status: ORDEM.ENVIADA, enviadoEm: sql`now()` });
  await notificarOrdem(tx, ctx, row, 'ordem-coleta-enviada');
}

async function cancelar(tx: Tx, ctx: RequestContext, row: Row, justificativa: string | null) {
  exigirAcao(row, 'cancelar');
  if (!justificativa) throw AppError.field('justificativa', 'Informe a justificativa do cancelamento');
  await mudar(tx, row.uid as string, { status: ORDEM.CANCELADA, justificativa });
  if (row.status === ORDEM.ENVIADA) await notificarOrdem(tx, ctx, row, 'ordem-coleta-cancelada', { justificativa });
}

async function voltarRascunho(tx: Tx, row: Row) {
  exigirAcao(row, 'voltar-rascunho');
  await mudar(tx, row.uid as string, {
    status: ORDEM.RASCUNHO,
    enviadoEm: null,
    dataColetaPrevista: null,
    veiculoUid: null,
    motoristaUid: null,
    observacaoTransportador: null,
    respondidoPor: null,
    respondidoEm: null,
  });
}

/** The carrier answers for its own orders; a shipper user answers on its behalf only with 'alterar' (403). */
function exigirQuemResponde(ctx: RequestContext, row: Row) {
  if (ehTransportador(ctx)) {
    if (!ctx.transportadorUid || ctx.transportadorUid !== row.transportadorUid) throw AppError.forbidden('Um transportador só responde pelas próprias ordens de coleta.');
  } else if (!temPermissao(ctx, RECURSO_ORDEM, 'alterar')) throw AppError.forbidden();
}

async function daFrota(tx: Tx, row: Row, input: Row) {
  const transportadorUid = row.transportadorUid as string;
  const erros: { field: string; message: string }[] = [];
  if (input.veiculoUid) {
    const [v] = await tx.select({ uid: veiculos.uid }).from(veiculos).where(and(eq(veiculos.uid, input.veiculoUid as string), eq(veiculos.transportadorUid, transportadorUid)));
    if (!v) erros.push({ field: 'veiculoUid', message: 'Veículo não encontrado na frota do transportador' });
  }
  if (input.motoristaUid) {
    const [m] = await tx.select({ uid: motoristas.uid }).from(motoristas).where(and(eq(motoristas.uid, input.motoristaUid as string), eq(motoristas.transportadorUid, transportadorUid)));
    if (!m) erros.push({ field: 'motoristaUid', message: 'Motorista não encontrado na frota do transportador' });
  }
  if (erros.length) throw AppError.validation(erros, erros[0].message);
}

async function confirmar(tx: Tx, ctx: RequestContext, row: Row, input: Row) {
  exigirQuemResponde(ctx, row);
  exigirAcao(row, 'confirmar');
  await daFrota(tx, row, input);
  await mudar(tx, row.uid as string, {
    status: ORDEM.CONFIRMADA,
    dataColetaPrevista: (input.dataColetaPrevista as string | null) ?? null,
    veiculoUid: (input.veiculoUid as string | null) ?? null,
    motoristaUid: (input.motoristaUid as string | null) ?? null,
    observacaoTransportador: (input.observacao as string | null) ?? null,
    respondidoPor: ctx.usuarioUid,
    respondidoEm: sql`now()`,
  });
  await recalcularPrazosAcordados(tx, ctx, { ordemColetaUid: row.uid as string }); // tracking: clock from the pickup date
  await notificarOrdem(tx, ctx, row, 'ordem-coleta-confirmada', { dataColetaPrevista: (input.dataColetaPrevista as string | null) ?? null });
}

async function recusar(tx: Tx, ctx: RequestContext, row: Row, justificativa: string | null) {
  exigirQuemResponde(ctx, row);
  exigirAcao(row, 'recusar');
  if (!justificativa) throw AppError.field('justificativa', 'Informe o motivo da recusa');
  await mudar(tx, row.uid as string, { status: ORDEM.RECUSADA, justificativa, respondidoPor: ctx.usuarioUid, respondidoEm: sql`now()` });
  await notificarOrdem(tx, ctx, row, 'ordem-coleta-recusada', { justificativa });
}

const atualizarStatus: ActionDef = {
  path: 'atualizarstatus',
  method: 'PUT',
  permission: 'alterar',
  summary: 'Muda o status da ordem de coleta',
  description:
    '2 Aguardando Liberação (exige transportador e ao menos um item), 3 Enviada (todos os itens liberados; avisa o transportador), 4 Confirmada, 5 Recusada (com justificativa), 6 Cancelada (de 1–3, com justificativa), 1 Rascunho (só de Recusada). Transição proibida: 409 TRANSICAO_INVALIDA.',
  input: statusInput('ordemColeta'),
  auditoria: 'status',
  async run(tx, ctx, row, input) {
    exigirUsuarioEmbarcador(ctx);
    const para = input.status as number;
    const justificativa = (input.justificativa as string | null) ?? null;
    if (para === row.status) return undefined;
    exigirTransicao('ordemColeta', row.status as number, para);
    if (para === ORDEM.AGUARDANDO) await aguardarLiberacao(tx, row);
    else if (para === ORDEM.ENVIADA) await enviar(tx, ctx, row);
    else if (para === ORDEM.CONFIRMADA) await confirmar(tx, ctx, row, {});
    else if (para === ORDEM.RECUSADA) await recusar(tx, ctx, row, justificativa);
    else if (para === ORDEM.CANCELADA) await cancelar(tx, ctx, row, justificativa);
    else await voltarRascunho(tx, row);
    return undefined;
  },
};

const liberacaoItem: ActionDef = {
  path: 'liberacaoitem',
  method: 'PUT',
  permission: 'alterar',
  summary: 'Libera um item (produto ou NF-e) da ordem aguardando liberação; o último liberado envia a ordem ao transportador',
  input: liberacaoItemInput,
  auditoria: 'liberacaoitem',
  async run(tx, ctx, row, input) {
    exigirUsuarioEmbarcador(ctx);
    if (row.status !== ORDEM.AGUARDANDO) {
      const m = `Só se liberam itens de uma ordem 'Aguardando Liberação' (esta está '${statusLabel('ordemColeta', row.status as number)}').`;
      throw AppError.conflict(m, [{ field: 'status', message: m }], TRANSICAO_INVALIDA);
    }
    const itemUid = input.itemUid as string;
    const [p] = await tx.select({ uid: cargaProdutos.uid, liberadoEm: cargaProdutos.liberadoEm }).from(cargaProdutos).where(and(eq(cargaProdutos.uid, itemUid), eq(cargaProdutos.ordemColetaUid, row.uid as string)));
    const [n] = p ? [] : await tx.select({ uid: cargaNfes.uid, liberadoEm: cargaNfes.liberadoEm }).from(cargaNfes).where(and(eq(cargaNfes.uid, itemUid), eq(cargaNfes.ordemColetaUid, row.uid as string)));
    const item = p ?? n;
    if (!item) throw AppError.field('itemUid', 'Item não encontrado nesta ordem de coleta');
    if (item.liberadoEm) throw AppError.conflict('Este item já foi liberado.', [{ field: 'itemUid', message: 'Este item já foi liberado' }]);
    const tabela = p ? cargaProdutos : cargaNfes;
    await tx.update(tabela).set({ liberadoEm: sql`now()` }).where(and(eq(tabela.uid, itemUid), isNull(tabela.liberadoEm)));
    const { total, liberados } = await contarItens(tx, row.uid as string);
    if (liberados === total) await enviar(tx, ctx, row);
    else await mudar(tx, row.uid as string, {});
    return undefined;
  },
};

const confirmarAcao: ActionDef = {
  path: 'confirmar',
  method: 'PUT',
  permission: 'ler',
  summary: 'O transportador confirma a coleta (data prevista, veículo e motorista da sua frota): Enviada → Confirmada',
  description: "Usuário do transportador da ordem, ou do embarcador com 'alterar' (em nome do transportador). Outro estado: 409 TRANSICAO_INVALIDA.",
  input: confirmacaoColetaInput,
  auditoria: 'confirmar',
  async run(tx, ctx, row, input) {
    await confirmar(tx, ctx, row, input);
    return undefined;
  },
};

const recusarAcao: ActionDef = {
  path: 'recusar',
  method: 'PUT',
  permission: 'ler',
  summary: 'O transportador recusa a coleta com o motivo: Enviada → Recusada',
  description: "Usuário do transportador da ordem, ou do embarcador com 'alterar'. O embarcador pode voltá-la a Rascunho e enviá-la a outro transportador.",
  input: recusaColetaInput,
  auditoria: 'recusar',
  async run(tx, ctx, row, input) {
    await recusar(tx, ctx, row, (input.justificativa as string | null) ?? null);
    return undefined;
  },
};

export const acoesOrdem: ActionDef[] = [atualizarStatus, liberacaoItem, confirmarAcao, recusarAcao];
