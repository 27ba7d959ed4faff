import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { agendar } from '../../framework/agenda.ts';
import type { Tx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { comRetentativa } from '../../lib/pg-errors.ts';
import { auditarCte } from './service.ts';
import { arrayDeUuids, rowsOf } from '../../framework/sql.ts';

// An occurrence charge that arrives after the CT-e was audited (the carrier's OCOREN with a re-delivery, an
// event typed by the desk, a late NF-e link, a kind whose charge changed) re-audits the CT-es of that NF-e,
// so the audit shows the charge without anyone pressing "re-auditar". The NF-es to look at are marked by
// triggers on eventos_ocorrencia/ocorrencias (migration reauditoria_ocorrencias_gatilhos: every write path,
// set-based); here they are taken in groups of GRUPO per transaction (FOR UPDATE SKIP LOCKED: two instances
// share the work), each CT-e in its own savepoint. Audits that must not move stay as they are: accepted or
// cancelled ones, and those in a released pre-invoice (auditarCte's own rules; its 404/409 are skipped).

const GRUPO = 25;
const INTERVALO_MS = 15_000;


/** The audited, live normal/substitute CT-es of the marked NF-es (a complementar follows its original). */
async function ctesDasNfes(tx: Tx, embarcadorUid: string, nfeUids: string[]) {
  const r = await tx.execute(sql`
    select distinct c.uid from cte_nfes cn join ctes c on c.uid = cn.cte_uid
     where cn.nfe_uid = any(${arrayDeUuids(nfeUids)}) and c.embarcador_uid = ${embarcadorUid}
       and not c.cancelado and coalesce(c.tipo_cte, 0) in (0, 3)
       and exists (select 1 from auditorias a where a.cte_uid = c.uid and a.embarcador_uid = c.embarcador_uid and a.status in (1, 2, 3))`);
  return rowsOf(r).map((l) => String(l.uid));
}

async function reauditarGrupo(db: Db): Promise<{ nfes: number; ctes: number }> {
  return db.transaction(async (tx) => {
    const marcadas = rowsOf(await tx.execute(sql`
      select embarcador_uid as "embarcadorUid", nfe_uid as "nfeUid" from reauditoria_ocorrencias
       order by desde limit ${GRUPO} for update skip locked`));
    if (!marcadas.length) return { nfes: 0, ctes: 0 };
    const porEmbarcador = new Map<string, string[]>();
    for (const m of marcadas) porEmbarcador.set(String(m.embarcadorUid), [...(porEmbarcador.get(String(m.embarcadorUid)) ?? []), String(m.nfeUid)]);
    let ctes = 0;
    for (const [embarcadorUid, nfeUids] of porEmbarcador) {
      for (const cteUid of await ctesDasNfes(tx, embarcadorUid, nfeUids)) {
        try {
          await tx.transaction((sp) => auditarCte(sp, embarcadorUid, cteUid));
          ctes++;
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
        }
      }
      await tx.execute(sql`delete from reauditoria_ocorrencias where embarcador_uid = ${embarcadorUid} and nfe_uid = any(${arrayDeUuids(nfeUids)})`);
    }
    return { nfes: marcadas.length, ctes };
  });
}

/** Re-audits every marked NF-e's CT-es, a group per transaction, until none is left (or `maxGrupos`). */
export async function reauditarPorOcorrencias(db: Db, maxGrupos = 400): Promise<{ nfes: number; ctes: number }> {
  const total = { nfes: 0, ctes: 0 };
  for (let g = 0; g < maxGrupos; g++) {
    const r = await comRetentativa(() => reauditarGrupo(db));
    if (!r.nfes) break;
    total.nfes += r.nfes;
    total.ctes += r.ctes;
  }
  return total;
}

/** The instance's clock (where tasks and schedulers run): every 15 s, what the triggers marked. */
export function agendarReauditoriaPorOcorrencias(app: FastifyInstance) {
  agendar(app, 'auditoria: cobranças de ocorrências', { intervaloMs: INTERVALO_MS }, () => reauditarPorOcorrencias(app.db));
}
