import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';

// "Nothing was written": a fingerprint of every table (row count + newest row version) taken before
// and after a request that must be refused.

type Rows = { rows: Record<string, unknown>[] };
export async function rows<T = Record<string, unknown>>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as Rows;
  return res.rows as T[];
}

const tableCache = new WeakMap<Db, string[]>();
async function tables(db: Db) {
  let t = tableCache.get(db);
  if (!t) {
    const r = await rows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    t = r.map((x) => x.name);
    tableCache.set(db, t);
  }
  return t;
}

export type Fingerprint = Record<string, { n: number; h: string }>;

export async function fingerprint(db: Db): Promise<Fingerprint> {
  const names = await tables(db);
  if (!names.length) return {};
  const parts = names.map(
    // Rows and the newest row version: an insert or update leaves a newer xmin, a delete fewer rows.
    // (Reads no column, so it stays cheap on reference tables such as municipios.)
    (t) => `select '${t}' as t, count(*)::int as n, coalesce(max(xmin::text::bigint), 0)::text as h from "${t}" x`,
  );
  const r = await rows<{ t: string; n: number; h: string }>(db, sql.raw(parts.join(' union all ')));
  return Object.fromEntries(r.map((x) => [x.t, { n: Number(x.n), h: x.h }]));
}

/** Tables whose content differs, e.g. ['centros_custo (5 → 6 linhas)']. */
export function diff(before: Fingerprint, after: Fingerprint): string[] {
  const out: string[] = [];
  for (const t of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[t];
    const b = after[t];
    if (!a || !b || a.h !== b.h)
      out.push(`${t} (${a?.n ?? '-'} → ${b?.n ?? '-'} linhas${a && b && a.n === b.n ? ', conteúdo alterado' : ''})`);
  }
  return out;
}

export async function countRows(db: Db, table: string): Promise<number> {
  const [r] = await rows<{ n: number }>(db, sql.raw(`select count(*)::int as n from "${table.replace(/"/g, '')}"`));
  return Number(r.n);
}

/**
 * A cheap "nothing was written" check for suites that send thousands of refused requests: the
 * transaction id counter. Every transaction that wrote or locked a row took an id; those that
 * committed are the writes (a request refused after it began a transaction rolls it back).
 */
export async function writeMark(db: Db): Promise<number> {
  const [r] = await rows<{ x: unknown }>(db, sql`select txid_current() as x`);
  return Number(String(r.x));
}

/** How many transactions committed since `mark` (0 when nothing was written). */
export async function writesSince(db: Db, mark: number): Promise<number> {
  const [r] = await rows<{ n: unknown }>(
    db,
    sql`with agora as (select txid_current() as x)
        select (select count(*) from generate_series(${mark + 1}::bigint, agora.x - 1) g where txid_status(g) = 'committed') as n from agora`,
  );
  return Number(String(r.n));
}

/** Which engine a Db runs on (set by createTestApp): the cheap write check only holds on PGlite. */
export const dbKinds = new WeakMap<Db, 'pglite' | 'postgres'>();

/**
 * Start watching for writes; the returned function lists what was written since (empty: nothing).
 * PGlite: the transaction id counter (nothing else shares that database). PostgreSQL: transaction
 * ids are shared by every database of the server (other test files, autovacuum), so every table
 * is fingerprinted instead. FRETIO_TEST_FINGERPRINT=1 fingerprints on PGlite too, to name the tables.
 */
export async function watchWrites(db: Db): Promise<() => Promise<string[]>> {
  const full = dbKinds.get(db) === 'postgres' || process.env.FRETIO_TEST_FINGERPRINT === '1';
  const fp = full ? await fingerprint(db) : null;
  const mark = full ? 0 : await writeMark(db);
  return async () => {
    if (fp) return diff(fp, await fingerprint(db));
    const n = await writesSince(db, mark);
    return n === 0 ? [] : [`${n} transação(ões) de escrita confirmada(s) (FRETIO_TEST_FINGERPRINT=1 mostra as tabelas)`];
  };
}
