import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type TestApp, TEST_AUTH_SECRET, createTestApp, openTestDatabase } from '../../../test/support/db.ts';
import { session, signIn } from '../../../test/support/http.ts';
import { cpfSequencial, csvPessoas, enviarArquivo } from '../../../test/support/planilhas.ts';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';

// Faults 2 and 4 of issue 7: 40,000 people in one file broke the embedded database (one IN list of
// 40,000 parameters; afterwards every query returned no rows, so every sign-in was a 401 while
// /api/health said ok), the error log held every CPF, and an import froze every other tenant.
const URL_IMPORTAR = '/api/v1/pessoas/importar';

describe('a large people import', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await session(t.app, 'admin@demo.com.br');
  });
  afterAll(() => t?.close());

  it('40,000 valid rows are saved, and sign-in, health and lists still work afterwards', async () => {
    const res = await enviarArquivo(t.app, URL_IMPORTAR, cookie, csvPessoas(40_000), 'pessoas.csv');
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body.data).toMatchObject({ total: 40_000, validas: 40_000, invalidas: 0, salvas: 40_000 });
    expect(await signIn(t.app, 'operador@demo.com.br', 'demo1234')).toMatch(/session-token=/);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const lista = await t.app.inject({ method: 'GET', url: '/api/v1/pessoas?pps=1&ftr_nome=Pessoa Importada 39999', headers: { cookie } });
    expect(lista.json().data.data[0].nome).toBe('Pessoa Importada 39999');
  }, 300_000); // PGlite writes ~1 ms per person (indexes); minutes on a loaded 2-core machine

  it("another tenant's list answers while an import is writing (batches yield to other requests)", async () => {
    const outro = await session(t.app, 'admin@outro.com.br');
    const ordem: string[] = [];
    let lista: Promise<unknown> | undefined;
    const aoProgresso = (m: unknown) => {
      const p = m as { fase: string; feitas: number };
      // The first batch is committed: from here on the import is in its write phase.
      if (p.fase === 'gravando' && !lista)
        lista = t.app.inject({ method: 'GET', url: '/api/v1/centros-custo?pps=5', headers: { cookie: outro } }).then((r) => {
          expect(r.statusCode).toBe(200);
          ordem.push('lista');
        });
    };
    subscribe('fretio:importacao', aoProgresso);
    try {
      const res = await enviarArquivo(t.app, URL_IMPORTAR, cookie, csvPessoas(10_000, 100_000), 'pessoas.csv');
      ordem.push('importacao');
      expect(res.body.data).toMatchObject({ salvas: 10_000 });
      await lista;
    } finally {
      unsubscribe('fretio:importacao', aoProgresso);
    }
    expect(ordem).toEqual(['lista', 'importacao']);
  }, 180_000);
});

describe('database failures', () => {
  let app: FastifyInstance;
  let database: Database;
  let fechar: () => Promise<void>;
  let cookie: string;
  const log: string[] = [];
  beforeAll(async () => {
    const testDb = await openTestDatabase();
    database = testDb.database;
    const dataDir = mkdtempSync(join(tmpdir(), 'fretio-test-data-'));
    app = await buildApp({
      database,
      logStream: { write: (linha: string) => log.push(linha) },
      config: { logLevel: 'info', dataDir, databaseUrl: undefined, smtpUrl: undefined, seedDemo: false, production: false, authSecret: TEST_AUTH_SECRET, webDist: join(dataDir, 'sem-web') },
    });
    fechar = async () => {
      await app.close();
      await testDb.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
    cookie = await signIn(app, 'admin@demo.com.br', 'demo1234');
  }, 60_000);
  afterAll(() => fechar?.());

  it('a batch failing midway: 500 saying how many rows were saved; the log holds no CPF nor the query parameters', async () => {
    // A database error on row 700 (second batch): the first batch of 500 stays committed.
    const cpfRuim = cpfSequencial(200_699);
    await database.db.execute(
      sql.raw(`create function falha_teste() returns trigger language plpgsql as $$ begin
        if new.documento = '${cpfRuim}' then raise exception 'falha simulada' using errcode = 'XX001'; end if; return new; end $$`),
    );
    await database.db.execute(sql.raw('create trigger falha_teste before insert on pessoas for each row execute function falha_teste()'));
    log.length = 0;
    const res = await enviarArquivo(app, URL_IMPORTAR, cookie, csvPessoas(1_000, 200_000), 'pessoas.csv');
    await database.db.execute(sql.raw('drop trigger falha_teste on pessoas'));
    expect(res.status).toBe(500);
    expect(res.body.message).toMatch(/^Importação interrompida por um erro no banco de dados: 500 registro\(s\) já foram salvos \(até a linha 501\)/);
    const erro = log.find((l) => l.includes('"level":50'));
    expect(erro, log.join('\n').slice(0, 2000)).toBeDefined();
    expect(erro).toContain('XX001');
    const texto = log.join('\n');
    for (const i of [200_000, 200_499, 200_500, 200_699, 200_999]) {
      const cpf = cpfSequencial(i);
      expect(texto).not.toContain(cpf);
      expect(texto).not.toContain(`${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`);
    }
    expect(texto).not.toMatch(/params|Pessoa Importada/);
  });

  // PostgreSQL takes 40,001 parameters (its limit is 65,535) and has no embedded state to poison.
  it.skipIf(inject('fretioTestDb')?.kind === 'postgres')('a poisoned embedded database is detected: /api/health answers 503 and the process is told to restart', async () => {
    const avisos: Error[] = [];
    database.aoEnvenenar = (e) => avisos.push(e);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // What the old import did: one statement with 40,001 parameters (PGlite's RangeError).
    const client = (database.db as unknown as { $client: { query: (q: string, p: unknown[]) => Promise<unknown> } }).$client;
    const params = Array.from({ length: 40_001 }, (_, i) => String(i));
    await expect(client.query(`select 1 from pessoas where documento in (${params.map((_, i) => `$${i + 1}`).join(',')})`, params)).rejects.toThrow();
    expect(avisos).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
  }, 60_000);
});
