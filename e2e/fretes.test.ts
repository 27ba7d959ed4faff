import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, entrar } from './support/browser.ts';
import { abrirPeloMenu } from './support/menu.ts';
import { confirmar, escolher, preencherData as data } from './support/antd.ts';
import { clicarEEsperar, e2eSuite, toast } from './support/setup.ts';

// Freight pricing through the browser: the worked example's table built in the table editor (route,
// rules, ranges), activated, then quoted by the calculator; and a server error on overlapping ranges
// shown on the range row.
const drawer = (page: Page, titulo: string) => page.getByRole('dialog').filter({ hasText: titulo });
const row = (scope: Page | Locator, text: string | RegExp) => scope.getByRole('row').filter({ hasText: text });

/** Creates a table in the editor (status Validação) and returns its uid. */
async function novaTabela(page: Page, nome: string) {
  await page.goto('/tabelasfrete');
  await page.getByRole('heading', { name: 'Tabelas de frete' }).waitFor();
  await page.getByRole('button', { name: 'Nova tabela' }).click();
  await page.getByRole('heading', { name: 'Nova tabela de frete' }).waitFor();
  await page.getByLabel('Nome', { exact: true }).fill(nome);
  await escolher(page, page.getByLabel('Transportador', { exact: true }), 'Expresso Nordeste');
  await data(page.getByLabel('Vigência: início'), '01/01/2026');
  await data(page.getByLabel('Vigência: fim'), '31/12/2026');
  // Defaults of a new table: 300 kg/m³, ICMS not included.
  expect(await page.getByLabel('Fator de cubagem (kg/m³)').inputValue()).toBe('300');
  expect(await page.getByLabel('ICMS incluso').getAttribute('aria-checked')).toBe('false');
  await page.getByRole('button', { name: 'Criar tabela' }).click();
  await toast(page, 'Registro salvo com sucesso.').waitFor();
  await page.waitForURL(/\/tabelasfrete\/[0-9a-f-]{36}/);
  await page.getByTestId('titulo-tabela').getByText(nome).waitFor();
  return new URL(page.url()).pathname.split('/').pop() as string;
}

async function adicionarRota(page: Page, origem: string, destino: string, prazo: string, freteMinimo?: string) {
  await page.getByRole('button', { name: 'Adicionar rota' }).click();
  const d = drawer(page, 'Adicionar rota');
  await d.waitFor();
  await escolher(page, d.getByLabel('Origem: UF'), new RegExp(`^${origem}$`), origem);
  await escolher(page, d.getByLabel('Destino: UF'), new RegExp(`^${destino}$`), destino);
  await d.getByLabel('Prazo (dias úteis)').fill(prazo);
  if (freteMinimo) await d.getByLabel('Frete mínimo').fill(freteMinimo);
  const res = await clicarEEsperar(page, d.getByRole('button', { name: 'Salvar' }), { path: /\/tabelasfrete\/[^/]+\/rotas$/ });
  const rota = ((await res.json()) as { data: Record<string, unknown> }).data;
  // The drawer sent what was chosen (a select reset by a re-render would send an empty origin).
  expect([JSON.stringify(rota.origem), JSON.stringify(rota.destino)]).toEqual([expect.stringContaining(`"${origem}"`), expect.stringContaining(`"${destino}"`)]);
  await toast(page, 'Registro salvo com sucesso.').waitFor();
  await row(page, `${origem}${destino}${prazo}`).waitFor();
}

type Regra = { componente: string; base: string; calculo: string; valor?: string; minimo?: string };

/** Opens "Adicionar regra" and fills the common part of a rule. */
async function iniciarRegra(page: Page, r: Regra) {
  await page.getByRole('button', { name: 'Adicionar regra' }).click();
  const d = drawer(page, 'Nova regra');
  await d.waitFor();
  await escolher(page, d.getByLabel('Componente'), new RegExp(`^${r.componente} - `), r.componente);
  await escolher(page, d.getByLabel('Base'), new RegExp(`^${r.base.replace(/[()]/g, '\\$&')}$`));
  await escolher(page, d.getByLabel('Cálculo'), new RegExp(`^${r.calculo}$`));
  return d;
}

