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
 * PostgreSQL: a row trigger on every table counts the rows written per table in `_escritas_teste`
 * (installed once per test database, on first use). A refused request's transaction rolls its
 * increments back, so only committed writes count — two small reads per check instead of
 * fingerprinting every table. Only this test file's connections touch its database.
 */
const counterInstalled = new WeakMap<Db, Promise<void>>();
function installWriteCounter(db: Db): Promise<void> {
  let p = counterInstalled.get(db);
  if (!p) {
    p = (async () => {
      const names = await tables(db);
      await db.execute(
        sql.raw(`
        create table if not exists _escritas_teste (tabela text primary key, n bigint not null);
        create or replace function _contar_escrita_teste() returns trigger language plpgsql as $$
        begin
          insert into _escritas_teste values (tg_table_name, 1)
            on conflict (tabela) do update set n = _escritas_teste.n + 1;
          return null;
        end $$;
        ${names
          .map(
            (t) => `create trigger _escrita_teste after insert or update or delete on "${t}"
                    for each row execute function _contar_escrita_teste();
                  create trigger _truncate_teste after truncate on "${t}"
                    for each statement execute function _contar_escrita_teste();`,
          )
          .join('\n')}`),
      );
    })();
    counterInstalled.set(db, p);
  }
  return p;
}
async function writeCounts(db: Db): Promise<Record<string, number>> {
  const r = await rows<{ tabela: string; n: unknown }>(db, sql`select tabela, n from _escritas_teste`);
  return Object.fromEntries(r.map((x) => [x.tabela, Number(String(x.n))]));
}

/**
 * Start watching for writes; the returned function lists what was written since (empty: nothing).
 * PGlite: the transaction id counter (nothing else shares that database). PostgreSQL: transaction
 * ids are shared by every database of the server (other test files, autovacuum), so a per-table
 * row counter kept by triggers is read instead. FRETIO_TEST_FINGERPRINT=1 fingerprints every table
 * (both engines), to name what changed by content.
 */
export async function watchWrites(db: Db): Promise<() => Promise<string[]>> {
  if (process.env.FRETIO_TEST_FINGERPRINT === '1') {
    const fp = await fingerprint(db);
    return async () => diff(fp, await fingerprint(db));
  }
  if (dbKinds.get(db) === 'postgres') {
    await installWriteCounter(db);
    const before = await writeCounts(db);
    return async () => {
      const after = await writeCounts(db);
      return Object.entries(after)
        .filter(([t, n]) => n !== (before[t] ?? 0))
        .map(([t, n]) => `${t} (${n - (before[t] ?? 0)} linha(s) gravada(s))`);
    };
  }
  const mark = await writeMark(db);
  return async () => {
    const n = await writesSince(db, mark);
    return n === 0 ? [] : [`${n} transação(ões) de escrita confirmada(s) (FRETIO_TEST_FINGERPRINT=1 mostra as tabelas)`];
  };
}
