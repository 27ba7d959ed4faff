import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { embarcadores } from '../apps/server/src/db/schema/index.ts';
import { lerDocumentoFiscal, type NfeLida } from '@fretio/core/fiscal';
import { nfeXml } from '@fretio/core/fiscal/fixtures';
import { salvarNfe } from '../apps/server/src/modules/nfes/service.ts';
import { as } from '../apps/server/test/support/http.ts';
import { escolher } from './support/antd.ts';
import { ADMIN, entrar } from './support/browser.ts';
import { clicarEEsperar, e2eSuite } from './support/setup.ts';

// The shipper records the delivery of a note (typed by its key) with the photo of the signed receipt; the
// tracking shows it delivered on time; the customer opens the public link without signing in.
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('rastreio', () => {
  const suite = e2eSuite();

  it('entrega com foto do canhoto → tracking "Entregue no prazo" → página pública sem login', async () => {
    const app = suite.server.app;
    const api = await as(app, ADMIN);
    const [{ uid: embarcadorUid }] = await app.db.select({ uid: embarcadores.uid }).from(embarcadores).where(eq(embarcadores.cnpj, '11222333000181'));
    // Issued an hour ago, carried by Rápido Sul to Rio (2 business days): in transit until delivered.
    const emissao = new Date(Date.now() - 3600_000).toISOString().replace(/\.\d+Z$/, '+00:00');
    const { chave, xml } = nfeXml({ emitente: '11222333000181', numero: 88001, transportador: '60746948000112', emissao });
    const nfeUid = await app.db.transaction(async (tx) => {
      const r = await salvarNfe(tx as never, { embarcadorUid, usuarioUid: null }, { lida: lerDocumentoFiscal(xml) as NfeLida, assinaturaValida: false, xml: Buffer.from(xml), nome: 'e2e.xml' });
      return r.registroUid as string;
    });

    const page = (await suite.open()).page;
    await entrar(page, ADMIN);
    await page.goto('/eventos-ocorrencia');
    await page.getByRole('button', { name: 'Novo' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Chave de acesso da NF-e').fill(chave);
    await escolher(page, drawer.getByLabel('Ocorrência', { exact: true }), '01 - Entrega Realizada Normalmente', 'Entrega Realizada');
    await drawer.getByLabel('Quem recebeu / informou').fill('Portaria');
    const salvo = await clicarEEsperar(page, drawer.getByRole('button', { name: 'Salvar' }), { method: 'POST', path: '/api/v1/eventos-ocorrencia' });
    expect(salvo.status()).toBe(201);
    const evento = ((await salvo.json()) as { data: { uid: string } }).data.uid;

    // Open it again to attach the photo of the signed receipt.
    await page.getByRole('row').filter({ hasText: '88001' }).getByRole('button', { name: 'Editar' }).click();
    const upload = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/eventos-ocorrencia/${evento}/anexos`)),
      page.getByRole('dialog').locator('input[type=file]').setInputFiles({ name: 'canhoto.png', mimeType: 'image/png', buffer: PNG }),
    ]);
    expect(upload[0].status()).toBe(201);
    await page.getByRole('dialog').getByText('canhoto.png').waitFor();

    await page.goto(`/tracking/${nfeUid}`);
    await page.getByTestId('status-rastreio-E').waitFor();
    await page.getByTestId('evento-timeline').filter({ hasText: 'Entrega Realizada Normalmente' }).getByText('canhoto.png').waitFor();

    // Control tower: each status tab carries its count (from the list's own reply); the tab filters the list.
    const { contagens } = (await api.get('/api/v1/tracking', { pps: 1 })).body.data as { contagens: Record<string, number> };
    await page.goto('/tracking');
    await page.getByTestId('aba-status-E').locator(`sup[title="${contagens.E}"]`).waitFor();
    await page.getByTestId('aba-status-E').click();
    await page.getByRole('row').filter({ hasText: '88001/1' }).waitFor();
    const { token } = (await api.get(`/api/v1/tracking/${nfeUid}`)).body.data as { token: string };
    const publico = (await suite.open()).page;
    await publico.goto(`/rastreio/${token}`);
    await publico.getByTestId('titulo-rastreio-publico').filter({ hasText: 'Nota fiscal 88001' }).waitFor();
    await publico.getByText('Entregue no prazo').waitFor();
    await publico.getByText('Entrega Realizada Normalmente').first().waitFor();
    expect(await publico.getByText('CLIENTE TESTE').count()).toBe(0);
  });
});
