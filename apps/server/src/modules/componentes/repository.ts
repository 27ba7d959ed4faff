import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { componentes } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';

/** Every component the shipper sees (system + own), active or not unless `soAtivos`. */
export async function catalogoComponentes(db: DbOrTx | Db, embarcadorUid: string, soAtivos = false) {
  const rows = await db
    .select()
    .from(componentes)
    .where(
      and(
        or(isNull(componentes.embarcadorUid), eq(componentes.embarcadorUid, embarcadorUid)),
        soAtivos ? eq(componentes.ativo, true) : undefined,
      ),
    )
    .orderBy(asc(componentes.codigo));
  return rows.map((r) => ({ ...r, sistema: r.embarcadorUid === null }));
}
