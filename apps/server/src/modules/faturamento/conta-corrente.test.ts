import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { contaCorrenteTransportador, embarcadorTransportador, faturas } from '../../db/schema/index.ts';

// The carrier's running balance summed by the database (numeric): entries that a float sum gets wrong
// (0,10 + 0,20, three 0,01), one page at a time with the balance after each entry, and the deduction
// suggested on the next invoice (balance minus the nettings already typed on open invoices, never below 0).

let t: TestApp;
let admin: Api, carrier: Api;
let embarcadorUid: string, transportadorUid: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, carrier] = await Promise.all(['admin@demo.com.br', 'transportador@rapidosul.com.br'].map((l) => as(t.app, l)));
  embarcadorUid = (await admin.get('/api/v1/perfil')).body.data.embarcadorAtivo.uid;
  const proprio = (await carrier.get('/api/v1/perfil')).body.data.transportador?.uid as string | undefined;
  // a carrier of the demo shipper without entries (and not the carrier user's)
  const [livre] = await t.db.select({ uid: embarcadorTransportador.transportadorUid }).from(embarcadorTransportador)
    .where(and(eq(embarcadorTransportador.embarcadorUid, embarcadorUid), proprio ? sql`${embarcadorTransportador.transportadorUid} <> ${proprio}` : undefined,
      sql`not exists (select 1 from conta_corrente_transportador c where c.embarcador_uid = ${embarcadorUid} and c.transportador_uid = ${embarcadorTransportador.transportadorUid})`))
    .limit(1);
  transportadorUid = livre!.uid;
});
afterAll(() => t?.close());

const conta = (q: Record<string, string | number> = {}, api = admin) => api.get(`/api/v1/fatura/conta-corrente/${transportadorUid}`, q);
const lancar = (data: string, valor: string, historico: string, para = transportadorUid) =>
  t.db.insert(contaCorrenteTransportador).values({ embarcadorUid, transportadorUid: para, data, valor, historico, documentoTipo: 'AUDITORIA', documentoUid: randomUUID() });

describe('conta corrente do transportador', () => {
  it('saldo no banco ao centavo, lançamentos paginados com o saldo de cada um, desconto sugerido', async () => {
    expect((await conta()).body.data).toMatchObject({ saldo: 0, totalRecords: 0, lancamentos: [], descontoSugerido: 0, descontoEmFaturasAbertas: 0 });
    await lancar('2026-03-01T12:00:00Z', '0.10', 'Divergência aceita A');
    await lancar('2026-03-02T12:00:00Z', '0.20', 'Divergência aceita B');
    await lancar('2026-03-03T12:00:00Z', '1234.56', 'Divergência aceita C');
    await lancar('2026-03-04T12:00:00Z', '-33.33', 'Desconto na fatura X');
    for (const d of ['05', '06', '07']) await lancar(`2026-03-${d}T12:00:00Z`, '0.01', `Arredondamento ${d}`);
    // 0,10 + 0,20 = 0,30 (not 0,30000000000000004); + 1.234,56 = 1.234,86; − 33,33 = 1.201,53; + 3 × 0,01 = 1.201,56
    const p1 = (await conta({ pps: 3 })).body.data;
    expect(p1).toMatchObject({ saldo: 1201.56, totalRecords: 7, pc: 1, pps: 3, descontoSugerido: 1201.56, descontoEmFaturasAbertas: 0 });
    expect(p1.lancamentos.map((l: { historico: string; valor: number; saldo: number }) => [l.historico, l.valor, l.saldo])).toEqual([
      ['Arredondamento 07', 0.01, 1201.56], ['Arredondamento 06', 0.01, 1201.55], ['Arredondamento 05', 0.01, 1201.54],
    ]);
    const p2 = (await conta({ pps: 3, pc: 2 })).body.data;
    expect(p2.lancamentos.map((l: { valor: number; saldo: number }) => [l.valor, l.saldo])).toEqual([[-33.33, 1201.53], [1234.56, 1234.86], [0.2, 0.3]]);
    expect((await conta({ pps: 3, pc: 3 })).body.data.lancamentos.map((l: { saldo: number; data: string }) => [l.saldo, l.data])).toEqual([[0.1, '2026-03-01T12:00:00.000Z']]);
    expect((await conta({ pps: 3, pc: 9 })).body.data).toMatchObject({ lancamentos: [], saldo: 1201.56, totalRecords: 7 });

    // Open invoices with nettings typed (200,00 and 1.000,00): suggested 1.201,56 − 1.200,00 = 1,56; a validated one does not count
    const fatura = (numero: string, desconto: string, status = 1) => t.db.insert(faturas)
      .values({ embarcadorUid, transportadorUid, numero, emissao: '2026-03-10', vencimento: '2026-04-10', valor: '5000.00', valorDesconto: desconto, status }).returning();
    const [a] = await fatura('CC-1', '200.00');
    await fatura('CC-2', '1000.00');
    await fatura('CC-3', '999.99', 2);
    expect((await conta()).body.data).toMatchObject({ saldo: 1201.56, descontoEmFaturasAbertas: 1200, descontoSugerido: 1.56 });
    // editing CC-1: its own netting does not count — 1.201,56 − 1.000,00 = 201,56
    expect((await conta({ excetoFaturaUid: a!.uid })).body.data).toMatchObject({ descontoEmFaturasAbertas: 1000, descontoSugerido: 201.56 });
    // more nettings than balance: nothing suggested (never negative)
    await fatura('CC-4', '10.00');
    expect((await conta()).body.data).toMatchObject({ descontoEmFaturasAbertas: 1210, descontoSugerido: 0 });
  });

  it('página inválida é 400 com o campo; transportador de fora, 404', async () => {
    const casos: [Record<string, string | number>, string][] = [[{ pps: 0 }, 'pps'], [{ pps: 501 }, 'pps'], [{ pc: 'x' }, 'pc'], [{ excetoFaturaUid: 'abc' }, 'excetoFaturaUid']];
    for (const [q, field] of casos) {
      const r = await conta(q);
      expect([r.status, r.body.errors?.[0]?.field], JSON.stringify(q)).toEqual([400, field]);
    }
    expect((await admin.get(`/api/v1/fatura/conta-corrente/${randomUUID()}`)).status).toBe(404);
    expect((await conta({}, carrier)).status).toBe(404);
  });

  it('saldos do próprio transportador: o total da conta corrente somado no banco é a soma exata das linhas', async () => {
    const proprio = (await carrier.get('/api/v1/perfil')).body.data.transportador.uid as string;
    const antes = (await carrier.get('/api/v1/fatura/transportador/saldos')).body.data;
    await lancar('2026-03-01T12:00:00Z', '0.10', 'A', proprio);
    await lancar('2026-03-02T12:00:00Z', '0.20', 'B', proprio);
    const depois = (await carrier.get('/api/v1/fatura/transportador/saldos')).body.data;
    const demo = (d: { embarcadores: { embarcadorUid: string; saldoContaCorrente: number }[] }) => d.embarcadores.find((e) => e.embarcadorUid === embarcadorUid)!.saldoContaCorrente;
    expect(Math.round((demo(depois) - demo(antes)) * 100)).toBe(30);
    const centavos = (v: number) => Math.round(v * 100);
    expect(centavos(depois.totais.saldoContaCorrente)).toBe(depois.embarcadores.reduce((s: number, e: { saldoContaCorrente: number }) => s + centavos(e.saldoContaCorrente), 0));
    expect(centavos(depois.totais.aReceber)).toBe(centavos(depois.totais.valorAbertas) + centavos(depois.totais.valorValidadas));
  });
});
