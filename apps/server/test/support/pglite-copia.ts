import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Database, createPGlite, openDatabase } from '../../src/db/client.ts';
import { seedDemo } from '../../src/db/seed/demo.ts';

// Migrating takes up to a minute; copying a migrated data directory takes seconds. The API tests
// (test/global-setup.ts) and the browser tests (e2e/support/global-setup.ts) make these copies once
// per run and open one per test file.

/** Migrates one embedded database and writes two data-directory dumps into `dir`: migrated, and + demo seed. */
export async function gravarCopiasPglite(dir: string): Promise<{ migrated: string; demo: string }> {
  const pg = await createPGlite();
  const database = await openDatabase({ pglite: pg, migrate: true });
  const migrated = join(dir, 'migrated.tar');
  await writeFile(migrated, Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer()));
  await seedDemo(database.db);
  const demo = join(dir, 'demo.tar');
  await writeFile(demo, Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  return { migrated, demo };
}

/** A fresh in-memory database from a dump written by gravarCopiasPglite. */
export async function abrirCopiaPglite(arquivo: string): Promise<Database> {
  const pglite = await createPGlite(undefined, { loadDataDir: new Blob([await readFile(arquivo)]) });
  return openDatabase({ pglite, migrate: false });
}
