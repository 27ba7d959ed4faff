import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import type { Config } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/db/seed/demo.ts';
import { adminClient, createDatabase, databaseUrlFor, dropDatabase } from '../apps/server/test/support/pg-admin.ts';

// A whole app on a fresh embedded database with the demo data, for one benchmark; `close` removes it.
export type BenchApp = { app: FastifyInstance; embarcadorUid: string; close: () => Promise<void> };

/** `config`: overrides of the app's configuration (e.g. uploadMaxBytes). `postgres`: a server URL (BENCH_DATABASE_URL)
 * on which a throwaway database is created (and dropped by `close`) instead of the embedded one. */
export async function startBenchApp(nome: string, config: Partial<Config> = {}, opts: { postgres?: string } = {}): Promise<BenchApp> {
  const dir = mkdtempSync(join(tmpdir(), `fretio-bench-${nome}-`));
  const banco = opts.postgres ? `fretio_bench_${nome.replace(/\W/g, '')}_${Math.random().toString(16).slice(2, 10)}` : null;
  if (opts.postgres && banco) {
    const a = await adminClient(opts.postgres);
    await createDatabase(a, banco);
    await a.end();
  }
  const database = opts.postgres && banco ? await openDatabase({ databaseUrl: databaseUrlFor(opts.postgres, banco), migrate: true }) : await openDatabase({ dataDir: dir });
  const app = await buildApp({
    database,
    config: {
      dataDir: dir,
      logLevel: 'silent',
      seedDemo: false,
      databaseUrl: undefined,
      smtpUrl: undefined,
      authSecret: 'bench-secret-0123456789abcdef0123456789abcdef',
      webDist: join(dir, 'sem-web'),
      ...config,
    },
  });
  const close = async () => {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
    if (opts.postgres && banco) {
      const a = await adminClient(opts.postgres);
      await dropDatabase(a, banco).catch(() => undefined);
      await a.end();
    }
  };
  try {
    await seedDemo(app.db);
    const demo = (await app.db.execute(sql`select uid from embarcadores where cnpj = '11222333000181'`)) as unknown as {
      rows: { uid: string }[];
    };
    return { app, embarcadorUid: demo.rows[0].uid, close };
  } catch (e) {
    await close();
    throw e;
  }
}
