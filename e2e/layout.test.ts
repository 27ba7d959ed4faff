import { describe, expect, it } from 'vitest';
import { ADMIN, entrar } from './support/browser.ts';
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
    await page.getByRole('menuitem', { name: 'Centros de custo' }).click();
    await page.getByRole('heading', { name: 'Centros de custo' }).waitFor();
    await expect.poll(() => sider.getAttribute('class')).toContain('ant-layout-sider-collapsed');
  });

  it('com 1280 px começa aberto', async () => {
    const { page } = await suite.open(1280);
    await entrar(page, ADMIN);
    const sider = page.getByTestId('menu-lateral');
    await page.getByRole('menuitem', { name: 'Centros de custo' }).waitFor({ state: 'visible' });
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
