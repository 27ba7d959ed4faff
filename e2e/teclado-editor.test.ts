import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, entrar } from './support/browser.ts';
import { e2eSuite } from './support/setup.ts';

// The freight-table editor with the keyboard alone (issue 8, accessibility): Tab to a route's radio and
// Space selects it, Tab/Enter opens its form, Enter in a field saves; a new rule of that route is filled
// with type-ahead and arrows in its selects and saved with Enter; Escape on a changed rule form asks
// before discarding. What was saved is read back from the API.

/** Presses Tab (Shift+Tab when `voltar`) until the focused element is the one `alvo` describes. */
async function tabAte(page: Page, alvo: { role?: string; nome: RegExp | string }, voltar = false) {
  for (let i = 0; i < 200; i++) {
    const foco = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return null;
      const rotulo =
        el.getAttribute('aria-label') ??
        (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null) ??
        el.textContent ??
        '';
      return { role: el.getAttribute('role') ?? el.tagName.toLowerCase(), tipo: (el as HTMLInputElement).type ?? '', rotulo: rotulo.trim() };
    });
    const nomeOk = foco && (typeof alvo.nome === 'string' ? foco.rotulo === alvo.nome : alvo.nome.test(foco.rotulo));
    if (foco && nomeOk && (!alvo.role || foco.role === alvo.role || foco.tipo === alvo.role)) return;
    await page.keyboard.press(voltar ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab não chegou a ${String(alvo.nome)}`);
}

type Tabela = { uid: string; rotas: { uid: string; prazoDiasUteis: number | null; regras: { componente: string; base: string; calculo: string; valor: string | number | null }[] }[] };

describe('editor de tabela de frete só com o teclado', () => {
  const suite = e2eSuite();

  it('edita uma rota e cria uma regra com Tab, setas, Enter e Escape', async () => {
    const { page } = await suite.open(1366);
    await entrar(page, ADMIN);
    const lista = (await (await page.request.get('/api/v1/tabelasfrete?ftr_nome=TransMinas - SP/MG/RJ')).json()) as { data: { data: { uid: string }[] } };
    const uid = lista.data.data[0].uid;
    const ler = async () => ((await (await page.request.get(`/api/v1/tabelasfrete/${uid}?par=cmp,full`)).json()) as { data: Tabela }).data;
    const antes = await ler();
    const rota = antes.rotas[0];
    await page.goto(`/tabelasfrete/${uid}`);
    await page.getByRole('button', { name: 'Adicionar rota' }).waitFor();

    // The first route: its radio (Space selects it, showing its rules), then its Editar (Enter opens the form).
    await page.locator('body').focus();
    await tabAte(page, { role: 'radio', nome: /.*/ });
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Adicionar regra' }).last().waitFor();
    await tabAte(page, { nome: 'Editar' });
    await page.keyboard.press('Enter');
    const drawerRota = page.locator('.ant-drawer-open').filter({ hasText: 'Prazo (dias úteis)' });
    await drawerRota.waitFor();
    await tabAte(page, { nome: 'Prazo (dias úteis)' });
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('7');
    // Enter in a field submits the form (the footer's Salvar is its submit button).
    const salvouRota = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes(`/rotas/${rota.uid}`));
    await page.keyboard.press('Enter');
    expect((await salvouRota).status()).toBe(200);
    await drawerRota.waitFor({ state: 'hidden' });

    // A new rule of the selected route: Componente by type-ahead, Base and Cálculo by arrows, the value typed.
    await tabAte(page, { nome: 'Adicionar regra' });
    await page.keyboard.press('Enter');
    const drawerRegra = page.locator('.ant-drawer-open').filter({ hasText: 'Nova regra' });
    await drawerRegra.waitFor();
    await tabAte(page, { nome: 'Componente' });
    await page.keyboard.type('PEDAGIO');
    await drawerRegra.page().locator('.ant-select-item-option').filter({ hasText: /PEDAGIO/ }).first().waitFor();
    await page.keyboard.press('Enter');
    await tabAte(page, { nome: 'Base' });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await tabAte(page, { nome: 'Cálculo' });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const valor = drawerRegra.locator('#valor, [id$="_valor"]').first();
    await valor.waitFor();
    await tabAte(page, { nome: /Valor|%/ });
    await page.keyboard.type('12,34');
    const salvouRegra = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/rotasComponente'));
    await page.keyboard.press('Enter');
    expect((await salvouRegra).status()).toBe(201);
    await drawerRegra.waitFor({ state: 'hidden' });

    // Escape on a changed rule form asks first; Enter on the prompt's focused button (Descartar) closes it unsaved.
    await tabAte(page, { nome: 'Adicionar regra' });
    await page.keyboard.press('Enter');
    await drawerRegra.waitFor();
    await tabAte(page, { nome: 'Mínimo' });
    await page.keyboard.type('5');
    await page.keyboard.press('Escape');
    const prompt = page.locator('.ant-modal-confirm').filter({ hasText: 'Descartar as alterações?' });
    await prompt.waitFor();
    await expect.poll(() => prompt.getByRole('button', { name: 'Descartar' }).evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await drawerRegra.waitFor({ state: 'hidden' });

    const depois = await ler();
    const rotaDepois = depois.rotas.find((r) => r.uid === rota.uid);
    expect(rotaDepois?.prazoDiasUteis).toBe(7);
    const novas = (rotaDepois?.regras ?? []).filter((r) => !rota.regras.some((a) => a.componente === r.componente));
    expect(novas).toHaveLength(1);
    expect(novas[0].componente).toMatch(/PEDAGIO/);
    expect(Number(novas[0].valor)).toBe(12.34);
  });
});
