// The first load of the sign-in page: the JavaScript and CSS the built index.html loads before any
// lazy route (its scripts, module preloads and their static imports), raw, gzip and brotli; then the
// first signed-in screen (the dashboard): the signed-in app chunk with its static imports, in all and
// beyond what the sign-in page already loaded. Then both pages in Chromium (/usr/bin/chromium through
// playwright-core, a fresh browser context each time, so nothing cached): first paint and first
// contentful paint (PerformanceObserver 'paint' entries), the moment the page shows its content, and the
// JavaScript actually transferred (compressed, as served). Builds the web first (apps/web/dist);
// `npm run bench` keeps the numbers in bench/results.json. Goal of issue 8: ≤ 250 KB gzip of JS on the
// sign-in page, first paint < 1 s on loopback. BENCH_SEM_BROWSER=1 skips Chromium.
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { type Page, chromium } from 'playwright-core';
import { buildApp } from '../apps/server/src/app.ts';
import { seedDemo } from '../apps/server/src/db/seed/demo.ts';
import { abrir } from './carga.ts';

const raiz = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(raiz, 'apps/web/dist');

/** Files the page loads at once: index.html's scripts/styles/preloads and, recursively, the static imports of each script. */
export function arquivosDaPrimeiraCarga(html: string, ler: (arquivo: string) => string): string[] {
  return comImportacoes([...html.matchAll(/(?:src|href)="\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1]), ler);
}

/** The files and, recursively, the static imports of each script. */
export function comImportacoes(inicio: string[], ler: (arquivo: string) => string): string[] {
  const vistos = new Set<string>();
  const fila = [...inicio];
  while (fila.length) {
    const a = fila.shift() as string;
    if (vistos.has(a)) continue;
    vistos.add(a);
    if (!a.endsWith('.js')) continue;
    // Static imports only (`import "./x.js"`, `from "./x.js"`); `import("./x.js")` is a lazy route.
    for (const m of ler(a).matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) fila.push(posix.join(posix.dirname(a), m[1]));
  }
  return [...vistos];
}

const kb = (n: number) => Math.round(n / 102.4) / 10;

/** A free TCP port: the app's publicUrl must be the origin the browser uses (cookies, origin check). */
function portaLivre(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

type Medida = { fp: number; fcp: number; pronto: number; jsKb: number; nJs: number };

/** Paint entries, the time `pronto` became visible and the JS the page transferred so far. */
async function medirPagina(page: Page, pronto: () => Promise<unknown>): Promise<Medida> {
  await pronto();
  const prontoEm = await page.evaluate(() => performance.now());
  // A string, not a function: tsx's esbuild would wrap named inner functions in a __name() the page lacks.
  return page.evaluate(`(async () => {
    const pinturas = await new Promise((resolve) => {
      const vistas = [];
      new PerformanceObserver((l) => {
        vistas.push(...l.getEntries());
        if (vistas.some((e) => e.name === 'first-contentful-paint')) resolve(vistas);
      }).observe({ type: 'paint', buffered: true });
      setTimeout(() => resolve(vistas), 5000);
    });
    const t = (nome) => Math.round(pinturas.find((e) => e.name === nome)?.startTime ?? -1);
    const js = performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.js'));
    return {
      fp: t('first-paint'),
      fcp: t('first-contentful-paint'),
      pronto: ${Math.round(prontoEm)},
      jsKb: Math.round(js.reduce((s, r) => s + r.encodedBodySize, 0) / 102.4) / 10,
      nJs: js.length,
    };
  })()`);
}

/**
 * Signs in through the page and waits for the signed-in shell. The wait is for the sign-in's own answer
 * first, then for the page to leave /login: a failure says which step did not happen (and the page's
 * alert) instead of only timing out on the shell's user menu.
 */
async function entrarPelaPagina(page: Page) {
  const login = page.getByLabel('Login');
  const senha = page.getByLabel('Senha');
  await login.fill('admin@demo.com.br');
  await senha.fill('demo1234');
  // A lazy page that re-rendered after the typing (a loaded machine) may have lost it: typed again.
  if ((await login.inputValue()) !== 'admin@demo.com.br') await login.fill('admin@demo.com.br');
  if ((await senha.inputValue()) !== 'demo1234') await senha.fill('demo1234');
  const resposta = page.waitForResponse((r) => r.url().includes('/api/auth/callback/credentials'));
  await page.getByRole('button', { name: 'Entrar' }).click();
  const r = await resposta.catch(() => null);
  if (!r) throw new Error('o clique em Entrar não enviou o login (nenhuma resposta de /api/auth/callback/credentials)');
  try {
    await page.waitForURL((u) => u.pathname !== '/login');
    await page.getByRole('button', { name: 'Menu do usuário' }).waitFor();
  } catch (e) {
    const alerta = await page.getByRole('alert').allInnerTexts().catch(() => []);
    throw new Error(`login respondeu ${r.status()}, página em ${page.url()}${alerta.length ? ` com o aviso "${alerta.join(' ')}"` : ''}: ${(e as Error).message.split('\n')[0]}`);
  }
}

/** First paint of a one-line page in the same browser: the floor of this machine at this moment (the ratio's base). */
async function pinturaDeBase(browser: import('playwright-core').Browser): Promise<number> {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await ctx.newPage();
  await page.goto('data:text/html,<!doctype html><h1>Fretio</h1>');
  const m = await medirPagina(page, () => page.getByRole('heading', { name: 'Fretio' }).waitFor());
  await ctx.close();
  return m.fp;
}

const mediana = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];

/** Sign-in page and dashboard in Chromium, `n` cold loads of each (a new context: empty cache). */
async function noNavegador(n: number): Promise<{ entrada: Medida; painel: Medida; base: number }> {
  const { database, fechar } = await abrir();
  const dir = mkdtempSync(join(os.tmpdir(), 'fretio-primeira-carga-'));
  const porta = await portaLivre();
  const base = `http://127.0.0.1:${porta}`;
  const app = await buildApp({
    database,
    config: { logLevel: 'silent', dataDir: dir, seedDemo: false, databaseUrl: undefined, smtpUrl: undefined, port: porta, host: '127.0.0.1', publicUrl: base },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    await seedDemo(database.db);
    await app.listen({ port: porta, host: '127.0.0.1' });
    const entrada: Medida[] = [];
    const painel: Medida[] = [];
    const bases: number[] = [];
    for (let i = 0; i < n; i++) {
      bases.push(await pinturaDeBase(browser));
      const context = await browser.newContext({ baseURL: base, viewport: { width: 1366, height: 768 }, locale: 'pt-BR' });
      const page = await context.newPage();
      page.on('pageerror', (e) => console.error('erro na página:', e.message));
      page.setDefaultTimeout(60_000);
      await page.goto('/login');
      entrada.push(await medirPagina(page, () => page.getByRole('button', { name: 'Entrar' }).waitFor()));
      await entrarPelaPagina(page);
      // The dashboard loaded on its own (signed in, nothing of the app in the cache: a new context with the cookie only).
      const cookies = await context.cookies();
      const ctx2 = await browser.newContext({ baseURL: base, viewport: { width: 1366, height: 768 }, locale: 'pt-BR' });
      await ctx2.addCookies(cookies);
      const p2 = await ctx2.newPage();
      p2.setDefaultTimeout(60_000);
      await p2.goto('/');
      painel.push(await medirPagina(p2, () => p2.getByRole('heading', { name: /^Olá/ }).waitFor()));
      await ctx2.close();
      await context.close();
    }
    const med = (ms: Medida[]): Medida => ({
      fp: mediana(ms.map((m) => m.fp)),
      fcp: mediana(ms.map((m) => m.fcp)),
      pronto: mediana(ms.map((m) => m.pronto)),
      jsKb: mediana(ms.map((m) => m.jsKb)),
      nJs: mediana(ms.map((m) => m.nJs)),
    });
    return { entrada: med(entrada), painel: med(painel), base: mediana(bases) };
  } finally {
    await browser.close();
    await app.close();
    await fechar();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchPrimeiraCarga() {
  if (process.env.BENCH_SEM_BUILD !== '1') execSync('npm run build -w @fretio/web', { cwd: raiz, stdio: 'ignore' });
  const ler = (a: string) => readFileSync(join(dist, a), 'utf8');
  const arquivos = arquivosDaPrimeiraCarga(ler('index.html'), ler);
  // The signed-in app: the lazy chunk of routes.tsx's '/*' route (app/aplicacao.tsx) and its static imports.
  const aplicacao = readdirSync(join(dist, 'assets')).find((f) => /^aplicacao-.*\.js$/.test(f));
  if (!aplicacao) throw new Error('apps/web/dist não tem o chunk aplicacao-*.js');
  const doPainel = comImportacoes([`assets/${aplicacao}`], ler);
  const alemDaEntrada = doPainel.filter((a) => !arquivos.includes(a));
  const medir = (tipo: string, lista = arquivos) => {
    const bufs = lista.filter((a) => a.endsWith(tipo)).map((a) => readFileSync(join(dist, a)));
    return {
      n: bufs.length,
      bruto: kb(bufs.reduce((s, b) => s + b.length, 0)),
      gzip: kb(bufs.reduce((s, b) => s + gzipSync(b, { level: 9 }).length, 0)),
      brotli: kb(bufs.reduce((s, b) => s + brotliCompressSync(b).length, 0)),
    };
  };
  const js = medir('.js');
  const css = medir('.css');
  const linhas: { name: string; opsPerSec: number; ratio?: number; note: string }[] = [
    { name: 'página de entrada: JS (KB gzip)', opsPerSec: js.gzip, note: `${js.n} arquivos; ${js.bruto} KB sem compressão, ${js.gzip} KB gzip, ${js.brotli} KB brotli (meta: ≤ 250 KB gzip)` },
    { name: 'página de entrada: CSS (KB gzip)', opsPerSec: css.gzip, note: `${css.n} arquivos; ${css.bruto} KB sem compressão, ${css.gzip} KB gzip` },
  ];
  const painel = medir('.js', [...new Set([...arquivos.filter((a) => a.endsWith('.js')), ...doPainel])]);
  const depois = medir('.js', alemDaEntrada);
  linhas.push(
    { name: 'primeira tela após a entrada (painel): JS (KB gzip)', opsPerSec: painel.gzip, note: `${painel.n} arquivos ao todo; ${painel.bruto} KB sem compressão, ${painel.gzip} KB gzip, ${painel.brotli} KB brotli` },
    { name: 'primeira tela após a entrada (painel): JS além da entrada (KB gzip)', opsPerSec: depois.gzip, note: `${depois.n} arquivos baixados após entrar; ${depois.bruto} KB sem compressão, ${depois.gzip} KB gzip (antes da divisão por módulo, mesma medida: 437 KB gzip em 5 arquivos)` },
  );
  if (process.env.BENCH_SEM_BROWSER !== '1' && existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
    const n = Number(process.env.BENCH_PRIMEIRA_CARGA_N ?? 5);
    const carga = os.loadavg().map((l) => l.toFixed(1)).join(' / ');
    const { entrada, painel: p, base } = await noNavegador(n);
    const nota = (m: Medida, pronto: string) =>
      `Chromium, loopback, cache vazio, mediana de ${n}: first-paint ${m.fp} ms, first-contentful-paint ${m.fcp} ms, ${pronto} em ${m.pronto} ms; ${m.nJs} arquivos JS, ${m.jsKb} KB recebidos (como o servidor os envia); base (página de uma linha, mesma execução) ${base} ms, ratio = medida/base; carga ${carga} (1/5/15 min) ao começar`;
    const razao = (ms: number) => (base > 0 ? Math.round((ms / base) * 100) / 100 : undefined);
    linhas.push(
      { name: 'página de entrada: first paint (ms)', opsPerSec: entrada.fp, ratio: razao(entrada.fp), note: nota(entrada, 'botão Entrar') },
      { name: 'página de entrada: first contentful paint (ms)', opsPerSec: entrada.fcp, ratio: razao(entrada.fcp), note: nota(entrada, 'botão Entrar') },
      { name: 'painel (primeira tela após a entrada): first paint (ms)', opsPerSec: p.fp, ratio: razao(p.fp), note: nota(p, '"Olá, …" visível') },
      { name: 'painel (primeira tela após a entrada): first contentful paint (ms)', opsPerSec: p.fcp, ratio: razao(p.fcp), note: nota(p, '"Olá, …" visível') },
    );
  }
  for (const l of linhas) console.log(`primeira carga: ${l.name}: ${l.note}`);
  return linhas;
}
