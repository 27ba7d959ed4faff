import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { auditorias, contaCorrenteTransportador, embarcadorTransportador, notificacoes, preFaturas, transportadores, usuarios } from '../../db/schema/index.ts';

// Accepting a divergent audit (reason, running balance, one of two simultaneous accepts wins), approved and
// accepted CT-es flowing into the carrier's automatic pre-invoice, pre-invoices by hand (release, cancel,
// another carrier's CT-e refused), payment conditions with due dates on business days, tolerances.

let t: TestApp;
let admin: Api, outro: Api, carrier: Api;
let embarcadorUid: string;
const tr: Record<string, string> = {};

async function auditoria(transportador: string, status: number, p: Partial<typeof auditorias.$inferInsert> = {}) {
  const n = Math.floor(Math.random() * 900000) + 1000;
  const [a] = await t.db.insert(auditorias).values({
    embarcadorUid, cteUid: randomUUID(), chaveCte: `3526041234567800019557001${String(n).padStart(19, '0')}`, numeroCte: n, serieCte: 1,
    emissao: '2026-04-15T13:00:00.000Z', transportadorUid: tr[transportador], status, resultadoCalculo: status, fonte: 'TABELA',
    valorCobrado: '1055.45', valorEsperado: '1045.45', diferenca: '10.00', resumo: 'Divergente (teste)', ...p,
  }).returning();
  return a!;
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, outro, carrier] = await Promise.all(['admin@demo.com.br', 'admin@outro.com.br', 'transportador@rapidosul.com.br'].map((l) => as(t.app, l)));
  embarcadorUid = (await admin.get('/api/v1/perfil')).body.data.embarcadorAtivo.uid;
  for (const c of await t.db.select().from(transportadores)) tr[c.nomeFantasia as string] = c.uid;
});
afterAll(() => t?.close());

describe('aceitar auditoria', () => {
  it('sem mensagem é 400 e nada muda', async () => {
    const a = await auditoria('Rápido Sul', 2);
    const res = await admin.put(`/api/v1/auditorias/${a.uid}/aceitar-auditoria`, {});
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('mensagem');
    expect((await admin.get(`/api/v1/auditorias/${a.uid}`)).body.data.status).toBe(2);
  });

  it('aceita com o motivo: status Aceita, diferença na conta corrente, CT-e vai para a pré-fatura automática', async () => {
    const a = await auditoria('Rápido Sul', 2);
    const res = await admin.put(`/api/v1/auditorias/${a.uid}/aceitar-auditoria`, { mensagem: 'Reajuste acordado por e-mail em 10/04.' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 4, statusLabel: 'Aceita', mensagem: 'Reajuste acordado por e-mail em 10/04.', diferenca: 10 });
    const cc = await t.db.select().from(contaCorrenteTransportador).where(eq(contaCorrenteTransportador.documentoUid, a.uid));
    expect(cc.map((c) => [c.valor, c.historico])).toEqual([['10.00', `Divergência aceita no CT-e ${a.numeroCte}/1: Reajuste acordado por e-mail em 10/04.`]]);
    const pre = res.body.data.preFaturaUid;
    expect(pre).toBeTruthy();
    const p = (await admin.get(`/api/v1/fatura/pre-fatura/${pre}`)).body.data;
    expect(p).toMatchObject({ status: 1, automatica: true, transportadorUid: tr['Rápido Sul'] });
    const ctes = (await admin.get(`/api/v1/fatura/pre-fatura/ctes-list/${pre}`)).body.data.data;
    expect(ctes.map((c: { auditoriaUid: string }) => c.auditoriaUid)).toContain(a.uid);
  });

  it('dois usuários aceitando ao mesmo tempo: um vence, o outro recebe 409, um só lançamento', async () => {
    const a = await auditoria('TransMinas', 2);
    const [r1, r2] = await Promise.all([1, 2].map((i) => admin.put(`/api/v1/auditorias/${a.uid}/aceitar-auditoria`, { mensagem: `motivo ${i}` })));
    expect([r1.status, r2.status].sort()).toEqual([200, 409]);
    expect(await t.db.select().from(contaCorrenteTransportador).where(eq(contaCorrenteTransportador.documentoUid, a.uid))).toHaveLength(1);
  });

  it('auditoria aprovada não se aceita (409) e auditoria de outro embarcador é 404', async () => {
    const a = await auditoria('Rápido Sul', 1);
    expect((await admin.put(`/api/v1/auditorias/${a.uid}/aceitar-auditoria`, { mensagem: 'x' })).status).toBe(409);
    expect((await outro.put(`/api/v1/auditorias/${a.uid}/aceitar-auditoria`, { mensagem: 'x' })).status).toBe(404);
  });

  it('a lista auditar traz só as que esperam decisão; filtros por status e período', async () => {
    const d = await auditoria('Expresso Nordeste', 2, { emissao: '2026-02-10T12:00:00.000Z' });
    await auditoria('Expresso Nordeste', 1, { emissao: '2026-02-10T12:00:00.000Z' });
    const pend = (await admin.get('/api/v1/auditorias/auditar', { ftr_transportadorUid: tr['Expresso Nordeste'], pps: 100 })).body.data.data;
    expect(pend.map((x: { uid: string }) => x.uid)).toEqual([d.uid]);
    const lista = (await admin.get('/api/v1/auditorias', { ftr_status: 1, ftr_emissaoDe: '2026-02-01', ftr_emissaoAte: '2026-02-28', ftr_transportadorUid: tr['Expresso Nordeste'] })).body.data;
    expect(lista.totalRecords).toBe(1);
    expect(lista.data[0]).toMatchObject({ statusLabel: 'Aprovada', statusCor: 'success', transportadorNome: 'Expresso Nordeste Logística Ltda' });
  });
});

