import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ctes } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';

// Substitute and annulment CT-es in settlement. An anulação (tpCTe 2) or substituto (tpCTe 3) CT-e that is
// not itself cancelled replaces the CT-e it names (cte_original_uid): the original is no longer billable —
// it leaves the invoice's ctes-list, the pre-invoice pool, and validar says why — and the substitute goes
// in instead (it is audited on its own). An anulação CT-e is never billed (it charges nothing). The rule
// reads the CT-es themselves, not the audit, so it holds before the original's audit is closed too.

export const TIPO_CTE = { NORMAL: 0, COMPLEMENTAR: 1, ANULACAO: 2, SUBSTITUTO: 3 } as const;

/** SQL: the CT-e `cteUid` (a column) has a valid anulação/substituto. */
export const sqlSubstituido = (cteUid: unknown): SQL =>
  sql`exists (select 1 from ctes s where s.cte_original_uid = ${cteUid} and s.tipo_cte in (2, 3) and not s.cancelado and s.status <> 5)`;

/** SQL: the CT-e `cteUid` may be billed: not cancelled, not an anulação, not replaced. */
export const sqlCobravel = (cteUid: unknown): SQL =>
  sql`not exists (select 1 from ctes c where c.uid = ${cteUid} and (c.cancelado or c.status = 5 or c.tipo_cte = 2)) and not ${sqlSubstituido(cteUid)}`;

type Substituto = { numero: number; serie: number; tipoCte: number };

/** Of `uids`, the ones replaced, with their (most recent) anulação/substituto. */
export async function substitutosDe(db: DbOrTx, embarcadorUid: string, uids: string[]): Promise<Map<string, Substituto>> {
  const m = new Map<string, Substituto>();
  if (!uids.length) return m;
  const s = alias(ctes, 's');
  const rows = await db.select({ original: s.cteOriginalUid, numero: s.numero, serie: s.serie, tipoCte: s.tipoCte }).from(s)
    .where(and(eq(s.embarcadorUid, embarcadorUid), inArray(s.cteOriginalUid, [...new Set(uids)]), inArray(s.tipoCte, [2, 3]), eq(s.cancelado, false), ne(s.status, 5)))
    .orderBy(s.emissao);
  for (const r of rows) if (r.original) m.set(r.original, { numero: r.numero, serie: r.serie, tipoCte: Number(r.tipoCte) });
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
