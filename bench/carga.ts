// Load test of issue 7 (fault 4): 100,000 people in one shipper; autocannon with 100 connections
// alternating GET /api/v1/pessoas?pc=1&pps=10 and POST /api/v1/centros-custo for BENCH_LOAD_SECONDS
// (default 20 s). Runs on PGlite always and on PostgreSQL too when BENCH_DATABASE_URL is set
// (`bash apps/server/test/pg.sh --bench`, BENCH_ONLY=carga for this one alone). Goal on PostgreSQL:
// p99 < 300 ms, no errors. Reports; never asserts. Every figure is beside others of the same run (the
// machine may be busy): GET /api/health under the same load (the floor), the mix with the old list total
// (LISTA_CONTAGEM=contar: count(*) on every page) and as it is, and POST-only runs with and without the
// count trigger, alternated (one tenant's concurrent inserts on the maintained count; PostgreSQL only).
// The server runs as production runs it (apps/server/src/main.ts) in a child process: the load
// generator's own work (100 sockets, parsing replies) must not share the server's event loop, which it
// did when both lived in this process and inflated every latency measured.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { type Database, createPGlite, openDatabase } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/db/seed/demo.ts';
import { adminClient, createDatabase, databaseUrlFor, dropDatabase } from '../apps/server/test/support/pg-admin.ts';
import { type ServidorFilho, iniciarServidorFilho } from '../apps/server/test/support/servidor-filho.ts';
import { INSERT, entrar } from './pessoas.ts';

const PESSOAS = Number(process.env.BENCH_LOAD_ROWS ?? 100_000);
const SEGUNDOS = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
const CONEXOES = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 100);

type Linha = { name: string; opsPerSec: number; p50Ms: number; p95Ms: number; note: string };

/** A database (PostgreSQL when url is given, else PGlite files under dataDir), opened here for preparing it. */
export async function abrir(url?: string, dataDir?: string): Promise<{ database: Database; rotulo: string; databaseUrl?: string; fechar: () => Promise<void> }> {
  if (!url) {
    // In memory unless a folder is given (a child server opens the files after this process closes them).
    const database = await openDatabase({ ...(dataDir ? { dataDir } : { pglite: await createPGlite() }), migrate: true });
    return { database, rotulo: dataDir ? 'PGlite' : 'PGlite (em memória)', fechar: () => database.close().catch(() => undefined) };
  }
  const nome = `fretio_carga_${randomBytes(4).toString('hex')}`;
  const admin = await adminClient(url);
  await createDatabase(admin, nome);
  await admin.end();
  const databaseUrl = databaseUrlFor(url, nome);
  const database = await openDatabase({ databaseUrl, migrate: true });
  return {
    database,
    databaseUrl,
    rotulo: `PostgreSQL (pool ${process.env.PG_POOL_MAX ?? 10})`,
    fechar: async () => {
      await database.close().catch(() => undefined);
      const a = await adminClient(url);
      await dropDatabase(a, nome);
      await a.end();
    },
  };
}

