import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { transportadores } from '../apps/server/src/db/schema/index.ts';
import { as } from '../apps/server/test/support/http.ts';
import type { Page } from 'playwright-core';
import { acaoDaLinha, acaoDaLinhaAte, confirmar, preencherData } from './support/antd.ts';
import { ADMIN, OPERADOR, entrar } from './support/browser.ts';
import { clicarEEsperar, e2eSuite } from './support/setup.ts';

// The bell, both actor groups: the shipper opens a quotation Rápido Sul was invited to; the carrier
// user's bell (already on screen) shows 1 when the window regains focus; opening the notification
// marks it read (kept after a reload) and lands on the quotation.
const TRANSPORTADOR = 'transportador@rapidosul.com.br';
const OUTRO = 'admin@outro.com.br';
const sino = (n: number) => `Notificações: ${n} não lidas`;

/** The unread count the bell shows now (after its first `news`). */
async function naoLidas(page: Page): Promise<number> {
  const botao = page.getByRole('button', { name: /^Notificações: \d+ não lidas$/ });
  await botao.waitFor();
  return Number((await botao.getAttribute('aria-label'))?.match(/\d+/)?.[0]);
}

/** The window regains focus: the bell asks `news` (TanStack Query listens on window); waits for that answer. */
async function perguntarNovidades(page: Page) {
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'GET' && r.url().includes('/notificacao/news') && r.ok()),
    page.evaluate(() => window.dispatchEvent(new Event('visibilitychange'))),
  ]);
}

/** Opens the bell's drawer and waits for its list (GET /notificacao). */
async function abrirSino(page: Page, n: number) {
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname.endsWith('/api/v1/notificacao') && r.ok()),
    page.getByRole('button', { name: sino(n) }).click(),
  ]);
}

