import { describe, expect, it } from 'vitest';
import { e2eSuite } from './support/setup.ts';

// The Content-Security-Policy as Chromium applies it: the check in setup.ts fails any journey whose screen
// breaks it; this proves the policy really refuses what an attacker would inject.
describe('Content-Security-Policy no navegador', () => {
  const suite = e2eSuite();

  it('um script inline injetado na página não roda, e a recusa é registrada', async () => {
    const { page } = await suite.open();
    await page.goto('/login');
    await page.getByLabel('Login').waitFor();
    const recusa = page.waitForEvent('console', (m) => /Content Security Policy/i.test(m.text()));
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__injetado = true;';
      document.body.appendChild(s);
    });
    await recusa;
    expect(await page.evaluate(() => (window as { __injetado?: boolean }).__injetado)).toBeUndefined();
    expect(suite.tirarViolacoesCsp().length).toBeGreaterThan(0);
  });

  it('a tela de entrada e o painel carregam sem nenhuma recusa da política', async () => {
    const { page } = await suite.open();
    await page.goto('/login');
    await page.getByLabel('Login').fill('admin@demo.com.br');
    await page.getByLabel('Senha').fill('demo1234');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('button', { name: 'Menu do usuário' }).waitFor({ state: 'visible' });
    expect(suite.tirarViolacoesCsp()).toEqual([]);
  });
});
