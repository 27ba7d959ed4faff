import { eq } from 'drizzle-orm';
import { formatarDinheiro } from '@fretio/core';
import { embarcadores, preFaturas } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { notificar } from '../notificacoes/service.ts';

/** A released pre-invoice reaches the carrier's users (bell and e-mail, per the shipper's parameters), inside the release's transaction. */
export async function notificarPreFaturaLiberada(tx: DbOrTx, preFaturaUid: string, autorUid: string | null) {
  const [p] = await tx.select({ embarcadorUid: preFaturas.embarcadorUid, transportadorUid: preFaturas.transportadorUid, q: preFaturas.quantidadeCtes,
    v: preFaturas.valorTotal, embarcador: embarcadores.nome })
    .from(preFaturas).innerJoin(embarcadores, eq(embarcadores.uid, preFaturas.embarcadorUid)).where(eq(preFaturas.uid, preFaturaUid));
  if (!p) return;
  await notificar(tx, {
    tipo: 'pre-fatura-liberada', embarcadorUid: p.embarcadorUid, transportadorUid: p.transportadorUid,
    registro: { recurso: 'pre-fatura', uid: preFaturaUid, titulo: 'Pré-fatura liberada' },
    link: '/minhas-pre-faturas',
    mensagem: `${p.embarcador} liberou uma pré-fatura de ${p.q} CT-e(s), R$ ${formatarDinheiro(p.v)}.`,
    autorUid,
  });
}
