// Benchmarks: `npm run bench` (tsx bench/run.ts). Writes bench/results.json and prints a table.
//  1. GET /api/v1/centros-custo over 100,000 records of one shipper, sorted by nome, with and
//     without ftr_nome, pages 1 and 500 (pps=20): HTTP on loopback (autocannon, one connection,
//     signed-in cookie) next to the framework's listar() called directly and the same SQL run raw
//     through the driver. p50/p95 latency of each and the HTTP/raw ratio.
//  2. The freight engine (bench/engine.ts, benchEngine()) when that file exists, then every other
//     bench/*.ts exporting bench*() (e.g. bench/pessoas.ts, bench/carga.ts: the 100-connection load
//     test). BENCH_ONLY=lista,engine picks; the entries it does not re-measure stay in results.json.
// PGlite by default (in memory); BENCH_DATABASE_URL=postgres://... runs against PostgreSQL in a
// throwaway database. Benchmarks report; they never assert timings.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { type Database, createPGlite, openDatabase } from '../apps/server/src/db/client.ts';
import { DEMO, seedDemo } from '../apps/server/src/db/seed/demo.ts';
import { listar } from '../apps/server/src/framework/crud.ts';
import { centrosCustoResource } from '../apps/server/src/modules/centros-custo/resource.ts';
import { identidadeRepository } from '../apps/server/src/modules/perfil/identidade-repository.ts';
import type { RequestContext } from '../apps/server/src/plugins/auth/context.ts';
import { signIn } from '../apps/server/test/support/http.ts';
import { adminClient, createDatabase, databaseUrlFor, dropDatabase } from '../apps/server/test/support/pg-admin.ts';

const here = dirname(fileURLToPath(import.meta.url));
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
/** Target measuring time per method and scenario (ms); the sample count follows from a probe. */
const TARGET_MS = Number(process.env.BENCH_TARGET_MS ?? 2_000);
const MIN_SAMPLES = Number(process.env.BENCH_MIN_SAMPLES ?? 8);

type Result = {
  name: string;
  opsPerSec: number;
  ratio?: number;
  note?: string;
  p50Ms?: number;
  p95Ms?: number;
  samples?: number;
};

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  const total = ms.reduce((a, b) => a + b, 0);
  return { p50: pct(s, 50), p95: pct(s, 95), opsPerSec: ms.length / (total / 1000), n: ms.length };
};
const round = (v: number, d = 2) => Math.round(v * 10 ** d) / 10 ** d;

async function timeCalls(fn: () => Promise<unknown>, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

/** n requests over one keep-alive connection; per-request latency from autocannon's 'response' events. */
function httpLatencies(url: string, cookie: string, n: number): Promise<{ ms: number[]; errors: number; non2xx: number }> {
  return new Promise((resolve, reject) => {
    const ms: number[] = [];
    const instance = autocannon(
      { url, connections: 1, pipelining: 1, amount: n, headers: { cookie }, timeout: 60 },
      (err: Error | null, result: { errors: number; non2xx: number }) => {
        if (err) reject(err);
        else resolve({ ms, errors: result.errors, non2xx: result.non2xx });
      },
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => ms.push(responseTime));
  });
}

/** Throughput with several connections (PGlite serialises queries; PostgreSQL uses the pool). */
function httpThroughput(
  url: string,
  cookie: string,
  seconds: number,
  connections: number,
): Promise<{ rps: number; p50: number; p97_5: number }> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, headers: { cookie }, timeout: 60 }, (err: Error | null, r: any) => {
      if (err) reject(err);
      else resolve({ rps: r.requests.average, p50: r.latency.p50, p97_5: r.latency.p97_5 });
    });
  });
}

async function openBenchDatabase(): Promise<{ database: Database; label: string; close: () => Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const name = `fretio_bench_${randomBytes(4).toString('hex')}`;
    const admin = await adminClient(url);
    await createDatabase(admin, name);
    await admin.end();
    const database = await openDatabase({ databaseUrl: databaseUrlFor(url, name), migrate: true });
    const [{ v }] = (
      (await database.db.execute(sql`select current_setting('server_version') as v`)) as unknown as { rows: { v: string }[] }
    ).rows;
    return {
      database,
      label: `PostgreSQL ${v}`,
      close: async () => {
        await database.close();
        const a = await adminClient(url);
        await dropDatabase(a, name);
        await a.end();
      },
    };
  }
  const pg = await createPGlite();
  const database = await openDatabase({ pglite: pg, migrate: true });
  const [{ v }] = (await pg.query<{ v: string }>(`select current_setting('server_version') as v`)).rows;
  return { database, label: `PGlite ${v} (em memória)`, close: () => database.close() };
}

