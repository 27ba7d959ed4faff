import AxeBuilder from '@axe-core/playwright';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { acaoDaLinha, clicarAte, escolher, responderDescarte } from './support/antd.ts';
import { ADMIN, entrar } from './support/browser.ts';
import { e2eSuite } from './support/setup.ts';

// The shared list/form machinery as a user meets it: accessibility (axe) of the main screens, the
// status column always visible and the column chooser kept per user, the discard prompt, Enter in a
// date picker, and a rule between dates shown on its field before saving, with the screen's labels.

const TELAS: [string, string][] = [
  ['/', 'Olá, Admin'],
  ['/centros-custo', 'Centros de custo'],
  ['/transportadores', 'Transportadores'],
  ['/pessoas', 'Pessoas'],
  ['/tabelasfrete', 'Tabelas de frete'],
  ['/feriados', 'Feriados'],
  ['/faixascep', 'Faixas de CEP'],
  ['/meu-embarcador', 'Demo Indústria de Alimentos Ltda'],
  ['/calculadora', 'Calculadora de frete'],
];

const drawer = (page: Page) => page.getByRole('dialog').filter({ hasText: 'Novo feriado' });

describe('experiência de uso', () => {
  const suite = e2eSuite();

  it('axe nas telas principais: nenhuma violação crítica nem grave (contraste incluído)', async () => {
    const { page } = await suite.open(1366);
    await entrar(page, ADMIN);
    const graves: string[] = [];
    for (const [rota, titulo] of TELAS) {
      await page.goto(rota);
      await page.getByRole('heading', { name: titulo }).first().waitFor();
      const r = await new AxeBuilder({ page }).analyze();
      for (const v of r.violations) {
        if (v.impact === 'critical' || v.impact === 'serious')
          graves.push(`${rota}: ${v.id} ${JSON.stringify(v.nodes.map((n) => n.target).slice(0, 3))}`);
      }
    }
    expect(graves).toEqual([]);
    // One axe pass per screen: on a loaded machine (load 36) each took ~25 s, so the budget grows with the list.
  }, TELAS.length * 60_000);

  it('lista: situação ao lado do nome; colunas escolhidas ficam guardadas para o usuário; Exportar leva as colunas vistas', async () => {
    const { page } = await suite.open(1366);
    await entrar(page, ADMIN);
    await page.goto('/centros-custo');
    await page.getByRole('heading', { name: 'Centros de custo' }).waitFor();
    const cabecalhos = async () => (await page.getByRole('columnheader').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
    await expect.poll(cabecalhos).toEqual(['Código', 'Situação', 'Nome', 'Criado em', 'Ações']);
    await page.getByRole('button', { name: 'Escolher colunas' }).click();
    // Name and status cannot be hidden: they are not offered.
    expect(await page.getByRole('checkbox', { name: 'Situação' }).count()).toBe(0);
    await page.getByRole('checkbox', { name: 'Criado em' }).uncheck();
    await expect.poll(cabecalhos).toEqual(['Código', 'Situação', 'Nome', 'Ações']);
    await page.reload();
    await page.getByRole('heading', { name: 'Centros de custo' }).waitFor();
    await page.getByRole('columnheader', { name: 'Nome' }).waitFor();
    await expect.poll(cabecalhos).toEqual(['Código', 'Situação', 'Nome', 'Ações']);

    // "Exportar" (every list has it): a queue task whose XLSX has the columns shown, titled as on screen.
    await page.getByRole('button', { name: 'Exportar' }).click();
    const baixar = page.getByRole('dialog').getByRole('link', { name: /Baixar Centros de custo\.xlsx/ });
    await baixar.waitFor({ timeout: 60_000 });
    const arquivo = await page.request.get(String(await baixar.getAttribute('href')));
    expect(arquivo.status()).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await arquivo.body()) as never);
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['Código', 'Situação', 'Nome']);
    expect(ws.rowCount).toBeGreaterThan(1);
    expect(['Ativo', 'Inativo']).toContain(ws.getRow(2).getCell(2).value);
  });

  it('formulário alterado pede confirmação ao cancelar e ao fechar a gaveta, o intocado fecha direto; Enter no calendário não envia', async () => {
    const { page } = await suite.open();
    await entrar(page, ADMIN);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/v1/feriados')) posts.push(r.url());
    });
    await page.goto('/feriados');
    await page.getByRole('heading', { name: 'Feriados' }).waitFor();
    await page.getByRole('button', { name: 'Novo' }).click();
    await drawer(page).getByText('Novo feriado').waitFor();
    await drawer(page).getByLabel('Nome', { exact: true }).fill('Feriado E2E');
    // Enter in the date picker confirms the date; the form is not sent.
    const data = drawer(page).getByLabel('Data', { exact: true });
    await data.click();
    await data.fill('20/11/2031');
    await data.press('Enter');
    await expect.poll(() => data.inputValue()).toBe('20/11/2031');

    // Cancel asks; "Continuar editando" keeps the drawer and what was typed.
    await drawer(page).getByRole('button', { name: 'Cancelar' }).click();
    await responderDescarte(page, 'Continuar editando');
    expect(await drawer(page).getByLabel('Nome', { exact: true }).inputValue()).toBe('Feriado E2E');

    // Closing the drawer (a click outside it) asks too; discarding closes it.
    await page.locator('.ant-drawer-mask').click({ position: { x: 5, y: 5 } });
    await responderDescarte(page, 'Descartar');
    await page.getByRole('dialog').filter({ hasText: 'Novo feriado' }).waitFor({ state: 'hidden' });
    expect(posts).toEqual([]);

    // An edit form nobody changed closes at once on Cancel (its fields report their values on load);
    // a changed one asks.
    await page.goto('/pessoas');
    const pessoa = page.getByRole('dialog').filter({ hasText: 'Editar pessoa' });
    const nome = pessoa.getByLabel('Nome / razão social', { exact: true });
    await acaoDaLinha(page, page.getByRole('row').filter({ hasText: 'Arrozeira Pelotense Ltda' }), 'Editar');
    await expect.poll(() => nome.inputValue()).toBe('Arrozeira Pelotense Ltda');
    // Icon-only buttons have pt-BR names: the drawer's ✕ keeps "Fechar" with its icon hidden, and the
    // pagination arrow is "Próxima página" (antd's icon alone would say "right").
    await pessoa.getByRole('button', { name: 'Fechar', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Próxima página', exact: true }).first().waitFor();
    await pessoa.getByRole('button', { name: 'Cancelar' }).click();
    await pessoa.waitFor({ state: 'hidden' });
    expect(await page.locator('.ant-modal-confirm').count()).toBe(0);
    await acaoDaLinha(page, page.getByRole('row').filter({ hasText: 'Arrozeira Pelotense Ltda' }), 'Editar');
    await expect.poll(() => nome.inputValue()).toBe('Arrozeira Pelotense Ltda');
    await pessoa.getByLabel('Número').fill('1501');
    await pessoa.getByRole('button', { name: 'Cancelar' }).click();
    await responderDescarte(page, 'Descartar');
    await pessoa.waitFor({ state: 'hidden' });
  });

  it('regra entre datas aparece no campo antes de salvar, com os rótulos da tela', async () => {
    const { page } = await suite.open(1366);
    await entrar(page, ADMIN);
    await page.goto('/tabelasfrete');
    await page.getByRole('button', { name: 'Nova tabela' }).click();
    await page.getByRole('heading', { name: 'Nova tabela de frete' }).waitFor();
    // The schema's rule between the dates runs once the rest of the object is valid (zod refines after the shape).
    await page.getByLabel('Nome', { exact: true }).fill('E2E Vigência');
    await escolher(page, page.getByLabel('Transportador', { exact: true }), 'Expresso Nordeste');
    for (const [rotulo, valor] of [
      ['Vigência: início', '10/01/2027'],
      ['Vigência: fim', '01/01/2027'],
    ]) {
      const campo = page.getByLabel(rotulo);
      await campo.click();
      await campo.fill(valor);
      await campo.press('Tab');
    }
    await page.getByText('Vigência: fim deve ser igual ou posterior a Vigência: início').first().waitFor();
  });

  it('Ctrl+K leva a qualquer tela do menu; abaixo do menu, a trilha leva de volta', async () => {
    const { page } = await suite.open(1366);
    await entrar(page, ADMIN);
    await page.goto('/centros-custo');
    await page.getByRole('heading', { name: 'Centros de custo' }).waitFor();
    await page.keyboard.press('Control+k');
    const busca = page.getByRole('dialog').filter({ hasText: 'Ir para' }).getByLabel('Tela');
    await busca.waitFor();
    await busca.fill('Transporta');
    // An option clicked while the dropdown still opens is lost on a loaded machine: clicked until the page changes.
    await clicarAte(page.locator('.ant-select-item-option').filter({ hasText: /^Transportadores · Cadastros$/ }), async () =>
      new URL(page.url()).pathname.endsWith('/transportadores'),
    );
    await page.getByRole('heading', { name: 'Transportadores' }).first().waitFor();
    // A menu screen has no trail; a carrier's vehicles (below it) do, back to the list.
    expect(await page.getByRole('navigation', { name: 'Trilha de navegação' }).count()).toBe(0);
    await acaoDaLinha(page, page.getByRole('row').filter({ hasText: 'Rápido Sul Transportes Ltda' }), 'Veículos');
    const trilha = page.getByRole('navigation', { name: 'Trilha de navegação' });
    await trilha.getByText('Veículos').waitFor();
    await trilha.getByRole('link', { name: 'Transportadores' }).click();
    await page.waitForURL(/\/transportadores$/);
  });
});
