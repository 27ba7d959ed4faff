// `npm start`: builds the web app when it is missing or older than its sources, then runs the server
// (migrations and demo seed happen at server start-up).
import { spawnSync, spawn } from 'node:child_process';
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
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => server.kill(s));
server.on('exit', (code) => process.exit(code ?? 0));
