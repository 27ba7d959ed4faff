import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ocorrenciasDepara } from '../../db/schema/index.ts';
import { registrarAuditoria } from '../../framework/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { estaVinculado } from '../transportadores/repository.ts';
import { deparaDoTransportador, resolverSemDepara } from './repository.ts';

/**
 * Copies carrier `origem`'s de-para to carrier `destino` (both linked to the active shipper): codes the
 * destination lacks are created; codes it already has are kept, or re-pointed when `substituir`. One
 * transaction with one audit row per copied/changed mapping; waiting "sem de-para" events of the
 * destination are resolved as each code arrives.
 */
export async function copiarDepara(db: Db, ctx: RequestContext, origem: string, destino: string | null, substituir: boolean) {
  const embarcadorUid = exigirEmbarcador(ctx);
  if (!(await estaVinculado(db, origem, embarcadorUid))) throw AppError.notFound();
  // The origin first: another shipper's carrier is a 404 whatever the rest of the request says.
  if (!destino) throw AppError.field('destinoUid', 'Informe o transportador de destino');
  if (origem === destino) throw AppError.field('destinoUid', 'Escolha um transportador diferente do de origem');
  if (!(await estaVinculado(db, destino, embarcadorUid))) throw AppError.field('destinoUid', 'Transportador não vinculado ao embarcador');
  return db.transaction(async (tx) => {
    const deOrigem = await deparaDoTransportador(tx, embarcadorUid, origem);
    const doDestino = new Map((await deparaDoTransportador(tx, embarcadorUid, destino)).map((d) => [d.codigoTransportador, d]));
    const r = { copiados: 0, atualizados: 0, mantidos: 0 };
    for (const d of deOrigem) {
      const ja = doDestino.get(d.codigoTransportador);
      if (ja && (!substituir || ja.ocorrenciaUid === d.ocorrenciaUid)) {
        r.mantidos++;
        continue;
      }
      if (ja) {
        const [novo] = await tx
          .update(ocorrenciasDepara)
          .set({ ocorrenciaUid: d.ocorrenciaUid, descricaoTransportador: d.descricaoTransportador })
          .where(and(eq(ocorrenciasDepara.uid, ja.uid), eq(ocorrenciasDepara.embarcadorUid, embarcadorUid)))
          .returning();
        await registrarAuditoria(tx, ctx, 'ocorrencias', ja.uid, 'copiar', ja, novo);
        r.atualizados++;
      } else {
        const [novo] = await tx
          .insert(ocorrenciasDepara)
          .values({ embarcadorUid, transportadorUid: destino, codigoTransportador: d.codigoTransportador, descricaoTransportador: d.descricaoTransportador, ocorrenciaUid: d.ocorrenciaUid })
          .returning();
        await registrarAuditoria(tx, ctx, 'ocorrencias', novo.uid, 'copiar', null, novo);
        await resolverSemDepara(tx, embarcadorUid, destino, d.codigoTransportador, d.ocorrenciaUid);
        r.copiados++;
      }
    }
    return r;
  });
}
