import pg from 'pg';

// Administrative connection to a real PostgreSQL server (TEST_DATABASE_URL / BENCH_DATABASE_URL):
// creating and dropping the throwaway databases tests and benchmarks run in.
export const PG_TEMPLATE = 'fretio_template';
export const PG_TEMPLATE_DEMO = 'fretio_template_demo';

export async function adminClient(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** The same server URL pointing at another database. */
export function databaseUrlFor(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

const ident = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`nome de banco inesperado: ${name}`);
  return `"${name}"`;
};

export async function createDatabase(client: pg.Client, name: string, template?: string) {
  await client.query(`create database ${ident(name)}${template ? ` template ${ident(template)}` : ''}`);
}

/**
 * Drops a database. A pool's end() resolves before its backends have exited, and DROP ... WITH
 * (FORCE) would kill them mid-goodbye (an uncaught 57P01 in the test process): so wait for them
 * to leave, and force only as a last resort.
 */
export async function dropDatabase(client: pg.Client, name: string, opts: { waitMs?: number } = {}) {
  const deadline = Date.now() + (opts.waitMs ?? 5_000);
  for (;;) {
    try {
      await client.query(`drop database if exists ${ident(name)}`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || Date.now() > deadline) break; // 55006: object in use
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  await client.query(`drop database if exists ${ident(name)} with (force)`);
}