describe('notificações', () => {
  const suite = e2eSuite();

  it('o convite de uma cotação acende o sino do transportador; abrir a notificação marca como lida', async () => {
    // A draft quotation with Rápido Sul invited (the cargo screens are covered elsewhere).
    const app = suite.server.app;
    const api = await as(app, ADMIN);
    const c = await api.post('/api/v1/cotacoesfrete', { origemMunicipioIbge: '3550308', destinoMunicipioIbge: '4106902' });
    expect(c.status, c.text).toBe(201);
    const { uid, numero } = c.body.data as { uid: string; numero: number };
    const [rapido] = await app.db.select({ uid: transportadores.uid }).from(transportadores).where(eq(transportadores.nomeFantasia, 'Rápido Sul'));
    expect((await api.post(`/api/v1/cotacoesfrete/${uid}/produtos`, { descricao: 'Café', quantidade: 10, pesoKg: 500, valor: 10000 })).status).toBe(201);
    expect((await api.post(`/api/v1/cotacoesfrete/${uid}/transportadores`, { transportadorUid: rapido.uid })).status).toBe(201);

    const carrier = (await suite.open()).page;
    await entrar(carrier, TRANSPORTADOR);
    await carrier.getByRole('button', { name: sino(0) }).waitFor();

    const shipper = (await suite.open()).page;
    await entrar(shipper, ADMIN);
    await shipper.goto(`/cotacoesfrete?ftr_numero=${numero}`);
    const linha = shipper.getByRole('row').filter({ has: shipper.getByRole('cell', { name: String(numero), exact: true }) });
    await acaoDaLinha(shipper, linha, 'Abrir para respostas');
    await confirmar(shipper, 'Abrir para respostas', { method: 'PUT', path: `/cotacoesfrete/${uid}/atualizarstatus` });

    // Back to the carrier's window: the bell asks `news` on focus (and every 30 s).
    // (TanStack Query listens on window; the 15 s limit keeps the 30 s poll from passing for it.)
    await carrier.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await carrier.getByRole('button', { name: sino(1) }).waitFor({ timeout: 15_000 });
    await carrier.getByRole('button', { name: sino(1) }).click();
    const item = carrier.getByTestId('notificacao').filter({ hasText: `Cotação nº ${numero}` });
    await item.getByText('Convite para cotação').waitFor();
    await clicarEEsperar(carrier, item.getByText(`Cotação nº ${numero}`, { exact: true }), { method: 'PATCH', path: '/notificacao/' });
    await carrier.waitForURL(`**/cotacoesfrete?ftr_numero=${numero}`);
    await carrier.getByRole('button', { name: sino(0) }).waitFor();
    await carrier.getByRole('cell', { name: String(numero), exact: true }).waitFor();

    // The read mark is the server's: still read after a reload.
    await carrier.reload();
    await carrier.getByRole('button', { name: sino(0) }).waitFor();
  });

  // Four actors at once: the shipper's administrator (in the group "Compras", which the answers go to), its operator
  // (not in it), the carrier user and the administrator of a second shipper. The invitation reaches only the carrier;
  // the carrier's answer, given in its portal, only the administrator; the second shipper never sees anything.
  it('convite → resposta do transportador no portal → aviso ao comprador; operador e outro embarcador não recebem nada', async () => {
    const app = suite.server.app;
    const api = await as(app, ADMIN);
    const c = await api.post('/api/v1/cotacoesfrete', {
      origemMunicipioIbge: '3550308', destinoMunicipioIbge: '3304557', prazoResposta: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(c.status, c.text).toBe(201);
    const { uid, numero } = c.body.data as { uid: string; numero: number };
    const [rapido] = await app.db.select({ uid: transportadores.uid }).from(transportadores).where(eq(transportadores.nomeFantasia, 'Rápido Sul'));
    expect((await api.post(`/api/v1/cotacoesfrete/${uid}/produtos`, { descricao: 'Açúcar', quantidade: 20, pesoKg: 800, valor: 12000 })).status).toBe(201);
    expect((await api.post(`/api/v1/cotacoesfrete/${uid}/transportadores`, { transportadorUid: rapido.uid })).status).toBe(201);

    const [admin, operador, carrier, outro] = await Promise.all([1, 2, 3, 4].map(async () => (await suite.open()).page));
    await Promise.all([entrar(admin, ADMIN), entrar(operador, OPERADOR), entrar(carrier, TRANSPORTADOR), entrar(outro, OUTRO)]);
    const inicio = { admin: await naoLidas(admin), operador: await naoLidas(operador), carrier: await naoLidas(carrier), outro: await naoLidas(outro) };
    const daCotacao = (page: Page) => page.getByTestId('notificacao').filter({ hasText: `cotação nº ${numero}` });

    // The administrator opens the quotation for answers: the carrier is invited.
    await admin.goto(`/cotacoesfrete?ftr_numero=${numero}`);
    const linha = admin.getByRole('row').filter({ has: admin.getByRole('cell', { name: String(numero), exact: true }) });
    await acaoDaLinha(admin, linha, 'Abrir para respostas');
    await confirmar(admin, 'Abrir para respostas', { method: 'PUT', path: `/cotacoesfrete/${uid}/atualizarstatus` });

    await perguntarNovidades(carrier);
    await carrier.getByRole('button', { name: sino(inicio.carrier + 1) }).waitFor();
    await abrirSino(carrier, inicio.carrier + 1);
    await daCotacao(carrier).getByText('Convite para cotação').waitFor();

    // The carrier answers in its portal: the quotation's carriers, its own row, "Responder" (under '⋯').
    await carrier.goto(`/cotacoesfrete/${uid}/transportadores`);
    const propria = carrier.locator('tr.ant-table-row').filter({ hasText: 'Rápido Sul' });
    const modal = carrier.locator('.ant-modal').filter({ hasText: 'Resposta de Rápido Sul' });
    await acaoDaLinhaAte(carrier, propria, 'Responder', () => modal.isVisible());
    await modal.getByLabel('Valor (R$)').fill('900');
    await modal.getByLabel('Prazo (dias úteis)').fill('3');
    await preencherData(modal.getByLabel('Validade do preço'), new Date(Date.now() + 10 * 86_400_000).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' }));
    await clicarEEsperar(carrier, modal.getByRole('button', { name: 'Enviar resposta' }), { method: 'PUT', path: `/cotacoesfrete/${uid}/transportadores/${rapido.uid}` });
    await propria.filter({ hasText: '900,00' }).waitFor();

    // The administrator's bell: one more, the answer with its value; opening it lands on the quotation.
    await perguntarNovidades(admin);
    await admin.getByRole('button', { name: sino(inicio.admin + 1) }).waitFor();
    await abrirSino(admin, inicio.admin + 1);
    const aviso = daCotacao(admin).filter({ hasText: 'Resposta de cotação recebida' });
    await aviso.getByText(`Rápido Sul respondeu à cotação nº ${numero}: R$ 900,00.`).waitFor();
    await clicarEEsperar(admin, aviso.getByText(`Cotação nº ${numero}`, { exact: true }), { method: 'PATCH', path: '/notificacao/' });
    await admin.waitForURL(`**/cotacoesfrete?ftr_numero=${numero}`);
    await admin.getByRole('button', { name: sino(inicio.admin) }).waitFor();

    // The operator (outside "Compras") and the second shipper asked after the answer: the same count, nothing about it.
    for (const [page, antes] of [[operador, inicio.operador], [outro, inicio.outro]] as const) {
      await perguntarNovidades(page);
      await page.getByRole('button', { name: sino(antes) }).waitFor();
      await abrirSino(page, antes);
      await page.locator('.ant-drawer-body').waitFor();
      expect(await page.getByTestId('notificacao').filter({ hasText: new RegExp(`(respondeu à cotação|cotação de frete) nº ${numero}\\b`) }).count()).toBe(0);
    }
    // And on the server: no row of this quotation for either of them.
    for (const login of [OPERADOR, OUTRO]) {
      const lista = await (await as(app, login)).get('/api/v1/notificacao', { pc: 1, pps: 100 });
      expect(lista.status, lista.text).toBe(200);
      expect((lista.body.data.data as { registroUid: string | null }[]).filter((n) => n.registroUid === uid)).toEqual([]);
    }
  });
});
