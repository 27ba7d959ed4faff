import { describe, expect, it } from 'vitest';
import { as } from '../apps/server/test/support/http.ts';
import { abrirPelaLinha, confirmacao, confirmar } from './support/antd.ts';
import { ADMIN, entrar } from './support/browser.ts';
import { e2eSuite } from './support/setup.ts';

// A shipment, shipper side: opened from the list (filtered in the URL), "Gerar cotação" creates the spot
// quotation with its places and NF-es and opens it; back on the shipment, the quotation is its link and
// the button is gone. The shipment and its NF-es are made through the API.

describe('embarques', () => {
  const suite = e2eSuite();

  it('o embarcador abre o embarque, gera a cotação e a vê vinculada', async () => {
    const api = await as(suite.server.app, ADMIN);
    const e = await api.post('/api/v1/embarque', { origemMunicipioIbge: '3550308', destinoMunicipioIbge: '3304557', dataEmbarque: '2026-12-10' });
    expect(e.status, e.text).toBe(201);
    const { uid, numero } = e.body.data as { uid: string; numero: number };
    expect((await api.post(`/api/v1/embarque/${uid}/nfes`, { numero: 8801, valor: '7.500,00', pesoKg: 700, volumes: 7 })).status).toBe(201);
    expect((await api.post(`/api/v1/embarque/${uid}/produtos`, { descricao: 'Café em grãos', quantidade: 10, pesoKg: 700, valor: '7.500,00' })).status).toBe(201);

    const page = (await suite.open()).page;
    await entrar(page, ADMIN);
    await page.goto(`/embarque?ftr_numero=${numero}`);
    const linha = page.locator('tr.ant-table-row').filter({ hasText: 'Rio de Janeiro/RJ' });
    await linha.getByText('Aberto').waitFor();
    const detalhe = page.getByTestId('embarque-detalhe');
    // The number opens the shipment (also "Detalhes" in the row's menu).
    await abrirPelaLinha(page, linha, new RegExp(`^${numero}$`), detalhe);
    await detalhe.getByText('Rio de Janeiro/RJ').waitFor();

    const gerar = page.getByRole('button', { name: 'Gerar cotação' });
    await expect
      .poll(
        async () => {
          if (!(await confirmacao(page).isVisible())) await gerar.click();
          return confirmacao(page).isVisible();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true);
    const res = await confirmar(page, 'Gerar', { method: 'POST', path: `/embarque/${uid}/gerar-cotacao` });
    const cotacao = (await res.json()).data as { uid: string; numero: number };
    // It opens the quotation it created, where the carriers are invited.
    await page.waitForURL(`**/cotacoesfrete/${cotacao.uid}/transportadores`);
    await page.getByTestId('registro-pai').getByText(`Cotação ${cotacao.numero}`).waitFor();

    await page.goto(`/embarque/${uid}/detalhe`);
    await detalhe.getByRole('link', { name: `Cotação nº ${cotacao.numero}` }).waitFor();
    await detalhe.getByText('Rascunho').waitFor();
    expect(await gerar.count()).toBe(0);
    await page.getByRole('button', { name: 'Gerar ordem de coleta' }).waitFor();
    // Its goods, on the Produtos tab.
    await page.goto(`/embarque/${uid}/produtos`);
    await page.locator('tr.ant-table-row').filter({ hasText: 'Café em grãos' }).waitFor();
  });
});