describe('pré-fatura', () => {
  it('à mão com CT-es aprovados do transportador; outro transportador é 400; libera e cancela (CT-es voltam)', async () => {
    const a1 = await auditoria('TransMinas', 1, { valorCobrado: '100.00' });
    const a2 = await auditoria('TransMinas', 4, { valorCobrado: '50.50' });
    const alheio = await auditoria('Rápido Sul', 1);
    const divergente = await auditoria('TransMinas', 2);
    const ruim = await admin.post('/api/v1/fatura/pre-fatura', { transportadorUid: tr.TransMinas, auditoriaUids: [a1.uid, alheio.uid, divergente.uid] });
    expect(ruim.status).toBe(400);
    expect(ruim.body.errors[0].message).toContain('é de outro transportador');
    expect(ruim.body.errors[0].message).toContain(`CT-e ${divergente.numeroCte}/1 não está aprovado nem aceito na auditoria.`);
    const res = await admin.post('/api/v1/fatura/pre-fatura', { transportadorUid: tr.TransMinas, auditoriaUids: [a1.uid, a2.uid] });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ valorTotal: 150.5, quantidadeCtes: 2, status: 1, automatica: false });
    const uid = res.body.data.uid;
    expect((await admin.get(`/api/v1/fatura/pre-fatura/liberar/${uid}`)).body.data).toMatchObject({ status: 2, statusLabel: 'Liberada' });
    expect((await admin.put(`/api/v1/fatura/pre-fatura/${uid}`, { observacao: 'x' })).status).toBe(409);
    expect((await admin.get(`/api/v1/fatura/pre-fatura/cancelar/${uid}`)).body.data).toMatchObject({ status: 4, quantidadeCtes: 0, valorTotal: 0 });
    const [volta] = await t.db.select().from(auditorias).where(eq(auditorias.uid, a1.uid));
    expect(volta!.preFaturaUid).toBeNull();
    expect((await admin.get(`/api/v1/fatura/pre-fatura/liberar/${uid}`)).status).toBe(409);
    expect((await outro.get(`/api/v1/fatura/pre-fatura/ctes-list/${uid}`)).status).toBe(404);
  });

  it('excluir: aberta ou cancelada solta os CT-es; liberada é 409 e nada muda; apagada fora da API, as auditorias também a largam', async () => {
    const naPre = async (uid: string) => (await t.db.select({ p: auditorias.preFaturaUid }).from(auditorias).where(eq(auditorias.uid, uid)))[0]!.p;
    const [a1, a2, a3] = [await auditoria('TransMinas', 1), await auditoria('TransMinas', 1), await auditoria('TransMinas', 1)];
    const aberta = (await admin.post('/api/v1/fatura/pre-fatura', { transportadorUid: tr.TransMinas, auditoriaUids: [a1.uid] })).body.data.uid;
    expect((await admin.delete(`/api/v1/fatura/pre-fatura/${aberta}`)).status).toBe(200);
    expect(await naPre(a1.uid)).toBeNull();
    const liberada = (await admin.post('/api/v1/fatura/pre-fatura', { transportadorUid: tr.TransMinas, auditoriaUids: [a2.uid] })).body.data.uid;
    await admin.get(`/api/v1/fatura/pre-fatura/liberar/${liberada}`);
    expect((await admin.delete(`/api/v1/fatura/pre-fatura/${liberada}`)).status).toBe(409);
    expect(await naPre(a2.uid)).toBe(liberada);
    expect((await admin.get(`/api/v1/fatura/pre-fatura/cancelar/${liberada}`)).status).toBe(200);
    expect(await naPre(a2.uid)).toBeNull();
    expect((await admin.delete(`/api/v1/fatura/pre-fatura/${liberada}`)).status).toBe(200);
    // a pre-invoice deleted by SQL (the batched re-audit test restores its state so) no longer leaves audits pointing at nothing
    const apagada = (await admin.post('/api/v1/fatura/pre-fatura', { transportadorUid: tr.TransMinas, auditoriaUids: [a3.uid] })).body.data.uid;
    await t.db.delete(preFaturas).where(eq(preFaturas.uid, apagada));
    expect(await naPre(a3.uid)).toBeNull();
    // and an audit cannot be pointed at a pre-invoice that does not exist
    await expect(t.db.update(auditorias).set({ preFaturaUid: randomUUID() }).where(eq(auditorias.uid, a3.uid))).rejects.toThrow();
  });
});

