import { type SQL, and, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import { AppError } from '../lib/errors.ts';
import type { Db } from '../db/client.ts';
import type { RequestContext } from '../plugins/auth/context.ts';
import { registrarAuditoria } from './audit.ts';
import { totalMantido } from './contagem.ts';
import { condicoesDoPeriodo, parseList } from './list-query.ts';
import { type ActionDef, type DbOrTx, type FromBuilder, type ResourceDef, SEM_MUDANCA, type Tx } from './resource.ts';

// The SQL behind every declared resource. Custom routes call these too, so scoping and audit
// are never re-implemented by hand.
type Row = Record<string, unknown>;

async function assertParent(db: DbOrTx, def: ResourceDef, ctx: RequestContext, parentUid?: string) {
  if (def.scope.parentVisible && !(await def.scope.parentVisible(db, ctx, parentUid as string))) throw AppError.notFound();
}

function baseWhere(def: ResourceDef, ctx: RequestContext, parentUid?: string, extra?: SQL) {
  return and(def.scope.where(ctx, parentUid), extra);
}

function selection(def: ResourceDef, ctx: RequestContext) {
  return (typeof def.select === 'function' ? def.select(ctx) : def.select) ?? getTableColumns(def.table);
}

const toItem = (def: ResourceDef, row: Row, ctx: RequestContext) => (def.toItem ? def.toItem(row, ctx) : row);

export async function listar(db: Db, def: ResourceDef, ctx: RequestContext, query: Row, parentUid?: string) {
  await assertParent(db, def, ctx, parentUid);
  const parsed = parseList(query, { filters: def.filters, sortable: def.sortable, defaultSort: def.defaultSort, defaultOrder: def.defaultOrder, tieBreaker: def.uid });
  const periodo = condicoesDoPeriodo(def.periodo, query);
  const extra = def.listWhere?.(query, ctx);
  const where = and(baseWhere(def, ctx, parentUid, parsed.where), periodo, extra);
  // An unfiltered list of a counted table reads its maintained total in the page's own statement
  // (framework/contagem.ts): one round trip, one snapshot, no count of every row.
  const mantido = totalMantido(def, ctx, Boolean(parsed.where || periodo || extra), parentUid);
  const colunas = selection(def, ctx);
  // The page is an index top-N; the total is counted apart only when the page does not reveal it
  // (a window count(*) over() would make PostgreSQL read every matching row for page 1 as well).
  let q: FromBuilder = db.select(mantido ? { ...colunas, [TOTAL]: sql<number>`${mantido}`.mapWith(Number) } : colunas);
  q = def.from ? def.from(q.from(def.table), ctx, parentUid) : q.from(def.table);
  const rows = (
    def.paginaEmDuasEtapas && parsed.offset > 0
      ? // `= any(array(…))`, not `in (…)`: the page's uids become one parameter computed first, so each is one
        // primary-key probe; with `in` PostgreSQL may hash-join every row of the table (and its joins) against them.
        await q
          .where(sql`${def.uid} = any(array(${db.select({ uid: def.uid }).from(def.table).where(where).orderBy(...parsed.orderBy).limit(parsed.limit).offset(parsed.offset)}))`)
          .orderBy(...parsed.orderBy)
      : await q.where(where).orderBy(...parsed.orderBy).limit(parsed.limit).offset(parsed.offset)
  ) as Row[];
  let totalRecords = parsed.offset + rows.length;
  if (mantido && rows.length) {
    totalRecords = Number(rows[0][TOTAL]);
    for (const r of rows) delete r[TOTAL];
  } else if (mantido && parsed.offset > 0) {
    totalRecords = Number(((await db.execute(sql`select ${mantido} as n`)) as unknown as { rows: Row[] }).rows[0]?.n ?? 0);
  } else if (!mantido && (rows.length === parsed.limit || (rows.length === 0 && parsed.offset > 0))) {
    let c: FromBuilder = db.select({ n: sql<number>`count(*)`.mapWith(Number) });
    // paginaEmDuasEtapas promises filters over the table's own columns: the count skips `from`'s joins.
    // (PostgreSQL removes an unused LEFT JOIN but then no longer plans an index-only scan: the count of a
    // 40,000-row filter read every row from the heap instead of the index alone.)
    c = def.from && !def.paginaEmDuasEtapas && !def.contagemSemFrom ? def.from(c.from(def.table), ctx, parentUid) : c.from(def.table);
    totalRecords = Number(((await c.where(where)) as Row[])[0]?.n ?? 0);
  }
  return { data: rows.map((r) => toItem(def, r, ctx)), totalRecords };
}

/** Key of the maintained total beside the page's columns (removed before toItem). */
const TOTAL = '__totalMantido';

async function findRow(db: DbOrTx, def: ResourceDef, ctx: RequestContext, uid: string, parentUid?: string): Promise<Row | null> {
  let q: FromBuilder = db.select(selection(def, ctx));
  q = def.from ? def.from(q.from(def.table), ctx, parentUid) : q.from(def.table);
  const rows = (await q.where(baseWhere(def, ctx, parentUid, eq(def.uid, uid))).limit(1)) as Row[];
  return rows[0] ?? null;
}

export async function obter(db: Db, def: ResourceDef, ctx: RequestContext, uid: string, parentUid?: string) {
  await assertParent(db, def, ctx, parentUid);
  const row = await findRow(db, def, ctx, uid, parentUid);
  if (!row) throw AppError.notFound();
  return toItem(def, row, ctx);
}

async function valuesFrom(def: ResourceDef, ctx: RequestContext, input: Row) {
  return def.toValues ? await def.toValues(input, ctx) : input;
}

/** The declared refs of the values (see ResourceDef.refs): 400 naming every field that points nowhere. */
async function checarRefs(tx: Tx, def: ResourceDef, ctx: RequestContext, values: Row) {
  const erros: { field: string; message: string }[] = [];
  for (const [campo, ref] of Object.entries(def.refs ?? {})) {
    const uid = values[campo];
    if (typeof uid === 'string' && !(await ref.existe(tx, ctx, uid))) erros.push({ field: campo, message: ref.mensagem });
  }
  if (erros.length) throw AppError.validation(erros, erros[0].message);
}

/** The declared unique fields (ResourceDef.unicos): 409 naming the record of the scope that has the value. */
async function checarUnicos(tx: Tx, def: ResourceDef, ctx: RequestContext, values: Row, parentUid?: string, proprioUid?: string) {
  const colunas = getTableColumns(def.table);
  for (const [campo, message] of Object.entries(def.unicos ?? {})) {
    const valor = values[campo];
    const coluna = colunas[campo];
    if (valor === null || valor === undefined || valor === '' || !coluna) continue;
    const outro = proprioUid ? ne(def.uid, proprioUid) : undefined;
    const [achado] = (await tx
      .select({ uid: def.uid, nome: colunas.nome ?? coluna })
      .from(def.table)
      .where(baseWhere(def, ctx, parentUid, and(eq(coluna, valor), outro)))
      .limit(1)) as { uid: string; nome: unknown }[];
    if (achado) throw AppError.conflict(message, [{ field: campo, message, registro: { uid: achado.uid, nome: String(achado.nome) } }], 'DUPLICADO');
  }
}

export async function criar(db: Db, def: ResourceDef, ctx: RequestContext, input: Row, parentUid?: string) {
  return db.transaction(async (tx) => {
    await assertParent(tx, def, ctx, parentUid);
    const values = { ...(await valuesFrom(def, ctx, input)), ...def.scope.values(ctx, parentUid) };
    await checarRefs(tx, def, ctx, values);
    await def.hooks?.validate?.(tx, ctx, values, null);
    await checarUnicos(tx, def, ctx, values, parentUid);
    const [inserted] = (await tx.insert(def.table).values(values as never).returning()) as Row[];
    // The hook may be what makes the row visible (e.g. the creator's membership of a new shipper).
    await def.hooks?.afterWrite?.(tx, ctx, inserted, 'create');
    const uid = String(inserted[def.uid.name] ?? inserted.uid);
    // Without joins, computed columns or an after-write hook, RETURNING is already the row as read back
    // (one round trip less on every create).
    const comoGravada = !def.select && !def.from && !def.hooks?.afterWrite;
    const row = (comoGravada ? inserted : await findRow(tx, def, ctx, uid, parentUid)) as Row;
    await registrarAuditoria(tx, ctx, def.recurso, uid, 'criar', null, row);
    return toItem(def, row, ctx);
  });
}

export async function atualizar(db: Db, def: ResourceDef, ctx: RequestContext, uid: string, input: Row, parentUid?: string) {
  return db.transaction(async (tx) => {
    await assertParent(tx, def, ctx, parentUid);
    const existing = await lockRow(tx, def, ctx, uid, parentUid);
    const values = await valuesFrom(def, ctx, input);
    await checarRefs(tx, def, ctx, values);
    await def.hooks?.validate?.(tx, ctx, values, existing);
    await checarUnicos(tx, def, ctx, values, parentUid, uid);
    const columns = getTableColumns(def.table);
    const set: Row = { ...values };
    if ('atualizadoEm' in columns) set.atualizadoEm = sql`now()`;
    await tx.update(def.table).set(set as never).where(baseWhere(def, ctx, parentUid, eq(def.uid, uid)));
    const row = (await findRow(tx, def, ctx, uid, parentUid)) as Row;
    await def.hooks?.afterWrite?.(tx, ctx, { ...existing, ...values, uid }, 'update');
    await registrarAuditoria(tx, ctx, def.recurso, uid, 'alterar', existing, row);
    return toItem(def, row, ctx);
  });
}

export async function excluir(db: Db, def: ResourceDef, ctx: RequestContext, uid: string, parentUid?: string) {
  await db.transaction(async (tx) => {
    await assertParent(tx, def, ctx, parentUid);
    const existing = await lockRow(tx, def, ctx, uid, parentUid);
    await def.hooks?.beforeDelete?.(tx, ctx, existing);
    await tx.delete(def.table).where(baseWhere(def, ctx, parentUid, eq(def.uid, uid)));
    await registrarAuditoria(tx, ctx, def.recurso, uid, 'excluir', existing, null);
  });
}

/**
 * The row as ctx may see it, locked for the rest of the transaction; 404 when not visible.
 * The lock comes first and the read after it: a read before the lock could return a version that
 * another transaction is changing, and the rules would then be checked against stale data.
 */
export async function lockRow(tx: Tx, def: ResourceDef, ctx: RequestContext, uid: string, parentUid?: string) {
  const locked = await tx.select({ uid: def.uid }).from(def.table).where(baseWhere(def, ctx, parentUid, eq(def.uid, uid))).for('update');
  if (!locked.length) throw AppError.notFound();
  const visible = await findRow(tx, def, ctx, uid, parentUid);
  if (!visible) throw AppError.notFound();
  return visible;
}

/** The item as ctx sees it now (inside a transaction: after the changes it made). */
export async function reler(db: DbOrTx, def: ResourceDef, ctx: RequestContext, uid: string, parentUid?: string) {
  const row = await findRow(db, def, ctx, uid, parentUid);
  if (!row) throw AppError.notFound();
  return toItem(def, row, ctx);
}

/** Runs a declared action (see ActionDef): lock, rules and writes, audit — one transaction. */
export async function executarAcao(
  db: Db,
  def: ResourceDef,
  action: ActionDef,
  ctx: RequestContext,
  uid: string,
  input: Row,
  parentUid?: string,
) {
  return db.transaction(async (tx) => {
    await assertParent(tx, def, ctx, parentUid);
    const antes = await lockRow(tx, def, ctx, uid, parentUid);
    const resultado = await action.run(tx, ctx, antes, input, def);
    const depois = await findRow(tx, def, ctx, uid, parentUid);
    const justificativa = typeof input.justificativa === 'string' ? { justificativa: input.justificativa } : {};
    if (resultado !== SEM_MUDANCA) {
      await registrarAuditoria(tx, ctx, def.recurso, uid, action.auditoria ?? action.path, antes, depois && { ...depois, ...justificativa });
    }
    return resultado === undefined || resultado === SEM_MUDANCA ? (depois && toItem(def, depois, ctx)) : resultado;
  });
}
