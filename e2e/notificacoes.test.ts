import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { transportadores } from '../apps/server/src/db/schema/index.ts';
import { as } from '../apps/server/test/support/http.ts';
import { acaoDaLinha, confirmar } from './support/antd.ts';
import { ADMIN, entrar } from './support/browser.ts';
import { clicarEEsperar, e2eSuite } from './support/setup.ts';

// The bell, both actor groups: the shipper opens a quotation Rápido Sul was invited to; the carrier
// user's bell (already on screen) shows 1 when the window regains focus; opening the notification
// marks it read (kept after a reload) and lands on the quotation.
const TRANSPORTADOR = 'transportador@rapidosul.com.br';
const sino = (n: number) => `Notificações: ${n} não lidas`;

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
});
