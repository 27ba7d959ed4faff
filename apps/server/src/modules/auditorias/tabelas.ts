import { and, asc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import { tabelasFrete } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { fatias } from '../../lib/lotes.ts';

// The carrier's active rate tables valid on a day (São Paulo date of the CT-e), best priority first, for
// many (carrier, day) pairs at once: ONE read of every active table of those carriers whose validity
// touches the pairs' date range, then each pair keeps, in that order, those valid on its day. The one-CT-e
// audit asks for one pair; the re-audit batch (lote.ts) for all pairs of its CT-es.

export type TabelaVigente = typeof tabelasFrete.$inferSelect;

/** The memo key of a carrier's tables valid on a day (lib/memo-lote.ts). */
export const chaveTabelas = (transportadorUid: string, data: string) => `tabelas|${transportadorUid}|${data}`;

/** chaveTabelas(carrier, day) → its tables valid on that day (an empty list when none), for every pair. */
export async function tabelasVigentes(db: DbOrTx, embarcadorUid: string, pares: { transportadorUid: string; data: string }[]): Promise<Map<string, TabelaVigente[]>> {
  const out = new Map<string, TabelaVigente[]>();
  if (!pares.length) return out;
  const datas = pares.map((p) => p.data).sort();
  const de = datas[0]!;
  const ate = datas.at(-1)!;
  const porTransportador = new Map<string, TabelaVigente[]>();
  for (const l of fatias([...new Set(pares.map((p) => p.transportadorUid))], 500)) {
    const rows = await db.select().from(tabelasFrete).where(and(
      eq(tabelasFrete.embarcadorUid, embarcadorUid), inArray(tabelasFrete.transportadorUid, l), eq(tabelasFrete.status, 1),
      lte(tabelasFrete.vigenciaInicio, ate), or(isNull(tabelasFrete.vigenciaFim), gte(tabelasFrete.vigenciaFim, de)),
    )).orderBy(asc(tabelasFrete.prioridade), asc(tabelasFrete.nome), asc(tabelasFrete.uid));
    for (const t of rows) (porTransportador.get(t.transportadorUid) ?? porTransportador.set(t.transportadorUid, []).get(t.transportadorUid)!).push(t);
  }
  for (const { transportadorUid, data } of pares) {
    out.set(chaveTabelas(transportadorUid, data), (porTransportador.get(transportadorUid) ?? [])
      .filter((t) => t.vigenciaInicio <= data && (t.vigenciaFim === null || t.vigenciaFim >= data)));
  }
  return out;
}