type Resultado = {
  requests: { average: number };
  latency: { p50: number; p97_5: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
};

/**
 * One database, one app, several runs in a row (the machine may be busy: compare runs of the same
 * call, not with figures of another day): GET /api/health under the same load (the floor), the mix
 * with the old list total (LISTA_CONTAGEM=contar: count(*) of the tenant's rows on every page), the
 * mix as it is, and POST-only runs with and without the count triggers (contention of one tenant's
 * concurrent inserts on the maintained count).
 */
async function medir(url?: string): Promise<Linha[]> {
  const dir = mkdtempSync(join(os.tmpdir(), 'fretio-carga-'));
  const { database, rotulo, databaseUrl, fechar } = await abrir(url, dir);
  const out: Linha[] = [];
  let servidor: ServidorFilho | undefined;
  try {
    // Prepared here, then closed: the embedded database has one owner at a time (the child, below).
    await seedDemo(database.db);
    const { rows } = (await database.db.execute(sql`select uid from embarcadores where cnpj = '11222333000181'`)) as unknown as {
      rows: { uid: string }[];
    };
    await database.db.execute(INSERT(rows[0].uid, PESSOAS));
    await database.db.execute(sql`analyze`);
    if (!databaseUrl) await database.close();
    const iniciar = (env: Record<string, string> = {}) =>
      iniciarServidorFilho({ dataDir: dir, databaseUrl, env: { LOG_LEVEL: 'error', AGENDADORES: 'false', ...env } });
    const trocar = async (env?: Record<string, string>) => {
      await servidor?.parar();
      servidor = await iniciar(env);
      return { base: servidor.base, cookie: await entrar(servidor.base) };
    };
    let { base, cookie } = await trocar({ LISTA_CONTAGEM: 'contar' });
    let n = 0;
    const corrida = randomBytes(3).toString('hex');
    const post = {
      method: 'POST',
      path: '/api/v1/centros-custo',
      setupRequest: (req: Record<string, unknown>) => ({ ...req, body: JSON.stringify({ codigo: `L${corrida}${n++}`, nome: `Carga ${n}` }) }),
    };
    const rodar = async (requests: unknown[], segundos: number) =>
      (await autocannon({
        url: base,
        connections: CONEXOES,
        duration: segundos,
        timeout: 30,
        headers: { cookie, 'content-type': 'application/json' },
        requests,
      } as never)) as unknown as Resultado;
    const linha = (nome: string, r: Resultado, extra = ''): Linha => ({
      name: `${PESSOAS.toLocaleString('pt-BR')} pessoas, ${CONEXOES} conexões, ${nome} — ${rotulo}`,
      opsPerSec: Math.round(r.requests.average),
      p50Ms: r.latency.p50,
      p95Ms: r.latency.p97_5,
      note:
        `p99 ${r.latency.p99} ms, máx ${r.latency.max} ms (p95Ms = p97,5 do autocannon); ${r['2xx']} 2xx, ${r.non2xx} não-2xx, ` +
        `${r.errors} erros, ${r.timeouts} timeouts${extra}; ${os.cpus().length} CPUs ${os.cpus()[0]?.model ?? ''}, carga ${os.loadavg()[0].toFixed(1)}, ${new Date().toISOString()}`,
    });
    const curto = Math.max(5, Math.round(SEGUNDOS / 2));
    const mix = [{ method: 'GET', path: '/api/v1/pessoas?pc=1&pps=10' }, post];
    // The old list total is the server's setting: a server of its own started with LISTA_CONTAGEM=contar.
    // A fresh process answers its first requests cold (JIT, connection pool, plan cache): warm each one first.
    const aquecer = () => rodar(mix, Math.max(2, Math.round(SEGUNDOS / 10)));
    await aquecer();
    const antigo = await rodar(mix, SEGUNDOS);
    out.push(linha(`GET pessoas?pc=1&pps=10 + POST centros-custo, ${SEGUNDOS} s, total por count(*) (LISTA_CONTAGEM=contar)`, antigo));
    ({ base, cookie } = await trocar());
    await aquecer();
    const piso = await rodar([{ method: 'GET', path: '/api/health' }], curto);
    out.push(linha(`GET /api/health (piso da mesma execução), ${curto} s`, piso));
    const novo = await rodar(mix, SEGUNDOS);
    out.push(
      linha(
        `GET pessoas?pc=1&pps=10 + POST centros-custo, ${SEGUNDOS} s`,
        novo,
        `; total mantido (contagem_linhas); na mesma execução: count(*) ${Math.round(antigo.requests.average)} req/s, p99 ${antigo.latency.p99} ms; ` +
          `health ${Math.round(piso.requests.average)} req/s, p99 ${piso.latency.p99} ms`,
      ),
    );
    // With and without the count trigger, alternated (A B A B) so both see the same load on a busy machine.
    // PostgreSQL only: the embedded database belongs to the child, and has no concurrent inserts to contend.
    if (!databaseUrl) return out;
    const vez = Math.max(5, Math.round(SEGUNDOS / 4));
    const com: Resultado[] = [];
    const sem: Resultado[] = [];
    for (let i = 0; i < 2; i++) {
      com.push(await rodar([post], vez));
      await database.db.execute(sql`alter table centros_custo disable trigger contagem_insert`);
      sem.push(await rodar([post], vez).finally(() => database.db.execute(sql`alter table centros_custo enable trigger contagem_insert`)));
    }
    const media = (rs: Resultado[]) => Math.round(rs.reduce((a, r) => a + r.requests.average, 0) / rs.length);
    const pior = (rs: Resultado[]) => Math.max(...rs.map((r) => r.latency.p99));
    out.push(
      linha(
        `só POST centros-custo (um inquilino), 2 × ${vez} s, com o gatilho de contagem`,
        { ...com[1], requests: { average: media(com) } },
        `; alternado com 2 × ${vez} s sem o gatilho: com ${com.map((r) => Math.round(r.requests.average)).join(' e ')} req/s (p99 até ${pior(com)} ms), ` +
          `sem ${sem.map((r) => Math.round(r.requests.average)).join(' e ')} req/s (p99 até ${pior(sem)} ms); p50/p97,5 da 2ª rodada com gatilho`,
      ),
    );
    return out;
  } finally {
    await servidor?.parar();
    await fechar();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchCarga(): Promise<Linha[]> {
  const out: Linha[] = [];
  if (process.env.BENCH_DATABASE_URL) out.push(...(await medir(process.env.BENCH_DATABASE_URL)));
  if (process.env.BENCH_LOAD_PGLITE !== 'false') out.push(...(await medir()));
  for (const l of out) console.log(`carga: ${l.name}: ${l.opsPerSec} req/s, p50 ${l.p50Ms} ms; ${l.note}`);
  return out;
}
