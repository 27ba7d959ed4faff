import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditorias, ctes, preFaturas } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { rowsOf } from '../../framework/sql.ts';

// Substitute and annulment CT-es in settlement. An anulação (tpCTe 2) or substituto (tpCTe 3) CT-e that is
// not itself cancelled replaces the CT-e it names (cte_original_uid): the original is no longer billable —
// it leaves the invoice's ctes-list, the pre-invoice pool, and validar says why — and the substitute goes
// in instead (it is audited on its own). An anulação CT-e is never billed (it charges nothing). The rule
// reads the CT-es themselves, not the audit, so it holds before the original's audit is closed too.
//
// A substitute (or anulação) arriving while its original sits in a pre-invoice already released to the
// carrier (or invoiced) does not change that pre-invoice: the original's audit stays as the carrier saw
// it, the pre-invoice says what happened (observacao), and the substitute WAITS — audited, but out of
// every pool, list and automatic pre-invoice, refused by invoices and pre-invoices with the reason —
// until the pre-invoice is cancelled: then the original's audit closes and the substitute flows on.
// (Billing the substitute beside an original already sent, or paid, would charge the freight twice.)

export const TIPO_CTE = { NORMAL: 0, COMPLEMENTAR: 1, ANULACAO: 2, SUBSTITUTO: 3 } as const;

/** SQL: the CT-e `cteUid` (a column) has a valid anulação/substituto. */
export const sqlSubstituido = (cteUid: unknown): SQL =>
  sql`exists (select 1 from ctes s where s.cte_original_uid = ${cteUid} and s.tipo_cte in (2, 3) and not s.cancelado and s.status <> 5)`;

/** SQL: the CT-e `cteUid` (a column) is a valid anulação/substituto whose original's audit is held by a released or invoiced pre-invoice. */
export const sqlAguardaOriginal = (cteUid: unknown): SQL =>
  sql`exists (select 1 from ctes s join auditorias ao on ao.embarcador_uid = s.embarcador_uid and ao.cte_uid = s.cte_original_uid
    join pre_faturas po on po.uid = ao.pre_fatura_uid
    where s.uid = ${cteUid} and s.tipo_cte in (2, 3) and not s.cancelado and s.status <> 5 and po.status in (2, 3))`;

/** SQL: the CT-e `cteUid` may be billed: not cancelled, not an anulação, not replaced, not waiting for its original. */
export const sqlCobravel = (cteUid: unknown): SQL =>
  sql`not exists (select 1 from ctes c where c.uid = ${cteUid} and (c.cancelado or c.status = 5 or c.tipo_cte = 2)) and not ${sqlSubstituido(cteUid)}
    and not ${sqlAguardaOriginal(cteUid)}`;

type Substituto = { uid: string; numero: number; serie: number; tipoCte: number };

/** Of `uids`, the ones replaced, with their (most recent) anulação/substituto. */
export async function substitutosDe(db: DbOrTx, embarcadorUid: string, uids: string[]): Promise<Map<string, Substituto>> {
  const m = new Map<string, Substituto>();
  if (!uids.length) return m;
  const s = alias(ctes, 's');
  const rows = await db.select({ original: s.cteOriginalUid, uid: s.uid, numero: s.numero, serie: s.serie, tipoCte: s.tipoCte }).from(s)
    .where(and(eq(s.embarcadorUid, embarcadorUid), inArray(s.cteOriginalUid, [...new Set(uids)]), inArray(s.tipoCte, [2, 3]), eq(s.cancelado, false), ne(s.status, 5)))
    .orderBy(s.emissao);
  for (const r of rows) if (r.original) m.set(r.original, { uid: r.uid, numero: r.numero, serie: r.serie, tipoCte: Number(r.tipoCte) });
  return m;
}

