import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { transportadores } from '../apps/server/src/db/schema/index.ts';
import { as } from '../apps/server/test/support/http.ts';
import { abrirPelaLinha, acaoDaLinhaAte, confirmacao, confirmar } from './support/antd.ts';
import { ADMIN, entrar } from './support/browser.ts';
import { clicarEEsperar, e2eSuite } from './support/setup.ts';

// A pickup order, both actor groups: the shipper sends a draft for release and releases its only item
// (which sends it to Rápido Sul); the carrier user confirms it in its portal; the shipper sees it
// 'Confirmada'. The draft itself (form and cargo screens, like the request's) is made through the API.
const TRANSPORTADOR = 'transportador@rapidosul.com.br';

describe('ordens de coleta', () => {
  const suite = e2eSuite();

  it('o embarcador envia a ordem, o transportador confirma no portal e o embarcador a vê confirmada', async () => {
    const app = suite.server.app;
    const api = await as(app, ADMIN);
    const [rapido] = await app.db.select({ uid: transportadores.uid }).from(transportadores).where(eq(transportadores.nomeFantasia, 'Rápido Sul'));
    const o = await api.post('/api/v1/ordenscoleta', { origemMunicipioIbge: '3550308', destinoMunicipioIbge: '4106902', transportadorUid: rapido.uid, dataColetaDesejada: '2026-12-10' });
    expect(o.status, o.text).toBe(201);
    const { uid, numero } = o.body.data as { uid: string; numero: number };
    expect((await api.post(`/api/v1/ordenscoleta/${uid}/produtos`, { descricao: 'Café torrado', quantidade: 10, pesoKg: 500, valor: 10000 })).status).toBe(201);

    const shipper = (await suite.open()).page;
    await entrar(shipper, ADMIN);
    await shipper.goto(`/ordenscoleta?ftr_numero=${numero}`);
    await abrirPelaLinha(shipper, shipper.locator('tr.ant-table-row'), 'Enviar para liberação', confirmacao(shipper));
    await confirmar(shipper, 'Enviar para liberação', { method: 'PUT', path: `/ordenscoleta/${uid}/atualizarstatus` });
    await shipper.getByText('Aguardando Liberação').waitFor();

    await shipper.goto(`/ordenscoleta/${uid}/produtos`);
    const item = shipper.locator('tr.ant-table-row').filter({ hasText: 'Café torrado' });
    await acaoDaLinhaAte(shipper, item, 'Liberar', () => item.getByText(/^Liberado /).isVisible());

    const carrier = (await suite.open()).page;
    await entrar(carrier, TRANSPORTADOR);
    await carrier.goto(`/ordenscoleta?ftr_numero=${numero}`);
    await carrier.getByText('Enviada para Transportadora').waitFor();
    const dialogo = carrier.getByRole('dialog', { name: `Confirmar a ordem de coleta ${numero}` });
    await abrirPelaLinha(carrier, carrier.locator('tr.ant-table-row'), 'Confirmar coleta', dialogo);
    await dialogo.getByLabel('Observação').fill('Chegamos às 8h');
    await clicarEEsperar(carrier, dialogo.getByRole('button', { name: 'Confirmar coleta' }), { method: 'PUT', path: `/ordenscoleta/${uid}/confirmar` });
    await carrier.getByRole('cell', { name: 'Confirmada' }).waitFor();

    await shipper.goto(`/ordenscoleta?ftr_numero=${numero}`);
    await shipper.getByRole('cell', { name: 'Confirmada' }).waitFor();
    await shipper.getByRole('cell', { name: '10/12/2026' }).first().waitFor();
  });
});
