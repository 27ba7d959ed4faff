import { afterAll, vi } from 'vitest';
import { resourceRegistry } from '../../src/framework/register.ts';
import { fecharAppsAbertos } from './db.ts';

// The server and browser projects share one module graph between the test files of a worker (isolate: false
// in vitest.config.ts: the app is imported once per worker instead of once per file). Each file still builds
// its own app on its own database copy; what a file leaves behind outside that app is undone here, after the
// file's own afterAll hooks: an app it forgot to close (its timers would run on into the next file), spies
// on shared modules (argon2), stubbed env/globals, fake timers, process.env writes, and the entries every app
// build adds to framework/register.ts's process-wide resource list — some declarations close over their app
// (criarSolicitacoesResource(app)), so without this every app of the worker, PGlite included, stayed in
// memory (~250 MB per file; 7 GB in one worker after half the server project).
const env = { ...process.env };

afterAll(async () => {
  const abertos = await fecharAppsAbertos();
  if (abertos) console.warn(`isolamento: ${abertos} app(s) de teste não fechado(s) pelo arquivo; fechados aqui`);
  resourceRegistry.length = 0;
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  const mudou: string[] = [];
  for (const k of Object.keys(process.env)) {
    if (!(k in env)) {
      mudou.push(k);
      delete process.env[k];
    }
  }
  for (const [k, v] of Object.entries(env)) {
    if (process.env[k] !== v) {
      mudou.push(k);
      process.env[k] = v;
    }
  }
  if (mudou.length) console.warn(`isolamento: process.env restaurado (${mudou.join(', ')}); restaure no próprio teste`);
});
