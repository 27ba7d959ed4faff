import type { Db } from '../../src/db/client.ts';

type Logger = { logQuery(q: string, p: unknown[]): void };
type Sessao = { logger: Logger; options: { logger?: Logger }; client: { query(q: string, p?: unknown[]): Promise<{ rows: unknown[] }> } };

/** Every statement (SQL, parameters; transactions included) Drizzle sends on `db` while `pedido` runs. */
export async function instrucoesDe(db: Db, pedido: () => Promise<unknown>): Promise<[string, unknown[]][]> {
  const sessao = (db as unknown as { session: Sessao }).session;
  const ditas: [string, unknown[]][] = [];
  const antes = { logger: sessao.logger, opcoes: sessao.options.logger };
  const l: Logger = { logQuery: (q, p) => void ditas.push([q, p]) };
  sessao.logger = l;
  sessao.options.logger = l;
  try {
    await pedido();
  } finally {
    sessao.logger = antes.logger;
    sessao.options.logger = antes.opcoes;
  }
  return ditas;
}

/** The query plan (EXPLAIN, JSON) of one statement with its own parameters. */
export async function planoDe(db: Db, [q, p]: [string, unknown[]]): Promise<string> {
  const sessao = (db as unknown as { session: Sessao }).session;
  return JSON.stringify((await sessao.client.query(`explain (format json) ${q}`, p)).rows);
}

/**
 * The query plan (EXPLAIN, JSON) of the page statement a list request really sends: every statement Drizzle
 * sends while `pedido` runs is recorded, the one reading `tabela` with ORDER BY … LIMIT is explained with its
 * own parameters. For tests that a list reads by its index.
 */
export async function planoDaLista(db: Db, pedido: () => Promise<void>, tabela: string): Promise<string> {
  const ditas = await instrucoesDe(db, pedido);
  const pagina = ditas.find(([q]) => q.includes(`from "${tabela}"`) && /\blimit\b/.test(q) && /order by/.test(q));
  if (!pagina) throw new Error(`nenhuma página de "${tabela}" entre as instruções enviadas:\n${ditas.map(([q]) => q.slice(0, 80)).join('\n')}`);
  return planoDe(db, pagina);
}
