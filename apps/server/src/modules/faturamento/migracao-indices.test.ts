import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';

// The migration liquidacao_indices on a database that already holds duplicated open automatic
// pre-invoices (two audits approved at once, before the unique index): the oldest of each shipper +
// carrier + unit keeps every CT-e and the right total, the others end Cancelada, and the index is created.
const pasta = join(import.meta.dirname, '../../../drizzle');
const arquivo = readdirSync(pasta).find((f) => f.endsWith('_liquidacao_indices.sql'))!;
type Linha = Record<string, unknown>;

let t: TestApp;
const linhas = async (q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: Linha[] }).rows;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('migração liquidacao_indices', () => {
  it('funde as pré-faturas automáticas abertas duplicadas e cria os índices', async () => {
    const [{ e, tr, u }] = (await linhas(sql`select (select uid from embarcadores order by criado_em limit 1) as e,
      (select uid from transportadores where nome_fantasia = 'TransMinas') as tr, (select uid from unidades_transportador where apelido = 'BH') as u`)) as { e: string; tr: string; u: string }[];
    await t.db.execute(sql`drop index pre_faturas_automatica_aberta_uq`);
    await t.db.execute(sql`drop index ctes_original_uid_idx`);
    await t.db.execute(sql`update pre_faturas set status = 4 where automatica and status = 1`);
    const pf = async (unidade: string | null, quando: string) =>
      String((await linhas(sql`insert into pre_faturas (embarcador_uid, transportador_uid, unidade_transportador_uid, automatica, criado_em)
        values (${e}, ${tr}, ${unidade}, true, ${quando}) returning uid`))[0]!.uid);
    const velha = await pf(null, '2026-04-01T10:00:00Z');
    const nova = await pf(null, '2026-04-01T10:00:01Z');
    const outraUnidade = await pf(u, '2026-04-01T10:00:02Z');
    const aud = async (pre: string, valor: string) => {
      const n = Math.floor(Math.random() * 900000) + 1000;
      await t.db.execute(sql`insert into auditorias (embarcador_uid, cte_uid, chave_cte, numero_cte, serie_cte, emissao, transportador_uid, status, resultado_calculo,
        valor_cobrado, resumo, pre_fatura_uid) values (${e}, ${randomUUID()}, ${`3126041718403700011057001${String(n).padStart(19, '0')}`}, ${n}, 1, now(), ${tr}, 1, 1, ${valor}, 't', ${pre})`);
    };
    await aud(velha, '100.00');
    await aud(nova, '23.45');
    await aud(outraUnidade, '7.00');
    for (const s of readFileSync(join(pasta, arquivo), 'utf8').split('--> statement-breakpoint')) if (s.trim()) await t.db.execute(sql.raw(s));
    const abertas = await linhas(sql`select uid, unidade_transportador_uid as u, valor_total, quantidade_ctes from pre_faturas where automatica and status = 1 order by criado_em`);
    // 100,00 + 23,45 = 123,45 in the oldest; the one of unit BH is a group of its own, left untouched (totals as inserted)
    expect(abertas).toEqual([{ uid: velha, u: null, valor_total: '123.45', quantidade_ctes: 2 }, { uid: outraUnidade, u, valor_total: '0.00', quantidade_ctes: 0 }]);
    const [fundida] = await linhas(sql`select status, quantidade_ctes, observacao from pre_faturas where uid = ${nova}`);
    expect(fundida).toEqual({ status: 4, quantidade_ctes: 0, observacao: `Fundida na pré-fatura automática ${velha}.` });
    const indices = await linhas(sql`select indexname from pg_indexes where indexname in ('pre_faturas_automatica_aberta_uq', 'ctes_original_uid_idx') order by 1`);
    expect(indices.map((i) => i.indexname)).toEqual(['ctes_original_uid_idx', 'pre_faturas_automatica_aberta_uq']);
    // and now a second open automatic one of the same carrier (no unit) is refused by the index
    await expect(pf(null, '2026-04-02T10:00:00Z')).rejects.toThrow();
  });
});
