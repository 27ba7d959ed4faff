import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { gravarCopiasPglite } from '../../apps/server/test/support/pglite-copia.ts';
import { launchServer } from './browser.ts';

// Once per browser run: migrate and seed ONE embedded database and keep its data directory, so each
// test file's server starts from a copy (seconds) instead of running every migration again (a minute
// on a loaded machine); and start ONE Chromium, which every test file connects to (a fresh context per
// test keeps them apart) instead of starting its own.
declare module 'vitest' {
  export interface ProvidedContext {
    fretioE2eDemo: string;
    /** WebSocket endpoint of the run's Chromium (browser.ts connect()). */
    fretioE2eChromium: string;
  }
}

export default async function setup(project: TestProject) {
  const chromium = await launchServer();
  const dir = await mkdtemp(join(tmpdir(), 'fretio-e2e-snap-'));
  try {
    const { demo } = await gravarCopiasPglite(dir);
    project.provide('fretioE2eDemo', demo);
    project.provide('fretioE2eChromium', chromium.wsEndpoint());
  } catch (e) {
    await chromium.close();
    await rm(dir, { recursive: true, force: true });
    throw e;
  }
  return async () => {
    await chromium.close();
    await rm(dir, { recursive: true, force: true });
  };
}
