import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { auditorias, ctes, faturas, preFaturas, transportadores, unidadesTransportador } from '../../db/schema/index.ts';
import { auditarCte, encaminharPreFatura } from '../auditorias/service.ts';

// Substitute and annulment CT-es in settlement: the original they replace leaves the invoice's ctes-list
// and the pre-invoice pool, cannot go in an invoice or a pre-invoice, and validar says which CT-e fails and
// why; the substitute goes in. A cancelled substitute replaces nothing; an anulação is never billed.
// The audits are written directly (the original's still 'Aprovada'): the rule reads the CT-es.

let t: TestApp;
let admin: Api;
let embarcadorUid: string;
let transportadorUid: string, unidadeUid: string;
let seq = 0;

async function cte(valor: string, auditoria: number | null, p: Partial<typeof ctes.$inferInsert> = {}) {
  const n = 810000 + ++seq * 7;
  const chave = `3126041718403700011057001${String(n).padStart(19, '0')}`;
  const [c] = await t.db.insert(ctes).values({
    embarcadorUid, chave, numero: n, serie: 1, emissao: `2026-04-${String(10 + seq).padStart(2, '0')}T13:00:00.000Z`, emissaoTexto: '2026-04-10T10:00:00-03:00', tipoCte: 0,
    origemMunicipio: 'Belo Horizonte', origemUf: 'MG', destinoMunicipio: 'São Paulo', destinoUf: 'SP', valorPrestacao: valor,
    transportadorUid, unidadeTransportadorUid: unidadeUid, protocolo: `13126000${n}`, ...p,
  }).returning();
  let auditoriaUid: string | null = null;
  if (auditoria !== null) {
    const [a] = await t.db.insert(auditorias).values({
      embarcadorUid, cteUid: c!.uid, chaveCte: chave, numeroCte: n, serieCte: 1, emissao: c!.emissao, transportadorUid,
      unidadeTransportadorUid: unidadeUid, status: auditoria, resultadoCalculo: auditoria, fonte: 'TABELA', valorCobrado: valor,
      valorEsperado: valor, diferenca: '0.00', resumo: 'teste',
    }).returning();
    auditoriaUid = a!.uid;
  }
  return { uid: c!.uid, numero: n, auditoriaUid, nome: `CT-e ${n}/1` };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await as(t.app, 'admin@demo.com.br');
  embarcadorUid = (await admin.get('/api/v1/perfil')).body.data.embarcadorAtivo.uid;
  const [tr] = await t.db.select().from(transportadores).where(eq(transportadores.nomeFantasia, 'TransMinas'));
  transportadorUid = tr!.uid;
  unidadeUid = (await t.db.select().from(unidadesTransportador).where(eq(unidadesTransportador.transportadorUid, transportadorUid)))[0]!.uid;
});
afterAll(() => t?.close());

const disponiveisFatura = async () =>
  ((await admin.post('/api/v1/fatura/ctes-list', { unidadeTransportadorUid: unidadeUid, embarcadorUid })).body.data.data as { cteUid: string }[]).map((c) => c.cteUid);
const disponiveisPre = async () =>
  ((await admin.get('/api/v1/fatura/pre-fatura/auditorias-disponiveis', { transportadorUid })).body.data.data as { cteUid: string }[]).map((c) => c.cteUid);
const contarFaturas = async () => Number((await t.db.select({ n: sql<number>`count(*)` }).from(faturas))[0]!.n);