describe('pré-fatura montada na tela', () => {
  it('auditorias-disponíveis: só aprovadas/aceitas do transportador, fora de pré-fatura liberada, no período; a nova leva o total', async () => {
    const em = (d: string) => ({ emissao: `${d}T15:00:00.000Z` });
    const a1 = await auditoria('Expresso Nordeste', 1, { valorCobrado: '1234.56', ...em('2025-09-02') });
    const a2 = await auditoria('Expresso Nordeste', 4, { valorCobrado: '789.01', ...em('2025-09-03') });
    await auditoria('Expresso Nordeste', 2, em('2025-09-03')); // divergente: fora
    await auditoria('Expresso Nordeste', 1, em('2025-10-01')); // fora do período
    const liberada = await admin.post('/api/v1/fatura/pre-fatura', { transportadorUid: tr['Expresso Nordeste'], auditoriaUids: [(await auditoria('Expresso Nordeste', 1, em('2025-09-04'))).uid] });
    await admin.get(`/api/v1/fatura/pre-fatura/liberar/${liberada.body.data.uid}`);
    const q = { transportadorUid: tr['Expresso Nordeste'], emissaoDe: '2025-09-01', emissaoAte: '2025-09-30' };
    const r = await admin.get('/api/v1/fatura/pre-fatura/auditorias-disponiveis', q);
    expect(r.status).toBe(200);
    expect(r.body.data.data.map((x: { auditoriaUid: string; valorCobrado: number }) => [x.auditoriaUid, x.valorCobrado])).toEqual([[a1.uid, 1234.56], [a2.uid, 789.01]]);
    // 1.234,56 + 789,01 = 2.023,57
    const nova = await admin.post('/api/v1/fatura/pre-fatura', { transportadorUid: tr['Expresso Nordeste'], auditoriaUids: [a1.uid, a2.uid], observacao: 'Setembro' });
    expect(nova.body.data).toMatchObject({ valorTotal: 2023.57, quantidadeCtes: 2, automatica: false, status: 1 });
    // still offered while the pre-invoice is open (they move to a new one), gone once it is released
    expect((await admin.get('/api/v1/fatura/pre-fatura/auditorias-disponiveis', q)).body.data.totalRecords).toBe(2);
    await admin.get(`/api/v1/fatura/pre-fatura/liberar/${nova.body.data.uid}`);
    expect((await admin.get('/api/v1/fatura/pre-fatura/auditorias-disponiveis', q)).body.data.totalRecords).toBe(0);
    const ruim = await admin.get('/api/v1/fatura/pre-fatura/auditorias-disponiveis', { transportadorUid: 'x' });
    expect([ruim.status, ruim.body.errors[0].field]).toEqual([400, 'transportadorUid']);
    expect((await outro.get('/api/v1/fatura/pre-fatura/auditorias-disponiveis', { transportadorUid: tr['Expresso Nordeste'] })).status).toBe(400);
    expect((await carrier.get('/api/v1/fatura/pre-fatura/auditorias-disponiveis', { transportadorUid: tr['Rápido Sul'] })).status).toBe(403);
  });
});

