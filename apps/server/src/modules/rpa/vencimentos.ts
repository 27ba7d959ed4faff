import { and, eq, gte, isNull, lte, or } from 'drizzle-orm';
import { ehDiaUtil } from '@fretio/core';
import { feriados } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { garantirFeriadosNacionais } from '../feriados/service.ts';

// Due dates of the taxes an RPA withholds. INSS (Lei 8.212/1991 art. 30, I, b) and IRRF (Lei 11.196/2005
// art. 70, I, d) are due on day 20 of the month after the payment; when day 20 has no banking hours
// (Saturday, Sunday, national holiday) the due date moves to the business day BEFORE it — the opposite of
// invoices, whose instalments move forward (faturamento/condicoes.ts).

const soma = (data: string, dias: number) => new Date(Date.parse(`${data}T00:00:00Z`) + dias * 86_400_000).toISOString().slice(0, 10);

/** Day 20 of the month after `data`. */
export function dia20DoMesSeguinte(data: string): string {
  const [a, m] = data.split('-').map(Number) as [number, number];
  return m === 12 ? `${a + 1}-01-20` : `${a}-${String(m + 1).padStart(2, '0')}-20`;
}

/** `data` itself when it is a business day, else the last business day before it. */
export function diaUtilAnterior(data: string, feriadosDatas: Iterable<string>): string {
  const f = new Set(feriadosDatas);
  let d = data;
  while (!ehDiaUtil(d, f)) d = soma(d, -1);
  return d;
}

/** National holidays (the system's and the shipper's own, not pontos facultativos) of the registry between two dates. */
async function feriadosNacionais(db: DbOrTx, embarcadorUid: string, de: string, ate: string) {
  await garantirFeriadosNacionais(db, [...new Set([Number(de.slice(0, 4)), Number(ate.slice(0, 4))])]);
  const rows = await db.selectDistinct({ data: feriados.data }).from(feriados).where(and(
    gte(feriados.data, de), lte(feriados.data, ate), eq(feriados.escopo, 'NACIONAL'), eq(feriados.facultativo, false),
    or(isNull(feriados.embarcadorUid), eq(feriados.embarcadorUid, embarcadorUid)),
  ));
  return rows.map((r) => r.data);
}

/** Due date of the INSS/IRRF/SEST-SENAT withheld on an RPA of `data`: day 20 of the next month, or the business day before. */
export async function vencimentoDia20(db: DbOrTx, embarcadorUid: string, data: string): Promise<string> {
  const dia20 = dia20DoMesSeguinte(data);
  return diaUtilAnterior(dia20, await feriadosNacionais(db, embarcadorUid, soma(dia20, -10), dia20));
}
