import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { abrirPelaLinha, acaoDaLinhaAte, acoesDaLinha, escolher, preencherData as data } from './support/antd.ts';
import { ADMIN, entrar } from './support/browser.ts';
import { clicarEEsperar, e2eSuite, toast } from './support/setup.ts';

// Settlement in the browser, on the demo data: the shipper creates an invoice from Rápido Sul's CT-es
// that may be invoiced (503 and 504, R$ 150,00 each), takes the carrier's running balance (R$ 12,50)
// as the netting and the sum as the value, validates it, sets the payment date; the running balance
// shows the netting; the carrier's user sees the paid invoice, read-only, and its running balance.
const TRANSPORTADOR = 'transportador@rapidosul.com.br';
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

describe('faturas', () => {
  const suite = e2eSuite();

  it('cria a fatura pelos CT-es disponíveis, valida, informa o pagamento; o transportador a vê paga', async () => {
    const { page } = await suite.open();
    await entrar(page, ADMIN);
    await page.goto('/faturas');
    await page.getByRole('heading', { name: 'Faturas' }).waitFor();
    await row(page, 'RS-2025-001').getByText('Validada', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Nova fatura' }).click();
    const d = page.getByRole('dialog').filter({ hasText: 'Nova fatura' });
    await d.waitFor();
    await escolher(page, d.getByLabel('Transportador', { exact: true }), 'Rápido Sul');
    const ctes = d.getByTestId('ctes-fatura');
    for (const n of ['503/1', '504/1']) await row(page, n).getByRole('checkbox').check();
    await expect.poll(() => d.getByTestId('soma-ctes').textContent()).toBe('2 CT-e(s): R$ 300,00');
    await expect.poll(() => ctes.getByRole('row').filter({ hasText: '502/1' }).count()).toBe(0);
    await d.getByRole('button', { name: 'Usar como desconto' }).click();
    await d.getByText('− desconto R$ 12,50 = R$ 287,50').waitFor();
    await d.getByRole('button', { name: 'Usar a soma como valor da fatura' }).click();
    await expect.poll(() => d.getByLabel('Valor da fatura').inputValue()).toBe('287,50');
    await d.getByLabel('Número da fatura').fill('RS-E2E-1');
    await data(d.getByLabel('Emissão', { exact: true }), '20/01/2025');
    await escolher(page, d.getByLabel('Condição de pagamento'), /^30 dias/);
    const criada = await clicarEEsperar(page, d.getByRole('button', { name: 'Salvar' }), { path: '/api/v1/fatura' });
    expect(((await criada.json()) as { data: Record<string, unknown> }).data).toMatchObject({ valor: 287.5, valorDesconto: 12.5, valorCtes: 300, vencimento: '2025-02-19' });
    await toast(page, 'Registro salvo com sucesso.').waitFor();

    const linha = row(page, 'RS-E2E-1');
    await linha.getByText('Aberta', { exact: true }).waitFor();
    await acaoDaLinhaAte(page, linha, 'Validar', () => linha.getByText('Validada', { exact: true }).isVisible());

    const m = page.getByRole('dialog').filter({ hasText: 'Pagamento da fatura RS-E2E-1' });
    await abrirPelaLinha(page, linha, 'Data de pagamento', m);
    await data(m.getByLabel('Data de pagamento'), '19/02/2025');
    await clicarEEsperar(page, m.getByRole('button', { name: 'Salvar' }), { method: 'PUT', path: '/data-pagamento' });
    await linha.getByText('Paga', { exact: true }).waitFor();

    // The running balance: the accepted divergence (+12,50) and the netting (−12,50).
    await page.goto('/conta-corrente');
    await escolher(page, page.getByTestId('cc-transportador').locator('input'), 'Rápido Sul');
    await row(page, 'Desconto na fatura RS-E2E-1').getByText('-12,50').waitFor();

    // The carrier's user: its invoices, read-only.
    const carrier = (await suite.open()).page;
    await entrar(carrier, TRANSPORTADOR);
    await carrier.goto('/faturas');
    await row(carrier, 'RS-E2E-1').getByText('Paga', { exact: true }).waitFor();
    expect(await carrier.getByRole('button', { name: 'Nova fatura' }).count()).toBe(0);
    const acoes = await acoesDaLinha(carrier, row(carrier, 'RS-E2E-1'));
    expect(acoes.some((a) => /Validar|Reabrir|Data de pagamento|Excluir/.test(a)), acoes.join(', ')).toBe(false);
    // Its own running balance with the shipper, read-only: no carrier to choose, the netting of its invoice.
    await carrier.goto('/conta-corrente');
    await row(carrier, 'Desconto na fatura RS-E2E-1').getByText('-12,50').waitFor();
    expect(await carrier.getByTestId('cc-transportador').count()).toBe(0);
  });
});
