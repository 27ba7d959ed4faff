import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { embarcadores, papeis, usuarioEmbarcador, usuarios } from '../apps/server/src/db/schema/index.ts';
import { ADMIN, entrar } from './support/browser.ts';
import { escolher } from './support/antd.ts';
import { clicarEEsperar, e2eSuite, toast } from './support/setup.ts';

// Switching the active shipper in the header: every list is refetched inside the new shipper.
describe('embarcador ativo', () => {
  const suite = e2eSuite();

  // admin@demo belongs only to Demo Alimentos in the seed: give them a role in Outro Atacado too.
  beforeAll(async () => {
    const db = suite.server.app.db;
    const [admin] = await db.select().from(usuarios).where(eq(usuarios.login, ADMIN));
    const [outro] = await db.select().from(embarcadores).where(eq(embarcadores.nomeFantasia, 'Outro Atacado'));
    const [papel] = await db
      .select()
      .from(papeis)
      .where(and(eq(papeis.embarcadorUid, outro.uid), eq(papeis.nome, 'Administrador')));
    await db.insert(usuarioEmbarcador).values({ usuarioUid: admin.uid, embarcadorUid: outro.uid, papelUid: papel.uid });
  });

  it('troca o embarcador no cabeçalho e vê os centros de custo dele', async () => {
    const { page } = await suite.open();
    await entrar(page, ADMIN);
    await page.goto('/centros-custo');
    await page.getByRole('cell', { name: 'Logística de Distribuição' }).waitFor();
    expect(await page.getByRole('cell', { name: 'Operações Rio' }).count()).toBe(0);

    const seletor = page.getByTestId('embarcador-ativo');
    await seletor.getByText('Demo Indústria de Alimentos Ltda').waitFor();
    await clicarEEsperar(page, { click: () => escolher(page, seletor.getByRole('combobox'), 'Outro Comércio Atacadista S.A.') }, {
      method: 'PUT',
      path: '/perfil/embarcador-ativo/',
    });

    await toast(page, 'Embarcador ativo: Outro Comércio Atacadista S.A.').waitFor();
    await page.getByRole('cell', { name: 'Operações Rio' }).waitFor();
    await page.getByRole('cell', { name: 'Logística de Distribuição' }).waitFor({ state: 'detached' });
    await seletor.getByText('Outro Comércio Atacadista S.A.').waitFor();

    // The choice lives in the session cookie: a reload stays in the new shipper.
    await page.reload();
    await page.getByRole('cell', { name: 'Operações Rio' }).waitFor();
    await page.getByTestId('embarcador-ativo').getByText('Outro Comércio Atacadista S.A.').waitFor();
    expect(await page.getByRole('cell', { name: 'Suprimentos' }).count()).toBe(0);
  });
});
