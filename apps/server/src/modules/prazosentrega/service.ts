import { and, eq } from 'drizzle-orm';
import { type Local, contem, especificidade } from '@fretio/core';
import { prazosEntrega } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { colunasParaLocal } from '../regioes/local-ref.ts';

/**
 * The registered deadline of a carrier for origin → destination (resolved places, as the calculator
 * builds them): the most specific active entry containing both (destination first, like routes), or null.
 * For tracking (recalcular-prazo-entrega) and other modules.
 */
export async function prazoEntregaPara(
  db: DbOrTx,
  embarcadorUid: string,
  transportadorUid: string,
  origem: Local,
  destino: Local,
): Promise<number | null> {
  const rows = await db
    .select()
    .from(prazosEntrega)
    .where(
      and(
        eq(prazosEntrega.embarcadorUid, embarcadorUid),
        eq(prazosEntrega.transportadorUid, transportadorUid),
        eq(prazosEntrega.ativo, true),
      ),
    );
  let melhor: { chave: number[]; prazo: number } | null = null;
  for (const r of rows) {
    const o = colunasParaLocal(r, 'origem');
    const d = colunasParaLocal(r, 'destino');
    if (!o || !d || !contem(o, origem) || !contem(d, destino)) continue;
    const chave = [...especificidade(d), ...especificidade(o)];
    if (!melhor || menor(chave, melhor.chave)) melhor = { chave, prazo: r.prazoDiasUteis };
  }
  return melhor?.prazo ?? null;
}

function menor(a: number[], b: number[]) {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}
