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
const executar = async (fim: string) => {
  const f = readdirSync(pasta).find((x) => x.endsWith(fim))!;
  for (const s of readFileSync(join(pasta, f), 'utf8').split('--> statement-breakpoint')) if (s.trim()) await t.db.execute(sql.raw(s));
};
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
    await executar(arquivo);
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

// The migration auditorias_pre_fatura_fk on a database whose audits point at a deleted pre-invoice: those
// are set null, the others keep theirs, and the foreign key is there (ON DELETE SET NULL).
describe('migração auditorias_pre_fatura_fk', () => {
  it('anula as referências a pré-faturas que não existem e cria a chave estrangeira', async () => {
    const fk = sql`select conname from pg_constraint where conname = 'auditorias_pre_fatura_uid_pre_faturas_uid_fk'`;
    await t.db.execute(sql`alter table auditorias drop constraint auditorias_pre_fatura_uid_pre_faturas_uid_fk`);
    expect(await linhas(fk)).toEqual([]);
    const [{ e, tr }] = (await linhas(sql`select (select uid from embarcadores order by criado_em limit 1) as e,
      (select uid from transportadores where nome_fantasia = 'TransMinas') as tr`)) as { e: string; tr: string }[];
    const pre = String((await linhas(sql`insert into pre_faturas (embarcador_uid, transportador_uid) values (${e}, ${tr}) returning uid`))[0]!.uid);
    const aud = async (p: string) => {
      const n = Math.floor(Math.random() * 900000) + 1000;
      return String((await linhas(sql`insert into auditorias (embarcador_uid, cte_uid, chave_cte, numero_cte, serie_cte, emissao, transportador_uid, status,
        resultado_calculo, valor_cobrado, resumo, pre_fatura_uid) values (${e}, ${randomUUID()}, ${`3126041718403700011057001${String(n).padStart(19, '0')}`}, ${n}, 1,
        now(), ${tr}, 1, 1, '10.00', 't', ${p}) returning uid`))[0]!.uid);
    };
    const orfa = await aud(randomUUID());
    const valida = await aud(pre);
    await executar('_auditorias_pre_fatura_fk.sql');
    const depois = await linhas(sql`select uid, pre_fatura_uid from auditorias where uid in (${orfa}, ${valida})`);
    expect(new Map(depois.map((d) => [d.uid, d.pre_fatura_uid]))).toEqual(new Map([[orfa, null], [valida, pre]]));
    expect((await linhas(fk)).length).toBe(1);
    await t.db.execute(sql`delete from pre_faturas where uid = ${pre}`);
    expect((await linhas(sql`select pre_fatura_uid from auditorias where uid = ${valida}`))[0]!.pre_fatura_uid).toBeNull();
  });
});