describe('CT-e substituto e de anulação na liquidação', () => {
  it('o original substituído ou anulado sai das listas e é recusado (400 com o motivo); o substituto entra; cancelado não substitui', async () => {
    const original = await cte('1000.00', 1);
    const substituto = await cte('950.00', 1, { tipoCte: 3, cteOriginalUid: original.uid });
    const anulado = await cte('400.00', 1);
    const anulacao = await cte('400.00', null, { tipoCte: 2, cteOriginalUid: anulado.uid });
    const mantido = await cte('300.00', 1);
    await cte('280.00', 1, { tipoCte: 3, cteOriginalUid: mantido.uid, cancelado: true, status: 5 });
    const cancelado = await cte('120.00', 1, { cancelado: true, status: 5 });

    const lista = await disponiveisFatura();
    expect(lista).toEqual(expect.arrayContaining([substituto.uid, mantido.uid]));
    for (const x of [original, anulado, anulacao, cancelado]) expect(lista).not.toContain(x.uid);
    const pool = await disponiveisPre();
    expect(pool).toEqual(expect.arrayContaining([substituto.uid, mantido.uid]));
    for (const x of [original, anulado, cancelado]) expect(pool).not.toContain(x.uid);

    const antes = await contarFaturas();
    const base = { transportadorUid, unidadeTransportadorUid: unidadeUid, emissao: '2026-04-30', vencimento: '2026-05-30' };
    const recusada = await admin.post('/api/v1/fatura', { ...base, numero: 'SUB-1', valor: 1820, cteUids: [original.uid, anulado.uid, anulacao.uid, mantido.uid] });
    expect(recusada.status).toBe(400);
    expect(recusada.body.errors).toEqual([{ field: 'cteUids', message: expect.any(String) }]);
    const msg = recusada.body.errors[0].message as string;
    expect(msg).toContain(`${original.nome} foi substituído pelo ${substituto.nome}: fature o substituto no lugar dele.`);
    expect(msg).toContain(`${anulado.nome} foi anulado pelo CT-e de anulação ${anulacao.numero}/1: não é mais cobrável.`);
    expect(msg).toContain(`${anulacao.nome} é um CT-e de anulação: não é cobrado em fatura.`);
    expect(msg).not.toContain(mantido.nome);
    expect(await contarFaturas()).toBe(antes);

    const pre = await admin.post('/api/v1/fatura/pre-fatura', { transportadorUid, auditoriaUids: [original.auditoriaUid, cancelado.auditoriaUid] });
    expect(pre.status).toBe(400);
    expect(pre.body.errors).toEqual([{ field: 'auditoriaUids', message: `${original.nome} foi substituído pelo ${substituto.nome}: fature o substituto no lugar dele. ${cancelado.nome} está cancelado.` }]);

    // The substitute (950,00) and the CT-e whose substitute was cancelled (300,00): 1.250,00, validated.
    const ok = await admin.post('/api/v1/fatura', { ...base, numero: 'SUB-2', valor: '1250,00', cteUids: [substituto.uid, mantido.uid] });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.data).toMatchObject({ valorCtes: 1250, quantidadeCtes: 2 });
    expect((await admin.get(`/api/v1/fatura/validar/${ok.body.data.uid}`)).body.data).toMatchObject({ status: 2, statusLabel: 'Validada' });
  });

  it('validar: o CT-e substituído depois de entrar na fatura falha com o motivo (não com o status da auditoria), e a fatura fica aberta', async () => {
    const a = await cte('500.00', 1);
    const b = await cte('250.50', 1);
    const criada = await admin.post('/api/v1/fatura', { transportadorUid, numero: 'SUB-3', emissao: '2026-04-30', vencimento: '2026-05-30', valor: '750,50', cteUids: [a.uid, b.uid] });
    expect(criada.status, criada.text).toBe(201);
    const uid = criada.body.data.uid as string;
    // The substitute of a arrives (its original's audit closed, as the audit does).
    const s = await cte('480.00', 1, { tipoCte: 3, cteOriginalUid: a.uid });
    await t.db.update(auditorias).set({ status: 5 }).where(eq(auditorias.uid, a.auditoriaUid!));
    const r = await admin.get(`/api/v1/fatura/validar/${uid}`);
    expect(r.status).toBe(400);
    // one point, the replacement — not "'Cancelada' na auditoria"
    expect(r.body.errors).toEqual([{ field: 'cteUids', message: `${a.nome} foi substituído pelo ${s.nome}: fature o substituto no lugar dele.` }]);
    expect((await admin.get(`/api/v1/fatura/${uid}`)).body.data.status).toBe(1);
    // Swapping the original for its substitute: 480,00 + 250,50 = 730,50.
    const troca = await admin.put(`/api/v1/fatura/${uid}`, { cteUids: [s.uid, b.uid], valor: '730,50' });
    expect(troca.status, troca.text).toBe(200);
    expect(troca.body.data).toMatchObject({ valorCtes: 730.5, quantidadeCtes: 2 });
    expect(await disponiveisFatura()).not.toContain(a.uid);
  });

  it('substituto que chega com o original numa pré-fatura liberada: a pré-fatura não muda e avisa, o substituto aguarda; cancelada, ele segue', async () => {
    const original = await cte('600.00', 1);
    const anulado = await cte('200.00', 1);
    const pre = (await admin.post('/api/v1/fatura/pre-fatura', { transportadorUid, auditoriaUids: [original.auditoriaUid, anulado.auditoriaUid] })).body.data.uid as string;
    expect((await admin.get(`/api/v1/fatura/pre-fatura/liberar/${pre}`)).status).toBe(200);
    const sub = await cte('580.00', null, { tipoCte: 3, cteOriginalUid: original.uid });
    const anulacao = await cte('200.00', null, { tipoCte: 2, cteOriginalUid: anulado.uid });
    // the import's audit no longer fails (it was a 409 "O CT-e está numa pré-fatura já liberada" nobody saw)
    await t.db.transaction((tx) => auditarCte(tx, embarcadorUid, sub.uid));
    await t.db.transaction((tx) => auditarCte(tx, embarcadorUid, anulacao.uid));
    const daAuditoria = async (cteUid: string) => (await t.db.select().from(auditorias).where(eq(auditorias.cteUid, cteUid)))[0]!;
    // what the carrier received stays as it was: both CT-es, 800,00, and the pre-invoice says what happened
    expect(await daAuditoria(original.uid)).toMatchObject({ status: 1, preFaturaUid: pre });
    const p = (await admin.get(`/api/v1/fatura/pre-fatura/${pre}`)).body.data;
    expect(p).toMatchObject({ status: 2, quantidadeCtes: 2, valorTotal: 800 });
    expect(p.observacao).toBe(`${original.nome} substituído pelo ${sub.nome} depois da liberação: o substituto aguarda; cancele esta pré-fatura para faturá-lo. `
      + `${anulado.nome} anulado pelo CT-e de anulação ${anulacao.numero}/1 depois da liberação: cancele esta pré-fatura para tirá-lo da cobrança.`);
    // the substitute, even approved, waits: no automatic pre-invoice, in no list, refused with the reason
    const s = await daAuditoria(sub.uid);
    await t.db.update(auditorias).set({ status: 1, resultadoCalculo: 1 }).where(eq(auditorias.uid, s.uid));
    await t.db.transaction((tx) => encaminharPreFatura(tx, embarcadorUid, s.uid));
    expect((await daAuditoria(sub.uid)).preFaturaUid).toBeNull();
    expect(await disponiveisFatura()).not.toContain(sub.uid);
    expect(await disponiveisPre()).not.toContain(sub.uid);
    const espera = `${sub.nome} substitui o ${original.nome}, que está numa pré-fatura liberada: cancele essa pré-fatura para faturar o substituto.`;
    const base = { transportadorUid, unidadeTransportadorUid: unidadeUid, emissao: '2026-04-30', vencimento: '2026-05-30' };
    const antes = await contarFaturas();
    expect((await admin.post('/api/v1/fatura', { ...base, numero: 'SUB-4', valor: 580, cteUids: [sub.uid] })).body.errors).toEqual([{ field: 'cteUids', message: espera }]);
    expect((await admin.post('/api/v1/fatura/pre-fatura', { transportadorUid, auditoriaUids: [s.uid] })).body.errors).toEqual([{ field: 'auditoriaUids', message: espera }]);
    // nor can the pre-invoice become an invoice (its original is replaced)
    const daPre = await admin.post('/api/v1/fatura', { ...base, numero: 'SUB-5', valor: 800, preFaturaUid: pre });
    expect([daPre.status, daPre.body.errors[0].message]).toEqual([400, expect.stringContaining(`${original.nome} foi substituído pelo ${sub.nome}`)]);
    expect(await contarFaturas()).toBe(antes);
    // cancelled: the originals' audits close as the substitute's arrival would have done, the substitute flows on
    expect((await admin.get(`/api/v1/fatura/pre-fatura/cancelar/${pre}`)).status).toBe(200);
    expect(await daAuditoria(original.uid)).toMatchObject({ status: 5, preFaturaUid: null, resumo: `CT-e substituído pelo ${sub.nome}.` });
    expect(await daAuditoria(anulado.uid)).toMatchObject({ status: 5, preFaturaUid: null, resumo: `CT-e anulado pelo CT-e de anulação ${anulacao.numero}/1.` });
    const seguiu = (await daAuditoria(sub.uid)).preFaturaUid;
    expect((await t.db.select().from(preFaturas).where(eq(preFaturas.uid, seguiu!)))[0]).toMatchObject({ status: 1, automatica: true });
    expect(await disponiveisFatura()).toContain(sub.uid);
  });
});