describe('pré-faturas do transportador (usuário de transportadora)', () => {
  it('liberada, avisa os usuários do transportador (sino e e-mail)', async () => {
    const a = await auditoria('Rápido Sul', 1);
    const p = await admin.post('/api/v1/fatura/pre-fatura', { transportadorUid: tr['Rápido Sul'], auditoriaUids: [a.uid] });
    expect(p.status, p.text).toBe(201);
    await admin.get(`/api/v1/fatura/pre-fatura/liberar/${p.body.data.uid}`);
    const [u] = await t.db.select({ uid: usuarios.uid }).from(usuarios).where(eq(usuarios.login, 'transportador@rapidosul.com.br'));
    const avisos = await t.db.select().from(notificacoes).where(and(eq(notificacoes.usuarioUid, u!.uid), eq(notificacoes.registroUid, p.body.data.uid)));
    expect(avisos.map((n) => [n.tipo, n.link, n.mensagem])).toEqual([
      ['pre-fatura-liberada', '/minhas-pre-faturas', 'Demo Indústria de Alimentos Ltda liberou uma pré-fatura de 1 CT-e(s), R$ 1.055,45.'],
    ]);
  });

  it('vê as liberadas do seu transportador em todo embarcador que o vincula, nunca as de outro; embarcador B segue isolado', async () => {
    const outroUid = (await outro.get('/api/v1/perfil')).body.data.embarcadorAtivo.uid as string;
    const rapido = tr['Rápido Sul']!;
    await t.db.insert(embarcadorTransportador).values({ embarcadorUid: outroUid, transportadorUid: rapido }).onConflictDoNothing();
    const [liberadaDemo, abertaDemo, liberadaOutro, daTransMinas] = await t.db.insert(preFaturas).values([
      { embarcadorUid, transportadorUid: rapido, status: 2, valorTotal: '310.40', quantidadeCtes: 2, liberadaEm: new Date().toISOString() },
      { embarcadorUid, transportadorUid: rapido, status: 1, valorTotal: '99.00', quantidadeCtes: 1 },
      { embarcadorUid: outroUid, transportadorUid: rapido, status: 2, valorTotal: '75.25', quantidadeCtes: 1 },
      { embarcadorUid, transportadorUid: tr.TransMinas!, status: 2, valorTotal: '500.00', quantidadeCtes: 1 },
    ]).returning();
    const lista = await carrier.get('/api/v1/fatura/pre-fatura', { pps: 500 });
    expect(lista.status).toBe(200);
    const uids = lista.body.data.data.map((p: { uid: string }) => p.uid);
    expect(uids).toEqual(expect.arrayContaining([liberadaDemo!.uid, liberadaOutro!.uid]));
    expect(uids).not.toContain(abertaDemo!.uid);
    expect(uids).not.toContain(daTransMinas!.uid);
    expect(lista.body.data.data.every((p: { transportadorUid: string; status: number }) => p.transportadorUid === rapido && [2, 3].includes(p.status))).toBe(true);
    expect(lista.body.data.data.find((p: { uid: string }) => p.uid === liberadaOutro!.uid)).toMatchObject({ embarcadorUid: outroUid, embarcadorNome: expect.any(String), valorTotal: 75.25 });
    expect((await carrier.get('/api/v1/fatura/pre-fatura', { ftr_embarcadorUid: outroUid })).body.data.data.map((p: { uid: string }) => p.uid)).toEqual([liberadaOutro!.uid]);
    expect((await carrier.get(`/api/v1/fatura/pre-fatura/${liberadaOutro!.uid}`)).status).toBe(200);
    expect((await carrier.get(`/api/v1/fatura/pre-fatura/ctes-list/${liberadaDemo!.uid}`)).status).toBe(200);
    for (const u of [daTransMinas!.uid, abertaDemo!.uid]) {
      expect((await carrier.get(`/api/v1/fatura/pre-fatura/${u}`)).status).toBe(404);
      expect((await carrier.get(`/api/v1/fatura/pre-fatura/ctes-list/${u}`)).status).toBe(404);
    }
    // read only: releasing / cancelling is the shipper's
    expect((await carrier.get(`/api/v1/fatura/pre-fatura/cancelar/${liberadaDemo!.uid}`)).status).toBe(403);
    // shippers: still only their own
    const doOutro = (await outro.get('/api/v1/fatura/pre-fatura', { pps: 500 })).body.data.data.map((p: { uid: string }) => p.uid);
    expect(doOutro).toContain(liberadaOutro!.uid);
    expect(doOutro).not.toContain(liberadaDemo!.uid);
    expect((await outro.get(`/api/v1/fatura/pre-fatura/${liberadaDemo!.uid}`)).status).toBe(404);
    expect((await admin.get('/api/v1/fatura/pre-fatura', { pps: 500 })).body.data.data.map((p: { uid: string }) => p.uid)).not.toContain(liberadaOutro!.uid);
    // the link undone, that shipper's pre-invoices leave the carrier's list
    await t.db.delete(embarcadorTransportador).where(and(eq(embarcadorTransportador.embarcadorUid, outroUid), eq(embarcadorTransportador.transportadorUid, rapido)));
    expect((await carrier.get(`/api/v1/fatura/pre-fatura/${liberadaOutro!.uid}`)).status).toBe(404);
  });
});

