import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { fecharCotacoesVencidas } from './prazo.ts';

// Two users approving the same quotation at once, on a real PostgreSQL (PGlite has one connection):
// a third connection holds the quotation's row until both requests wait on it, then lets them race.
// Exactly one approves; the other answers 409 and nothing is written twice.
const naPostgres = inject('fretioTestDb')?.kind === 'postgres';
const C = '/api/v1/cotacoesfrete';

describe.runIf(naPostgres)('aprovação concorrente no PostgreSQL', () => {
  let t: TestApp;
  let admin: Api, operador: Api;
  let pool: pg.Pool;
  let rapido: string;

  beforeAll(async () => {
    t = await createTestApp();
    pool = (t.db as unknown as { $client: pg.Pool }).$client;
    await pool.query(`update papeis set permissoes = permissoes || '{"cotacoesfrete": ["ler", "aprovar"]}'::jsonb where nome = 'Operador'`);
    [admin, operador] = await Promise.all([as(t.app, 'admin@demo.com.br'), as(t.app, 'operador@demo.com.br')]);
    rapido = (await pool.query(`select uid from transportadores where nome_fantasia = 'Rápido Sul'`)).rows[0].uid;
  });
  afterAll(() => t?.close());

  it('exactly one of two simultaneous approvals wins', async () => {
    const c = (await admin.post(C, { origemMunicipioIbge: '3550308', destinoMunicipioIbge: '3304557' })).body.data;
    await admin.post(`${C}/${c.uid}/nfes`, { numero: 1, valor: 1000, pesoKg: 100 });
    await admin.post(`${C}/${c.uid}/transportadores`, { transportadorUid: rapido });
    await admin.put(`${C}/${c.uid}/atualizarstatus`, { status: 2 });
    expect((await admin.put(`${C}/${c.uid}/transportadores/${rapido}`, { valorTotal: 300, prazoDiasUteis: 2, validade: '2026-12-31' })).status).toBe(200);
    await admin.put(`${C}/${c.uid}/fechar-cotacao`);

    const outra = await pool.connect();
    try {
      await outra.query('begin');
      await outra.query('select uid from cotacoes_frete where uid = $1 for update', [c.uid]);
      const corpo = { aprovado: true, transportadorUid: rapido };
      const respostas = Promise.all([admin.put(`${C}/${c.uid}/aprovacao`, corpo), operador.put(`${C}/${c.uid}/aprovacao`, corpo)]);
      await expect
        .poll(
          async () =>
            (await pool.query("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'")).rows[0].n,
          { timeout: 20_000, interval: 25 },
        )
        .toBe(2);
      await outra.query('commit');
      const status = (await respostas).map((r) => r.status).sort();
      expect(status).toEqual([200, 409]);
    } finally {
      outra.release();
    }
    const aud = await t.db.execute(sql`select count(*)::int as n from auditoria_sistema where registro_uid = ${c.uid} and acao = 'aprovacao'`);
    expect((aud as unknown as { rows: { n: number }[] }).rows[0].n).toBe(1);
    expect((await admin.get(`${C}/${c.uid}`)).body.data).toMatchObject({ status: 4, situacaoAprovacao: 5, valorAprovado: 300 });
  });

  it('two instances closing at the answer deadline close the quotation once', async () => {
    const c = (await admin.post(C, { origemMunicipioIbge: '3550308', destinoMunicipioIbge: '3304557' })).body.data;
    await admin.post(`${C}/${c.uid}/transportadores`, { transportadorUid: rapido });
    await admin.put(`${C}/${c.uid}/atualizarstatus`, { status: 2 });
    await pool.query(`update cotacoes_frete set prazo_resposta = '2030-01-10T18:00:00-03:00' where uid = $1`, [c.uid]);
    const quando = new Date('2030-01-10T21:00:00Z');
    await Promise.all([fecharCotacoesVencidas(t.app, quando), fecharCotacoesVencidas(t.app, quando)]);
    const aud = await pool.query(`select count(*)::int as n from auditoria_sistema where registro_uid = $1 and acao = 'fechar-cotacao' and usuario_uid is null`, [c.uid]);
    expect(aud.rows[0].n).toBe(1);
    expect((await admin.get(`${C}/${c.uid}`)).body.data.status).toBe(3);
  });
});
