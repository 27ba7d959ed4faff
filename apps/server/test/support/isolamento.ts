import { afterAll, vi } from 'vitest';
import { fecharAppsAbertos } from './db.ts';

// The server and browser projects share one module graph between the test files of a worker (isolate: false
// in vitest.config.ts: the app is imported once per worker instead of once per file). Each file still builds
// its own app on its own database copy; what a file leaves behind outside that app is undone here, after the
// file's own afterAll hooks: an app it forgot to close (its timers would run on into the next file), spies
// on shared modules (argon2), stubbed env/globals, fake timers, process.env writes. (The resource registry is
// per app — `app.recursos` — so a closed app and its PGlite leave nothing in a process-wide list.)
const env = { ...process.env };

afterAll(async () => {
  const abertos = await fecharAppsAbertos();
  if (abertos) console.warn(`isolamento: ${abertos} app(s) de teste não fechado(s) pelo arquivo; fechados aqui`);
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
