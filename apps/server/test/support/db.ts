import { randomBytes } from 'node:crypto';
import dc from 'node:diagnostics_channel';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { Config } from '../../src/config.ts';
import { type Database, type Db, openDatabase } from '../../src/db/client.ts';
import { seedDemo } from '../../src/db/seed/demo.ts';
import { abrirCopiaPglite } from './pglite-copia.ts';
import { adminClient, createDatabase, databaseUrlFor, dropDatabase } from './pg-admin.ts';
import { dbKinds } from './state.ts';

// A fresh, migrated database per test file (a copy of the one global-setup.ts migrated) and the
// whole application on top of it. No database or app is shared between test files (the imported modules
// are: see isolamento.ts).

export type TestDatabase = { database: Database; kind: 'pglite' | 'postgres'; ms: number; close: () => Promise<void> };

/** A copy of the migrated template database; `seed` picks the copy that already holds the demo data. */
export async function openTestDatabase(opts: { seed?: boolean } = {}): Promise<TestDatabase> {
  const seed = opts.seed ?? true;
  const info = inject('fretioTestDb');
  if (!info) throw new Error('apps/server/test/global-setup.ts não rodou (rode pelo projeto server do vitest).');
  const t0 = performance.now();
  if (info.kind === 'pglite') {
    const database = await abrirCopiaPglite(seed ? info.demo : info.migrated);
    return { database, kind: 'pglite', ms: performance.now() - t0, close: () => database.close() };
  }
  const name = `fretio_t_${randomBytes(6).toString('hex')}`;
  const admin = await adminClient(info.url);
  try {
    await createDatabase(admin, name, seed ? info.demoTemplate : info.template);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ databaseUrl: databaseUrlFor(info.url, name), migrate: false });
  return {
    database,
    kind: 'postgres',
    ms: performance.now() - t0,
    close: async () => {
      await database.close();
      const a = await adminClient(info.url);
      try {
        await dropDatabase(a, name);
      } finally {
        await a.end();
      }
    },
  };
}

/** One method + URL of the route table, with what the route declared. */
export type RouteInfo = {
  method: string;
  url: string;
  config: { public?: boolean; permission?: [string, string] } & Record<string, unknown>;
  schema: { body?: unknown; params?: unknown; querystring?: unknown } & Record<string, unknown>;
};

// Every Fastify instance announces itself on this channel (APM hook); we add an onRoute hook to
// it before any route exists, so the test sees exactly the table the server built.
const routeTables = new WeakMap<object, RouteInfo[]>();
function onFastifyInit(message: unknown) {
  const fastify = (message as { fastify: FastifyInstance }).fastify;
  const list: RouteInfo[] = [];
  routeTables.set(fastify, list);
  fastify.addHook('onRoute', (r: RouteOptions) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    for (const method of methods) {
      list.push({
        method: String(method).toUpperCase(),
        url: r.url,
        config: (r.config ?? {}) as RouteInfo['config'],
        schema: (r.schema ?? {}) as RouteInfo['schema'],
      });
    }
  });
}

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  database: Database;
  kind: 'pglite' | 'postgres';
  /** Every route the app registered (HEAD duplicates left out). */
  routes: RouteInfo[];
  /** Milliseconds: copying the database, building the app. */
  timings: { db: number; app: number };
  close: () => Promise<void>;
};

/** Apps not closed yet; isolamento.ts closes what a test file left open before the next file runs. */
const abertos = new Set<TestApp>();
export async function fecharAppsAbertos(): Promise<number> {
  const restantes = [...abertos];
  await Promise.all(restantes.map((t) => t.close().catch(() => undefined)));
  return restantes.length;
}

export const TEST_AUTH_SECRET = 'fretio-test-secret-0123456789abcdef0123456789abcdef';

export async function createTestApp(opts: { seed?: boolean; config?: Partial<Config> } = {}): Promise<TestApp> {
  const seed = opts.seed ?? true;
  const testDb = await openTestDatabase({ seed });
  const dataDir = mkdtempSync(join(tmpdir(), 'fretio-test-data-'));
  const t0 = performance.now();
  const channel = dc.channel('fastify.initialization');
  channel.subscribe(onFastifyInit);
  let app: FastifyInstance;
  try {
    app = await buildApp({
      database: testDb.database,
      config: {
        logLevel: 'silent',
        dataDir,
        databaseUrl: undefined,
        smtpUrl: undefined,
        seedDemo: false,
        production: false,
        authSecret: TEST_AUTH_SECRET,
        publicUrl: 'http://localhost:3000',
        webDist: join(dataDir, 'sem-web'),
        // Background schedulers (framework/agenda.ts) stay off: a test calls the job itself, or asks for them.
        agendadores: false,
        ...opts.config,
      },
    });
    await app.ready();
  } catch (err) {
    await testDb.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  } finally {
    channel.unsubscribe(onFastifyInit);
  }
  const routes = (routeTables.get(app) ?? []).filter((r) => r.method !== 'HEAD');
  const db = testDb.database.db;
  dbKinds.set(db, testDb.kind);
  // The seeded copy already holds the demo data; seedDemo is a no-op there and fills an empty copy.
  if (seed) await seedDemo(db);
  const appMs = performance.now() - t0;
  let closed = false;
  const testApp: TestApp = {
    app,
    db,
    database: testDb.database,
    kind: testDb.kind,
    routes,
    timings: { db: testDb.ms, app: appMs },
    close: async () => {
      if (closed) return;
      closed = true;
      abertos.delete(testApp);
      await app.close();
      await testDb.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  abertos.add(testApp);
  return testApp;
}
