import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';

// Debian's Chromium, headless; never a downloaded browser.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DEMO_SENHA = 'demo1234';
export const ADMIN = 'admin@demo.com.br';
export const OPERADOR = 'operador@demo.com.br';

/** The e2e run needs the built web app: the server serves apps/web/dist. */
export function assertWebBuilt() {
  const index = fileURLToPath(new URL('../../apps/web/dist/index.html', import.meta.url));
  if (!existsSync(index)) throw new Error('apps/web/dist não existe: rode `npm run build -w @fretio/web` antes dos testes e2e.');
}

let doWorker: Promise<Browser> | undefined;

/**
 * This worker's Chromium, started on first use and shared by the worker's test files: the e2e project runs
 * without isolation, so this module (and the browser) outlives each file, which then pays for contexts, not for
 * a browser start. Each test gets fresh contexts (setup.ts). In-process, not a browser server: a download's
 * path() only exists on a local browser. A crashed browser is started again by the next file; Playwright
 * closes it when the worker exits.
 */
export function browserDoWorker(): Promise<Browser> {
  if (!doWorker) {
    assertWebBuilt();
    const p = chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    const esquecer = () => {
      if (doWorker === p) doWorker = undefined;
    };
    p.then((b) => b.on('disconnected', esquecer), esquecer);
    doWorker = p;
  }
  return doWorker;
}

export async function newPage(browser: Browser, baseURL: string, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 800 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  // Generous: every wait is for a state, so the limit only matters when something is really wrong,
  // and a loaded machine can take seconds to render a drawer.
  page.setDefaultTimeout(30_000);
  return { context, page };
}

/** Signs in through the real sign-in page and waits for the shell: for the tests of signing in itself. */
export async function signIn(page: Page, login: string, senha = DEMO_SENHA) {
  await page.goto('/login');
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Senha').fill(senha);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('button', { name: 'Menu do usuário' }).waitFor({ state: 'visible' });
}

/**
 * Signs in without the sign-in page: the next-auth client's credentials flow (csrf, then the callback
 * with the token) through the page's own request context, so the session cookie lands in the browser
 * context; then opens the app and waits for the shell, as signIn does. For every journey whose subject
 * is not the sign-in itself (those keep signIn).
 */
export async function entrar(page: Page, login: string, senha = DEMO_SENHA) {
  const request = page.context().request;
  const csrf = await request.get('/api/auth/csrf');
  if (!csrf.ok()) throw new Error(`GET /api/auth/csrf → ${csrf.status()}`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await request.post('/api/auth/callback/credentials', {
    headers: { 'X-Auth-Return-Redirect': '1' },
    form: { csrfToken, callbackUrl: new URL('/', csrf.url()).href, json: 'true', login, senha },
    maxRedirects: 0,
  });
  const cookies = await page.context().cookies();
  if (!cookies.some((c) => c.name.endsWith('authjs.session-token') && c.value)) {
    throw new Error(`entrar(${login}): sem cookie de sessão (${res.status()} ${await res.text()})`);
  }
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu do usuário' }).waitFor({ state: 'visible' });
}
