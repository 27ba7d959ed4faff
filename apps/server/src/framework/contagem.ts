import { type SQL, getTableName, sql } from 'drizzle-orm';
import type { RequestContext } from '../plugins/auth/context.ts';
import type { ResourceDef } from './resource.ts';

// Maintained totals of unfiltered lists (issue 7, load test). Counting 100,000 rows of a tenant cost
// ~20 ms of database CPU on every page of `GET pessoas`; statement triggers (migration
// contagem_linhas_dados) keep per-tenant deltas in `contagem_linhas` instead, and the sum of a
// tenant's deltas is its exact row count in any snapshot. `listar` reads it in the same statement as
// the page, so the page and its total come from one snapshot and one round trip.
//
// A table is counted when its triggers exist (the migration) and its name is here; a test checks both
// agree. The list uses the count only when nothing narrows it: the resource's scope is
// `doEmbarcador` on that table, no ftr_ filter, no period, no `listWhere`, and `from` (if any) is
// declared not to drop or repeat rows (`fromMantemLinhas`).
export const TABELAS_CONTADAS = new Set(['pessoas', 'centros_custo', 'cotacoes_frete']);

/** LISTA_CONTAGEM=contar turns the maintained totals off (count(*) as before): the bench compares both. */
const desligada = () => process.env.LISTA_CONTAGEM === 'contar';

/**
 * The SQL of the maintained total of this list, or null when the list must be counted.
 * `filtrada`: the query narrows the rows (filters, period, listWhere).
 */
export function totalMantido(def: ResourceDef, ctx: RequestContext, filtrada: boolean, parentUid?: string): SQL | null {
  if (filtrada || parentUid !== undefined || desligada()) return null;
  const coluna = def.scope.colunaEmbarcador;
  if (!coluna || (def.from && !def.fromMantemLinhas) || def.scope.soEmbarcador?.(ctx) === false) return null;
  const tabela = getTableName(def.table);
  if (!TABELAS_CONTADAS.has(tabela) || getTableName(coluna.table) !== tabela || !ctx.embarcadorUid) return null;
  return sql`(select coalesce(sum(n), 0) from contagem_linhas where tabela = ${tabela} and embarcador_uid = ${ctx.embarcadorUid})`;
}
