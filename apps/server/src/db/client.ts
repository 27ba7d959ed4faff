import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { aplicarConcessoesPadrao } from './concessoes.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the code sees, whether PGlite or node-postgres sits behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** Set when the embedded database stopped answering correctly (see vigiarPGlite); it never clears. */
  envenenado?: Error;
  /** Called once when the database is found poisoned: main.ts exits so the supervisor restarts. */
  aoEnvenenar?: (e: Error) => void;
};

export const MIGRATIONS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** PGlite with the extensions our migrations create (on PostgreSQL they come with the server's contrib). */
export function createPGlite(dataDir?: string, opts: PGliteOptions = {}) {
  return PGlite.create({ ...opts, ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm, ...opts.extensions } });
}

/** Opens PostgreSQL (DATABASE_URL) or the embedded PGlite under dataDir, and applies migrations. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string; pglite?: PGlite; migrate?: boolean }): Promise<Database> {
  let database: Database;
  if (opts.databaseUrl) {
    const pg = (await import('pg')).default;
    // numeric stays a string (exact money); bigint counts come back as numbers.
    pg.types.setTypeParser(20, (v: string) => Number(v));
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: Number(process.env.PG_POOL_MAX ?? 10) });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => console.warn(`PostgreSQL: conexão ociosa encerrada (${err.message})`));
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const db = drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    database = { db, kind: 'postgres', close: () => pool.end() };
    if (opts.migrate !== false) {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(db as never, { migrationsFolder: MIGRATIONS_DIR });
      await aplicarConcessoesPadrao(db);
    }
  } else {
    let client = opts.pglite;
    if (!client) {
      const dir = join(opts.dataDir ?? './data', 'pglite');
      mkdirSync(dir, { recursive: true });
      client = await createPGlite(dir);
    }
    const { drizzle } = await import('drizzle-orm/pglite');
    const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Db;
    const pglite = client;
    database = { db, kind: 'pglite', close: () => pglite.close() };
    vigiarPGlite(pglite, database);
    if (opts.migrate !== false) {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(db as never, { migrationsFolder: MIGRATIONS_DIR });
      await aplicarConcessoesPadrao(db);
    }
  }
  return database;
}

const temSqlState = (e: unknown) => typeof (e as { code?: unknown })?.code === 'string' && /^[0-9A-Z]{5}$/.test((e as { code: string }).code);

/**
 * PGlite runs PostgreSQL in WebAssembly on one connection. An error from inside its JavaScript
 * (RangeError on ~40,000 parameters, a wasm abort) can leave the protocol out of step: every later
 * query then returns NO ROWS and no error, so sign-ins fail as "wrong password" while a plain
 * `select 1` looks fine. After any error that is not a PostgreSQL error (no SQLSTATE) we check that
 * a known query still returns its row; if not, the database is marked poisoned and aoEnvenenar runs.
 */
export function vigiarPGlite(client: PGlite, database: Database) {
  const original = { query: client.query.bind(client), exec: client.exec.bind(client), transaction: client.transaction.bind(client) };
  const conferir = async (causa: unknown) => {
    // A closed database (shutdown) is not a poisoned one.
    if (database.envenenado || temSqlState(causa) || client.closed) return;
    let ok = false;
    try {
      const r = await original.query<{ ok: number }>('select 1 as ok');
      ok = r.rows[0]?.ok === 1;
    } catch (e) {
      ok = temSqlState(e); // a PostgreSQL error means the protocol is still in step
    }
    if (ok || database.envenenado) return;
    database.envenenado = new Error(`Banco embutido inutilizado após ${(causa as Error)?.name ?? 'erro'}`, { cause: causa });
    database.aoEnvenenar?.(database.envenenado);
  };
  const vigiado =
    <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      try {
        return await f(...a);
      } catch (e) {
        await conferir(e);
        throw e;
      }
    };
  client.query = vigiado(original.query) as typeof client.query;
  client.exec = vigiado(original.exec) as typeof client.exec;
  client.transaction = vigiado(original.transaction) as typeof client.transaction;
}
