import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from '@fretio/core';
import { tabelasFrete } from '../../db/schema/index.ts';
import type { Scope, Tx } from '../../framework/resource.ts';
import { filhoDe } from '../../framework/resource.ts';
import { AppError, type FieldError } from '../../lib/errors.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { catalogoComponentes } from '../componentes/repository.ts';
import { STATUS_ATIVO } from './itens.ts';
import { montarResolvida } from './derivacao.ts';
import { errosDaTabela } from './montar.ts';
import { carregarTabela, tabelaParaAlterar, tabelaVisivel, tocarTabela } from './repository.ts';

// What every child of a freight table shares: the parent's visibility (404), history is read-only
// (409), each change bumps the table's revisao, and an active table must stay valid as a whole.

/** Children of /tabelasfrete/{uid}/...: visible when the table is, with an optional extra condition. */
export function filhoDaTabela(column: PgColumn, extra?: SQL): Scope {
  const base = filhoDe(column, 'tabelaFreteUid', tabelaVisivel);
  return { ...base, where: (ctx, parentUid) => and(base.where(ctx, parentUid), extra) };
}

export const tabelaDe = (values: Record<string, unknown>, existing: Record<string, unknown> | null) =>
  (values.tabelaFreteUid ?? existing?.tabelaFreteUid) as string;

/** After a child write: bump revisao; an active table is re-validated whole (400 rolls back). */
export async function depoisDeAlterar(tx: Tx, ctx: RequestContext, tabelaUid: string) {
  await tocarTabela(tx, tabelaUid);
  const [t] = await tx.select({ status: tabelasFrete.status }).from(tabelasFrete).where(eq(tabelasFrete.uid, tabelaUid));
  if (t?.status === STATUS_ATIVO) await exigirTabelaValida(tx, ctx, tabelaUid, 'A tabela está ativa e ficaria com erros');
}

export async function exigirTabelaValida(tx: Tx, ctx: RequestContext, tabelaUid: string, prefixo: string) {
  const { tabela, linhas } = await carregarTabela(tx, tabelaUid, { enxuto: true });
  const codigos = (await catalogoComponentes(tx, exigirEmbarcador(ctx))).map((c) => c.codigo);
  const erros = errosDaTabela(await montarResolvida(tx, tabela, linhas), codigos);
  if (erros.length) throw AppError.validation(erros, `${prefixo}: ${erros[0].message}`);
}

export const TABELA_DERIVADA = 'Tabela derivada: rotas, regras e restrições vêm da tabela base (altere a base ou os ajustes)';

/**
 * Locks the parent table for the change (404 / 409 history). Routes, rules and restrictions of a derived
 * table come from its base (409); its lane priorities are its own (`derivadaPode`).
 */
export async function antesDeAlterar(
  tx: Tx,
  values: Record<string, unknown>,
  existing: Record<string, unknown> | null,
  opcoes: { derivadaPode?: boolean } = {},
) {
  const t = await tabelaParaAlterar(tx, tabelaDe(values, existing));
  if (t.tabelaBaseUid && !opcoes.derivadaPode) throw AppError.conflict(TABELA_DERIVADA, undefined, 'TABELA_DERIVADA');
  return t;
}

/** zod issues (the engine's checks) → 400 with fields prefixed by `campo`. */
export function errosZod(issues: z.core.$ZodIssue[], campo = ''): FieldError[] {
  return issues.map((i) => {
    const path = i.path.map(String).join('.');
    return { field: [campo, path].filter(Boolean).join('.') || campo || 'regra', message: i.message };
  });
}

export function falhar(erros: FieldError[]): never {
  throw AppError.validation(erros, erros[0]?.message);
}

/** ordem for a new row: after the last of its siblings. */
export async function proximaOrdem(tx: Tx, tabela: string, where: SQL): Promise<number> {
  const [r] = await tx
    .execute(sql`select coalesce(max(ordem), -1) + 1 as n from ${sql.identifier(tabela)} where ${where}`)
    .then((x) => (x as unknown as { rows: { n: number }[] }).rows);
  return Number(r?.n ?? 0);
}
