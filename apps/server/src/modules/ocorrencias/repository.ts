import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { eventosOcorrencia, ocorrencias, ocorrenciasDepara, ocorrenciasSemDepara, transportadores, unidadesTransportador } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';

/** Every CNPJ a carrier files under: its own and its units'. */
export async function cnpjsDoTransportador(db: DbOrTx, transportadorUid: string): Promise<string[]> {
  const rows = await db
    .select({ cnpj: transportadores.cnpj })
    .from(transportadores)
    .where(eq(transportadores.uid, transportadorUid))
    .union(db.select({ cnpj: unidadesTransportador.documento }).from(unidadesTransportador).where(eq(unidadesTransportador.transportadorUid, transportadorUid)));
  return rows.map((r) => r.cnpj).filter((c): c is string => !!c);
}

/**
 * A de-para was created or changed: the events of that carrier and code that waited in "sem de-para" get
 * their kind, and the queue row goes away. Runs in the de-para's transaction.
 */
export async function resolverSemDepara(tx: DbOrTx, embarcadorUid: string, transportadorUid: string, codigo: string, ocorrenciaUid: string) {
  const cnpjs = await cnpjsDoTransportador(tx, transportadorUid);
  const doTransportador = (uidCol: typeof eventosOcorrencia.transportadorUid, cnpjCol: typeof eventosOcorrencia.cnpjTransportador) =>
    cnpjs.length ? or(eq(uidCol, transportadorUid), inArray(cnpjCol, cnpjs)) : eq(uidCol, transportadorUid);
  const eventos = await tx
    .update(eventosOcorrencia)
    .set({ ocorrenciaUid, transportadorUid, atualizadoEm: sql`now()` })
    .where(
      and(
        eq(eventosOcorrencia.embarcadorUid, embarcadorUid),
        isNull(eventosOcorrencia.ocorrenciaUid),
        eq(eventosOcorrencia.codigoTransportador, codigo),
        doTransportador(eventosOcorrencia.transportadorUid, eventosOcorrencia.cnpjTransportador),
      ),
    )
    .returning({ uid: eventosOcorrencia.uid });
  await tx
    .delete(ocorrenciasSemDepara)
    .where(
      and(
        eq(ocorrenciasSemDepara.embarcadorUid, embarcadorUid),
        eq(ocorrenciasSemDepara.codigoTransportador, codigo),
        doTransportador(ocorrenciasSemDepara.transportadorUid as never, ocorrenciasSemDepara.cnpjTransportador as never),
      ),
    );
  return eventos.length;
}

export async function ocorrenciaDoEmbarcador(db: DbOrTx, embarcadorUid: string, uid: string) {
  const [row] = await db
    .select({ uid: ocorrencias.uid })
    .from(ocorrencias)
    .where(and(eq(ocorrencias.uid, uid), eq(ocorrencias.embarcadorUid, embarcadorUid)))
    .limit(1);
  return !!row;
}

export async function deparaDoTransportador(db: DbOrTx, embarcadorUid: string, transportadorUid: string) {
  return db
    .select()
    .from(ocorrenciasDepara)
    .where(and(eq(ocorrenciasDepara.embarcadorUid, embarcadorUid), eq(ocorrenciasDepara.transportadorUid, transportadorUid)));
}
