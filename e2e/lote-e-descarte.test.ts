import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, entrar } from './support/browser.ts';
import { abrirPeloMenu } from './support/menu.ts';
import { clicarAte, responderDescarte } from './support/antd.ts';
import { e2eSuite } from './support/setup.ts';

// Bulk actions of the shared list (select rows, one action for all, per-row failures in words) and the
// discard prompt of the freight-table editor (leaving through the menu with unsaved header changes).

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const confirmacao = (page: Page) => page.locator('.ant-modal-confirm').last();

describe('ações em lote e descarte no editor de tabela', () => {
  const suite = e2eSuite();

  it('excluir em lote: o que pode sai, o que está em uso fica e aparece com o motivo', async () => {
    const { page } = await suite.open(1366);
    await entrar(page, ADMIN);
    await page.goto('/centros-custo');
    await row(page, 'Suprimentos').waitFor();
    // "Suprimentos" has a department (in use); "Projetos Encerrados" has none.
    await row(page, 'Projetos Encerrados').getByRole('checkbox').check();
    await row(page, 'Suprimentos').getByRole('checkbox').check();
    await page.getByTestId('barra-em-lote').getByText('2 selecionados').waitFor();
    await page.getByRole('button', { name: 'Ações em lote' }).click();
    const pergunta = confirmacao(page).getByText('Excluir: 2 registros selecionados?').last();
    await clicarAte(page.getByRole('menuitem', { name: 'Excluir' }), () => pergunta.isVisible());
    const deletes: string[] = [];
    page.on('request', (r) => r.method() === 'DELETE' && deletes.push(new URL(r.url()).pathname));
    await clicarAte(confirmacao(page).getByRole('button', { name: 'Excluir' }), async () => deletes.length > 0);
    const falhas = page.getByTestId('falhas-em-lote');
    await falhas.waitFor();
    expect(await page.locator('.ant-modal-confirm-title').last().textContent()).toBe('Excluir: 1 registro processado, 1 com erro.');
    expect(await falhas.textContent()).toBe('1.02 - Suprimentos: Registro em uso');
    expect(deletes).toHaveLength(2);
    await page.getByRole('button', { name: 'Fechar' }).click();
    await expect.poll(() => row(page, 'Projetos Encerrados').count()).toBe(0);
    expect(await row(page, 'Suprimentos').count()).toBe(1);
  });

  it('editor de tabela: sair pelo menu com o cabeçalho alterado pergunta antes de descartar', async () => {
    const { page } = await suite.open(1366);
    await entrar(page, ADMIN);
    await page.goto('/tabelasfrete');
    await page.getByRole('button', { name: 'Nova tabela' }).click();
    await page.getByRole('heading', { name: 'Nova tabela de frete' }).waitFor();
    await page.getByLabel('Nome', { exact: true }).fill('E2E Descarte');
    // The breadcrumb (a link of the app) is held: "Continuar editando" keeps what was typed.
    await page.getByRole('link', { name: 'Tabelas de frete' }).first().click();
    await responderDescarte(page, 'Continuar editando');
    expect(await page.getByLabel('Nome', { exact: true }).inputValue()).toBe('E2E Descarte');
    // Through the menu, discarding leaves.
    await abrirPeloMenu(page, 'Calculadora de frete');
    await responderDescarte(page, 'Descartar');
    await page.getByRole('heading', { name: 'Calculadora de frete' }).waitFor();
  });
});
