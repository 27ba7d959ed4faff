import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clicarAte } from './support/antd.ts';
import { ADMIN, DEMO_SENHA, signIn } from './support/browser.ts';
import { itemDoMenu, menuLateral } from './support/menu.ts';
import { e2eSuite, toast } from './support/setup.ts';

// Sign-in, the SessionRequired redirect with its callback URL, sign-out, and a 401 mid-session.
describe('autenticação', () => {
  const suite = e2eSuite();

  it('entra como admin e vê o shell; senha errada mostra o erro', async () => {
    const { page } = await suite.open();
    // The built web as served: the page and its hashed scripts come brotli-compressed; scripts are
    // cached for a year, the page is revalidated (issue 8).
    const respostas: Response[] = [];
    page.on('response', (r) => respostas.push(r));
    await page.goto('/login');
    await page.getByLabel('Login').waitFor();
    const scripts = respostas.filter((r) => /^\/assets\/[^/]+\.js$/.test(new URL(r.url()).pathname));
    const pagina = respostas.find((r) => new URL(r.url()).pathname === '/login');
    // Files under 1 KB (the bundler's runtime) are not worth compressing and go as they are.
    expect(await Promise.all(scripts.map((r) => r.headerValue('content-encoding')))).toContain('br');
    for (const r of scripts) expect(await r.headerValue('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await pagina?.headerValue('content-encoding')).toBe('br');
    expect(await pagina?.headerValue('cache-control')).toBe('no-cache');
    await page.getByLabel('Login').fill(ADMIN);
    await page.getByLabel('Senha').fill('senha-errada');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('alert').filter({ hasText: 'Login ou senha inválidos.' }).waitFor();
    expect(new URL(page.url()).searchParams.get('error')).toBe('CredentialsSignin');
    expect(await page.getByRole('button', { name: 'Menu do usuário' }).count()).toBe(0);

    await page.getByLabel('Senha').fill(DEMO_SENHA);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('heading', { name: 'Olá, Admin' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    // Shell: side menu from the registry, the active shipper and the user's menu.
    // (the home page opens no area; an area's entries show once it is opened)
    await (await itemDoMenu(page, 'Centros de custo')).waitFor();
    await menuLateral(page).getByText('Departamentos', { exact: true }).waitFor();
    await page.getByLabel('Embarcador ativo').getByText('Demo Indústria de Alimentos Ltda').waitFor();
    await page.getByRole('button', { name: 'Menu do usuário' }).getByText('Admin').waitFor();
  });

  it('página protegida sem sessão vai ao login com SessionRequired e volta ao callbackUrl', async () => {
    const { page } = await suite.open();
    await page.goto('/departamentos?ftr_nome=Vendas');
    await page.getByText('Faça login para acessar esta página.').waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('error')).toBe('SessionRequired');
    expect(url.searchParams.get('callbackUrl')).toBe('/departamentos?ftr_nome=Vendas');

    await page.getByLabel('Login').fill(ADMIN);
    await page.getByLabel('Senha').fill(DEMO_SENHA);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('heading', { name: 'Departamentos' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/departamentos');
    // The filter from the callback URL is applied: only 'Vendas' is listed.
    await page.getByRole('cell', { name: 'Vendas' }).waitFor();
    expect(await page.getByRole('cell', { name: 'Compras' }).count()).toBe(0);
  });

  it('Sair encerra a sessão e volta ao login', async () => {
    const { page } = await suite.open();
    await signIn(page, ADMIN);
    await page.getByRole('button', { name: 'Menu do usuário' }).click();
    await clicarAte(page.getByRole('menuitem', { name: 'Sair' }), () => page.getByRole('button', { name: 'Entrar' }).isVisible());
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByRole('alert').filter({ hasText: 'Você saiu.' }).waitFor();
    await page.goto('/centros-custo');
    await page.getByText('Faça login para acessar esta página.').waitFor();
  });

  it('um 401 no meio da sessão mostra o aviso e leva ao login', async () => {
    const { context, page } = await suite.open();
    await signIn(page, ADMIN);
    await page.goto('/centros-custo');
    await page.getByRole('cell', { name: 'Logística de Distribuição' }).waitFor();

    await context.clearCookies();
    await page.getByRole('button', { name: 'Atualizar lista' }).click();
    await toast(page, 'Acesso não autorizado. Faça login novamente.').waitFor();
    // Still on the page while the toast shows; the sign-out follows after 1.5 s.
    expect(new URL(page.url()).pathname).toBe('/centros-custo');
    await page.getByRole('button', { name: 'Entrar' }).waitFor({ timeout: 10_000 });
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('callbackUrl')).toBe('/centros-custo');
    await page.getByRole('alert').filter({ hasText: 'Sua sessão expirou. Entre novamente.' }).waitFor();
  });
});
