import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { gravarCopiasPglite } from '../../apps/server/test/support/pglite-copia.ts';

// Once per browser run: migrate and seed ONE embedded database and keep its data directory, so each
// test file's server starts from a copy (seconds) instead of running every migration again (a minute
// on a loaded machine).
declare module 'vitest' {
  export interface ProvidedContext {
    fretioE2eDemo: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'fretio-e2e-snap-'));
  const { demo } = await gravarCopiasPglite(dir);
  project.provide('fretioE2eDemo', demo);
  return () => rm(dir, { recursive: true, force: true });
}
