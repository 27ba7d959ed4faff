// `npm start`: builds the web app when it is missing or older than its sources, then runs the server
// under a small supervisor: if the server process dies (out of memory, a poisoned embedded database,
// a crash) it is started again after a growing pause (1 s, 2 s, 4 s… up to 30 s; back to 1 s after a
// minute of good health). SIGINT/SIGTERM stop the server cleanly and the supervisor with it.
// Migrations and the demo seed happen at server start-up. Production: docs/OPERACAO.md.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'apps/web/dist/index.html');

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}
const sources = Math.max(newest(join(root, 'apps/web/src')), newest(join(root, 'packages/core/src')));
if (!existsSync(dist) || statSync(dist).mtimeMs < sources) {
  console.log('Construindo o front-end (apps/web)...');
  const b = spawnSync('npm', ['run', 'build', '-w', '@fretio/web'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}

const PAUSA_MAX_MS = 30_000;
const SAUDAVEL_APOS_MS = 60_000;
let pausa = 1_000;
let parando = false;
let server = null;

function iniciar() {
  const inicio = Date.now();
  server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env },
  });
  server.on('exit', (code, signal) => {
    server = null;
    if (parando) process.exit(code ?? 0);
    if (Date.now() - inicio > SAUDAVEL_APOS_MS) pausa = 1_000;
    console.error(`[supervisor] servidor encerrou (${signal ?? `código ${code}`}); reiniciando em ${pausa / 1000} s`);
    setTimeout(iniciar, pausa);
    pausa = Math.min(pausa * 2, PAUSA_MAX_MS);
  });
}

for (const s of ['SIGINT', 'SIGTERM']) {
  process.on(s, () => {
    parando = true;
    if (server) server.kill(s);
    else process.exit(0);
  });
}
iniciar();
