import { formatarDinheiro } from '@fretio/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN, OPERADOR, entrar } from './support/browser.ts';
import { escolher } from './support/antd.ts';
import { clicarEEsperar, e2eSuite, toast } from './support/setup.ts';

// Maker–checker of freight tables (issue 9): with the shipper's approval setting on, a readjusted table
// waits in Validação; the analyst who readjusted it cannot activate it, a second user with the
// permission opens the comparison with the old version (a route's % change) and approves it beside it, and
// the editor shows who submitted and who approved.
describe('aprovação de tabela reajustada', () => {
  const suite = e2eSuite();

  it('quem reajustou não ativa; outro usuário aprova e a tabela mostra quem aprovou', async () => {
    const db = suite.server.app.db;
    await db.execute(sql`update configuracoes set aprovacao_tabelas = true`);
    // The operator of the demo gets the permission to change (approve) tables.
    await db.execute(sql`update papeis set permissoes = permissoes || '{"tabelasfrete": ["ler", "alterar", "aprovar"]}'::jsonb where nome = 'Operador'`);

    const { page } = await suite.open(1440);
    await entrar(page, ADMIN);
    const lista = (await (await page.request.get('/api/v1/tabelasfrete?ftr_nome=Exemplo')).json()) as {
      data: { data: { uid: string; nome: string }[] };
    };
    const original = lista.data.data.find((t) => t.nome === 'Exemplo SP → RJ');
    expect(original).toBeDefined();
    await page.goto(`/tabelasfrete/${original?.uid}`);
    await page.getByTestId('titulo-tabela').getByText('Exemplo SP → RJ').waitFor();

    // Readjust by 5 %: the new version is created in Validação and waits for approval.
    await page.getByRole('button', { name: 'Reajustar' }).first().click();
    const modal = page.getByRole('dialog').filter({ hasText: 'Reajustar' });
    await modal.getByLabel('Reajuste (%)').fill('5');
    const res = await clicarEEsperar(page, modal.getByRole('button', { name: 'Criar nova versão' }), {
      method: 'POST',
      path: /\/reajustar$/,
    });
    const nova = ((await res.json()) as { data: { uid: string; status: number; versao: number } }).data;
    expect(nova).toMatchObject({ status: 3, versao: 2 });
    await page.waitForURL(new RegExp(`/tabelasfrete/${nova.uid}`));
    await page.getByTestId('aprovacao-tabela').getByText(/aguardando aprovação/).waitFor();

    // The maker cannot activate it.
    await page.waitForLoadState('networkidle');
    await escolher(page, page.getByLabel('Status', { exact: true }), /^Ativo$/);
    const recusa = await clicarEEsperar(page, page.getByRole('button', { name: 'Salvar tabela' }), {
      method: 'PUT',
      path: `/tabelasfrete/${nova.uid}`,
      status: 403,
    });
    expect(recusa.status()).toBe(403);
    await toast(page, 'A tabela precisa ser aprovada (ativada) por outro usuário').waitFor();

    // A second user with the permission opens the comparison (old vs new per route) and approves beside it.
    const outro = await suite.open(1440);
    await entrar(outro.page, OPERADOR);
    await outro.page.goto(`/tabelasfrete/${nova.uid}`);
    await outro.page.getByTestId('aprovacao-tabela').getByText(/aguardando aprovação/).waitFor();
    const comparacao = await clicarEEsperar(outro.page, outro.page.getByRole('tab', { name: 'Comparação' }), {
      method: 'GET',
      path: `/tabelasfrete/${nova.uid}/comparacao`,
    });
    const c = ((await comparacao.json()) as { data: { anterior: { uid: string } | null; rotas: { origem: string; destino: string; variacaoPercentual: number | null }[] } }).data;
    expect(c.anterior?.uid).toBe(original?.uid);
    const rota = c.rotas.find((r) => r.variacaoPercentual !== null);
    // Money values +5 %, percentages (ad valorem, GRIS) kept: the route's freight rises by more than 0 and at most 5 %.
    expect(rota?.variacaoPercentual).toBeGreaterThan(0);
    expect(rota?.variacaoPercentual).toBeLessThanOrEqual(5);
    const texto = `+${formatarDinheiro(rota?.variacaoPercentual ?? 0)} %`;
    await outro.page.getByTestId(`variacao-${rota?.origem}-${rota?.destino}`).getByText(texto).waitFor();
    const aprovada = await clicarEEsperar(outro.page, outro.page.getByRole('button', { name: 'Aprovar e ativar' }), {
      method: 'PUT',
      path: `/tabelasfrete/${nova.uid}/atualizarstatus`,
    });
    expect(aprovada.status()).toBe(200);
    await toast(outro.page, 'Tabela aprovada: agora está ativa.').waitFor();
    await outro.page.getByTestId('aprovacao-tabela').getByText(/aprovada por Olívia Operadora/).waitFor();
  });
});
