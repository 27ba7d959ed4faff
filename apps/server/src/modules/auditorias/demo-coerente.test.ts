import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { auditorias, ctes, tabelasFrete } from '../../db/schema/index.ts';
import { calculoPelaTabela } from './calculo.ts';
import { carregarCte } from './cte.ts';
import { reauditarPorOcorrencias } from './reauditoria-ocorrencias.ts';

// The demo's audits say what a re-audit gives (issue 9, seeded database): the Rápido Sul CT-es of
// 11/01/2025 (SP → RJ, transport ICMS 12 %, R$ 150,00) are priced by the agreement "Rápido Sul - Acordo
// janeiro/2025" — 150,00 for the 150 kg of their PESO CUBADO —, and CT-e 504 (95 kg) is 12,50 above its
// 137,50. Never the goods' INTERNO:SP 18 % rule of the tax settings.

let t: TestApp;
let admin: Api;
let embarcadorUid: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await as(t.app, 'admin@demo.com.br');
  embarcadorUid = (await admin.get('/api/v1/perfil')).body.data.embarcadorAtivo.uid;
});
afterAll(() => t?.close());

describe('demonstração coerente com a re-auditoria', () => {
  it('as cobranças de ocorrência do seed já estão nas auditorias: a re-auditoria pelas ocorrências não muda nenhuma', async () => {
    const colunas = { uid: auditorias.uid, status: auditorias.status, esperado: auditorias.valorEsperado, diferenca: auditorias.diferenca, resumo: auditorias.resumo };
    const antes = await t.db.select(colunas).from(auditorias).orderBy(auditorias.uid);
    await reauditarPorOcorrencias(t.db);
    expect(await t.db.select(colunas).from(auditorias).orderBy(auditorias.uid)).toEqual(antes);
  });

  it('o esperado recalculado de cada CT-e auditado do seed é o que a auditoria do seed diz', async () => {
    const semeadas = await t.db.select().from(auditorias).where(and(eq(auditorias.embarcadorUid, embarcadorUid), inArray(auditorias.numeroCte, [502, 503, 504, 511, 512, 513])));
    expect(semeadas).toHaveLength(6);
    const [acordo] = await t.db.select().from(tabelasFrete).where(eq(tabelasFrete.nome, 'Rápido Sul - Acordo janeiro/2025'));
    for (const a of semeadas) {
      const c = await carregarCte(t.db, embarcadorUid, a.cteUid!);
      const e = await calculoPelaTabela(t.db, embarcadorUid, c!, false);
      expect(e.calculado, `CT-e ${a.numeroCte}`).toBe(true);
      if (!e.calculado) continue;
      expect({ numero: a.numeroCte, total: Number(e.total), aliquota: Number(e.aliquotaIcms), referencia: e.referenciaUid }).toEqual({
        numero: a.numeroCte, total: Number(a.valorEsperado), aliquota: 12, referencia: acordo!.uid,
      });
      expect(a.referenciaUid).toBe(acordo!.uid);
      expect(Number(a.valorCobrado) - Number(e.total)).toBeCloseTo(Number(a.diferenca), 2);
    }
  });

  it('re-auditar pela API: 503 e 513 continuam Aprovadas com diferença zero e ICMS 12 %; 504 segue aceita', async () => {
    const linhas = await t.db.select({ uid: ctes.uid, numero: ctes.numero }).from(ctes).where(and(eq(ctes.embarcadorUid, embarcadorUid), inArray(ctes.numero, [503, 504, 513])));
    for (const c of linhas) {
      const r = await admin.post('/api/v1/auditorias/reauditar-cte', { cteUid: c.uid });
      expect(r.status, r.text).toBe(200);
      if (c.numero === 504) {
        expect(r.body.data).toMatchObject({ status: 4, valorEsperado: 137.5, diferenca: 12.5 });
        continue;
      }
      expect(r.body.data).toMatchObject({ status: 1, valorCobrado: 150, valorEsperado: 150, diferenca: 0, fonte: 'TABELA' });
      const linhasAud = r.body.data.linhas as { tipo: string; situacao: string; esperado: number | null; nomeCte: string | null }[];
      expect(linhasAud.find((l) => l.tipo === 'ICMS_ALIQUOTA')).toMatchObject({ esperado: 12, situacao: 'OK' });
      expect(linhasAud.filter((l) => l.tipo === 'COMPONENTE').map((l) => [l.nomeCte, l.esperado, l.situacao])).toEqual([
        ['FRETE PESO', 120, 'OK'], ['PEDAGIO', 30, 'OK'],
      ]);
    }
  });
});
