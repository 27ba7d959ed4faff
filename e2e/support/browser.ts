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

export async function launch(): Promise<Browser> {
  assertWebBuilt();
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

export async function newPage(browser: Browser, baseURL: string, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 800 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  // Generous: every wait is for a state, so the limit only matters when something is really wrong,
  // and a loaded machine can take seconds to render a drawer.
  page.setDefaultTimeout(30_000);
  return { context, page };
}

/** Signs in through the real sign-in page and waits for the shell. */
export async function signIn(page: Page, login: string, senha = DEMO_SENHA) {
  await page.goto('/login');
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Senha').fill(senha);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('button', { name: 'Menu do usuário' }).waitFor({ state: 'visible' });
}
