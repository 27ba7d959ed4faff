import { getHolidays } from '@brazilian-utils/brazilian-utils';
import { and, eq, gte, isNull, lte, or } from 'drizzle-orm';
import { FUSO } from '@fretio/core';
import { feriados } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';

// National holidays come from @brazilian-utils getHolidays(): 'national' ones are holidays,
// 'optional' ones (Carnaval, Corpus Christi) are pontos facultativos; 'religious' (Páscoa) is skipped.
// They are system rows (embarcador_uid null), filled idempotently at start-up for the current and next
// years, and on demand by the calculator for any other year it needs.

export function hojeSaoPaulo(agora = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: FUSO, year: 'numeric', month: '2-digit', day: '2-digit' }).format(agora);
}

export function feriadosNacionaisDoAno(ano: number) {
  return getHolidays(ano)
    .filter((h) => h.type === 'national' || h.type === 'optional')
    .map((h) => ({
      data: `${ano}-${String(h.date.getMonth() + 1).padStart(2, '0')}-${String(h.date.getDate()).padStart(2, '0')}`,
      nome: h.name,
      escopo: 'NACIONAL' as const,
      facultativo: h.type === 'optional',
    }));
}

const anosPreenchidos = new WeakMap<object, Set<number>>();

/** Inserts the national holidays of `anos` that are missing (system rows); cached per database. */
export async function garantirFeriadosNacionais(db: DbOrTx, anos: number[]) {
  let feitos = anosPreenchidos.get(db);
  if (!feitos) {
    feitos = new Set();
    anosPreenchidos.set(db, feitos);
  }
  const faltam = anos.filter((a) => a >= 1900 && a <= 2099 && !feitos.has(a));
  if (!faltam.length) return;
  const linhas = faltam.flatMap(feriadosNacionaisDoAno);
  if (linhas.length) await db.insert(feriados).values(linhas).onConflictDoNothing();
  for (const a of faltam) feitos.add(a);
}

/**
 * Holiday dates (not facultativos) that apply to a destination between two dates: national ones
 * (system and the shipper's), the shipper's of the UF, and of the municipality.
 */
export async function feriadosDoDestino(
  db: DbOrTx,
  embarcadorUid: string,
  destino: { uf: string; ibge?: string | null },
  de: string,
  ate: string,
  /** Pontos facultativos are days off too (the shipper's configuracoes.pontosFacultativosUteis = false). */
  facultativosSaoFeriados = false,
) {
  const anoDe = Number(de.slice(0, 4));
  const anoAte = Number(ate.slice(0, 4));
  await garantirFeriadosNacionais(
    db,
    Array.from({ length: anoAte - anoDe + 1 }, (_, i) => anoDe + i),
  );
  const rows = await db
    .selectDistinct({ data: feriados.data })
    .from(feriados)
    .where(
      and(
        gte(feriados.data, de),
        lte(feriados.data, ate),
        facultativosSaoFeriados ? undefined : eq(feriados.facultativo, false),
        or(isNull(feriados.embarcadorUid), eq(feriados.embarcadorUid, embarcadorUid)),
        or(
          eq(feriados.escopo, 'NACIONAL'),
          and(eq(feriados.escopo, 'UF'), eq(feriados.uf, destino.uf)),
          destino.ibge ? and(eq(feriados.escopo, 'MUNICIPIO'), eq(feriados.municipioIbge, destino.ibge)) : undefined,
        ),
      ),
    );
  return rows.map((r) => r.data);
}