async function benchList(log: (s: string) => void): Promise<{ results: Result[]; database: string }> {
  const t0 = performance.now();
  const { database, label, close } = await openBenchDatabase();
  const dataDir = mkdtempSync(join(os.tmpdir(), 'fretio-bench-'));
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    const db = database.db;
    await seedDemo(db);
    const [{ uid: embarcadorUid }] = (
      (await db.execute(sql`select uid from embarcadores where cnpj = '11222333000181'`)) as unknown as { rows: { uid: string }[] }
    ).rows;
    const tIns = performance.now();
    // One statement: names spread over the alphabet, one in five matching 'logistica'.
    await db.execute(sql`
      insert into centros_custo (embarcador_uid, codigo, nome, ativo)
      select ${embarcadorUid}, 'B' || lpad(g::text, 6, '0'),
             (array['Logística','Comercial','Suprimentos','Produção','Financeiro'])[1 + g % 5] || ' ' ||
             (array['Norte','Sul','Leste','Oeste','Centro','Capital','Interior'])[1 + (g / 5) % 7] || ' ' || lpad((g * 7919 % 100000)::text, 5, '0'),
             g % 10 <> 0
      from generate_series(1, ${ROWS}) g`);
    await db.execute(sql`analyze centros_custo`);
    log(`${label}: ${ROWS.toLocaleString('pt-BR')} centros de custo inseridos em ${Math.round(performance.now() - tIns)} ms`);

    app = await buildApp({
      database,
      config: {
        logLevel: 'silent',
        dataDir,
        seedDemo: false,
        databaseUrl: undefined,
        smtpUrl: undefined,
        webDist: join(dataDir, 'sem-web'),
      },
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const cookie = await signIn(app, DEMO.admin.login, DEMO.admin.senha);
    const repo = identidadeRepository(db);
    const [u] = (
      (await db.execute(sql`select uid from usuarios where login = ${DEMO.admin.login}`)) as unknown as { rows: { uid: string }[] }
    ).rows;
    const ctx = { ...(await repo.contexto(u.uid, embarcadorUid)), via: 'sessao' } as RequestContext;

    const scenarios = [
      { name: 'ordenado por nome, página 1', query: { ssf: 'nome', pc: 1, pps: 20 } },
      { name: 'ordenado por nome, página 500', query: { ssf: 'nome', pc: 500, pps: 20 } },
      { name: 'ftr_nome=logistica, página 1', query: { ssf: 'nome', pc: 1, pps: 20, ftr_nome: 'logistica' } },
      { name: 'ftr_nome=logistica, página 500', query: { ssf: 'nome', pc: 500, pps: 20, ftr_nome: 'logistica' } },
    ] as const;

    const results: Result[] = [];
    for (const s of scenarios) {
      const q = s.query as Record<string, string | number>;
      const qs = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
      const url = `${address}/api/v1/centros-custo?${qs}`;
      const filtro = 'ftr_nome' in q ? sql`and f_norm(nome) like '%' || f_norm(${String(q.ftr_nome)}) || '%'` : sql``;
      const offset = (Number(q.pc) - 1) * Number(q.pps);
      // The same two statements listar() issues: the page (index top-N), then the count when the page is full.
      const raw = async () => {
        const page = (await db.execute(sql`select uid, embarcador_uid, codigo, nome, ativo, criado_em, atualizado_em
          from centros_custo where embarcador_uid = ${embarcadorUid} ${filtro}
          order by nome asc, uid asc limit ${Number(q.pps)} offset ${offset}`)) as unknown as { rows: { uid: string; total?: unknown }[] };
        let total = offset + page.rows.length;
        if (page.rows.length === Number(q.pps) || (page.rows.length === 0 && offset > 0)) {
          const c = (await db.execute(sql`select count(*) as n from centros_custo where embarcador_uid = ${embarcadorUid} ${filtro}`)) as unknown as { rows: { n: unknown }[] };
          total = Number(c.rows[0]?.n ?? 0);
        }
        for (const r of page.rows) r.total = total;
        return page;
      };
      const viaListar = () => listar(db, centrosCustoResource, ctx, { ...q });

      // Same answer three ways, or the comparison means nothing.
      const check = (await listar(db, centrosCustoResource, ctx, { ...q })) as { data: { uid: string }[]; totalRecords: number };
      const rawRows = ((await raw()) as unknown as { rows: { uid: string; total: unknown }[] }).rows;
      const http = await fetch(url, { headers: { cookie } }).then(
        (r) => r.json() as Promise<{ data: { data: { uid: string }[]; totalRecords: number } }>,
      );
      const same =
        JSON.stringify(check.data.map((r) => r.uid)) === JSON.stringify(rawRows.map((r) => r.uid)) &&
        JSON.stringify(check.data.map((r) => r.uid)) === JSON.stringify(http.data.data.map((r) => r.uid)) &&
        check.totalRecords === Number(rawRows[0]?.total) &&
        check.totalRecords === http.data.totalRecords;

      // Interleaved (SQL, listar, HTTP, SQL, ...): on a busy machine the three see the same load.
      await timeCalls(raw, 2); // warm-up
      await httpLatencies(url, cookie, 2);
      const probe = stats(await timeCalls(raw, 3)).p50;
      const n = Math.max(MIN_SAMPLES, Math.min(2000, Math.round(TARGET_MS / Math.max(probe, 0.05))));
      const rawMs: number[] = [];
      const listarMs: number[] = [];
      const h = { ms: [] as number[], errors: 0, non2xx: 0 };
      for (let i = 0; i < n; i++) {
        rawMs.push(...(await timeCalls(raw, 1)));
        listarMs.push(...(await timeCalls(viaListar, 1)));
        const one = await httpLatencies(url, cookie, 1);
        h.ms.push(...one.ms);
        h.errors += one.errors;
        h.non2xx += one.non2xx;
      }
      const rawStats = stats(rawMs);
      const listarStats = stats(listarMs);
      const httpStats = stats(h.ms);
      const note = `${check.totalRecords.toLocaleString('pt-BR')} registros no filtro${same ? '' : '; ATENÇÃO: respostas diferentes entre HTTP, listar e SQL'}${h.errors || h.non2xx ? `; ${h.errors} erros, ${h.non2xx} não-2xx` : ''}`;
      const row = (kind: string, st: ReturnType<typeof stats>, ratio?: number, extra?: string): Result => ({
        name: `centros-custo 100k: ${s.name} — ${kind}`,
        opsPerSec: round(st.opsPerSec, 1),
        p50Ms: round(st.p50, 3),
        p95Ms: round(st.p95, 3),
        samples: st.n,
        ...(ratio !== undefined ? { ratio: round(ratio, 2) } : {}),
        note: extra ?? note,
      });
      results.push(row('SQL direto (db.execute)', rawStats));
      results.push(row('listar() do framework', listarStats, listarStats.p50 / rawStats.p50, `${note}; ratio = listar/SQL (p50)`));
      results.push(row('HTTP (autocannon, 1 conexão)', httpStats, httpStats.p50 / rawStats.p50, `${note}; ratio = HTTP/SQL (p50)`));
      log(
        `  ${s.name}: SQL p50 ${rawStats.p50.toFixed(2)} ms, listar ${listarStats.p50.toFixed(2)} ms, HTTP ${httpStats.p50.toFixed(2)} ms (n=${n})`,
      );
    }

    // Throughput under concurrency (PostgreSQL only: PGlite answers one query at a time, so more
    // connections only queue), the cheapest and the most expensive page.
    for (const s of database.kind === 'postgres' ? [scenarios[0], scenarios[3]] : []) {
      const qs = new URLSearchParams(Object.entries(s.query).map(([k, v]) => [k, String(v)])).toString();
      const r = await httpThroughput(`${address}/api/v1/centros-custo?${qs}`, cookie, 3, 8);
      results.push({
        name: `centros-custo 100k: ${s.name} — HTTP, 8 conexões, 3 s`,
        opsPerSec: round(r.rps, 1),
        p50Ms: r.p50,
        note: `p97.5 ${r.p97_5} ms; pool de ${process.env.PG_POOL_MAX ?? 10} conexões`,
      });
    }
    log(`  lista concluída em ${Math.round((performance.now() - t0) / 1000)} s`);
    return { results, database: label };
  } finally {
    await app?.close();
    await close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

type ModuleRow = {
  name: string;
  opsPerSec?: number;
  ratio?: number;
  note?: string;
  p50?: number;
  p95?: number;
  p50Ms?: number;
  p95Ms?: number;
};

/**
 * The other benchmarks of bench/: every exported `bench*()` of bench/*.ts (bench/engine.ts's
 * benchEngine() first). A missing engine.ts is skipped; a failing module is reported, not fatal.
 * BENCH_ONLY=lista,engine,pessoas picks what runs.
 */
async function benchModules(log: (s: string) => void): Promise<Result[]> {
  const files = readdirSync(here)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && f !== 'run.ts')
    .sort((a, b) => (a === 'engine.ts' ? -1 : b === 'engine.ts' ? 1 : a.localeCompare(b)));
  if (!files.includes('engine.ts')) log('bench/engine.ts não existe: benchmark do motor de frete ignorado');
  const out: Result[] = [];
  for (const file of files) {
    const mod = file.replace(/\.ts$/, '');
    if (!wanted(mod)) continue;
    let exported: Record<string, unknown>;
    try {
      exported = await import(`./${file}`);
    } catch (err) {
      log(`bench/${file} não carregou: ${(err as Error).message}`);
      out.push({ name: `${mod}: não carregou`, opsPerSec: 0, note: String((err as Error).message).slice(0, 300) });
      continue;
    }
    for (const [fn, value] of Object.entries(exported)) {
      if (!/^bench[A-Z]/.test(fn) || typeof value !== 'function') continue;
      const t0 = performance.now();
      try {
        const rows = (await (value as () => Promise<ModuleRow[]>)()) ?? [];
        for (const r of rows) {
          out.push({
            name: `${mod}: ${r.name}`,
            opsPerSec: r.opsPerSec ?? (r.p50 || r.p50Ms ? round(1000 / (r.p50Ms ?? r.p50 ?? 1), 1) : 0),
            ...(r.ratio !== undefined ? { ratio: r.ratio } : {}),
            ...((r.p50Ms ?? r.p50) !== undefined ? { p50Ms: r.p50Ms ?? r.p50 } : {}),
            ...((r.p95Ms ?? r.p95) !== undefined ? { p95Ms: r.p95Ms ?? r.p95 } : {}),
            ...(r.note ? { note: r.opsPerSec === undefined ? `${r.note}; ops/s = 1000/p50` : r.note } : {}),
          });
        }
        log(`bench/${file} ${fn}(): ${rows.length} resultados em ${Math.round((performance.now() - t0) / 1000)} s`);
      } catch (err) {
        log(`bench/${file} ${fn}() falhou: ${(err as Error).stack ?? err}`);
        out.push({ name: `${mod}: ${fn}() falhou`, opsPerSec: 0, note: String((err as Error).message ?? err).slice(0, 300) });
      }
    }
  }
  return out;
}

const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((x) => x.trim())
  .filter(Boolean);
const wanted = (name: string) => !only.length || only.includes(name);

function printTable(results: Result[]) {
  const head = ['benchmark', 'ops/s', 'p50 ms', 'p95 ms', 'ratio', 'n'];
  const rows = results.map((r) => [
    r.name,
    r.opsPerSec.toLocaleString('pt-BR', { maximumFractionDigits: 1 }),
    r.p50Ms?.toFixed(2) ?? '',
    r.p95Ms?.toFixed(2) ?? '',
    r.ratio?.toFixed(2) ?? '',
    r.samples?.toString() ?? '',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of rows) console.log(line(r));
  const notes = results.filter((r) => r.note);
  if (notes.length) {
    console.log('\nnotas:');
    for (const r of notes) console.log(`  ${r.name}: ${r.note}`);
  }
}

async function main() {
  const started = new Date();
  const t0 = performance.now();
  const log = (s: string) => console.log(`[bench ${Math.round((performance.now() - t0) / 1000)}s] ${s}`);
  const cpus = os.cpus();
  const machine = {
    cpuModel: cpus[0]?.model ?? 'desconhecido',
    cpuCount: cpus.length,
    totalMemoryGB: round(os.totalmem() / 1024 ** 3, 1),
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    loadAverage: os.loadavg().map((x) => round(x, 2)),
    date: started.toISOString(),
  };
  log(`${machine.cpuModel} x${machine.cpuCount}, ${machine.totalMemoryGB} GB, Node ${machine.node}`);

  const list = wanted('lista') ? await benchList(log) : { results: [], database: 'não medido' };
  const others = await benchModules(log);
  const novos = [...list.results, ...others];
  // BENCH_ONLY re-measures a part: the other entries of results.json stay beside the new ones.
  const anterior = only.length && existsSync(join(here, 'results.json')) ? JSON.parse(readFileSync(join(here, 'results.json'), 'utf8')) : null;
  // A module that ran replaces every entry of its own (`<module>: …`), so a failure ("… falhou") or a
  // renamed figure of an earlier run does not outlive the run that measured it again.
  const medidos = new Set(novos.map((r) => r.name));
  const modulos = new Set(novos.map((r) => r.name.split(': ')[0]));
  const refeito = (r: Result) => medidos.has(r.name) || (r.name.includes(': ') && modulos.has(r.name.split(': ')[0]));
  const results = [...((anterior?.results ?? []) as Result[]).filter((r) => !refeito(r)), ...novos];
  const out = {
    machine,
    // The machine of the entries kept from the earlier full run.
    ...(anterior ? { previousMachine: anterior.previousMachine ?? anterior.machine } : {}),
    database: list.results.length || !anterior ? list.database : anterior.database,
    rows: ROWS,
    durationSeconds: Math.round((performance.now() - t0) / 1000),
    results,
  };
  writeFileSync(join(here, 'results.json'), `${JSON.stringify(out, null, 2)}\n`);
  printTable(results);
  log(`bench/results.json escrito (${out.durationSeconds} s)`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
