import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

// The server as production runs it (apps/server/src/main.ts) in a child process of its own, for what
// an in-process app cannot show: kill -9 in the middle of a task, the process's own memory (bench).

const RAIZ = join(import.meta.dirname, '../../../..');

export function portaLivre(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

export type ServidorFilho = { processo: ChildProcess; base: string; parar: () => Promise<void> };

/** Starts the server on `dataDir` (uploads) and `databaseUrl` (PGlite under dataDir when absent); resolves once /api/health answers. */
export async function iniciarServidorFilho(o: { dataDir: string; databaseUrl?: string; env?: Record<string, string> }): Promise<ServidorFilho> {
  const porta = await portaLivre();
  const base = `http://127.0.0.1:${porta}`;
  const processo = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: RAIZ,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(porta),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: o.dataDir,
      DATABASE_URL: o.databaseUrl ?? '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      AUTH_SECRET: 'servidor-filho-0123456789abcdef0123456789abcdef',
      ...o.env,
    },
  });
  const parar = async () => {
    if (processo.exitCode !== null || processo.signalCode) return;
    const saiu = new Promise((r) => processo.once('exit', r));
    processo.kill('SIGTERM');
    await Promise.race([saiu, new Promise((r) => setTimeout(r, 10_000))]);
    if (processo.exitCode === null && !processo.signalCode) processo.kill('SIGKILL');
  };
  for (let i = 0; ; i++) {
    if (processo.exitCode !== null) throw new Error(`o servidor saiu (código ${processo.exitCode})`);
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
    if (i > 1200) {
      await parar();
      throw new Error('o servidor não respondeu em 10 min');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { processo, base, parar };
}

/** Signs in over HTTP as the browser does (Auth.js credentials); answers the session cookie. */
export async function entrarPorHttp(base: string, login: string, senha: string) {
  const jar = new Map<string, string>();
  const guardar = (r: Response) => {
    for (const c of r.headers.getSetCookie()) {
      const [par] = c.split(';');
      const i = par.indexOf('=');
      jar.set(par.slice(0, i), par.slice(i + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const c = await fetch(`${base}/api/auth/csrf`);
  guardar(c);
  const { csrfToken } = (await c.json()) as { csrfToken: string };
  const r = await fetch(`${base}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookie() },
    body: new URLSearchParams({ csrfToken, callbackUrl: `${base}/`, json: 'true', login, senha }).toString(),
  });
  guardar(r);
  const sessao = [...jar].find(([k, v]) => k.endsWith('authjs.session-token') && v);
  if (!sessao) throw new Error(`sign-in falhou: ${r.status}`);
  return `${sessao[0]}=${sessao[1]}`;
}

/** POSTs files as multipart parts named `file`; answers the task uid. */
export async function enviarArquivos(base: string, url: string, cookie: string, arquivos: { nome: string; dados: Buffer }[]) {
  const form = new FormData();
  for (const a of arquivos) form.append('file', new Blob([new Uint8Array(a.dados)]), a.nome);
  const resp = await fetch(`${base}${url}`, { method: 'POST', body: form, headers: { cookie } });
  const corpo = (await resp.json()) as { data?: { uid: string }; message?: string };
  if (!resp.ok || !corpo.data) throw new Error(`envio: ${resp.status} ${corpo.message}`);
  return corpo.data.uid;
}