/** Why `nome` cannot be billed, when it is an anulação or was replaced (null: it can). */
export function motivoNaoCobravel(nome: string, tipoCte: number | null, substituto: Substituto | undefined): string | null {
  if (tipoCte === TIPO_CTE.ANULACAO) return `${nome} é um CT-e de anulação: não é cobrado em fatura.`;
  if (!substituto) return null;
  const s = `CT-e ${substituto.numero}/${substituto.serie}`;
  return substituto.tipoCte === TIPO_CTE.ANULACAO
    ? `${nome} foi anulado pelo CT-e de anulação ${substituto.numero}/${substituto.serie}: não é mais cobrável.`
    : `${nome} foi substituído pelo ${s}: fature o substituto no lugar dele.`;
}

const rotuloPre = (status: unknown) => (Number(status) === 3 ? 'faturada' : 'liberada');

/** Of `uids`, the substitutes that wait for their original's released (or invoiced) pre-invoice, with why (pt-BR). */
export async function esperasDe(db: DbOrTx, embarcadorUid: string, uids: string[]): Promise<Map<string, string>> {
  const m = new Map<string, string>();
  if (!uids.length) return m;
  const rows = rowsOf(await db.execute(sql`select s.uid, s.numero, s.serie, o.numero as o_numero, o.serie as o_serie, po.status
      from ctes s join ctes o on o.uid = s.cte_original_uid
      join auditorias ao on ao.embarcador_uid = s.embarcador_uid and ao.cte_uid = o.uid join pre_faturas po on po.uid = ao.pre_fatura_uid
     where s.embarcador_uid = ${embarcadorUid} and s.uid in (${sql.join([...new Set(uids)].map((u) => sql`${u}`), sql`, `)})
       and s.tipo_cte in (2, 3) and not s.cancelado and s.status <> 5 and po.status in (2, 3)`));
  for (const r of rows) {
    m.set(String(r.uid), `CT-e ${r.numero}/${r.serie} substitui o CT-e ${r.o_numero}/${r.o_serie}, que está numa pré-fatura ${rotuloPre(r.status)}: `
      + 'cancele essa pré-fatura para faturar o substituto.');
  }
  return m;
}

/** The CT-e `cteUid` is a substitute that waits for its original (sqlAguardaOriginal). */
export async function aguardaOriginal(db: DbOrTx, cteUid: string): Promise<boolean> {
  return rowsOf(await db.execute(sql`select ${sqlAguardaOriginal(cteUid)} as sim`))[0]?.sim === true;
}

/**
 * An anulação/substituto `cte` arrived for `originalUid`: when the original's audit is in a released or
 * invoiced pre-invoice, says so on it (observacao, once) and answers true — the original's audit must then
 * be left as it is. False: nothing holds it (close its audit as usual).
 */
export async function originalRetidoEmPreFatura(db: DbOrTx, embarcadorUid: string, originalUid: string, cte: { numero: number; serie: number; tipoCte: number | null }) {
  const [a] = await db.select({ numero: auditorias.numeroCte, serie: auditorias.serieCte, pre: preFaturas.uid, status: preFaturas.status })
    .from(auditorias).innerJoin(preFaturas, eq(preFaturas.uid, auditorias.preFaturaUid))
    .where(and(eq(auditorias.embarcadorUid, embarcadorUid), eq(auditorias.cteUid, originalUid), inArray(preFaturas.status, [2, 3])));
  if (!a) return false;
  const texto = cte.tipoCte === TIPO_CTE.ANULACAO
    ? `CT-e ${a.numero}/${a.serie} anulado pelo CT-e de anulação ${cte.numero}/${cte.serie} depois da liberação: cancele esta pré-fatura para tirá-lo da cobrança.`
    : `CT-e ${a.numero}/${a.serie} substituído pelo CT-e ${cte.numero}/${cte.serie} depois da liberação: o substituto aguarda; cancele esta pré-fatura para faturá-lo.`;
  await db.update(preFaturas).set({
    observacao: sql`left(case when coalesce(${preFaturas.observacao}, '') = '' then ${texto}
      when position(${texto} in ${preFaturas.observacao}) > 0 then ${preFaturas.observacao} else ${preFaturas.observacao} || ' ' || ${texto} end, 500)`,
    atualizadoEm: sql`now()`,
  }).where(eq(preFaturas.uid, a.pre));
  return true;
}
