import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { transportadores } from '../src/db/schema/index.ts';
import { type TestApp, createTestApp } from './support/db.ts';
import { type Api, as } from './support/http.ts';

// Write races, on a real PostgreSQL (the embedded database has one connection and cannot show them).
// A second connection holds a change to a freight table, uncommitted; the request under test must
// wait for it and then judge the committed data — lock first, read after.
const naPostgres = inject('fretioTestDb')?.kind === 'postgres';
const T = '/api/v1/tabelasfrete';

describe.runIf(naPostgres)('concorrência no PostgreSQL', () => {
  let t: TestApp;
  let admin: Api;
  let rapido: string;
  let pool: pg.Pool;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await as(t.app, 'admin@demo.com.br');
    rapido = (await t.db.select().from(transportadores)).find((c) => c.nomeFantasia === 'Rápido Sul')?.uid as string;
    pool = (t.db as unknown as { $client: pg.Pool }).$client;
  });
  afterAll(() => t?.close());

  const novaTabela = async (nome: string) =>
    (await admin.post(T, { nome, transportadorUid: rapido, vigenciaInicio: '2026-01-01', vigenciaFim: '2026-12-31' })).body.data
      .uid as string;

  /** Runs `pedido` while another connection holds `mudanca` uncommitted; commits once the request waits on the lock. */
  async function durante(mudanca: string, params: unknown[], pedido: () => Promise<{ status: number; body: any }>) {
    const outra = await pool.connect();
    try {
      await outra.query('begin');
      await outra.query(mudanca, params);
      const resposta = pedido();
      // The request is really blocked on the row lock (not merely slow) before the other commits.
      await expect
        .poll(
          async () =>
            (
              await pool.query(
                "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
              )
            ).rows[0].n,
          { timeout: 20_000, interval: 25 },
        )
        .toBeGreaterThan(0);
      await outra.query('commit');
      return await resposta;
    } catch (e) {
      await outra.query('rollback').catch(() => undefined);
      throw e;
    } finally {
      outra.release();
    }
  }

  const tornarHistorica = 'update tabelas_frete set historica = true where uid = $1';

  it('framework PUT: a rename that overlaps the table becoming history answers 409 and changes nothing', async () => {
    const uid = await novaTabela('Corrida PUT');
    const corpo = { nome: 'Renomeada', transportadorUid: rapido, vigenciaInicio: '2026-01-01', vigenciaFim: '2026-12-31' };
    const res = await durante(tornarHistorica, [uid], () => admin.put(`${T}/${uid}`, corpo));
    expect(res.status).toBe(409);
    expect((await admin.get(`${T}/${uid}`)).body.data.nome).toBe('Corrida PUT');
  });

  it('status action: a change that overlaps the table becoming history answers 409 TABELA_HISTORICA', async () => {
    const uid = await novaTabela('Corrida status');
    const res = await durante(tornarHistorica, [uid], () => admin.put(`${T}/${uid}/atualizarstatus`, { status: 2 }));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('TABELA_HISTORICA');
    expect((await admin.get(`${T}/${uid}`)).body.data.status).toBe(3);
  });

  it('framework DELETE waits for a concurrent change and deletes what was committed', async () => {
    const uid = await novaTabela('Corrida DELETE');
    const res = await durante(tornarHistorica, [uid], () => admin.delete(`${T}/${uid}`));
    // History is read-only: the delete sees the committed flag.
    expect(res.status).toBe(409);
  });

  it('two readjustments at once: one new version, the other 409 (the table is already history)', async () => {
    const uid = await novaTabela('Corrida reajuste');
    const corpo = { vigenciaInicio: '2027-01-01', vigenciaFim: null, percentual: 5 };
    const respostas = await Promise.all([admin.post(`${T}/${uid}/reajustar`, corpo), admin.post(`${T}/${uid}/reajustar`, corpo)]);
    expect(respostas.map((r) => r.status).sort()).toEqual([201, 409]);
    const versoes = await admin.get(T, { ftr_vigencia: 'todas', ftr_tabelaOrigemUid: uid });
    expect(versoes.body.data.totalRecords).toBe(1);
  });

  it('two duplicates at once are two copies (nothing lost, nothing mixed)', async () => {
    const uid = await novaTabela('Corrida cópia');
    const respostas = await Promise.all([admin.post(`${T}/${uid}/duplicar`, { nome: 'Cópia A' }), admin.post(`${T}/${uid}/duplicar`, { nome: 'Cópia B' })]);
    expect(respostas.map((r) => r.status)).toEqual([201, 201]);
    expect(new Set(respostas.map((r) => r.body.data.uid)).size).toBe(2);
  });
  it('maintained list totals: a tenant insert left uncommitted blocks no other insert of that tenant, and the totals stay exact', async () => {
    const total = async () => (await admin.get<{ data: { totalRecords: number } }>('/api/v1/centros-custo', { pps: 1 })).body.data.totalRecords;
    const antes = await total();
    const [{ uid: embarcador }] = (await pool.query("select uid from embarcadores where cnpj = '11222333000181'")).rows;
    const outra = await pool.connect();
    try {
      await outra.query('begin');
      await outra.query("insert into centros_custo (embarcador_uid, codigo, nome) values ($1, 'CONC-PENDENTE', 'Pendente')", [embarcador]);
      // While the other transaction holds its delta, 12 creates of the same tenant at once go through
      // (a counter row updated in place would make each wait for the open transaction).
      const respostas = await Promise.all(
        Array.from({ length: 12 }, (_, i) => admin.post('/api/v1/centros-custo', { codigo: `CONC${i}`, nome: `Concorrente ${i}` })),
      );
      expect(respostas.map((r) => r.status)).toEqual(Array(12).fill(201));
      expect(await total()).toBe(antes + 12);
      await outra.query('commit');
    } catch (e) {
      await outra.query('rollback').catch(() => undefined);
      throw e;
    } finally {
      outra.release();
    }
    expect(await total()).toBe(antes + 13);
    const [{ n }] = (await pool.query('select count(*)::int as n from centros_custo where embarcador_uid = $1', [embarcador])).rows;
    expect(n).toBe(antes + 13);
  });
});
