import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, OPERADOR, entrar } from './support/browser.ts';
import { abrirPeloMenu } from './support/menu.ts';
import { acaoDaLinha, confirmacao, confirmar, escolher } from './support/antd.ts';
import { e2eSuite, toast } from './support/setup.ts';

// The generic list/form on the registers: create, validation, server field errors, edit, filter,
// delete; a select loaded from another register; the actions a role without 'excluir' does not get.
const drawer = (page: Page) => page.getByRole('dialog');
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

describe('centros de custo', () => {
  const suite = e2eSuite();

  it('cria, edita, filtra e exclui um centro de custo pela interface', async () => {
    const { page } = await suite.open();
    await entrar(page, ADMIN);
    await abrirPeloMenu(page, 'Centros de custo');
    await page.getByRole('heading', { name: 'Centros de custo' }).waitFor();
    await row(page, 'Suprimentos').waitFor();
    await page.getByText('1-4 de 4 registros').waitFor();

    // Required fields use the shared validation messages.
    await page.getByRole('button', { name: 'Novo' }).click();
    await drawer(page).getByText('Novo centro de custo').waitFor();
    await drawer(page).getByRole('button', { name: 'Salvar' }).click();
    await drawer(page).getByText("Este campo 'Código' é obrigatório").waitFor();
    await drawer(page).getByText("Este campo 'Nome' é obrigatório").waitFor();

    // A duplicate code comes back from the server (409) onto the field.
    await drawer(page).getByLabel('Código', { exact: true }).fill('1.01');
    await drawer(page).getByLabel('Nome', { exact: true }).fill('Centro E2E');
    await drawer(page).getByRole('button', { name: 'Salvar' }).click();
    await drawer(page)
      .locator('.ant-form-item-explain-error')
      .filter({ hasText: 'Já existe um centro de custo com este código.' })
      .waitFor();

    await drawer(page).getByLabel('Código', { exact: true }).fill('7.77');
    await drawer(page).getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Registro salvo com sucesso.').waitFor();
    await row(page, 'Centro E2E').getByText('7.77').waitFor();
    await page.getByText('1-5 de 5 registros').waitFor();

    // Edit: the drawer loads the record, the list shows the change.
    // Named by its words only: the icon beside them is decoration ("Editar", not "edit Editar").
    await row(page, 'Centro E2E').getByRole('button', { name: 'Editar', exact: true }).click();
    await drawer(page).getByText('Editar centro de custo').waitFor();
    const nome = drawer(page).getByLabel('Nome', { exact: true });
    await expect.poll(() => nome.inputValue()).toBe('Centro E2E');
    await nome.fill('Centro E2E Editado');
    await drawer(page).getByRole('button', { name: 'Salvar' }).click();
    await row(page, 'Centro E2E Editado').waitFor();

    // Text filter: kept in the URL and applied by the server.
    await page.getByLabel('Filtrar por Nome').fill('editado');
    // The filter's icon buttons are named in pt-BR (not antd's "search"/"close-circle").
    await page.getByRole('button', { name: 'Limpar', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Buscar por nome', exact: true }).click();
    await page.getByText('1-1 de 1 registros').waitFor();
    expect(new URL(page.url()).searchParams.get('ftr_nome')).toBe('editado');
    expect(await row(page, 'Suprimentos').count()).toBe(0);

    // Delete with confirmation: the filtered list is then empty.
    await acaoDaLinha(page, row(page, 'Centro E2E Editado'), 'Excluir');
    await confirmacao(page).getByText('Excluir centro de custo "7.77 - Centro E2E Editado"?').last().waitFor();
    await confirmar(page, 'Excluir', { method: 'DELETE', path: '/centros-custo/' });
    await toast(page, 'Registro excluído com sucesso.').waitFor();
    await page.getByText('Nenhum registro encontrado').waitFor();

    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await page.getByText('1-4 de 4 registros').waitFor();
    expect(await row(page, '7.77').count()).toBe(0);
  });

  it('ordena pelo servidor ao clicar no cabeçalho', async () => {
    const { page } = await suite.open();
    await entrar(page, ADMIN);
    await page.goto('/centros-custo');
    await row(page, 'Suprimentos').waitFor();
    const firstCode = () => page.locator('.ant-table-tbody tr.ant-table-row').first().locator('td').first().textContent();
    expect(await firstCode()).toBe('1.01');
    await page.getByRole('columnheader', { name: 'Código' }).click(); // ASC → DESC (ASC is the default)
    await expect.poll(firstCode).toBe('9.99');
    expect(new URL(page.url()).searchParams.get('sso')).toBe('DESC');
  });

  it('operador não vê o botão Excluir, mas pode incluir e editar', async () => {
    const { page } = await suite.open();
    await entrar(page, OPERADOR);
    await page.goto('/centros-custo');
    await row(page, 'Suprimentos').waitFor();
    const linhas = await page.locator('.ant-table-tbody tr.ant-table-row').count();
    expect(linhas).toBeGreaterThanOrEqual(4);
    expect(await page.getByRole('button', { name: 'Editar' }).count()).toBe(linhas);
    expect(await page.getByRole('button', { name: 'Excluir' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Novo' }).waitFor();

    await page.goto('/departamentos');
    await row(page, 'Expedição').waitFor();
    expect(await page.getByRole('button', { name: 'Excluir' }).count()).toBe(0);
  });

  it('departamento escolhe entre os centros de custo ativos', async () => {
    const { page } = await suite.open();
    await entrar(page, ADMIN);
    await page.goto('/departamentos');
    await row(page, 'Expedição').waitFor();
    await page.getByRole('button', { name: 'Novo' }).click();
    await drawer(page).getByLabel('Nome', { exact: true }).fill('Transportes E2E');
    await drawer(page).getByLabel('Descrição').fill('Criado pelo teste');
    await drawer(page).getByLabel('Centro de custo').click();
    const opcoes = page.locator('.ant-select-item-option');
    await opcoes.filter({ hasText: '1.02 - Suprimentos' }).waitFor();
    // Only active cost centres are offered: '9.99 Projetos Encerrados' is inactive.
    expect(await opcoes.filter({ hasText: 'Projetos Encerrados' }).count()).toBe(0);
    await escolher(page, drawer(page).getByLabel('Centro de custo'), '1.02 - Suprimentos');
    await drawer(page).getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Registro salvo com sucesso.').waitFor();
    const novo = row(page, 'Transportes E2E');
    await novo.getByText('Suprimentos').waitFor();
    await novo.getByText('Criado pelo teste').waitFor();
  });
});
