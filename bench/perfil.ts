// Where a request's time goes (issue 7, fault 4): with 100,000 people in the tenant, the pieces of
// GET /api/v1/pessoas?pc=1&pps=10 and POST /api/v1/centros-custo timed one at a time (one caller,
// median of 40): the session decode, the list's page and count statements, and the whole requests.
// PGlite always; PostgreSQL too with BENCH_DATABASE_URL. BENCH_ONLY=perfil runs it alone.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { decode } from '../apps/server/node_modules/@auth/core/jwt.js';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { seedDemo } from '../apps/server/src/db/seed/demo.ts';
import { signIn } from '../apps/server/test/support/http.ts';
import { abrir } from './carga.ts';
import { INSERT } from './pessoas.ts';

type Linha = { name: string; p50: number; p95: number; note?: string };

async function perfil(url?: string): Promise<Linha[]> {
  const { database, rotulo, fechar } = await abrir(url);
  const dir = mkdtempSync(join(os.tmpdir(), 'fretio-perfil-'));
  const app = await buildApp({
    database,
    config: { logLevel: 'silent', dataDir: dir, seedDemo: false, databaseUrl: undefined, smtpUrl: undefined, webDist: join(dir, 'sem-web') },
  });
  const out: Linha[] = [];
  try {
    const db = database.db;
    await seedDemo(db);
    const { rows } = (await db.execute(sql`select uid from embarcadores where cnpj = '11222333000181'`)) as unknown as { rows: { uid: string }[] };
    const tenant = rows[0].uid;
    await db.execute(INSERT(tenant, 100_000));
    await db.execute(sql`vacuum analyze`);
    const cookie = await signIn(app, 'admin@demo.com.br', 'demo1234');
    const [nomeCookie, token] = cookie.split('=');
    const medir = async (nome: string, f: () => Promise<unknown>, n = 40) => {
      await f();
      const ms: number[] = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        await f();
        ms.push(performance.now() - t0);
      }
      ms.sort((a, b) => a - b);
      out.push({ name: `${nome} — ${rotulo}`, p50: Math.round(ms[n / 2] * 100) / 100, p95: Math.round(ms[Math.ceil(n * 0.95) - 1] * 100) / 100 });
    };
    const where = sql`p.embarcador_uid = ${tenant}`;
    await medir('decifrar o cookie de sessão (JWE, sem cache)', () => decode({ token, secret: app.config.authSecret, salt: nomeCookie }));
    await medir('SQL: página (top-10 por nome)', () =>
      db.execute(sql`select p.*, m.nome from pessoas p left join municipios m on m.ibge = p.municipio_ibge where ${where} order by p.nome, p.uid limit 10`),
    );
    await medir('SQL: count(*) das 100 mil pessoas do inquilino', () =>
      db.execute(sql`select count(*) from pessoas p left join municipios m on m.ibge = p.municipio_ibge where ${where}`),
    );
    await medir('HTTP GET /api/health', () => app.inject({ method: 'GET', url: '/api/health' }));
    await medir('HTTP GET centros-custo?pps=5', () => app.inject({ method: 'GET', url: '/api/v1/centros-custo?pps=5', headers: { cookie } }));
    await medir('HTTP GET pessoas?pc=1&pps=10', () => app.inject({ method: 'GET', url: '/api/v1/pessoas?pc=1&pps=10', headers: { cookie } }));
    let n = 0;
    await medir('HTTP POST centros-custo (transação + auditoria)', () =>
      app.inject({ method: 'POST', url: '/api/v1/centros-custo', headers: { cookie, 'content-type': 'application/json' }, payload: { codigo: `PF${n++}`, nome: `Perfil ${n}` } }),
    );
    for (const l of out) l.note = `1 chamador, mediana de 40; carga da máquina ${os.loadavg()[0].toFixed(1)}`;
    return out;
  } finally {
    await app.close();
    await fechar();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchPerfil(): Promise<Linha[]> {
  const out: Linha[] = [];
  if (process.env.BENCH_DATABASE_URL) out.push(...(await perfil(process.env.BENCH_DATABASE_URL)));
  out.push(...(await perfil()));
  for (const l of out) console.log(`perfil: ${l.name}: p50 ${l.p50} ms, p95 ${l.p95} ms`);
  return out;
}
