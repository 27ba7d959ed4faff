import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { embarcadorTransportador, transportadores } from '../../db/schema/index.ts';
import type { Tx } from '../../framework/resource.ts';

// Which shipper keeps a carrier's record while the carrier has no active user of its own
// (transportadores.embarcador_gestor_uid; rules in modules/transportadores/propriedade.ts).

/** A carrier nobody keeps (e.g. self-registered) and nobody else links is kept by the shipper that links it. */
export async function assumirSeOrfao(tx: Tx, transportadorUid: string, embarcadorUid: string) {
  const [outro] = await tx
    .select({ uid: embarcadorTransportador.embarcadorUid })
    .from(embarcadorTransportador)
    .where(and(eq(embarcadorTransportador.transportadorUid, transportadorUid), ne(embarcadorTransportador.embarcadorUid, embarcadorUid)))
    .limit(1);
  if (outro) return;
  await tx
    .update(transportadores)
    .set({ embarcadorGestorUid: embarcadorUid })
    .where(and(eq(transportadores.uid, transportadorUid), isNull(transportadores.embarcadorGestorUid)));
}

/** The keeping shipper unlinks: the record passes to the longest-linked shipper left (or to nobody). */
export async function passarAdiante(tx: Tx, transportadorUid: string, embarcadorUid: string) {
  const [herdeiro] = await tx
    .select({ uid: embarcadorTransportador.embarcadorUid })
    .from(embarcadorTransportador)
    .where(eq(embarcadorTransportador.transportadorUid, transportadorUid))
    .orderBy(asc(embarcadorTransportador.criadoEm), asc(embarcadorTransportador.embarcadorUid))
    .limit(1);
  await tx
    .update(transportadores)
    .set({ embarcadorGestorUid: herdeiro?.uid ?? null })
    .where(and(eq(transportadores.uid, transportadorUid), eq(transportadores.embarcadorGestorUid, embarcadorUid)));
}
