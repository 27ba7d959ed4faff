import { eq } from 'drizzle-orm';
import { formatarData, formatarDinheiro } from '@fretio/core';
import { embarcadores, transportadores } from '../../db/schema/index.ts';
import type { Tx } from '../../framework/resource.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';
import { notificar } from '../notificacoes/service.ts';
import { RECURSO_COTACAO } from './acesso.ts';

// The quotation's notifications (issue 11), one call per event, inside the event's transaction.
type Row = Record<string, unknown>;
const registro = (c: Row) => ({ recurso: RECURSO_COTACAO, uid: c.uid as string, titulo: `Cotação nº ${c.numero}` });
const link = (c: Row) => `/cotacoesfrete?ftr_numero=${c.numero}`;

async function nome(tx: Tx, tabela: typeof embarcadores | typeof transportadores, uid: string) {
  const [r] = await tx.select({ nome: tabela.nomeFantasia, razao: tabela.nome }).from(tabela).where(eq(tabela.uid, uid));
  return r?.nome ?? r?.razao ?? '';
}

/** The quotation is open: each carrier named is told it may answer. */
export async function notificarConvite(tx: Tx, ctx: RequestContext, c: Row, transportadorUids: string[]) {
  const embarcador = await nome(tx, embarcadores, c.embarcadorUid as string);
  const prazo = c.prazoResposta ? ` Responda até ${formatarData(c.prazoResposta as string, true)}.` : '';
  for (const transportadorUid of transportadorUids) {
    await notificar(tx, {
      tipo: 'cotacao-convite', embarcadorUid: c.embarcadorUid as string, transportadorUid, registro: registro(c), link: link(c), autorUid: ctx.usuarioUid,
      mensagem: `${embarcador} convidou sua transportadora para a cotação de frete nº ${c.numero}.${prazo}`,
    });
  }
}

export async function notificarResposta(tx: Tx, ctx: RequestContext, c: Row, transportadorUid: string, valorFrete: string) {
  const transportador = await nome(tx, transportadores, transportadorUid);
  await notificar(tx, {
    tipo: 'cotacao-resposta', embarcadorUid: c.embarcadorUid as string, registro: registro(c), link: link(c), autorUid: ctx.usuarioUid,
    mensagem: `${transportador} respondeu à cotação nº ${c.numero}: R$ ${formatarDinheiro(valorFrete)}.`,
  });
}

export type DesfechoCotacao = 'cotacao-aguardando-aprovacao' | 'cotacao-aprovada' | 'cotacao-reprovada';

/** Approval outcome: waiting for a user with a higher limit, approved or rejected. */
export async function notificarDesfecho(tx: Tx, ctx: RequestContext, c: Row, tipo: DesfechoCotacao, detalhe: { valor?: string; transportadorUid?: string; justificativa?: string | null }) {
  const vencedor = detalhe.transportadorUid ? await nome(tx, transportadores, detalhe.transportadorUid) : '';
  const valor = detalhe.valor ? `R$ ${formatarDinheiro(detalhe.valor)}` : '';
  const mensagem =
    tipo === 'cotacao-aguardando-aprovacao'
      ? `A cotação nº ${c.numero} (${vencedor}, ${valor}) passou da alçada de ${ctx.nome} e aguarda a aprovação de um usuário com alçada.`
      : tipo === 'cotacao-aprovada'
        ? `A cotação nº ${c.numero} foi aprovada por ${ctx.nome}: ${vencedor}, ${valor}.`
        : `A cotação nº ${c.numero} foi reprovada por ${ctx.nome}${detalhe.justificativa ? `: ${detalhe.justificativa}` : '.'}`;
  await notificar(tx, { tipo, embarcadorUid: c.embarcadorUid as string, registro: registro(c), link: link(c), autorUid: ctx.usuarioUid, mensagem });
}
