import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildSync } from 'esbuild';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DEMO_SENHA } from './support/browser.ts';
import { e2eSuite } from './support/setup.ts';

// The specification's client is next-auth v4 (`next-auth/react`, installed from npm as it is): a page
// bundled from e2e/support/nextauth-page.ts, served by our server (same origin, so the cookies work),
// drives providers, csrf, wrong and right sign-in, session, session update and sign-out in Chromium.
const pagina = mkdtempSync(join(tmpdir(), 'fretio-nextauth-'));

beforeAll(() => {
  // esbuild comes with the tools already installed (tsx, vite); no Next.js in the bundle: next-auth/react needs only React.
  buildSync({
    entryPoints: [fileURLToPath(new URL('./support/nextauth-page.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    outfile: join(pagina, 'app.js'),
    define: { 'process.env.NODE_ENV': '"production"' },
    // next-auth/react reads process.env.NEXTAUTH_URL; unset, it uses the relative /api/auth.
    banner: { js: 'var process = { env: {} };' },
    logLevel: 'error',
  });
  writeFileSync(join(pagina, 'index.html'), '<!doctype html><html><body><div id="root"></div><script src="/app.js"></script></body></html>');
});
afterAll(() => rmSync(pagina, { recursive: true, force: true }));

type Resultado = { ok: boolean; status: number; error: string | null; url: string | null };
type Sessao = { user?: { email?: string }; embarcadorAtivo?: string | null } | null;
type Metodo = 'getProviders' | 'getCsrfToken' | 'getSession' | 'signIn' | 'signOut' | 'update';

/** Calls window.nextAuth[metodo](...args) in the page (see e2e/support/nextauth-page.ts). */
function cliente(page: Page) {
  return <T = unknown>(metodo: Metodo, ...args: unknown[]) =>
    page.evaluate(
      ([m, a]) => (window as unknown as { nextAuth: Record<string, (...x: unknown[]) => unknown> }).nextAuth[m as string](...(a as unknown[])),
      [metodo, args] as const,
    ) as Promise<T>;
}

describe('next-auth v4 client (next-auth/react 4.24) against our server', () => {
  const suite = e2eSuite({ config: () => ({ webDist: pagina }) });

  async function abrir(): Promise<{ page: Page; erros: string[]; logs: string[] }> {
    const { page } = await suite.open();
    const erros: string[] = [];
    const logs: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') erros.push(m.text());
    });
    // next-auth's client reports its own failures (CLIENT_FETCH_ERROR...) to /api/auth/_log.
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/_log')) logs.push(r.postData() ?? '');
    });
    await page.goto('/');
    await page.locator('body[data-status="unauthenticated"]').waitFor({ state: 'attached' });
    return { page, erros, logs };
  }

  it('providers, csrf, signed-out session, wrong then right password, session, update, sign-out', async () => {
    const app = suite.server.app;
    // The admin also joins the second shipper, so the session update has somewhere to go.
    const [outro] = (
      (await app.db.execute(sql`select e.uid, p.uid as papel from embarcadores e join papeis p on p.embarcador_uid = e.uid and p.nome = 'Administrador' where e.cnpj = '45723174000110'`)) as unknown as {
        rows: { uid: string; papel: string }[];
      }
    ).rows;
    await app.db.execute(sql`insert into usuario_embarcador (usuario_uid, embarcador_uid, papel_uid) select uid, ${outro.uid}::uuid, ${outro.papel}::uuid from usuarios where login = ${ADMIN}`);

    const { page, erros, logs } = await abrir();
    const na = cliente(page);
    const providers = await na<Record<string, { id: string; type: string }>>('getProviders');
    expect(providers.credentials).toMatchObject({ id: 'credentials', type: 'credentials' });
    expect(await na<string>('getCsrfToken')).toMatch(/^[0-9a-f]{20,}$/);
    // Signed out: next-auth's server answers {} and the client reads null, with no CLIENT_FETCH_ERROR.
    expect(await na<Sessao>('getSession')).toBeNull();

    const errada: Resultado = await na<Resultado>('signIn', ADMIN, 'senha-errada');
    expect(errada).toMatchObject({ ok: false, status: 401, error: 'CredentialsSignin', url: null });
    expect(await na<Sessao>('getSession')).toBeNull();

    const certa: Resultado = await na<Resultado>('signIn', ADMIN, DEMO_SENHA);
    expect(certa).toMatchObject({ ok: true, status: 200, error: null });
    const sessao: Sessao = await na<Sessao>('getSession');
    expect(sessao?.user?.email).toBe(ADMIN);
    const inicial = sessao?.embarcadorAtivo;
    expect(inicial).toBeTruthy();
    expect(inicial).not.toBe(outro.uid);

    // SessionProvider's update() is next-auth's POST /api/auth/session: it switches the active shipper.
    await page.locator('body[data-status="authenticated"]').waitFor({ state: 'attached' });
    const atualizada: Sessao = await na<Sessao>('update', { embarcadorAtivo: outro.uid });
    expect(atualizada?.embarcadorAtivo).toBe(outro.uid);
    const perfil = await page.evaluate(() => fetch('/api/v1/perfil').then((r) => r.json()));
    expect(perfil.data.embarcadorAtivo.uid).toBe(outro.uid);
    // A shipper the user does not belong to keeps the current one.
    const alheio: Sessao = await na<Sessao>('update', { embarcadorAtivo: '00000000-0000-4000-8000-000000000000' });
    expect(alheio?.embarcadorAtivo).toBe(outro.uid);

    const saida = await na<{ url: string }>('signOut');
    expect(saida).toMatchObject({ url: expect.any(String) });
    expect(await na<Sessao>('getSession')).toBeNull();
    expect(await page.evaluate(() => fetch('/api/v1/perfil').then((r) => r.status))).toBe(401);

    expect(logs.filter((l) => l.includes('CLIENT_FETCH_ERROR'))).toEqual([]);
    expect(erros.filter((e) => e.includes('CLIENT_FETCH_ERROR') || e.includes('next-auth'))).toEqual([]);
  });
});
