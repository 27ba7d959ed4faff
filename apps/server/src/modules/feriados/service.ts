import { getHolidays } from '@brazilian-utils/brazilian-utils';
import { and, eq, gte, isNull, lte, or } from 'drizzle-orm';
import { FUSO } from '@fretio/core';
import { feriados } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';

// National holidays come from @brazilian-utils getHolidays(): 'national' ones are holidays,
// 'optional' ones (Carnaval, Corpus Christi) are pontos facultativos; 'religious' (Páscoa) is skipped.
// They are system rows (embarcador_uid null), filled idempotently at start-up for the current and next
// years, and on demand by the calculator for any other year it needs.

// One formatter for the process: building an Intl.DateTimeFormat costs far more than formatting with it (a
// re-audit asks for the São Paulo day of every CT-e several times).
const DIA_SP = new Intl.DateTimeFormat('en-CA', { timeZone: FUSO, year: 'numeric', month: '2-digit', day: '2-digit' });

export function hojeSaoPaulo(agora = new Date()): string {
  return DIA_SP.format(agora);
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

/** Easter Sunday of `ano` (Gregorian, Meeus/Jones/Butcher), 'YYYY-MM-DD'. */
export function pascoa(ano: number): string {
  const a = ano % 19, b = Math.floor(ano / 100), c = ano % 100, d = Math.floor(b / 4), e = b % 4;
  const f = Math.floor((b + 8) / 25), g = Math.floor((b - f + 1) / 3), h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4), k = c % 4, l = (32 + 2 * e + 2 * i - h - k) % 7, m = Math.floor((a + 11 * h + 22 * l) / 451);
  const mes = Math.floor((h + l - 7 * m + 114) / 31), dia = ((h + l - 7 * m + 114) % 31) + 1;
  return `${ano}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;
}

const somaDias = (data: string, dias: number) => new Date(Date.parse(`${data}T00:00:00Z`) + dias * 86_400_000).toISOString().slice(0, 10);

/**
 * Carnival Monday and Tuesday (Easter − 48 and − 47 days). Not holidays by law (pontos facultativos; the
 * registry holds only the Tuesday, as facultativo), but banks do not open on them (Febraban's national banking
 * calendar): no tax or bill can be paid on them, so due dates treat them as non-business days
 * whatever the shipper's register says (docs/DECISIONS.md, "Dias sem expediente bancário").
 */
export function carnaval(ano: number): [string, string] {
  const p = pascoa(ano);
  return [somaDias(p, -48), somaDias(p, -47)];
}

/** Dates without banking hours of `anos` besides weekends: the national holidays (not facultativos) and Carnival Monday/Tuesday. */
export function diasSemExpedienteBancario(anos: number[]): Set<string> {
  const dias = new Set<string>();
  for (const a of anos) {
    for (const f of feriadosNacionaisDoAno(a)) if (!f.facultativo) dias.add(f.data);
    for (const c of carnaval(a)) dias.add(c);
  }
  return dias;
}

// Years whose national holidays are known to be in the database, per database: the key is the Drizzle
// dialect, which a database object shares with every transaction opened from it, so a year is written at
// most once per process and later calls, in any transaction, send nothing. A year inserted inside a
// transaction is trusted only in that transaction (it may still roll back); the next one finds the rows
// already there (the insert writes nothing) and trusts it from then on.
const anosNoBanco = new WeakMap<object, Set<number>>();
const anosNaTransacao = new WeakMap<object, Set<number>>();
const conjunto = (m: WeakMap<object, Set<number>>, k: object) => {
  const s = m.get(k) ?? new Set<number>();
  m.set(k, s);
  return s;
};
const ehTransacao = (db: DbOrTx) => 'nestedIndex' in db;

/** Inserts the national holidays of `anos` that are missing (system rows); once per year and database per process. */
export async function garantirFeriadosNacionais(db: DbOrTx, anos: number[]) {
  const doBanco = conjunto(anosNoBanco, (db as unknown as { dialect: object }).dialect);
  const daTransacao = conjunto(anosNaTransacao, db);
  const faltam = [...new Set(anos)].filter((a) => a >= 1900 && a <= 2099 && !doBanco.has(a) && !daTransacao.has(a));
  if (!faltam.length) return;
  const inseridas = await db.insert(feriados).values(faltam.flatMap(feriadosNacionaisDoAno)).onConflictDoNothing().returning({ data: feriados.data });
  const anosInseridos = new Set(inseridas.map((r) => Number(r.data.slice(0, 4))));
  for (const a of faltam) (ehTransacao(db) && anosInseridos.has(a) ? daTransacao : doBanco).add(a);
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
