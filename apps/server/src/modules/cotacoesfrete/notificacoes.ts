import { formatarData, formatarDinheiro } from '@fretio/core';
import type { Tx } from '../../framework/resource.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';
import { fluxoCotacao as fluxo } from './acesso.ts';

// The quotation's notifications (issue 11), one call per event, inside the event's transaction; the
// record, link and author come from the quotation's flow (framework/fluxo.ts).
type Row = Record<string, unknown>;

/** The quotation is open: each carrier named is told it may answer. */
export async function notificarConvite(tx: Tx, ctx: RequestContext, c: Row, transportadorUids: string[]) {
  const embarcador = await fluxo.nome(tx, 'embarcador', c.embarcadorUid as string);
  const prazo = c.prazoResposta ? ` Responda até ${formatarData(c.prazoResposta as string, true)}.` : '';
  for (const transportadorUid of transportadorUids) {
    await fluxo.notificar(tx, ctx, c, {
      tipo: 'cotacao-convite',
      transportadorUid,
      mensagem: `${embarcador} convidou sua transportadora para a cotação de frete nº ${c.numero}.${prazo}`,
    });
  }
}

export async function notificarResposta(tx: Tx, ctx: RequestContext, c: Row, transportadorUid: string, valorFrete: string) {
  const transportador = await fluxo.nome(tx, 'transportador', transportadorUid);
  await fluxo.notificar(tx, ctx, c, { tipo: 'cotacao-resposta', mensagem: `${transportador} respondeu à cotação nº ${c.numero}: R$ ${formatarDinheiro(valorFrete)}.` });
}

export type DesfechoCotacao = 'cotacao-aguardando-aprovacao' | 'cotacao-aprovada' | 'cotacao-reprovada';

/** Approval outcome: waiting for a user with a higher limit, approved or rejected. */
export async function notificarDesfecho(tx: Tx, ctx: RequestContext, c: Row, tipo: DesfechoCotacao, detalhe: { valor?: string; transportadorUid?: string; justificativa?: string | null }) {
  await fluxo.notificar(tx, ctx, c, { tipo, mensagem: await mensagemDoDesfecho(tx, ctx, c, tipo, detalhe) });
}

export async function mensagemDoDesfecho(tx: Tx, ctx: RequestContext, c: Row, tipo: DesfechoCotacao, detalhe: { valor?: string; transportadorUid?: string; justificativa?: string | null }) {
  const vencedor = detalhe.transportadorUid ? await fluxo.nome(tx, 'transportador', detalhe.transportadorUid) : '';
  const valor = detalhe.valor ? `R$ ${formatarDinheiro(detalhe.valor)}` : '';
  return tipo === 'cotacao-aguardando-aprovacao'
    ? `A cotação nº ${c.numero} (${vencedor}, ${valor}) passou da alçada de ${ctx.nome} e aguarda a aprovação de um usuário com alçada.`
    : tipo === 'cotacao-aprovada'
      ? `A cotação nº ${c.numero} foi aprovada por ${ctx.nome}: ${vencedor}, ${valor}.`
      : `A cotação nº ${c.numero} foi reprovada por ${ctx.nome}${detalhe.justificativa ? `: ${detalhe.justificativa}` : '.'}`;
}
