import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { type configuracoes, issMunicipios, municipios, tributos, type tributosGerais } from '../../db/schema/index.ts';
import type { DbOrTx, Tx } from '../../framework/resource.ts';

// Settings rows (one per shipper, created on demand) and tax-rule lookups by date.

/** Today's date in São Paulo, YYYY-MM-DD. */
export const hojeSp = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
export const dataIso = (d: string | Date) => (typeof d === 'string' ? d.slice(0, 10) : new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(d));

/** Inserts the default row when missing; returns [row, created]. */
export async function garantirLinha<T extends typeof configuracoes | typeof tributosGerais>(
  tx: Tx,
  tabela: T,
  embarcadorUid: string,
): Promise<[T['$inferSelect'], boolean]> {
  const inseridos = await tx.insert(tabela).values({ embarcadorUid } as never).onConflictDoNothing().returning();
  if (inseridos.length) return [inseridos[0] as T['$inferSelect'], true];
  const [row] = await tx.select().from(tabela as typeof configuracoes).where(eq((tabela as typeof configuracoes).embarcadorUid, embarcadorUid)).for('update');
  return [row as T['$inferSelect'], false];
}

export async function linhaDe<T extends typeof configuracoes | typeof tributosGerais>(db: DbOrTx, tabela: T, embarcadorUid: string) {
  const t = tabela as typeof configuracoes;
  const [row] = await db.select().from(t).where(eq(t.embarcadorUid, embarcadorUid)).limit(1);
  return (row ?? null) as T['$inferSelect'] | null;
}

/** The shipper's active rule of `chave` in force at `data` (the latest start wins). */
export async function regraVigente(db: DbOrTx, embarcadorUid: string, chave: string, data: string) {
  const [row] = await db
    .select()
    .from(tributos)
    .where(and(
      eq(tributos.embarcadorUid, embarcadorUid),
      eq(tributos.chave, chave),
      eq(tributos.ativo, true),
      sql`${tributos.vigenciaInicio} <= ${data}`,
      sql`(${tributos.vigenciaFim} is null or ${tributos.vigenciaFim} >= ${data})`,
    ))
    .orderBy(desc(tributos.vigenciaInicio))
    .limit(1);
  return row ?? null;
}

/** uf → internal ICMS rate (percent string) of the shipper's INTERNO rules in force at `data`. */
export async function internasVigentes(db: DbOrTx, embarcadorUid: string, data: string) {
  const rows = await db
    .select({ uf: tributos.uf, aliquota: tributos.aliquota })
    .from(tributos)
    .where(and(
      eq(tributos.embarcadorUid, embarcadorUid),
      eq(tributos.tipo, 'INTERNO'),
      eq(tributos.ativo, true),
      sql`${tributos.vigenciaInicio} <= ${data}`,
      sql`(${tributos.vigenciaFim} is null or ${tributos.vigenciaFim} >= ${data})`,
    ))
    .orderBy(tributos.vigenciaInicio);
  // Later starts overwrite earlier ones, as regraVigente picks the latest.
  return new Map(rows.filter((r) => r.uf && r.aliquota !== null).map((r) => [r.uf as string, r.aliquota as string]));
}

/** Active rules of `chave` whose validity overlaps [inicio, fim] (fim null = open), other than `excetoUid`. */
export async function regrasSobrepostas(tx: Tx, embarcadorUid: string, chave: string, inicio: string, fim: string | null, excetoUid?: string) {
  // Serialises concurrent writers of the same shipper and chave until the transaction ends.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tributos:${embarcadorUid}:${chave}`}))`);
  return tx
    .select({ uid: tributos.uid, vigenciaInicio: tributos.vigenciaInicio, vigenciaFim: tributos.vigenciaFim })
    .from(tributos)
    .where(and(
      eq(tributos.embarcadorUid, embarcadorUid),
      eq(tributos.chave, chave),
      eq(tributos.ativo, true),
      excetoUid ? ne(tributos.uid, excetoUid) : undefined,
      sql`${tributos.vigenciaInicio} <= coalesce(${fim}::date, 'infinity'::date)`,
      sql`coalesce(${tributos.vigenciaFim}, 'infinity'::date) >= ${inicio}::date`,
    ))
    .orderBy(tributos.vigenciaInicio)
    .limit(1);
}

/** The shipper's ISS row of a municipality, else the system default row (active ones only). */
export async function issDoMunicipio(db: DbOrTx, embarcadorUid: string, ibge: string) {
  const rows = await db
    .select({ aliquota: issMunicipios.aliquota, def: issMunicipios.def })
    .from(issMunicipios)
    .where(and(
      eq(issMunicipios.municipioIbge, ibge),
      eq(issMunicipios.ativo, true),
      sql`(${issMunicipios.embarcadorUid} = ${embarcadorUid} or ${issMunicipios.embarcadorUid} is null)`,
    ))
    .orderBy(issMunicipios.def);
  return rows[0] ?? null;
}

export async function municipioExiste(db: DbOrTx, ibge: string) {
  const [m] = await db.select({ ibge: municipios.ibge }).from(municipios).where(eq(municipios.ibge, ibge)).limit(1);
  return !!m;
}

export const issPadraoWhere = () => isNull(issMunicipios.embarcadorUid);
