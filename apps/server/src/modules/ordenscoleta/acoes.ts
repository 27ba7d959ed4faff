import { and, eq, isNull, sql } from 'drizzle-orm';
import { confirmacaoColetaInput, liberacaoItemInput, recusaColetaInput, statusLabel } from '@fretio/core';
import { cargaNfes, cargaProdutos, motoristas, veiculos } from '../../db/schema/index.ts';
import { TRANSICAO_INVALIDA } from '../../framework/acoes.ts';
import type { ActionDef, Tx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';
import { recalcularPrazosAcordados } from '../tracking/service.ts';
import { ORDEM, fluxoOrdem as fluxo } from './acesso.ts';
import { avisoDaOrdem } from './notificacoes.ts';

// The pickup order's commands (issue 11) over STATUS.ordemColeta / ACOES_ORDEM_COLETA of packages/core.
// Each is a command of the order's flow (framework/fluxo.ts) run inside the framework's action: the row
// is locked first, the machine decides (409 naming both statuses, before anything is written), the
// other party is notified and the audit row (with the justification) goes alongside.
//   Rascunho → Aguardando Liberação (needs a carrier and at least one item; items start unreleased)
//   → liberacaoitem, one item at a time; the last release sends the order (Enviada; carrier notified)
//   → the carrier confirms (date, vehicle, driver of its fleet) or refuses (justification)
//   Recusada → Rascunho (to send it to another carrier); Cancelada from 1–3 with a justification.

type Row = Record<string, unknown>;

async function contarItens(tx: Tx, uid: string) {
  const r = await tx.execute(sql`select
      (select count(*)::int from carga_produtos where ordem_coleta_uid = ${uid}) + (select count(*)::int from carga_nfes where ordem_coleta_uid = ${uid}) as total,
      (select count(*)::int from carga_produtos where ordem_coleta_uid = ${uid} and liberado_em is not null)
        + (select count(*)::int from carga_nfes where ordem_coleta_uid = ${uid} and liberado_em is not null) as liberados`);
  const linha = (r as unknown as { rows: { total: number; liberados: number }[] }).rows[0];
  return { total: Number(linha.total), liberados: Number(linha.liberados) };
}

async function aguardarLiberacao(tx: Tx, ctx: RequestContext, row: Row) {
  await fluxo.comando(tx, ctx, row, 'aguardar-liberacao', {
    async validar() {
      if (!row.transportadorUid) throw AppError.field('transportadorUid', 'Informe o transportador antes de enviar a ordem de coleta');
      const { total } = await contarItens(tx, row.uid as string);
      if (!total) throw AppError.field('itens', 'Inclua ao menos um produto ou uma NF-e antes de enviar a ordem de coleta');
    },
    set: { status: ORDEM.AGUARDANDO, justificativa: null },
  });
  await tx.update(cargaProdutos).set({ liberadoEm: null }).where(eq(cargaProdutos.ordemColetaUid, row.uid as string));
  await tx.update(cargaNfes).set({ liberadoEm: null }).where(eq(cargaNfes.ordemColetaUid, row.uid as string));
}

async function enviar(tx: Tx, ctx: RequestContext, row: Row) {
  await fluxo.comando(tx, ctx, row, 'enviar', {
    async validar() {
      const { total, liberados } = await contarItens(tx, row.uid as string);
      if (liberados < total) {
        throw AppError.conflict(`Libere todos os itens antes de enviar a ordem de coleta (${liberados} de ${total} liberados).`, [
          { field: 'itens', message: `${total - liberados} item(ns) aguardando liberação` },
        ], 'ITENS_PENDENTES');
      }
    },
    set: { status: ORDEM.ENVIADA, enviadoEm: sql`now()` },
    aviso: () => avisoDaOrdem(tx, row, 'ordem-coleta-enviada'),
  });
}

async function cancelar(tx: Tx, ctx: RequestContext, row: Row, justificativa: string | null) {
  await fluxo.comando(tx, ctx, row, 'cancelar', {
    justificativa: [justificativa, 'Informe a justificativa do cancelamento'],
    set: { status: ORDEM.CANCELADA, justificativa },
    // The carrier is told only of an order it had received.
    aviso: async () => (row.status === ORDEM.ENVIADA ? avisoDaOrdem(tx, row, 'ordem-coleta-cancelada', { justificativa }) : null),
  });
}

async function voltarRascunho(tx: Tx, ctx: RequestContext, row: Row) {
  await fluxo.comando(tx, ctx, row, 'voltar-rascunho', {
    set: {
      status: ORDEM.RASCUNHO,
      enviadoEm: null,
      dataColetaPrevista: null,
      veiculoUid: null,
      motoristaUid: null,
      observacaoTransportador: null,
      respondidoPor: null,
      respondidoEm: null,
    },
  });
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

/** The carrier (or the shipper on its behalf: fluxo.exigirParte, checked by the action) confirms. */
async function confirmar(tx: Tx, ctx: RequestContext, row: Row, input: Row) {
  const dataColetaPrevista = (input.dataColetaPrevista as string | null) ?? null;
  await fluxo.comando(tx, ctx, row, 'confirmar', {
    validar: () => daFrota(tx, row, input),
    set: {
      status: ORDEM.CONFIRMADA,
      dataColetaPrevista,
      veiculoUid: (input.veiculoUid as string | null) ?? null,
      motoristaUid: (input.motoristaUid as string | null) ?? null,
      observacaoTransportador: (input.observacao as string | null) ?? null,
      respondidoPor: ctx.usuarioUid,
      respondidoEm: sql`now()`,
    },
    aviso: () => avisoDaOrdem(tx, row, 'ordem-coleta-confirmada', { dataColetaPrevista }),
  });
  await recalcularPrazosAcordados(tx, ctx, { ordemColetaUid: row.uid as string }); // tracking: clock from the pickup date
}

async function recusar(tx: Tx, ctx: RequestContext, row: Row, justificativa: string | null) {
  await fluxo.comando(tx, ctx, row, 'recusar', {
    justificativa: [justificativa, 'Informe o motivo da recusa'],
    set: { status: ORDEM.RECUSADA, justificativa, respondidoPor: ctx.usuarioUid, respondidoEm: sql`now()` },
    aviso: () => avisoDaOrdem(tx, row, 'ordem-coleta-recusada', { justificativa }),
  });
}

const atualizarStatus = fluxo.acaoDeStatus({
  summary: 'Muda o status da ordem de coleta',
  description:
    '2 Aguardando Liberação (exige transportador e ao menos um item), 3 Enviada (todos os itens liberados; avisa o transportador), 4 Confirmada, 5 Recusada (com justificativa), 6 Cancelada (de 1–3, com justificativa), 1 Rascunho (só de Recusada). Transição proibida: 409 TRANSICAO_INVALIDA.',
  comandos: {
    [ORDEM.AGUARDANDO]: (tx, ctx, row) => aguardarLiberacao(tx, ctx, row),
    [ORDEM.ENVIADA]: (tx, ctx, row) => enviar(tx, ctx, row),
    [ORDEM.CONFIRMADA]: (tx, ctx, row) => confirmar(tx, ctx, row, {}),
    [ORDEM.RECUSADA]: (tx, ctx, row, justificativa) => recusar(tx, ctx, row, justificativa),
    [ORDEM.CANCELADA]: (tx, ctx, row, justificativa) => cancelar(tx, ctx, row, justificativa),
    [ORDEM.RASCUNHO]: (tx, ctx, row) => voltarRascunho(tx, ctx, row),
  },
});

const liberacaoItem = fluxo.acao({
  path: 'liberacaoitem',
  quem: 'embarcador',
  summary: 'Libera um item (produto ou NF-e) da ordem aguardando liberação; o último liberado envia a ordem ao transportador',
  input: liberacaoItemInput,
  auditoria: 'liberacaoitem',
  async run(tx, ctx, row, input) {
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
    else await fluxo.mudar(tx, row.uid as string, {});
    return undefined;
  },
});

const confirmarAcao = fluxo.acao({
  path: 'confirmar',
  quem: 'parte',
  permission: 'ler',
  summary: 'O transportador confirma a coleta (data prevista, veículo e motorista da sua frota): Enviada → Confirmada',
  description: "Usuário do transportador da ordem, ou do embarcador com 'alterar' (em nome do transportador). Outro estado: 409 TRANSICAO_INVALIDA.",
  input: confirmacaoColetaInput,
  auditoria: 'confirmar',
  async run(tx, ctx, row, input) {
    await confirmar(tx, ctx, row, input);
    return undefined;
  },
});

const recusarAcao = fluxo.acao({
  path: 'recusar',
  quem: 'parte',
  permission: 'ler',
  summary: 'O transportador recusa a coleta com o motivo: Enviada → Recusada',
  description: "Usuário do transportador da ordem, ou do embarcador com 'alterar'. O embarcador pode voltá-la a Rascunho e enviá-la a outro transportador.",
  input: recusaColetaInput,
  auditoria: 'recusar',
  async run(tx, ctx, row, input) {
    await recusar(tx, ctx, row, (input.justificativa as string | null) ?? null);
    return undefined;
  },
});

export const acoesOrdem: ActionDef[] = [atualizarStatus, liberacaoItem, confirmarAcao, recusarAcao];
