import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { acaoDaLinha, confirmar, escolher } from './support/antd.ts';
import { ADMIN, entrar } from './support/browser.ts';
import { clicarEEsperar, e2eSuite, toast } from './support/setup.ts';

// Pre-invoices in the browser, on the demo data: the shipper builds one by hand — Rápido Sul's approved CT-es
// not yet invoiced are offered (513/1 free; 511/1 and 512/1 are in the seed's released pre-invoice and are not),
// picks 513/1 and sees the total (R$ 150,00), creates and releases it; the carrier's user then finds it in
// "Pré-faturas recebidas" beside the seed's released one (R$ 300,00), read only. (503/504 are left to faturas.test.ts.)
const TRANSPORTADOR = 'transportador@rapidosul.com.br';
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

describe('pré-faturas', () => {
  const suite = e2eSuite();

  it('o embarcador monta e libera uma pré-fatura; o transportador a vê na sua lista', async () => {
    const { page } = await suite.open();
    await entrar(page, ADMIN);
    await page.goto('/pre-faturas');
    await page.getByRole('heading', { name: 'Pré-faturas' }).waitFor();
    await row(page, '300,00').getByText('Liberada', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Nova pré-fatura' }).click();
    const d = page.getByRole('dialog').filter({ hasText: 'Nova pré-fatura' });
    await d.waitFor();
    await escolher(page, d.getByLabel('Transportador', { exact: true }), 'Rápido Sul');
    const tabela = d.getByTestId('auditorias-pre-fatura');
    await row(page, '513/1').getByRole('checkbox').check();
    await expect.poll(() => d.getByTestId('total-pre-fatura').textContent()).toBe('1 CT-e(s) selecionado(s): R$ 150,00');
    expect(await tabela.getByRole('row').filter({ hasText: '511/1' }).count()).toBe(0);
    const criada = await clicarEEsperar(page, d.getByRole('button', { name: 'Salvar' }), { path: '/api/v1/fatura/pre-fatura' });
    expect(((await criada.json()) as { data: Record<string, unknown> }).data).toMatchObject({ valorTotal: 150, quantidadeCtes: 1, status: 1, automatica: false });
    await toast(page, 'Registro salvo com sucesso.').waitFor();

    const linha = row(page, '150,00');
    await linha.getByText('Aberta', { exact: true }).waitFor();
    await acaoDaLinha(page, linha, 'Liberar');
    await confirmar(page, 'Liberar', { method: 'GET', path: '/pre-fatura/liberar/' });
    await linha.getByText('Liberada', { exact: true }).waitFor();

    // The carrier's user: both released pre-invoices of its carrier, with the shipper, no actions.
    const carrier = (await suite.open()).page;
    await entrar(carrier, TRANSPORTADOR);
    // Its home speaks to a carrier (issue 8): the shipper it serves, the screens from its side.
    await carrier.getByText('Você está atendendo').waitFor();
    await carrier.getByText('As ordens de coleta que o embarcador enviou à sua transportadora: confirme a coleta ou recuse.').waitFor();
    expect(await carrier.getByText('Ordens de coleta enviadas aos transportadores', { exact: false }).count()).toBe(0);
    await carrier.goto('/minhas-pre-faturas');
    await carrier.getByRole('heading', { name: 'Pré-faturas recebidas' }).waitFor();
    for (const valor of ['150,00', '300,00']) {
      await row(carrier, valor).filter({ hasText: 'Demo Indústria de Alimentos Ltda' }).getByText('Liberada', { exact: true }).waitFor();
    }
    expect(await carrier.getByRole('button', { name: 'Nova pré-fatura' }).count()).toBe(0);
    expect(await row(carrier, '150,00').getByRole('button', { name: /Liberar|Cancelar/ }).count()).toBe(0);
  });
});