describe('condição de pagamento e tolerâncias', () => {
  it('parcelas crescentes; vencimentos no dia útil seguinte; valores somam o total', async () => {
    expect((await admin.post('/api/v1/fatura/condicao-pagamento', { nome: 'Ruim', parcelas: [60, 30] })).status).toBe(400);
    const c = await admin.post('/api/v1/fatura/condicao-pagamento', { nome: '30/60', parcelas: [30, 60] });
    expect(c.status).toBe(201);
    expect(c.body.data.descricao).toBe('30/60 dia(s) da emissão');
    // 2026-03-21 + 30 = 2026-04-20 (segunda) ; + 60 = 2026-05-20 (quarta). 2026-03-02 + 30 = 2026-04-01; + 60 = 2026-05-01 (feriado) → 04/05 (segunda)
    const p = (await admin.get(`/api/v1/fatura/condicao-pagamento/${c.body.data.uid}/listaselecao`, { data: '2026-03-02', valor: 100.01 })).body.data;
    expect(p).toEqual([{ parcela: 1, dias: 30, vencimento: '2026-04-01', valor: 50 }, { parcela: 2, dias: 60, vencimento: '2026-05-04', valor: 50.01 }]);
    const lista = (await admin.get('/api/v1/fatura/condicao-pagamento/list')).body.data;
    expect(lista).toContainEqual({ value: c.body.data.uid, label: '30/60 (30/60 dia(s) da emissão)' });
  });

  it('o feriado do cadastro do embarcador onde ele paga adia o vencimento; o de outro embarcador ou de outra UF, não', async () => {
    const c = (await admin.post('/api/v1/fatura/condicao-pagamento', { nome: '30 dias (feriados)', parcelas: [30] })).body.data.uid as string;
    const venc = async (data: string) => (await admin.get(`/api/v1/fatura/condicao-pagamento/${c}/listaselecao`, { data })).body.data[0].vencimento;
    // 02/03/2026 + 30 = 01/04/2026 (quarta), a business day nationally
    expect(await venc('2026-03-02')).toBe('2026-04-01');
    // demo's address is São Paulo/SP: a municipal holiday of São Paulo on 01/04 → 02/04 (quinta)
    expect((await admin.post('/api/v1/feriados', { data: '2026-04-01', nome: 'Feriado municipal (teste)', escopo: 'MUNICIPIO', municipioIbge: '3550308' })).status).toBe(201);
    // another shipper's holiday of the same municipality on 02/04 does not move demo's payments
    expect((await outro.post('/api/v1/feriados', { data: '2026-04-02', nome: 'Feriado do outro (teste)', escopo: 'MUNICIPIO', municipioIbge: '3550308' })).status).toBe(201);
    expect(await venc('2026-03-02')).toBe('2026-04-02');
    // demo's seeded holidays: Revolução Constitucionalista (SP, 09/07, quinta) moves 09/07 → 10/07;
    // Dia de São Jorge (RJ, 23/04, quinta) is of another UF than demo's: 23/04 stays
    expect(await venc('2026-06-09')).toBe('2026-07-10');
    expect(await venc('2026-03-24')).toBe('2026-04-23');
    // outro (Rio de Janeiro/RJ): demo's SP holiday does not count (09/07 stays), nor its own São Paulo one (02/04 stays)
    const co = (await outro.post('/api/v1/fatura/condicao-pagamento', { nome: '30 dias (feriados)', parcelas: [30] })).body.data.uid as string;
    const vo = async (data: string) => (await outro.get(`/api/v1/fatura/condicao-pagamento/${co}/listaselecao`, { data })).body.data[0].vencimento;
    expect(await vo('2026-06-09')).toBe('2026-07-09');
    expect(await vo('2026-03-03')).toBe('2026-04-02');
  });

  it('tolerância: uma por transportador e componente; repetida é 409; transportador alheio é 400', async () => {
    const ok = await admin.post('/api/v1/tolerancias-auditoria', { transportadorUid: tr.TransMinas, componente: 'gris', percentualAcima: '2,5', valorAcima: 5 });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ componente: 'GRIS', percentualAcima: 2.5, valorAcima: 5, aceitarAbaixo: false, transportadorNome: 'TransMinas Cargas S.A.' });
    expect((await admin.post('/api/v1/tolerancias-auditoria', { transportadorUid: tr.TransMinas, componente: 'GRIS' })).status).toBe(409);
    const geral = await admin.post('/api/v1/tolerancias-auditoria', { aceitarAbaixo: true });
    expect(geral.status).toBe(201);
    expect((await admin.post('/api/v1/tolerancias-auditoria', {})).status).toBe(409);
    expect((await outro.post('/api/v1/tolerancias-auditoria', { transportadorUid: tr['Rápido Sul'] })).status).toBe(400);
  });
});
