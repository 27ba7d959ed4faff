import { describe, expect, it } from 'vitest';
import { ADMIN, entrar } from './support/browser.ts';
import { e2eSuite } from './support/setup.ts';

// Screens of their own (not the list machinery): Tributação geral shows every UF's internal ICMS at once;
// Frota has the header of every list, in the words of the user's kind.
describe('telas próprias', () => {
  const suite = e2eSuite();

  it('Tributação geral mostra as 27 UFs em três colunas, sem caixa de rolagem', async () => {
    const { page } = await suite.open(1366);
    await entrar(page, ADMIN);
    await page.goto('/tributo-geral');
    const card = page.locator('.ant-card').filter({ has: page.getByText('Alíquotas em vigor hoje', { exact: true }) });
    await card.getByRole('cell', { name: 'SP', exact: true }).waitFor();
    const tabelas = card.locator('.ant-table table');
    await expect.poll(() => tabelas.count()).toBe(3);
    // 9 UFs per column, all of them in the page (no 360 px box that scrolls).
    for (let i = 0; i < 3; i++) expect(await tabelas.nth(i).locator('tbody tr.ant-table-row').count()).toBe(9);
    expect(await card.locator('.ant-table-body').count()).toBe(0);
    const [a, b, c] = await Promise.all([0, 1, 2].map((i) => tabelas.nth(i).boundingBox()));
    expect(a && b && c && a.x < b.x && b.x < c.x && a.y === b.y).toBe(true);
  });

  it('Frota tem o cabeçalho das listas; o usuário de transportadora lê sobre a própria frota', async () => {
    const admin = (await suite.open()).page;
    await entrar(admin, ADMIN);
    await admin.goto('/frota');
    await admin.getByRole('heading', { name: 'Frota', level: 3 }).waitFor();
    await admin.getByText('Motoristas e veículos de cada transportador.').waitFor();

    const transp = (await suite.open()).page;
    await entrar(transp, 'transportador@rapidosul.com.br');
    await transp.goto('/frota');
    await transp.getByRole('heading', { name: 'Frota', level: 3 }).waitFor();
    await transp.getByText('Os motoristas e veículos da sua transportadora.').waitFor();
    expect(await transp.getByText('Motoristas e veículos de cada transportador.').count()).toBe(0);
  });
});