async function adicionarRegra(page: Page, r: Regra & { rotuloValor: string }) {
  const d = await iniciarRegra(page, r);
  if (r.valor) await d.getByLabel(r.rotuloValor).fill(r.valor);
  if (r.minimo) await d.getByLabel('Mínimo', { exact: true }).fill(r.minimo);
  await d.getByRole('button', { name: 'Salvar' }).click();
  await toast(page, 'Registro salvo com sucesso.').waitFor();
  await row(page.getByTestId('regras'), r.componente).first().waitFor();
}

type FaixaE2E = { ate: string; valor: string; modo: 'Valor fixo' | 'Por unidade' | 'Excedente' };

async function preencherFaixas(page: Page, d: Locator, faixas: FaixaE2E[]) {
  for (const [i, f] of faixas.entries()) {
    const n = i + 1;
    if (n > 1) await d.getByRole('button', { name: 'Adicionar faixa' }).click();
    if (f.ate) await d.getByLabel(`Até (faixa ${n})`).fill(f.ate);
    await d.getByLabel(`Valor (faixa ${n})`).fill(f.valor);
    if (f.modo !== 'Valor fixo') await escolher(page, d.getByLabel(`Modo (faixa ${n})`), new RegExp(`^${f.modo}$`));
  }
}

describe('tabelas de frete e calculadora', () => {
  const suite = e2eSuite();

  it('monta a tabela do exemplo no editor e a calculadora cota R$ 267,61 com entrega em 22/04/2026', async () => {
    const { page } = await suite.open(1440);
    await entrar(page, ADMIN);
    const nome = 'E2E Expresso SP → RJ';
    const uid = await novaTabela(page, nome);

    // Route UF SP → UF RJ, 2 business days, minimum freight R$ 80,00.
    await page.getByRole('tab', { name: /Rotas/ }).waitFor();
    await adicionarRota(page, 'SP', 'RJ', '2', '80');
    await row(page, 'SPRJ2').getByText('R$ 80,00').waitFor();
    await page.getByRole('heading', { name: 'Regras da rota SP → RJ' }).waitFor();

    // FRETE_PESO on PESO by FAIXA: até 10 FIXO 30; até 30 FIXO 45; até 100 FIXO 90; sem limite EXCEDENTE 0,85.
    const d = await iniciarRegra(page, { componente: 'FRETE_PESO', base: 'Peso taxado (kg)', calculo: 'Por faixas' });
    await preencherFaixas(page, d, [
      { ate: '10', valor: '30', modo: 'Valor fixo' },
      { ate: '30', valor: '45', modo: 'Valor fixo' },
      { ate: '100', valor: '90', modo: 'Valor fixo' },
      { ate: '', valor: '0,85', modo: 'Excedente' },
    ]);
    await d.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Registro salvo com sucesso.').waitFor();
    const regras = page.getByTestId('regras');
    await row(regras, 'FRETE_PESO').getByText('4 faixas').waitFor();

    await adicionarRegra(page, {
      componente: 'FRETE_VALOR',
      base: 'Valor da mercadoria',
      calculo: 'Percentual',
      rotuloValor: 'Percentual (%)',
      valor: '0,3',
    });
    await adicionarRegra(page, {
      componente: 'GRIS',
      base: 'Valor da mercadoria',
      calculo: 'Percentual',
      rotuloValor: 'Percentual (%)',
      valor: '0,3',
      minimo: '3',
    });
    await adicionarRegra(page, {
      componente: 'PEDAGIO',
      base: 'Fração de 100 kg',
      calculo: 'Por unidade',
      rotuloValor: 'Valor por unidade',
      valor: '6,5',
    });
    await adicionarRegra(page, { componente: 'TAS', base: 'Por CT-e/viagem', calculo: 'Valor fixo', rotuloValor: 'Valor fixo', valor: '4,5' });
    await row(regras, 'FRETE_VALOR').getByText('0,3000 %').waitFor();
    await row(regras, 'GRIS').getByText('R$ 3,00').waitFor();
    await row(regras, 'PEDAGIO').getByText('R$ 6,5000').waitFor();
    await row(regras, 'TAS').getByText('R$ 4,50').waitFor();
    await page.getByRole('tab', { name: 'Rotas (1)' }).waitFor();

    // Activate: the server validates the whole table.
    await page.waitForLoadState('networkidle');
    await escolher(page, page.getByLabel('Status', { exact: true }), /^Ativo$/);
    await clicarEEsperar(page, page.getByRole('button', { name: 'Salvar tabela' }), { method: 'PUT', path: `/tabelasfrete/${uid}` });
    await toast(page, 'Registro salvo com sucesso.').waitFor();
    await page
      .locator('.ant-card')
      .first()
      .locator('.ant-tag')
      .filter({ hasText: /^Ativo$/ })
      .waitFor();

    // The list shows it among today's valid tables.
    await page.getByRole('link', { name: 'Tabelas de frete' }).first().click();
    await row(page, nome).getByText('Ativo').waitFor();

    // Calculator: 150 kg, 0,6 m³, R$ 10.000,00, shipped on 17/04/2026, SP → RJ, only this carrier.
    await abrirPeloMenu(page, 'Calculadora de frete');
    await page.getByRole('heading', { name: 'Calculadora de frete' }).waitFor();
    await page.getByLabel('CEP de origem').fill('01310-100');
    await page.getByLabel('CEP de destino').fill('20040-002');
    await page.getByLabel('Peso (kg)').fill('150');
    await page.getByLabel('Volume (m³)').fill('0,6');
    await page.getByLabel('Valor da mercadoria').fill('10.000,00');
    await data(page.getByLabel('Data de embarque'), '17/04/2026');
    await escolher(page, page.getByLabel('Transportadores'), 'Expresso Nordeste');
    await page.keyboard.press('Escape');
    await clicarEEsperar(page, page.getByRole('button', { name: 'Calcular' }), { path: '/calculadora/calcular' });

    const cotacoes = page.getByTestId('cotacoes');
    const linha = row(cotacoes, nome);
    await linha.getByText('22/04/2026').waitFor();
    await linha.getByText('R$ 267,61').waitFor();
    await linha.getByText('2 dias úteis').waitFor();
    const detalhe = page.getByTestId(`detalhe-${uid}`);
    for (const [componente, valor] of [
      ['FRETE_PESO', 'R$ 158,00'],
      ['FRETE_VALOR', 'R$ 30,00'],
      ['GRIS', 'R$ 30,00'],
      ['PEDAGIO', 'R$ 13,00'],
      ['TAS', 'R$ 4,50'],
    ]) {
      await row(detalhe, componente).getByText(valor, { exact: true }).waitFor();
    }
    const item = (rotulo: string) => detalhe.locator('.ant-descriptions-row').filter({ hasText: rotulo });
    expect(await item('Valor sem imposto').textContent()).toContain('R$ 235,50');
    // SP → RJ is interstate: ICMS, not ISS (issue 9: the breakdown says which tax applied).
    expect(await item('Imposto aplicado').textContent()).toContain('ICMS');
    expect(await item('Alíquota de ICMS').textContent()).toContain('12,00 %');
    expect(await item('ICMS').last().textContent()).toContain('R$ 32,11');
    expect(await item('Fonte da alíquota').textContent()).toContain('Resolução do Senado Federal 22/1989');
    expect(await item('Total').textContent()).toContain('R$ 267,61');
    expect(await item('Peso taxado').textContent()).toContain('180 kg');
  });

  it('faixas sobrepostas: o erro do servidor aparece na linha da faixa', async () => {
    const { page } = await suite.open(1440);
    await entrar(page, ADMIN);
    await novaTabela(page, 'E2E Faixas sobrepostas');
    await adicionarRota(page, 'SP', 'MG', '3');

    const d = await iniciarRegra(page, { componente: 'FRETE_PESO', base: 'Peso taxado (kg)', calculo: 'Por faixas' });
    await preencherFaixas(page, d, [
      { ate: '10', valor: '30', modo: 'Valor fixo' },
      { ate: '10', valor: '45', modo: 'Valor fixo' },
    ]);
    await d.getByRole('button', { name: 'Salvar' }).click();
    // The server's message, on the "até" of range 2; nothing was saved.
    await d
      .getByTestId('faixa-2')
      .locator('.ant-form-item-explain-error')
      .filter({ hasText: 'Faixa 2: sobrepõe a faixa 1 (ambas vão até 10)' })
      .waitFor();
    expect(await d.getByTestId('faixa-1').locator('.ant-form-item-explain-error').count()).toBe(0);
    expect(await row(page.getByTestId('regras'), 'FRETE_PESO').count()).toBe(0);

    // Fixed, it saves.
    await d.getByLabel('Até (faixa 2)').fill('20');
    await d.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Registro salvo com sucesso.').waitFor();
    await row(page.getByTestId('regras'), 'FRETE_PESO').getByText('2 faixas').waitFor();
  });

  it('exporta e reimporta o XLSX; restrições importam remetentes com relatório por linha e vinculam pela busca; anexos recusam tipo e enviam/excluem', async () => {
    const { page } = await suite.open(1440);
    await entrar(page, ADMIN);
    await novaTabela(page, 'E2E Restrições e anexos');

    // Export (XLSX) and import back: the import creates a new table and opens it.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar XLSX' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^tabela-frete-e2e-restricoes-e-anexos-v1\.xlsx$/);
    const xlsx = await download.path();
    const origem = page.url();
    await page.getByRole('link', { name: 'Tabelas de frete' }).first().click();
    await page.getByRole('button', { name: 'Importar XLSX' }).waitFor();
    await page.locator('input[type=file][accept=".xlsx"]').setInputFiles(xlsx);
    await toast(page, 'Tabela importada: E2E Restrições e anexos.').waitFor();
    await page.waitForURL((u) => /\/tabelasfrete\/[0-9a-f-]{36}$/.test(u.pathname) && u.href !== origem);
    await page.goto(origem);
    await page.getByTestId('titulo-tabela').getByText('E2E Restrições e anexos').waitFor();

    // A GRIS restriction "somente para" the linked people.
    await page.getByRole('tab', { name: /Restrições/ }).click();
    await page.getByRole('button', { name: 'Nova restrição' }).click();
    const d = drawer(page, 'Nova restrição');
    await escolher(page, d.getByLabel('Componente'), /^GRIS - /, 'GRIS');
    await escolher(page, d.getByLabel('Aplicação'), /^Somente para$/);
    await d.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Registro salvo com sucesso.').waitFor();
    const restricao = row(page, 'GRIS');
    await restricao.getByText('Somente para').waitFor();
    await restricao.getByRole('button', { name: /Expandir/ }).click();

    // Import senders from a CSV of CNPJs: the demo people get generated CNPJs, read from the people select.
    const remetentes = page.getByTestId('restricao-remetentes');
    const pessoa = remetentes.getByLabel('Pessoa para vincular aos remetentes');
    await pessoa.click();
    await pessoa.fill('Atacado');
    const opcao = page.locator('.ant-select-item-option').filter({ hasText: 'Atacado Baiano de Alimentos Ltda' }).first();
    const cnpj = /\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}/.exec((await opcao.textContent()) ?? '')?.[0] as string;
    expect(cnpj).toBeTruthy();
    await pessoa.press('Escape');
    // One bad CNPJ rejects the whole file, reported on its line; nothing is linked.
    const arquivo = remetentes.locator('input[type=file]');
    await arquivo.setInputFiles({
      name: 'remetentes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`CNPJ\n${cnpj}\n11.111.111/1111-11\n`),
    });
    const relatorio = remetentes.getByTestId('erros-importacao');
    await row(relatorio, 'CNPJ inválido: "11.111.111/1111-11"').getByRole('cell', { name: '3', exact: true }).waitFor();
    await remetentes.getByText('Remetentes (0)').waitFor();
    // The corrected file links it and clears the report.
    await arquivo.setInputFiles({ name: 'remetentes.csv', mimeType: 'text/csv', buffer: Buffer.from(`CNPJ\n${cnpj}\n`) });
    await row(remetentes, 'Atacado Baiano de Alimentos Ltda').getByText(cnpj).waitFor();
    await remetentes.getByText('Remetentes (1)').waitFor();
    expect(await remetentes.getByTestId('erros-importacao').count()).toBe(0);

    // Link another one from the people select.
    await escolher(page, pessoa, /Cerealista Curitibana/, 'Cerealista');
    await remetentes.getByRole('button', { name: 'Vincular', exact: true }).click();
    await row(remetentes, 'Cerealista Curitibana Ltda').waitFor();
    await remetentes.getByText('Remetentes (2)').waitFor();
    await row(page, 'GRIS').getByRole('cell', { name: '2', exact: true }).waitFor();

    // Attachments: a type the API refuses is stopped with a message; a text file is listed, then deleted.
    await page.getByRole('tab', { name: 'Anexos' }).click();
    const anexos = page.getByTestId('anexos');
    await anexos
      .locator('input[type=file]')
      .setInputFiles({ name: 'programa.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await page.getByTestId('erro-anexo').getByText('Tipo de arquivo não permitido: "programa.exe"', { exact: false }).waitFor();
    await anexos.getByLabel('Descrição do anexo').fill('Proposta assinada');
    await anexos
      .locator('input[type=file]')
      .setInputFiles({ name: 'proposta.txt', mimeType: 'text/plain', buffer: Buffer.from('Tabela negociada') });
    const anexo = row(anexos, 'proposta.txt');
    await anexo.getByText('Proposta assinada').waitFor();
    expect(await anexo.getByRole('link', { name: /proposta\.txt/ }).getAttribute('href')).toMatch(
      /^\/api\/download\/anexo\/[0-9a-f-]{36}$/,
    );
    await anexo.getByRole('button', { name: 'Excluir' }).click();
    await confirmar(page, 'Excluir', { method: 'DELETE', path: '/anexos/' });
    await anexos.getByText('Nenhum anexo').waitFor();
  });

  it('lista de isenção de cubagem da tabela: destinatário digitado com máscara é gravado e volta na tela', async () => {
    const { page } = await suite.open();
    await entrar(page, ADMIN);
    const uid = await novaTabela(page, 'Isenção por tabela E2E');
    const campo = page.getByLabel('Destinatários isentos de cubagem');
    await campo.click();
    await campo.pressSequentially('11.222.333/0001-81');
    await campo.press('Enter');
    const res = await clicarEEsperar(page, page.getByRole('button', { name: 'Salvar tabela' }), { method: 'PUT', path: `/tabelasfrete/${uid}` });
    expect(((await res.json()) as { data: { isencaoCubagemDestinatarios: string[] } }).data.isencaoCubagemDestinatarios).toEqual(['11222333000181']);
    await toast(page, 'Registro salvo com sucesso.').waitFor();
    await page.reload();
    await page.getByTestId('titulo-tabela').getByText('Isenção por tabela E2E').waitFor();
    await page.locator('.ant-select-selection-item').filter({ hasText: '11222333000181' }).waitFor();
  });
});
