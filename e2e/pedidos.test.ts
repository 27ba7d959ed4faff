import { describe, expect, it } from 'vitest';
import { as } from '../apps/server/test/support/http.ts';
import { ADMIN, signIn } from './support/browser.ts';
import { abrirPelaLinha } from './support/antd.ts';
import { clicarEEsperar, e2eSuite } from './support/setup.ts';

// Order → simulate → select: the shipper simulates an order's freight over the demo tables, sees the
// ranked carriers with the cheapest marked, selects it, and the order shows the expected freight and
// carrier (Frete Definido) — the value the audit will check the CT-e against.

describe('pedidos', () => {
  const suite = e2eSuite();

  it('simula o frete de um pedido, escolhe o mais barato e o pedido fica com o frete definido', async () => {
    const api = await as(suite.server.app, ADMIN);
    const c = await api.post('/api/v1/documentos/pedidos', {
      numero: 'PV-E2E-1',
      origemMunicipioIbge: '3550308',
      destinoMunicipioIbge: '3304557',
      pesoKg: 1000,
      valor: '50.000,00',
      volumes: 10,
    });
    expect(c.status, c.text).toBe(201);
    const uid = c.body.data.uid as string;

    const page = (await suite.open()).page;
    await signIn(page, ADMIN);
    await page.goto('/documentos/pedidos?ftr_numero=PV-E2E-1');
    const linha = page.getByRole('row').filter({ hasText: 'PV-E2E-1' });
    await linha.getByText('Aberto').waitFor();

    const modal = page.getByRole('dialog').filter({ hasText: 'Simulação de frete do pedido PV-E2E-1' });
    await abrirPelaLinha(page, linha, 'Simular frete', modal);
    const primeira = modal.getByRole('row').filter({ hasText: 'Mais barato' });
    await primeira.getByText('Rápido Sul - Sudeste/Sul').waitFor();
    await primeira.getByText('1.303,10').waitFor();
    await modal.getByRole('row').filter({ hasText: 'TransMinas - SP/MG/RJ' }).getByText('1.357,39').waitFor();

    const res = await clicarEEsperar(page, primeira.getByRole('button', { name: /Selecionar/ }), { method: 'POST', path: `/documentos/pedidos/${uid}/selecionar-calculo` });
    expect(res.status()).toBe(200);
    await linha.getByText('Frete Definido').waitFor();
    await linha.getByText('R$ 1.303,10 · Rápido Sul Transportes Ltda').waitFor();
    expect((await api.get(`/api/v1/documentos/pedidos/${uid}`)).body.data).toMatchObject({ status: 3, freteEsperado: 1303.1 });
  });
});
