import Decimal from 'decimal.js';
import { type SQL, and, eq, inArray, sql } from 'drizzle-orm';
import { ACOES_COTACAO, type AcaoCotacao, aprovacaoInput, aprovacaoUsuarioInput, formatarDinheiro, statusLabel } from '@fretio/core';
import { cargaNfes, cotacaoTransportadores, embarques, } from '../../db/schema/index.ts';
import { TRANSICAO_INVALIDA } from '../../framework/acoes.ts';
import type { ActionDef, Tx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';
import { moverSolicitacao } from '../solicitacoesfrete/efeitos.ts';
import { SOLICITACAO } from '../solicitacoesfrete/resource.ts';
import { recalcularPrazosAcordados } from '../tracking/service.ts';
import { alcadaDoUsuario } from './alcada.ts';
import { COTACAO, fluxoCotacao as fluxo } from './acesso.ts';
import { notificarConvite, notificarDesfecho } from './notificacoes.ts';

// The quotation's commands (issue 11), on the quotation's flow (framework/fluxo.ts). Each runs inside the
// framework's action: the row is locked first (two approvals at once: the second waits, then finds the
// quotation finalised → 409), the machines of packages/core decide (409 TRANSICAO_INVALIDA) before any
// write, the audit row is written alongside; only the shipper's users run them (403).

type Row = Record<string, unknown>;

/** The quotation's state after the command (its rule is checked by the flow's `comando`). */
const estado = (acao: AcaoCotacao) => ({ status: ACOES_COTACAO[acao].status, situacaoAprovacao: ACOES_COTACAO[acao].situacao });

/** A rejected or cancelled quotation leaves its request 'Com Pendência' (when it was at 'Cotação'). */
async function pendenciaNaSolicitacao(tx: Tx, ctx: RequestContext, row: Row, motivo: string) {
  await moverSolicitacao(tx, ctx, row.solicitacaoUid as string | null, { de: [SOLICITACAO.COTACAO], para: SOLICITACAO.PENDENCIA, justificativa: motivo, origem: { cotacaoUid: row.uid as string } });
}

async function abrir(tx: Tx, ctx: RequestContext, row: Row) {
  let convidados: string[] = [];
  await fluxo.comando(tx, ctx, row, 'abrir', {
    async validar() {
      const r = await tx.select({ uid: cotacaoTransportadores.transportadorUid }).from(cotacaoTransportadores).where(eq(cotacaoTransportadores.cotacaoUid, row.uid as string));
      convidados = r.map((c) => c.uid);
      if (!convidados.length) throw AppError.field('transportadores', 'Convide ao menos um transportador antes de abrir a cotação');
      if (row.prazoResposta && Date.parse(row.prazoResposta as string) <= Date.now()) {
        throw AppError.field('prazoResposta', 'O prazo de resposta já passou; altere-o antes de abrir a cotação');
      }
    },
    set: { ...estado('abrir'), indicaAprovacaoUsuario: false, vencedorTransportadorUid: null },
  });
  await notificarConvite(tx, ctx, row, convidados);
}

async function simples(tx: Tx, ctx: RequestContext, row: Row, acao: 'fechar' | 'cancelar' | 'reprovar', justificativa: string | null) {
  await fluxo.comando(tx, ctx, row, acao, {
    ...(acao === 'fechar'
      ? {}
      : { justificativa: [justificativa, acao === 'cancelar' ? 'Informe a justificativa do cancelamento' : 'Informe a justificativa da reprovação'] as [string | null, string] }),
    set: { ...estado(acao), indicaAprovacaoUsuario: false, ...(acao === 'fechar' ? {} : { justificativa, vencedorTransportadorUid: null }) },
  });
  if (acao !== 'fechar') {
    await pendenciaNaSolicitacao(tx, ctx, row, `Cotação ${acao === 'cancelar' ? 'cancelada' : 'reprovada'}: ${justificativa}`);
  }
}

async function reprovar(tx: Tx, ctx: RequestContext, row: Row, justificativa: string | null) {
  await simples(tx, ctx, row, 'reprovar', justificativa);
  await notificarDesfecho(tx, ctx, row, 'cotacao-reprovada', { justificativa });
}
/** The winning answer: invited, answered, with its comparable value. */
async function respostaVencedora(tx: Tx, row: Row, transportadorUid: string | null) {
  const uid = transportadorUid ?? (row.vencedorTransportadorUid as string | null);
  if (!uid) throw AppError.field('transportadorUid', 'Escolha a resposta vencedora para aprovar');
  const [r] = await tx
    .select()
    .from(cotacaoTransportadores)
    .where(and(eq(cotacaoTransportadores.cotacaoUid, row.uid as string), eq(cotacaoTransportadores.transportadorUid, uid)));
  if (!r) throw AppError.field('transportadorUid', 'O transportador não foi convidado para esta cotação');
  if (!r.respondidoEm || r.valorFrete === null) throw AppError.field('transportadorUid', 'O transportador escolhido não respondeu');
  return { transportadorUid: uid, valor: new Decimal(r.valorFrete), prazoDiasUteis: r.prazoDiasUteis };
}

/** The agreed value prorated by value on the NF-e lines (`onde`); the last takes the rounding rest, so
 * the parts add up to the agreed value to the centavo. */
async function ratearFrete(tx: Tx, onde: SQL, valor: Decimal) {
  const nfes = await tx.select({ uid: cargaNfes.uid, valor: cargaNfes.valor }).from(cargaNfes).where(onde).orderBy(cargaNfes.uid);
  const total = nfes.reduce((s, n) => s.plus(n.valor), new Decimal(0));
  let restante = valor;
  for (const [i, n] of nfes.entries()) {
    const parte = i === nfes.length - 1 ? restante : total.isZero() ? valor.div(nfes.length).toDecimalPlaces(2) : valor.times(n.valor).div(total).toDecimalPlaces(2);
    restante = restante.minus(parte);
    await tx.update(cargaNfes).set({ freteEsperado: parte.toFixed(2) }).where(eq(cargaNfes.uid, n.uid));
  }
}

/** Approved: the winner's value is kept as the agreed freight, prorated by value on the NF-es. */
async function finalizar(tx: Tx, ctx: RequestContext, row: Row, v: { transportadorUid: string; valor: Decimal; prazoDiasUteis: number | null }, justificativa: string | null) {
  await fluxo.comando(tx, ctx, row, 'aprovar', {
    set: {
      ...estado('aprovar'),
      indicaAprovacaoUsuario: false,
      vencedorTransportadorUid: v.transportadorUid,
      valorAprovado: v.valor.toFixed(2),
      aprovadoPor: ctx.usuarioUid,
      aprovadoEm: sql`now()`,
      justificativa,
    },
  });
  await ratearFrete(tx, eq(cargaNfes.cotacaoUid, row.uid as string), v.valor);
  // A quotation generated from a shipment (embarque/{uid}/gerar-cotacao): the winner, the agreed value
  // and deadline go onto that shipment (while it is open or shipped), its NF-es get their share.
  const doEmbarque = await tx
    .update(embarques)
    .set({ transportadorUid: v.transportadorUid, freteAcordado: v.valor.toFixed(2), prazoAcordadoDiasUteis: v.prazoDiasUteis, atualizadoEm: sql`now()` })
    .where(and(eq(embarques.cotacaoUid, row.uid as string), inArray(embarques.status, [1, 2])))
    .returning({ uid: embarques.uid });
  for (const e of doEmbarque) await ratearFrete(tx, eq(cargaNfes.embarqueUid, e.uid), v.valor);
  await recalcularPrazosAcordados(tx, ctx, { cotacaoUid: row.uid as string }); // tracking: the winner's deadline
  await notificarDesfecho(tx, ctx, row, 'cotacao-aprovada', { valor: v.valor.toFixed(2), transportadorUid: v.transportadorUid });
}

const statusCotacao = fluxo.acaoDeStatus({
  summary: 'Muda o status da cotação (Aberta, Fechada, Cancelada)',
  description:
    "2 Aberta (exige um transportador convidado; também reabre uma cotação fechada ou reprovada), 3 Fechada, 5 Cancelada (com justificativa). Finalizada só pela aprovação (aprovacao). Transição proibida: 409 TRANSICAO_INVALIDA.",
  comandos: {
    [COTACAO.ABERTA]: (tx, ctx, row) => abrir(tx, ctx, row),
    [COTACAO.FECHADA]: (tx, ctx, row) => simples(tx, ctx, row, 'fechar', null),
    [COTACAO.CANCELADA]: (tx, ctx, row, justificativa) => simples(tx, ctx, row, 'cancelar', justificativa),
  },
  semComando: 'Uma cotação só é finalizada pela aprovação (aprovacao).',
});

const fecharCotacao = fluxo.acao({
  path: 'fechar-cotacao',
  quem: 'embarcador',
  summary: 'Fecha a cotação: os transportadores não respondem mais (Aberta → Fechada)',
  async run(tx, ctx, row) {
    await simples(tx, ctx, row, 'fechar', null);
    return undefined;
  },
});

const aprovacao = fluxo.acao({
  path: 'aprovacao',
  quem: 'embarcador',
  permission: 'aprovar',
  summary: 'Aprova (com a resposta vencedora) ou reprova (com justificativa) a cotação fechada',
  description:
    'Aprovar exige a resposta vencedora (transportadorUid, ou a já escolhida). Se o valor vencedor passa da alçada do papel do usuário, a cotação fica em Aprovação com indicaAprovacaoUsuario até um usuário com alçada responder em aprovacao-usuario. Uma segunda aprovação responde 409.',
  input: aprovacaoInput,
  async run(tx, ctx, row, input) {
    const justificativa = (input.justificativa as string | null) ?? null;
    if (row.indicaAprovacaoUsuario) {
      throw AppError.conflict('A cotação já aguarda a aprovação de um usuário com alçada (aprovacao-usuario).', undefined, TRANSICAO_INVALIDA);
    }
    if (!input.aprovado) return void (await reprovar(tx, ctx, row, justificativa));
    fluxo.exigirComando(row, 'aprovar');
    const v = await respostaVencedora(tx, row, (input.transportadorUid as string | null) ?? null);
    const alcada = await alcadaDoUsuario(tx, ctx);
    if (alcada !== null && v.valor.gt(alcada)) {
      await fluxo.mudar(tx, row.uid as string, { indicaAprovacaoUsuario: true, vencedorTransportadorUid: v.transportadorUid, justificativa });
      await notificarDesfecho(tx, ctx, row, 'cotacao-aguardando-aprovacao', { valor: v.valor.toFixed(2), transportadorUid: v.transportadorUid });
      return undefined;
    }
    await finalizar(tx, ctx, row, v, justificativa);
    return undefined;
  },
});

const aprovacaoUsuario = fluxo.acao({
  path: 'aprovacao-usuario',
  quem: 'embarcador',
  permission: 'aprovar',
  summary: 'Aprovação de um usuário com alçada, quando o valor vencedor passou da alçada de quem aprovou',
  input: aprovacaoUsuarioInput,
  async run(tx, ctx, row, input) {
    const justificativa = (input.justificativa as string | null) ?? null;
    if (!row.indicaAprovacaoUsuario) {
      const m = `A cotação não aguarda aprovação de usuário (status '${statusLabel('cotacaoFrete', row.status as number)}', situação '${statusLabel('aprovacao', row.situacaoAprovacao as number)}').`;
      throw AppError.conflict(m, undefined, TRANSICAO_INVALIDA);
    }
    if (!input.aprovado) return void (await reprovar(tx, ctx, row, justificativa));
    const v = await respostaVencedora(tx, row, null);
    const alcada = await alcadaDoUsuario(tx, ctx);
    if (alcada !== null && v.valor.gt(alcada)) {
      throw AppError.forbidden(`O valor vencedor (R$ ${formatarDinheiro(v.valor.toFixed(2))}) passa da sua alçada (R$ ${formatarDinheiro(alcada.toFixed(2))}).`, 'ALCADA');
    }
    await finalizar(tx, ctx, row, v, justificativa ?? (row.justificativa as string | null));
    return undefined;
  },
});

export const acoesCotacao: ActionDef[] = [statusCotacao, fecharCotacao, aprovacao, aprovacaoUsuario];
