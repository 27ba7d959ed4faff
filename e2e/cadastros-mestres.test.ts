import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, entrar } from './support/browser.ts';
import { abrirPeloMenu } from './support/menu.ts';
import { acaoDaLinha, escolher } from './support/antd.ts';
import { e2eSuite, toast } from './support/setup.ts';

// Master data through the UI: a person whose CEP fills the address, found by an accent-insensitive
// search; an import with its row report; a carrier's vehicle with a Mercosul plate; an ICMS rule
// with validity in the tax list.
const drawer = (page: Page) => page.getByRole('dialog');
const row = (page: Page, text: string | RegExp) => page.getByRole('row').filter({ hasText: text });
const fieldError = (page: Page, text: string) => drawer(page).locator('.ant-form-item-explain-error').filter({ hasText: text });
/** The visible text of the select inside the form item labelled `label`. */
const selectText = (page: Page, label: string) =>
  drawer(page)
    .locator('.ant-form-item')
    .filter({ has: page.locator(`label[title="${label}"]`) })
    .locator('.ant-select')
    // biome-ignore lint/performance/useDomNodeTextContent: the select's rendered text, as the user reads it.
    .innerText();
const hoje = () => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());

describe('cadastros mestres', () => {
  const suite = e2eSuite();

  it('um CNPJ/CPF já cadastrado oferece "Abrir o cadastro de …", que abre a pessoa existente', async () => {
    const { page } = await suite.open();
    await entrar(page, ADMIN);
    await page.goto('/pessoas?ftr_nome=Jo%C3%A3o%20Batista');
    const cpf = (await row(page, 'João Batista da Conceição').getByRole('cell', { name: /^\d{3}\.\d{3}\.\d{3}-\d{2}$/ }).textContent()) ?? '';
    await page.goto('/pessoas?ftr_nome=Arrozeira');
    const cnpj = (await row(page, 'Arrozeira Pelotense Ltda').getByRole('cell', { name: /^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/ }).textContent()) ?? '';
    const editando = (nome: string) => expect.poll(() => drawer(page).getByLabel('Nome / razão social', { exact: true }).inputValue()).toBe(nome);

    // A CNPJ is looked up while typing: the warning links to the person.
    await page.getByRole('button', { name: 'Nova pessoa' }).click();
    await drawer(page).getByText('Nova pessoa').waitFor();
    await drawer(page).getByLabel('CPF/CNPJ').fill(cnpj.replace(/\D/g, ''));
    await drawer(page).getByRole('link', { name: 'Abrir o cadastro de Arrozeira Pelotense Ltda' }).click();
    await drawer(page).getByText('Editar pessoa').waitFor();
    await editando('Arrozeira Pelotense Ltda');
    await expect.poll(() => new URL(page.url()).searchParams.has('abrir')).toBe(false);
    await page.goto('/pessoas');
    await page.getByRole('heading', { name: 'Pessoas' }).waitFor();

    // A CPF is not looked up: saving answers 409 naming the person, and the field error links to it.
    await page.getByRole('button', { name: 'Nova pessoa' }).click();
    await drawer(page).getByText('Nova pessoa').waitFor();
    await drawer(page).getByLabel('CPF/CNPJ').fill(cpf.replace(/\D/g, ''));
    await drawer(page).getByLabel('Nome / razão social', { exact: true }).fill('Outro Nome');
    const cep = drawer(page).getByLabel('CEP');
    await cep.fill('01310100');
    await cep.press('Tab');
    await expect.poll(() => selectText(page, 'Município')).toBe('São Paulo, SP - 3550308');
    await drawer(page).getByLabel('Número').fill('10');
    await drawer(page).getByRole('switch', { name: 'Destinatário' }).click();
    const salvar = page.waitForResponse((r) => r.url().endsWith('/api/v1/pessoas') && r.request().method() === 'POST');
    await drawer(page).getByRole('button', { name: 'Salvar' }).click();
    expect((await salvar).status()).toBe(409);
    await fieldError(page, 'Já existe uma pessoa com este documento: João Batista da Conceição').first().waitFor();
    await drawer(page).getByRole('link', { name: 'Abrir o cadastro de João Batista da Conceição' }).click();
    await drawer(page).getByText('Editar pessoa').waitFor();
    await editando('João Batista da Conceição');
  });

  it('cria uma pessoa com CNPJ e CEP (UF e município preenchidos) e a encontra pela busca sem acentos', async () => {
    const { page } = await suite.open();
    await entrar(page, ADMIN);
    await abrirPeloMenu(page, 'Pessoas');
    await page.getByRole('heading', { name: 'Pessoas' }).waitFor();
    // The demo documents are generated when seeding: read an existing company's CNPJ from the list.
    const existente = (await row(page, 'Arrozeira Pelotense Ltda').getByRole('cell', { name: /^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/ }).textContent()) ?? '';
    expect(existente).toMatch(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/);
    await page.getByRole('button', { name: 'Nova pessoa' }).click();
    await drawer(page).getByText('Nova pessoa').waitFor();

    // A CNPJ already registered as a person is pointed out as soon as it is complete.
    const documento = drawer(page).getByLabel('CPF/CNPJ');
    await documento.fill(existente.replace(/\D/g, ''));
    await drawer(page).getByText(`Já existe uma pessoa com o CNPJ ${existente}: Arrozeira Pelotense Ltda.`).waitFor();

    // Check digits are validated on the field, with the message of the document typed.
    await documento.fill('11444777000162');
    expect(await documento.inputValue()).toBe('11.444.777/0001-62');
    await documento.press('Tab');
    await fieldError(page, 'CNPJ inválido').waitFor();
    await documento.fill('11444777000161');
    await expect.poll(() => fieldError(page, 'CNPJ inválido').count()).toBe(0);

    // The name takes the form the API saves when the field is left.
    const nome = drawer(page).getByLabel('Nome / razão social', { exact: true });
    await nome.fill('distribuidora são joão de alimentos ltda');
    await nome.press('Tab');
    expect(await nome.inputValue()).toBe('Distribuidora São João de Alimentos Ltda');

    // The CEP fills UF, municipality, street and district when the field is left.
    const cep = drawer(page).getByLabel('CEP');
    await cep.fill('01310100');
    expect(await cep.inputValue()).toBe('01310-100');
    await cep.press('Tab');
    await expect.poll(() => drawer(page).getByLabel('Logradouro').inputValue()).toBe('Rua Augusta');
    expect(await drawer(page).getByLabel('Bairro').inputValue()).toBe('Consolação');
    await expect.poll(() => selectText(page, 'UF')).toBe('SP');
    await expect.poll(() => selectText(page, 'Município')).toBe('São Paulo, SP - 3550308');
    await drawer(page).getByLabel('Número').fill('1500');
    await drawer(page).getByRole('switch', { name: 'Destinatário' }).click();

    await drawer(page).getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Registro salvo com sucesso.').waitFor();
    // The drawer closes after the save (until then its focus trap would take the keys typed below).
    await drawer(page).waitFor({ state: 'hidden' });

    // Accent- and case-insensitive search on the server.
    await page.getByLabel('Filtrar por Nome / razão social').fill('SAO JOAO DE ALIMENTOS');
    await page.getByLabel('Filtrar por Nome / razão social').press('Enter');
    await page.getByText('1-1 de 1 registros').waitFor();
    const nova = row(page, 'Distribuidora São João de Alimentos Ltda');
    await nova.getByText('11.444.777/0001-61').waitFor();
    await nova.getByText('São Paulo').waitFor();
    await nova.getByText('Destinatário').waitFor();

    // A CEP known only by its range fills the UF and says so.
    await page.getByRole('button', { name: 'Nova pessoa' }).click();
    await drawer(page).getByLabel('CEP').fill('13000000');
    await drawer(page).getByLabel('CEP').press('Tab');
    await drawer(page).getByText('Só foi possível identificar a UF deste CEP; preencha o endereço.').waitFor();
    await expect.poll(() => selectText(page, 'UF')).toBe('SP');
  });

  it('importa pessoas de um CSV: relata as linhas com erro e grava só as válidas', async () => {
    const { page } = await suite.open();
    await entrar(page, ADMIN);
    await page.goto('/pessoas');
    await page.getByRole('button', { name: 'Importar' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: 'Importar pessoas' });
    await modal.getByRole('link', { name: /Baixar modelo/ }).waitFor();
    const csv = [
      'documento;nome;cep;municipioIbge;remetente',
      '529.982.247-25;maria importada da silva;80010-000;4106902;S',
      '11.444.777/0001-62;Empresa Com Erro Ltda;;;N',
    ].join('\r\n');
    await modal.locator('input[type=file]').setInputFiles({ name: 'pessoas.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const rodape = modal.locator('.ant-modal-footer');
    await rodape.getByRole('button', { name: /Importar$/ }).click();

    // Nothing is saved while a row fails: the report lists line, field and message.
    await modal.getByText('Nenhum registro foi salvo: 1 linha(s) com erro.').waitFor();
    const erro = modal.getByRole('row').filter({ hasText: 'documento' });
    await erro.getByRole('cell', { name: '3', exact: true }).waitFor();
    await erro.getByText('CPF/CNPJ inválido').waitFor();

    await rodape.getByRole('button', { name: 'Importar só as válidas' }).click();
    await toast(page, 'Importação concluída: 1 registro(s) salvo(s); 1 linha(s) com erro ignorada(s).').waitFor();
    await rodape.getByRole('button', { name: 'Fechar' }).click();

    await page.getByLabel('Filtrar por CPF/CNPJ').fill('529.982.247-25');
    await page.getByLabel('Filtrar por CPF/CNPJ').press('Enter');
    const importada = row(page, 'Maria Importada da Silva');
    await importada.getByText('Curitiba').waitFor();
    await importada.getByText('Remetente').waitFor();
    expect(await row(page, 'Empresa Com Erro').count()).toBe(0);
  });

  it('cadastra um veículo com placa Mercosul para um transportador', async () => {
    const { page } = await suite.open();
    await entrar(page, ADMIN);
    // Rápido Sul has a user of its own: it maintains its fleet, the shipper only reads it.
    await page.goto('/transportadores');
    await acaoDaLinha(page, row(page, 'Rápido Sul Transportes Ltda'), 'Veículos');
    await page.getByTestId('registro-pai').filter({ hasText: 'Rápido Sul Transportes Ltda' }).waitFor();
    await row(page, 'RSL2A19').waitFor();
    expect(await page.getByRole('button', { name: 'Novo' }).count()).toBe(0);
    // Expresso Nordeste has none: Demo, which registered it, maintains it.
    await page.goto('/transportadores');
    await acaoDaLinha(page, row(page, 'Expresso Nordeste Logística Ltda'), 'Veículos');
    await page.getByTestId('registro-pai').filter({ hasText: 'Expresso Nordeste Logística Ltda' }).waitFor();
    await page.getByRole('heading', { name: 'Veículos' }).waitFor();
    await row(page, 'AUV-8123').waitFor();

    await page.getByRole('button', { name: 'Novo' }).click();
    await drawer(page).getByText('Novo veículo').waitFor();
    const placa = drawer(page).getByLabel('Placa');
    await placa.fill('abc12');
    await placa.press('Tab');
    await fieldError(page, 'Placa inválida').waitFor();
    // Typed in lower case, with a hyphen and an invalid character: kept as the Mercosul plate.
    await placa.fill('abc-1d2*3');
    expect(await placa.inputValue()).toBe('ABC1D23');
    await drawer(page).getByLabel('RENAVAM').fill('12345678900');
    await drawer(page).getByLabel('Ano').fill('2024');
    await escolher(page, drawer(page).getByLabel('Tipo de veículo'), /^Truck \(/);
    await drawer(page).getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Registro salvo com sucesso.').waitFor();

    const novo = row(page, 'ABC1D23');
    await novo.getByText('12345678900').waitFor();
    await novo.getByText('14.000 kg').waitFor();
    await novo.getByText('Próprio').waitFor();
    // The old format is shown with its hyphen.
    await row(page, 'AUV-8123').getByText('Agregado').waitFor();

    // A plate the carrier already has: the 409 on the field links to that vehicle, in this sub-list.
    await page.getByRole('button', { name: 'Novo' }).click();
    await drawer(page).getByText('Novo veículo').waitFor();
    await drawer(page).getByLabel('Placa').fill('ABC1D23');
    await drawer(page).getByLabel('RENAVAM').fill('12345678900');
    await escolher(page, drawer(page).getByLabel('Tipo de veículo'), /^Truck \(/);
    const salvar = page.waitForResponse((r) => /\/transportadores\/[^/]+\/veiculos$/.test(r.url()) && r.request().method() === 'POST');
    await drawer(page).getByRole('button', { name: 'Salvar' }).click();
    expect((await salvar).status()).toBe(409);
    await fieldError(page, 'Já existe um veículo deste transportador com esta placa.').waitFor();
    await drawer(page).getByRole('link', { name: 'Abrir o cadastro de ABC1D23' }).click();
    await drawer(page).getByText('Editar veículo').waitFor();
    await expect.poll(() => drawer(page).getByLabel('Ano').inputValue()).toBe('2024');
    expect(new URL(page.url()).pathname).toMatch(/^\/transportadores\/[^/]+\/veiculos$/);
  });

  it('cria uma regra de ICMS interno com vigência a partir de hoje e a vê na lista de tributos', async () => {
    const { page } = await suite.open();
    await entrar(page, ADMIN);
    await abrirPeloMenu(page, 'Tributos');
    await page.getByRole('heading', { name: 'Tributos' }).waitFor();
    await page.getByText('1-4 de 4 registros').waitFor();

    await page.getByRole('button', { name: 'Nova regra' }).click();
    await drawer(page).getByText('Nova regra').waitFor();
    expect(await drawer(page).getByLabel('Início da vigência').inputValue()).toBe(hoje());
    // PIS/COFINS fields appear only for their kind of rule.
    expect(await drawer(page).getByLabel('Regime de PIS/COFINS').count()).toBe(0);

    // SP already has an internal rate in force: the overlap comes back from the server on the field.
    await escolher(page, drawer(page).getByLabel('UF', { exact: true }), 'SP - São Paulo', 'São Paulo');
    await drawer(page).getByLabel('Alíquota de ICMS').fill('18');
    await drawer(page).getByRole('button', { name: 'Salvar' }).click();
    await fieldError(page, 'as vigências da mesma regra não podem se sobrepor').waitFor();

    await escolher(page, drawer(page).getByLabel('UF', { exact: true }), 'TO - Tocantins', 'tocantins');
    await drawer(page).getByLabel('Descrição').fill('ICMS interno do Tocantins (E2E)');
    await drawer(page).getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Registro salvo com sucesso.').waitFor();

    await page.getByText('1-5 de 5 registros').waitFor();
    const regra = row(page, 'ICMS interno do Tocantins (E2E)');
    await regra.getByText('ICMS interno', { exact: true }).waitFor();
    await regra.getByText('TO', { exact: true }).waitFor();
    await regra.getByText('18,00 %').waitFor();
    await regra.getByText(`desde ${hoje()}`).waitFor();
    await regra.getByText('Vigente').waitFor();
  });
});
