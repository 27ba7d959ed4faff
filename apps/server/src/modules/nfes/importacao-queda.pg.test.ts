import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type TestDatabase, openTestDatabase } from '../../../test/support/db.ts';
import { copiasDaAmostra } from '../../../test/support/lote-fiscal.ts';
import { type ServidorFilho, entrarPorHttp, enviarArquivos, iniciarServidorFilho } from '../../../test/support/servidor-filho.ts';
import { montarZip } from '../../../test/support/zip.ts';

// kill -9 of the server in the middle of an NF-e import, then a restart: the task resumes from the
// item it was on, every document is saved once, and none is half-saved (record, items and XML are one
// transaction with the item's progress). PostgreSQL only: the server runs in a child process and
// the test reads the same database beside it (the embedded database has one owner).
const naPostgres = inject('fretioTestDb')?.kind === 'postgres';
const DOCS = 120;

describe.runIf(naPostgres)('importação fiscal: queda do servidor (kill -9) e retomada', () => {
  let banco: TestDatabase;
  let url: string;
  let dataDir: string;
  let servidor: ServidorFilho | undefined;
  const q = async <T>(s: ReturnType<typeof sql>) => ((await banco.database.db.execute(s)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    banco = await openTestDatabase({ seed: true });
    url = ((banco.database.db as unknown as { $client: pg.Pool }).$client as unknown as { options: { connectionString: string } }).options.connectionString;
    dataDir = mkdtempSync(join(tmpdir(), 'fretio-queda-'));
  });
  afterAll(async () => {
    await servidor?.parar();
    await banco?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('retoma sem duplicar nem deixar nota pela metade', async () => {
    // One task at a time, one item after another: the kill lands between or inside items.
    const env = { TAREFAS_CONCORRENCIA: '1', SEED_DEMO: 'false' };
    servidor = await iniciarServidorFilho({ dataDir, databaseUrl: url, env });
    const cookie = await entrarPorHttp(servidor.base, 'admin@demo.com.br', 'demo1234');
    const copias = copiasDaAmostra(DOCS, 700_000);
    const uid = await enviarArquivos(servidor.base, '/api/importar/documentos/import-nfe', cookie, [{ nome: 'lote.zip', dados: montarZip(copias.map((c) => ({ nome: c.nome, dados: c.dados }))) }]);
    const progresso = async () => (await q<{ processados: number; status: number }>(sql`select processados, status from tarefas where uid = ${uid}`))[0];
    await expect.poll(async () => (await progresso()).processados, { timeout: 120_000, interval: 20 }).toBeGreaterThanOrEqual(10);
    servidor.processo.kill('SIGKILL');
    await new Promise((r) => servidor?.processo.once('exit', r));

    // Dead mid-task: some notes saved, the task still "Processando", nothing half-written.
    const antes = await progresso();
    expect(antes.status).toBe(2);
    expect(antes.processados).toBeLessThan(DOCS);
    const inteiras = async () =>
      (await q<{ notas: number; sem_itens: number; sem_xml: number }>(sql`
        select count(*)::int as notas,
               count(*) filter (where (select count(*) from nfe_itens i where i.nfe_uid = n.uid) <> n.quantidade_itens)::int as sem_itens,
               count(*) filter (where not exists (select 1 from documentos_xml x where x.documento_uid = n.uid))::int as sem_xml
        from nfes n where n.emitente_documento = '75277525000178' and n.numero between 700000 and ${700_000 + DOCS}`))[0];
    const feitos = (await q<{ n: number }>(sql`select count(*)::int as n from tarefa_itens where tarefa_uid = ${uid} and status <> 1`))[0].n;
    expect(await inteiras()).toEqual({ notas: feitos, sem_itens: 0, sem_xml: 0 });

    // Restart on the same database and files; the dead worker's lease (60 s) is moved back instead of waited for.
    await banco.database.db.execute(sql`update tarefas set vivo_em = now() - interval '5 minutes' where uid = ${uid}`);
    servidor = await iniciarServidorFilho({ dataDir, databaseUrl: url, env });
    await expect.poll(async () => (await progresso()).status, { timeout: 180_000, interval: 100 }).toBe(3);
    expect(await inteiras()).toEqual({ notas: DOCS, sem_itens: 0, sem_xml: 0 });
    const itens = await q<{ status: number; mensagem: string | null; n: number }>(sql`select status, mensagem, count(*)::int as n from tarefa_itens where tarefa_uid = ${uid} group by 1, 2`);
    // Every item saved its note once: none "já importada" (which a repeated item would report).
    expect(itens.every((i) => i.status === 3 || i.status === 2)).toBe(true);
    expect(itens.reduce((s, i) => s + i.n, 0)).toBe(DOCS);
    expect(itens.some((i) => i.mensagem?.includes('já importada'))).toBe(false);
    expect((await progresso()).processados).toBe(DOCS);
  }, 300_000);
});
