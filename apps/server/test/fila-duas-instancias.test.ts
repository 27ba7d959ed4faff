import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { logsOperacao, tarefas } from '../src/db/schema/index.ts';
import { criarTarefa, defineTipoTarefa } from '../src/framework/tarefas/index.ts';
import { TEST_AUTH_SECRET, type TestApp, createTestApp } from './support/db.ts';

// Two app instances on one PostgreSQL split the queue: every task is run by exactly one of them, every
// item is saved exactly once, and both really work at the same time (the embedded database has one
// connection and cannot show this).
const naPostgres = inject('fretioTestDb')?.kind === 'postgres';

const TAREFAS = 12;
const ITENS = 5;

const tipo = defineTipoTarefa<Record<string, never>>({
  tipo: 'teste-duas-instancias',
  nome: 'Teste de duas instâncias',
  recurso: 'logs',
  async processar(tx, tarefa, item) {
    const [t] = await tx.select({ trabalhador: tarefas.trabalhador }).from(tarefas).where(eq(tarefas.uid, tarefa.uid));
    // The first item of each task waits until four tasks run at once: with two tasks per instance,
    // that only happens when both instances are working.
    if (item.ordem === 0) {
      for (let i = 0; ; i++) {
        const [{ n }] = await tx.select({ n: sql<number>`count(distinct ${tarefas.trabalhador})::int` }).from(tarefas).where(and(eq(tarefas.status, 2), eq(tarefas.tipo, 'teste-duas-instancias')));
        if (n >= 2) break;
        if (i > 2_000) throw new Error('a outra instância não pegou tarefa nenhuma');
        await new Promise((r) => setTimeout(r, 10));
      }
    }
    await tx.insert(logsOperacao).values({ embarcadorUid: tarefa.embarcadorUid, nivel: 'info', origem: 'duas-instancias', mensagem: `${tarefa.uid}:${item.ordem}:${t.trabalhador}` });
    return { situacao: 'ok' };
  },
});

describe.runIf(naPostgres)('fila de tarefas com duas instâncias no mesmo PostgreSQL', () => {
  let t: TestApp;
  let segunda: FastifyInstance;
  let segundaDb: Database;

  beforeAll(async () => {
    t = await createTestApp();
    const url = ((t.db as unknown as { $client: pg.Pool }).$client as unknown as { options: { connectionString: string } }).options.connectionString;
    segundaDb = await openDatabase({ databaseUrl: url, migrate: false });
    segunda = await buildApp({
      database: segundaDb,
      config: { logLevel: 'silent', dataDir: mkdtempSync(join(tmpdir(), 'fretio-2a-')), seedDemo: false, authSecret: TEST_AUTH_SECRET, publicUrl: 'http://localhost:3000' },
    });
    await segunda.ready();
  });
  afterAll(async () => {
    await segunda?.close();
    await segundaDb?.close();
    await t?.close();
  });

  it('cada tarefa roda em uma instância só e cada item é gravado uma vez', async () => {
    const [{ uid: embarcadorUid }] = (await t.db.execute(sql`select uid from embarcadores order by nome limit 1`) as unknown as { rows: { uid: string }[] }).rows;
    const uids: string[] = [];
    for (let i = 0; i < TAREFAS; i++) {
      uids.push(await criarTarefa(t.db, { embarcadorUid }, tipo, {}, Array.from({ length: ITENS }, (_, j) => ({ nome: `item ${j}` }))));
    }
    await expect
      .poll(async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(tarefas).where(sql`${tarefas.tipo} = 'teste-duas-instancias' and ${tarefas.status} = 3`))[0].n, { timeout: 60_000, interval: 100 })
      .toBe(TAREFAS);
    const linhas = (await t.db.select({ m: logsOperacao.mensagem }).from(logsOperacao).where(eq(logsOperacao.origem, 'duas-instancias'))).map((r) => {
      const [uid, ordem, ...quem] = r.m.split(':');
      return [uid, ordem, quem.join(':')];
    });
    expect(linhas.length).toBe(TAREFAS * ITENS);
    expect(new Set(linhas.map(([uid, ordem]) => `${uid}:${ordem}`)).size).toBe(TAREFAS * ITENS);
    // Every item of a task was written by the same instance, and both instances ran tasks.
    const porTarefa = new Map<string, Set<string>>();
    for (const [uid, , quem] of linhas) porTarefa.set(uid, (porTarefa.get(uid) ?? new Set()).add(quem));
    expect([...porTarefa.values()].every((s) => s.size === 1)).toBe(true);
    const instancias = new Set([...porTarefa.values()].map((s) => [...s][0]));
    expect(instancias.size).toBe(2);
    expect(new Set(uids).size).toBe(TAREFAS);
  });
});
