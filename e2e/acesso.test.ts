import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { emailOutbox } from '../apps/server/src/db/schema/index.ts';
import { ADMIN, OPERADOR, entrar } from './support/browser.ts';
import { abrirPeloMenu } from './support/menu.ts';
import { clicarAte, confirmacao, confirmar, escolher } from './support/antd.ts';
import { e2eSuite, toast } from './support/setup.ts';

// Access management through the UI: users of the active shipper (activation e-mail), roles through
// the permission matrix, API tokens (secret shown once, usable as Bearer) and a read-only role.
const drawer = (page: Page) => page.getByRole('dialog');
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

describe('acesso: usuários, papéis e tokens de API', () => {
  const suite = e2eSuite();

  it('admin inclui um usuário: e-mail de ativação enviado e situação Pendente', async () => {
    const { page } = await suite.open();
    await entrar(page, ADMIN);
    await abrirPeloMenu(page, 'Meu embarcador');
    await page.getByTestId('registro-pai').getByText('Demo Indústria de Alimentos Ltda').waitFor();
    await page.getByRole('tab', { name: 'Usuários', exact: true }).click();
    await page.getByRole('heading', { name: 'Usuários' }).waitFor();
    await row(page, 'operador@demo.com.br').waitFor();

    await page.getByRole('button', { name: 'Novo' }).click();
    await drawer(page).getByText('Novo usuário').waitFor();
    await drawer(page).getByLabel('Nome', { exact: true }).fill('carla mendes');
    await drawer(page).getByLabel('Login (e-mail)').fill('carla.e2e@demo.com.br');
    await escolher(page, drawer(page).getByLabel('Papel'), 'Operador');
    await escolher(page, drawer(page).getByLabel('Unidade'), 'CD Campinas');
    await drawer(page).getByRole('button', { name: 'Salvar' }).click();

    await toast(page, 'Usuário incluído. O e-mail de ativação foi enviado para carla.e2e@demo.com.br.').waitFor();
    const nova = row(page, 'carla.e2e@demo.com.br');
    await nova.getByText('Pendente', { exact: true }).waitFor();
    await nova.getByText('Carla Mendes').waitFor();
    await nova.getByText('Operador').waitFor();
    await nova.getByText('Demo Alimentos - CD Campinas').waitFor();

    // The server really queued the activation link for the new login.
    const mails = await suite.server.app.db.select().from(emailOutbox).where(eq(emailOutbox.para, 'carla.e2e@demo.com.br'));
    expect(mails.some((m) => /\/ativar\//.test(m.texto))).toBe(true);

    // A pending user gets "Reenviar ativação", not the password reset.
    await nova.getByRole('button', { name: 'Mais ações' }).click();
    await page.getByRole('menuitem', { name: 'Reenviar ativação' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Enviar redefinição de senha' }).count()).toBe(0);
    const confirmarReenvio = page.getByRole('dialog').getByRole('button', { name: 'Reenviar ativação' });
    await clicarAte(page.getByRole('menuitem', { name: 'Reenviar ativação' }), () => confirmarReenvio.isVisible());
    await clicarAte(confirmarReenvio, async () => !(await confirmarReenvio.isVisible()));
    await toast(page, 'E-mail de ativação reenviado.').waitFor();
    await expect
      .poll(async () => (await suite.server.app.db.select().from(emailOutbox).where(eq(emailOutbox.para, 'carla.e2e@demo.com.br'))).length)
      .toBe(mails.length + 1);
  });

  it('admin cria um papel só com Consultar em centros de custo pela matriz', async () => {
    const { page } = await suite.open();
    await entrar(page, ADMIN);
    await abrirPeloMenu(page, 'Papéis');
    await page.getByRole('heading', { name: 'Papéis' }).waitFor();
    await row(page, 'Operador').waitFor();

    await page.getByRole('button', { name: 'Novo' }).click();
    await drawer(page).getByText('Novo papel').waitFor();
    await drawer(page).getByLabel('Nome', { exact: true }).fill('Consulta de centros de custo');
    const cc = (acao: string) => drawer(page).getByLabel(`${acao} - Centros de custo`, { exact: true });
    // "All actions" of the row marks the four, then clears them.
    await drawer(page).getByLabel('Todas as ações - Centros de custo').check();
    for (const acao of ['Consultar', 'Incluir', 'Alterar', 'Excluir']) expect(await cc(acao).isChecked()).toBe(true);
    await drawer(page).getByLabel('Todas as ações - Centros de custo').uncheck();
    for (const acao of ['Consultar', 'Incluir', 'Alterar', 'Excluir']) expect(await cc(acao).isChecked()).toBe(false);
    // No "Aprovar" checkbox where the resource does not offer it.
    expect(await cc('Aprovar').count()).toBe(0);
    await cc('Consultar').check();
    await drawer(page).getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Registro salvo com sucesso.').waitFor();

    const papel = row(page, 'Consulta de centros de custo');
    await papel.getByText('Centros de custo: Consultar', { exact: true }).waitFor();
    await papel.getByText('Usuários do embarcador').waitFor();
    const api = await (await page.request.get('/api/v1/papeis?ftr_nome=Consulta de centros')).json();
    expect(api.data.data[0].permissoes).toEqual({ 'centros-custo': ['ler'] });

    // Reloaded from the server, the form shows exactly that permission.
    await page.reload();
    await row(page, 'Consulta de centros de custo').getByRole('button', { name: 'Editar' }).click();
    await drawer(page).getByText('Editar papel').waitFor();
    await expect.poll(() => drawer(page).getByLabel('Nome', { exact: true }).inputValue()).toBe('Consulta de centros de custo');
    await expect.poll(() => cc('Consultar').isChecked()).toBe(true);
    for (const acao of ['Incluir', 'Alterar', 'Excluir']) expect(await cc(acao).isChecked()).toBe(false);
    expect(await drawer(page).getByLabel('Consultar - Departamentos', { exact: true }).isChecked()).toBe(false);
    expect(await drawer(page).getByLabel('Consultar - Usuários', { exact: true }).isChecked()).toBe(false);
    expect(await drawer(page).locator('input[type=checkbox]:checked').count()).toBe(1);
  });

  it('admin cria um token de API: segredo mostrado uma vez e aceito como Bearer', async () => {
    const { page } = await suite.open();
    await entrar(page, ADMIN);
    await abrirPeloMenu(page, 'Tokens de API');
    await page.getByRole('heading', { name: 'Tokens de API' }).waitFor();

    await page.getByRole('button', { name: 'Novo token' }).click();
    await drawer(page).getByLabel('Nome', { exact: true }).fill('Integração ERP E2E');
    await drawer(page).getByRole('button', { name: 'Salvar' }).click();

    const modal = page.locator('.ant-modal').filter({ hasText: 'Token "Integração ERP E2E" criado' });
    await modal.getByText('ele não será mostrado novamente').waitFor();
    const segredo = await modal.getByTestId('token-segredo').inputValue();
    expect(segredo).toMatch(/^fretio_\S{20,}$/);
    await modal.getByRole('button', { name: 'Copiar' }).waitFor();
    await modal.getByRole('button', { name: 'Fechar' }).click();
    await modal.waitFor({ state: 'detached' });

    // The list shows the token by its prefix, never the secret.
    const token = row(page, 'Integração ERP E2E');
    await token.getByText(`${segredo.slice(0, 12)}…`).waitFor();
    await token.getByText('Ativo', { exact: true }).waitFor();
    expect(await page.content()).not.toContain(segredo);

    // Outside the browser (no cookies), the secret opens the API.
    const url = `${suite.server.baseUrl}/api/v1/centros-custo`;
    const ok = await fetch(url, { headers: { Authorization: `Bearer ${segredo}` } });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { data: { totalRecords: number } };
    expect(body.data.totalRecords).toBeGreaterThanOrEqual(4);

    // Revoked from the list, it stops working.
    await token.getByRole('button', { name: 'Revogar' }).click();
    await confirmacao(page).getByText('Revogar o token "Integração ERP E2E"?').last().waitFor();
    await confirmar(page, 'Revogar', { method: 'DELETE', path: '/api-token/' });
    await toast(page, 'Token revogado.').waitFor();
    await token.getByText('Revogado', { exact: true }).waitFor();
    expect(await token.getByRole('button', { name: 'Revogar' }).count()).toBe(0);
    expect((await fetch(url, { headers: { Authorization: `Bearer ${segredo}` } })).status).toBe(401);
  });

  it('operador vê Papéis só para consulta', async () => {
    const { page } = await suite.open();
    await entrar(page, OPERADOR);
    await abrirPeloMenu(page, 'Papéis');
    await page.getByRole('heading', { name: 'Papéis' }).waitFor();
    await row(page, 'Administrador').waitFor();
    const linhas = await page.locator('.ant-table-tbody tr.ant-table-row').count();
    expect(linhas).toBeGreaterThanOrEqual(3);
    expect(await page.getByRole('button', { name: 'Novo' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Editar' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Excluir' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Visualizar' }).count()).toBe(linhas);

    // The role opens read-only: no Salvar, the matrix cannot be changed.
    await row(page, 'Operador').getByRole('button', { name: 'Visualizar' }).click();
    await drawer(page).getByText('Visualizar papel').waitFor();
    const consultar = drawer(page).getByLabel('Consultar - Centros de custo', { exact: true });
    await expect.poll(() => consultar.isChecked()).toBe(true);
    expect(await consultar.isDisabled()).toBe(true);
    expect(await drawer(page).getByLabel('Todas as ações - Centros de custo').isDisabled()).toBe(true);
    expect(await drawer(page).getByRole('button', { name: 'Salvar' }).count()).toBe(0);
    await drawer(page).getByRole('button', { name: 'Fechar', exact: true }).last().waitFor();
  });
});
