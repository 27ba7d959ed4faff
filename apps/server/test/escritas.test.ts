import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from './support/db.ts';
import { watchWrites } from './support/state.ts';

// The generic suites' "nothing was written" rests on watchWrites: it must see a committed write (on
// either engine) and must not see one that was rolled back.
describe('watchWrites', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const umEmbarcador = async () =>
    ((await t.db.execute(sql`select uid from embarcadores limit 1`)) as unknown as { rows: { uid: string }[] }).rows[0].uid;

  it('sees a committed insert, update and delete', async () => {
    const emb = await umEmbarcador();
    let writes = await watchWrites(t.db);
    await t.db.execute(sql`insert into centros_custo (embarcador_uid, codigo, nome) values (${emb}, 'ESC-1', 'Escrita')`);
    expect((await writes()).join()).toMatch(/centros_custo|transaç/);
    writes = await watchWrites(t.db);
    await t.db.execute(sql`update centros_custo set nome = 'Outra' where codigo = 'ESC-1'`);
    expect(await writes()).not.toEqual([]);
    writes = await watchWrites(t.db);
    await t.db.execute(sql`delete from centros_custo where codigo = 'ESC-1'`);
    expect(await writes()).not.toEqual([]);
  });

  it('does not see a rolled-back write nor a read', async () => {
    const emb = await umEmbarcador();
    const writes = await watchWrites(t.db);
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into centros_custo (embarcador_uid, codigo, nome) values (${emb}, 'ESC-2', 'Desfeita')`);
        throw new Error('desfaz');
      })
      .catch(() => undefined);
    await t.db.execute(sql`select count(*) from centros_custo`);
    expect(await writes()).toEqual([]);
  });
});
