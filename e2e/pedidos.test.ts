import { describe, expect, it } from 'vitest';
import { as } from '../apps/server/test/support/http.ts';
import { ADMIN, entrar } from './support/browser.ts';
import { abrirPelaLinha, escolher } from './support/antd.ts';
import { clicarEEsperar, e2eSuite, toast } from './support/setup.ts';

// Order → simulate → select: the shipper simulates an order's freight over the demo tables, sees the
// ranked carriers with the cheapest marked, selects it, and the order shows the expected freight and
// carrier (Frete Definido) — the value the audit will check the CT-e against. Load planning: proposals on a
// Toco, moving an order between loads, consolidated × separate cost.

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
    await entrar(page, ADMIN);
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

  it('propõe cargas no Toco, move um pedido para a outra carga e compara consolidado × separado', async () => {
    const api = await as(suite.server.app, ADMIN);
    for (const [numero, pesoKg] of [['PV-BA-1', 4000], ['PV-BA-2', 3500]] as const) {
      const c = await api.post('/api/v1/documentos/pedidos', { numero, origemMunicipioIbge: '3550308', destinoMunicipioIbge: '2927408', pesoKg, valor: '20.000,00', volumes: 5 });
      expect(c.status, c.text).toBe(201);
    }
    const page = (await suite.open()).page;
    await entrar(page, ADMIN);
    await page.goto('/planejamento-carga');
    await page.getByRole('button', { name: 'Propor cargas' }).click();
    const modal = page.getByRole('dialog').filter({ hasText: 'Propor cargas' });
    await escolher(page, modal.getByLabel('Município de origem (expedição)'), /São Paulo, SP/, 'São Paulo');
    await escolher(page, modal.getByLabel('Tipo de veículo'), 'Toco');
    await escolher(page, modal.getByRole('combobox', { name: 'UF de destino' }), /Bahia/, 'Bahia');
    await escolher(page, modal.getByLabel('Documentos'), 'Só pedidos');
    // 4.000 + 3.500 kg do not fit a Toco (7.000 kg): two loads.
    const res = await clicarEEsperar(page, modal.getByRole('button', { name: 'Propor' }), { path: '/planejamento-carga/propor', status: 201 });
    const cargas = ((await res.json()) as { data: { cargas: { numero: number; descricao: string }[] } }).data.cargas;
    expect(cargas.map((c) => c.descricao)).toEqual(['Proposta BA — carga 1 de 2', 'Proposta BA — carga 2 de 2']);
    await toast(page, '2 carga(s) proposta(s)').waitFor();

    const primeira = page.getByRole('row').filter({ hasText: 'Proposta BA — carga 1 de 2' });
    const segunda = page.getByRole('row').filter({ hasText: 'Proposta BA — carga 2 de 2' });
    await primeira.getByRole('button', { name: /Expandir/ }).click();
    const painel = page.locator('tr.ant-table-expanded-row').filter({ hasText: 'PV-BA-1' });
    await painel.getByRole('row').filter({ hasText: 'PV-BA-1' }).getByRole('checkbox').check();
    await escolher(page, painel.getByLabel('Planejamento de destino'), `nº ${cargas[1].numero}`);
    await clicarEEsperar(page, painel.getByRole('button', { name: 'Mover', exact: true }), { path: '/mover', status: 200 });
    await primeira.locator('xpath=following-sibling::tr[1]').getByText('Nenhum documento no planejamento.').waitFor();

    await segunda.getByRole('button', { name: /Expandir/ }).click();
    const painel2 = page.locator('tr.ant-table-expanded-row').filter({ hasText: 'PV-BA-2' });
    await painel2.getByText('7.500,000 kg').waitFor();
    await painel2.getByText('Peso total de 7.500,000 kg excede a capacidade do veículo (7.000,00 kg) em 500,000 kg.').waitFor();
    await clicarEEsperar(page, painel2.getByRole('button', { name: /Comparar custos/ }), { method: 'GET', path: '/comparacao', status: 200 });
    await painel2.getByText('Consolidado × separado (tabelas vigentes)').waitFor();
    await painel2.getByRole('columnheader', { name: 'Frete sozinho (R$)' }).waitFor();
    // Both orders are listed in the plan and again, priced alone, in the comparison.
    await expect.poll(() => painel2.getByRole('row').filter({ hasText: 'Pedido PV-BA-1' }).count()).toBe(2);
  });

  it('os filtros dos documentos a planejar ficam na URL: recarregada, a busca volta feita', async () => {
    const api = await as(suite.server.app, ADMIN);
    const p = await api.post('/api/v1/planejamento-carga', { descricao: 'Plano filtros na URL', origemMunicipioIbge: '3550308', destinoMunicipioIbge: '2927408' });
    expect(p.status, p.text).toBe(201);
    const c = await api.post('/api/v1/documentos/pedidos', { numero: 'PV-URL-1', origemMunicipioIbge: '3550308', destinoMunicipioIbge: '2927408', pesoKg: 100, valor: '1.000,00', volumes: 1 });
    expect(c.status, c.text).toBe(201);
    const page = (await suite.open()).page;
    await entrar(page, ADMIN);
    await page.goto('/planejamento-carga');
    const plano = page.getByRole('row').filter({ hasText: 'Plano filtros na URL' });
    const painel = page.locator('tr.ant-table-expanded-row').filter({ hasText: 'Documentos a planejar' });
    await plano.getByRole('button', { name: /Expandir/ }).click();
    await painel.getByLabel('UF de destino').fill('ba');
    await clicarEEsperar(page, painel.getByRole('button', { name: 'Buscar documentos' }), { path: '/planejamento-carga/documentos/filter', status: 200 });
    await painel.getByRole('row').filter({ hasText: 'PV-URL-1' }).waitFor();
    expect(new URL(page.url()).searchParams.get('doc_uf')).toBe('BA');

    // Reloaded (or a shared link): the panel shows the filter and the search is made on opening.
    await page.reload();
    const busca = page.waitForResponse((r) => r.url().endsWith('/planejamento-carga/documentos/filter') && r.status() === 200);
    await plano.getByRole('button', { name: /Expandir/ }).click();
    const corpo = (await busca).request().postDataJSON() as { destinoUf: string | null };
    expect(corpo.destinoUf).toBe('BA');
    expect(await painel.getByLabel('UF de destino').inputValue()).toBe('BA');
    await painel.getByRole('row').filter({ hasText: 'PV-URL-1' }).waitFor();
  });
});
