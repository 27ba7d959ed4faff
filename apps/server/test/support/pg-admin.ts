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

export async function dropDatabase(client: pg.Client, name: string) {
  await client.query(`drop database if exists ${ident(name)} with (force)`);
}
