import { and, eq, gte, isNull, lte, or } from 'drizzle-orm';
import { ehDiaUtil, PARAMETRO_POR_CHAVE, validarParametro } from '@fretio/core';
import { feriados, parametrosEmbarcador } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { carnaval, garantirFeriadosNacionais } from '../feriados/service.ts';

// Due dates of the taxes an RPA withholds. INSS (Lei 8.212/1991 art. 30, I, b) and IRRF (Lei 11.196/2005
// art. 70, I, d) are due on day 20 of the month after the payment; when day 20 has no banking hours
// (Saturday, Sunday, national holiday) the due date moves to the business day BEFORE it — the opposite of
// invoices, whose instalments move forward (faturamento/condicoes.ts). The ISS withheld is due on the
// municipality's day of the next month (parameter rpaIssDiaVencimento, 10 by default — São Paulo, Lei
// 13.701/2003 art. 16) and moves back the same way. Carnival Monday and Tuesday count as days without banking
// hours even when the register lacks them (feriados/service.ts carnaval()).

const soma = (data: string, dias: number) => new Date(Date.parse(`${data}T00:00:00Z`) + dias * 86_400_000).toISOString().slice(0, 10);

/** Day `dia` of the month after `data`. */
export function diaDoMesSeguinte(data: string, dia: number): string {
  const [a, m] = data.split('-').map(Number) as [number, number];
  const d = String(dia).padStart(2, '0');
  return m === 12 ? `${a + 1}-01-${d}` : `${a}-${String(m + 1).padStart(2, '0')}-${d}`;
}

/** Day 20 of the month after `data`. */
export const dia20DoMesSeguinte = (data: string) => diaDoMesSeguinte(data, 20);

/** `data` itself when it is a business day, else the last business day before it. */
export function diaUtilAnterior(data: string, feriadosDatas: Iterable<string>): string {
  const f = new Set(feriadosDatas);
  let d = data;
  while (!ehDiaUtil(d, f)) d = soma(d, -1);
  return d;
}

/** Days without banking hours between two dates: the registry's national holidays (the system's and the shipper's own, not pontos facultativos) and Carnival Monday/Tuesday. */
async function diasSemBanco(db: DbOrTx, embarcadorUid: string, de: string, ate: string) {
  await garantirFeriadosNacionais(db, [...new Set([Number(de.slice(0, 4)), Number(ate.slice(0, 4))])]);
  const rows = await db.selectDistinct({ data: feriados.data }).from(feriados).where(and(
    gte(feriados.data, de), lte(feriados.data, ate), eq(feriados.escopo, 'NACIONAL'), eq(feriados.facultativo, false),
    or(isNull(feriados.embarcadorUid), eq(feriados.embarcadorUid, embarcadorUid)),
  ));
  const anos = [...new Set([Number(de.slice(0, 4)), Number(ate.slice(0, 4))])];
  return [...rows.map((r) => r.data), ...anos.flatMap(carnaval)];
}

/** Due date of the INSS/IRRF/SEST-SENAT withheld on an RPA of `data`: day 20 of the next month, or the business day before. */
export async function vencimentoDia20(db: DbOrTx, embarcadorUid: string, data: string): Promise<string> {
  const dia20 = dia20DoMesSeguinte(data);
  return diaUtilAnterior(dia20, await diasSemBanco(db, embarcadorUid, soma(dia20, -10), dia20));
}

/** The shipper's ISS due day (parameter rpaIssDiaVencimento, 1–28, default 10). */
export async function diaVencimentoIss(db: DbOrTx, embarcadorUid: string): Promise<number> {
  const [p] = await db.select({ valor: parametrosEmbarcador.valor }).from(parametrosEmbarcador)
    .where(and(eq(parametrosEmbarcador.embarcadorUid, embarcadorUid), eq(parametrosEmbarcador.chave, 'rpaIssDiaVencimento')));
  const v = validarParametro(PARAMETRO_POR_CHAVE.get('rpaIssDiaVencimento')!, p?.valor);
  return v.ok ? Number(v.valor) : 10;
}

/** Due date of the ISS withheld on an RPA of `data`: the ISS day of the next month, or the business day before. */
export async function vencimentoIss(db: DbOrTx, embarcadorUid: string, data: string): Promise<string> {
  const dia = diaDoMesSeguinte(data, await diaVencimentoIss(db, embarcadorUid));
  return diaUtilAnterior(dia, await diasSemBanco(db, embarcadorUid, soma(dia, -10), dia));
}
