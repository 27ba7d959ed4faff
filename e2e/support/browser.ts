import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, type BrowserServer, type Page, chromium } from 'playwright-core';
import { inject } from 'vitest';

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

/** One Chromium for the whole browser run (global-setup.ts launches it; test files connect to it), so a
 * file pays for a connection (milliseconds), not for a browser start. */
export async function launchServer(): Promise<BrowserServer> {
  assertWebBuilt();
  return chromium.launchServer({ executablePath: CHROMIUM, args: ARGS });
}

/** This worker's connection to the run's Chromium; each file gets its own and closes it (its contexts go with it). */
export async function connect(): Promise<Browser> {
  return chromium.connect(inject('fretioE2eChromium'));
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
