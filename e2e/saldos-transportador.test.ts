import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { embarcadorTransportador, embarcadores, faturas, transportadores } from '../apps/server/src/db/schema/index.ts';
import { entrar } from './support/browser.ts';
import { e2eSuite } from './support/setup.ts';

// A carrier user's balances with every shipper: Rápido Sul also serves "Outro Atacado" (a validated invoice of
// R$ 500,00 there); its user sees one row per shipper — the demo shipper's validated RS-2025-001 (R$ 150,00)
// and the other's — and the total to receive, R$ 650,00. TransMinas's invoice of the same shipper never shows.
const TRANSPORTADOR = 'transportador@rapidosul.com.br';

describe('saldos por embarcador', () => {
  const suite = e2eSuite();

  it('o transportador vê o que cada embarcador lhe deve e o total', async () => {
    const db = suite.server.app.db;
    const [outro] = await db.select({ uid: embarcadores.uid }).from(embarcadores).where(eq(embarcadores.nomeFantasia, 'Outro Atacado'));
    const tr = Object.fromEntries((await db.select().from(transportadores)).map((t) => [t.nomeFantasia, t.uid]));
    await db.insert(embarcadorTransportador).values({ embarcadorUid: outro!.uid, transportadorUid: tr['Rápido Sul']! });
    await db.insert(faturas).values([
      { embarcadorUid: outro!.uid, transportadorUid: tr['Rápido Sul']!, numero: 'OA-77', emissao: '2026-05-02', vencimento: '2026-06-10', valor: '500.00', status: 2 },
      { embarcadorUid: outro!.uid, transportadorUid: tr.TransMinas!, numero: 'OA-78', emissao: '2026-05-02', vencimento: '2026-06-01', valor: '999.99', status: 2 },
    ]);

    const page = (await suite.open()).page;
    await entrar(page, TRANSPORTADOR);
    await page.goto('/saldos-por-embarcador');
    const linha = (nome: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: nome, exact: true }) });
    await expect.poll(() => linha('Outro Comércio Atacadista S.A.').getByRole('cell').allInnerTexts()).toEqual([
      'Outro Comércio Atacadista S.A.', '—', '—', '1 · R$ 500,00', '10/06/2026', '—', 'R$ 0,00', 'R$ 500,00',
    ]);
    await linha('Demo Indústria de Alimentos Ltda').getByRole('cell', { name: '1 · R$ 150,00' }).waitFor();
    await page.getByTestId('saldos-a-receber').getByText('650,00').waitFor();
  });
});
