import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { gravarCopiasPglite } from './support/pglite-copia.ts';
import { adminClient, createDatabase, databaseUrlFor, dropDatabase, PG_TEMPLATE, PG_TEMPLATE_DEMO } from './support/pg-admin.ts';

// Runs once per `vitest run` of the server project: migrates ONE database and keeps it as a
// template, so every test file starts from a copy instead of running the migrations again.
//  - PGlite (default): two data-directory dumps in a temp dir (migrated; migrated + demo seed).
//  - PostgreSQL (TEST_DATABASE_URL): two template databases, copied with CREATE DATABASE ... TEMPLATE.

export type TestDbInfo =
  | { kind: 'pglite'; migrated: string; demo: string; setupMs: number }
  | { kind: 'postgres'; url: string; template: string; demoTemplate: string; setupMs: number };

declare module 'vitest' {
  export interface ProvidedContext {
    fretioTestDb: TestDbInfo;
  }
}

export default async function setup(project: TestProject) {
  const t0 = performance.now();
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = await adminClient(url);
    try {
      // Leftovers of an interrupted run (its teardown never ran).
      const { rows } = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like 'fretio\\_t\\_%' or datname in ($1, $2)",
        [PG_TEMPLATE, PG_TEMPLATE_DEMO],
      );
      for (const r of rows) await dropDatabase(admin, r.datname, { waitMs: 0 });
      await createDatabase(admin, PG_TEMPLATE);
      const migrated = await openDatabase({ databaseUrl: databaseUrlFor(url, PG_TEMPLATE), migrate: true });
      await migrated.close();
      await createDatabase(admin, PG_TEMPLATE_DEMO, PG_TEMPLATE);
      const demo = await openDatabase({ databaseUrl: databaseUrlFor(url, PG_TEMPLATE_DEMO), migrate: false });
      await seedDemo(demo.db);
      await demo.close();
    } finally {
      await admin.end();
    }
    const setupMs = Math.round(performance.now() - t0);
    project.provide('fretioTestDb', { kind: 'postgres', url, template: PG_TEMPLATE, demoTemplate: PG_TEMPLATE_DEMO, setupMs });
    return async () => {
      const a = await adminClient(url);
      try {
        await dropDatabase(a, PG_TEMPLATE_DEMO);
        await dropDatabase(a, PG_TEMPLATE);
      } finally {
        await a.end();
      }
    };
  }

  const dir = await mkdtemp(join(tmpdir(), 'fretio-test-snap-'));
  const { migrated, demo } = await gravarCopiasPglite(dir);
  const setupMs = Math.round(performance.now() - t0);
  project.provide('fretioTestDb', { kind: 'pglite', migrated, demo, setupMs });
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
