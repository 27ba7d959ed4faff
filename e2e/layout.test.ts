import { describe, expect, it } from 'vitest';
import { ADMIN, entrar } from './support/browser.ts';
import { abrirPeloMenu, menuLateral } from './support/menu.ts';
import { e2eSuite } from './support/setup.ts';

// The side menu starts collapsed when the window is 700 px wide or less, open when wider.
describe('menu lateral', () => {
  const suite = e2eSuite();

  it('com 700 px começa recolhido; abre no botão e fecha ao navegar', async () => {
    const { page } = await suite.open(700);
    await entrar(page, ADMIN);
    const sider = page.getByTestId('menu-lateral');
    await expect.poll(() => sider.getAttribute('class')).toContain('ant-layout-sider-collapsed');
    expect((await sider.boundingBox())?.width ?? 0).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Centros de custo' }).isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await expect.poll(() => sider.getAttribute('class')).not.toContain('ant-layout-sider-collapsed');
    await abrirPeloMenu(page, 'Centros de custo');
    await page.getByRole('heading', { name: 'Centros de custo' }).waitFor();
    await expect.poll(() => sider.getAttribute('class')).toContain('ant-layout-sider-collapsed');
  });

  it('abre só a área da tela atual; as outras fecham e abrem pelo teclado', async () => {
    const { page } = await suite.open(1280);
    await entrar(page, ADMIN);
    const menu = menuLateral(page);
    const area = (nome: string) => menu.getByRole('menuitem').filter({ has: page.getByText(nome, { exact: true }) });
    // Home: every area closed (a menu with all of them open was 35 entries, 1,680 px tall).
    await area('Cadastros').waitFor();
    await expect.poll(() => menu.locator('[aria-expanded="true"]').count()).toBe(0);
    // A screen opens its own area only.
    await page.goto('/centros-custo');
    await page.getByRole('heading', { name: 'Centros de custo' }).waitFor();
    await expect.poll(() => menu.locator('[aria-expanded="true"]').count()).toBe(1);
    expect(await area('Cadastros').getAttribute('aria-expanded')).toBe('true');
    expect(await area('Fretes').getAttribute('aria-expanded')).toBe('false');
    // Keyboard only: focus a closed area, Enter opens it, the arrows reach its entries, Enter opens one.
    await area('Fretes').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => area('Fretes').getAttribute('aria-expanded')).toBe('true');
    const calculadora = menu.getByRole('menuitem').filter({ has: page.getByText('Calculadora de frete', { exact: true }) });
    await calculadora.waitFor({ state: 'visible' });
    for (let i = 0; i < 10 && !(await calculadora.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))); i++) {
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Calculadora de frete' }).waitFor();
  });

  it('com 1280 px começa aberto', async () => {
    const { page } = await suite.open(1280);
    await entrar(page, ADMIN);
    const sider = page.getByTestId('menu-lateral');
    await menuLateral(page).getByText('Cadastros', { exact: true }).waitFor({ state: 'visible' });
    expect(await sider.getAttribute('class')).not.toContain('ant-layout-sider-collapsed');
    expect((await sider.boundingBox())?.width).toBe(240);
    // The menu stays in place while the page scrolls (the home page is taller than the window).
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect((await sider.boundingBox())?.y).toBe(0);

    await page.getByRole('button', { name: 'Recolher menu' }).click();
    await expect.poll(() => sider.getAttribute('class')).toContain('ant-layout-sider-collapsed');
  });
});
