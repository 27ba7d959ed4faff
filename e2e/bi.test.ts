import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RELATORIOS } from '@fretio/core';
import { escolher } from './support/antd.ts';
import { ADMIN, entrar } from './support/browser.ts';
import { clicarEEsperar, e2eSuite } from './support/setup.ts';

// The shipper's start page shows the dashboard with the database's numbers; a month bar of the NF-e card
// opens the delivery report for that month; the report filters by UF and exports to XLSX (a queue task)
// whose header is the screen's labels.
describe('painel e relatórios', () => {
  const suite = e2eSuite();

  it('o painel mostra os números; o mês abre o relatório, que filtra e exporta', async () => {
    const [{ n }] = ((await suite.server.app.db.execute(sql`select count(*)::int as n from nfes n join embarcadores e on e.uid = n.embarcador_uid
      where e.cnpj = '11222333000181' and not n.cancelada and n.substituida_por_uid is null`)) as unknown as { rows: { n: number }[] }).rows;
    expect(n).toBeGreaterThan(0);
    const { page } = await suite.open();
    await entrar(page, ADMIN);
    const cartao = page.getByTestId('cartao-NF-e');
    await cartao.getByText(String(n), { exact: true }).waitFor();

    // The seed's notes were issued in January 2025: its bar opens the delivery report for that month.
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/relatorios/acompanhamento-entregas') && r.status() === 200),
      cartao.getByRole('button', { name: /^jan\/25:/ }).click(),
    ]);
    await page.waitForURL(/\/relatorios\?relatorio=acompanhamento-entregas&dataInicio=2025-01-01&dataFim=2025-01-31/);
    const tabela = page.getByRole('table');
    for (const numero of ['1001', '1002', '1003']) await tabela.getByRole('cell', { name: numero, exact: true }).waitFor();
    await page.getByText('3 registro(s)').waitFor();

    await escolher(page, page.getByRole('combobox', { name: 'UF destino' }), 'RJ', 'RJ');
    await clicarEEsperar(page, page.getByRole('button', { name: 'Filtrar' }), { path: '/relatorios/acompanhamento-entregas' });
    await page.getByText('1 registro(s)').waitFor();
    await tabela.getByRole('cell', { name: '1001', exact: true }).waitFor();
    expect(page.url()).toContain('uf=RJ');

    await clicarEEsperar(page, page.getByRole('button', { name: 'Exportar XLSX' }), { path: '/relatorios/exportar' });
    const link = page.getByRole('link', { name: 'Baixar acompanhamento-entregas.xlsx' });
    await link.waitFor();
    const res = await page.request.get((await link.getAttribute('href')) as string);
    expect(res.status()).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await res.body()) as never);
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(RELATORIOS['acompanhamento-entregas'].colunas.map((c) => c.rotulo));
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(1).value).toBe(1001);

    // Back on the dashboard, the occurrences chart (ECharts, canvas): its top bar — '01', two events — opens
    // the events list of that kind. The bar is found by its colour in the canvas' pixels.
    await page.goto(new URL('/', page.url()).href);
    const grafico = page.locator('[data-testid="grafico-ocorrencias"][data-pronto="sim"]');
    await grafico.waitFor();
    const ponto = await page.waitForFunction(() => {
      const canvas = document.querySelector('[data-testid="grafico-ocorrencias"] canvas') as HTMLCanvasElement | null;
      const ctx = canvas?.getContext('2d');
      if (!canvas || !ctx) return null;
      const { data, width, height } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      const cor = (x: number, y: number) => { const i = (y * width + x) * 4; return data[i] === 0xd4 && data[i + 1] === 0x6b && data[i + 2] === 0x08; };
      for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (cor(x, y) && cor(x, y + 6) && cor(x + 6, y)) {
        const r = canvas.getBoundingClientRect(); const escala = canvas.width / r.width;
        return { x: r.left + (x + 3) / escala, y: r.top + (y + 3) / escala };
      }
      return null;
    });
    const { x, y } = (await ponto.jsonValue()) as { x: number; y: number };
    await Promise.all([page.waitForURL(/\/eventos-ocorrencia\?ftr_ocorrenciaUid=/), page.mouse.click(x, y)]);
    for (const nf of ['1001/1', '1003/1']) await page.getByRole('cell', { name: nf, exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: '1002/1', exact: true }).count()).toBe(0);
  });
});
