import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { auditorias, contaCorrenteTransportador, ctes, embarcadorTransportador, faturas, preFaturas, tarefas, transportadores, unidadesTransportador } from '../../db/schema/index.ts';
import { encaminharPreFatura } from '../auditorias/service.ts';
import { criarTarefa } from '../../framework/tarefas/index.ts';
import { agendarPreFaturas, gerarPreFaturas } from './agenda.ts';
import { aguardarTarefa } from '../../../test/support/tarefas.ts';

// Invoices (fatura) with worked numbers: the CT-es that may go in, an invoice whose value must equal the
// CT-es minus the running-balance netting to the centavo, validation failures said one by one in pt-BR,
// the netting written and reversed on the carrier's running balance, payment date, reopen, the status
// machine's 409 naming both statuses, and the carrier user reading only its own invoices.

let t: TestApp;
let admin: Api, outro: Api, carrier: Api;
let embarcadorUid: string;
const tr: Record<string, string> = {};
const un: Record<string, string> = {};
let seq = 0;

/** A CT-e of the demo shipper (authorised) with, unless `status` is null, its audit. */
async function cte(transportador: string, unidade: string, valor: string, status: number | null, p: Partial<typeof ctes.$inferInsert> = {}) {
  const n = 700000 + ++seq * 13 + Math.floor(Math.random() * 10);
  const chave = `3126041718403700011057001${String(n).padStart(19, '0')}`;
  const [c] = await t.db.insert(ctes).values({
    embarcadorUid, chave, numero: n, serie: 1, emissao: '2026-04-10T13:00:00.000Z', emissaoTexto: '2026-04-10T10:00:00-03:00', tipoCte: 0,
    origemMunicipio: 'Belo Horizonte', origemUf: 'MG', destinoMunicipio: 'São Paulo', destinoUf: 'SP', valorPrestacao: valor,
    transportadorUid: tr[transportador], unidadeTransportadorUid: un[unidade], protocolo: `13126000${n}`, ...p,
  }).returning();
  let auditoriaUid: string | null = null;
  if (status !== null) {
    const [a] = await t.db.insert(auditorias).values({
      embarcadorUid, cteUid: c!.uid, chaveCte: chave, numeroCte: n, serieCte: 1, emissao: '2026-04-10T13:00:00.000Z', transportadorUid: tr[transportador],
      unidadeTransportadorUid: un[unidade], status, resultadoCalculo: status, fonte: 'TABELA', valorCobrado: valor,
      valorEsperado: (Number(valor) - 10).toFixed(2), diferenca: '10.00', resumo: 'teste',
    }).returning();
    auditoriaUid = a!.uid;
  }
  return { uid: c!.uid, numero: n, auditoriaUid };
}

const saldo = async (transportadorUid: string) => (await admin.get(`/api/v1/fatura/conta-corrente/${transportadorUid}`)).body.data.saldo as number;

beforeAll(async () => {
  t = await createTestApp();
  [admin, outro, carrier] = await Promise.all(['admin@demo.com.br', 'admin@outro.com.br', 'transportador@rapidosul.com.br'].map((l) => as(t.app, l)));
  embarcadorUid = (await admin.get('/api/v1/perfil')).body.data.embarcadorAtivo.uid;
  for (const c of await t.db.select().from(transportadores)) tr[c.nomeFantasia as string] = c.uid;
  for (const u of await t.db.select().from(unidadesTransportador)) un[u.apelido ?? u.nome] = u.uid;
});
afterAll(() => t?.close());

describe('fatura: do CT-e disponível ao pagamento', () => {
  it('lista os CT-es disponíveis, cria, recusa a validação ponto a ponto, valida com desconto da conta corrente, paga e reabre', async () => {
    const c1 = await cte('TransMinas', 'BH', '1234.56', 1);
    const c2 = await cte('TransMinas', 'BH', '789.01', 2);
    const c3 = await cte('TransMinas', 'BH', '100.00', 2);
    const c4 = await cte('TransMinas', 'BH', '50.00', null);
    const cancelado = await cte('TransMinas', 'BH', '70.00', 1, { cancelado: true, status: 5 });

    // Accepting c2's divergence puts R$ 10,00 on TransMinas's running balance.
    const antes = await saldo(tr.TransMinas!);
    expect((await admin.put(`/api/v1/auditorias/${c2.auditoriaUid}/aceitar-auditoria`, { mensagem: 'Reajuste combinado.' })).status).toBe(200);
    expect(await saldo(tr.TransMinas!)).toBeCloseTo(antes + 10, 2);

    // Available: approved (c1) and accepted (c2); not the divergent, the unaudited nor the cancelled.
    const lista = await admin.post('/api/v1/fatura/ctes-list', { unidadeTransportadorUid: un.BH, embarcadorUid });
    expect(lista.status).toBe(200);
    const disponiveis = lista.body.data.data.map((c: { cteUid: string }) => c.cteUid);
    expect(disponiveis).toEqual(expect.arrayContaining([c1.uid, c2.uid]));
    for (const x of [c3, c4, cancelado]) expect(disponiveis).not.toContain(x.uid);
    expect(lista.body.data.data.find((c: { cteUid: string }) => c.cteUid === c2.uid)).toMatchObject({ valor: 789.01, auditoriaStatusLabel: 'Aceita', origem: 'Belo Horizonte/MG' });
    expect((await outro.post('/api/v1/fatura/ctes-list', { unidadeTransportadorUid: un.BH })).body.data.data.map((c: { cteUid: string }) => c.cteUid)).not.toContain(c1.uid);
    expect((await admin.post('/api/v1/fatura/ctes-list', { unidadeTransportadorUid: un.BH, embarcadorUid: randomUUID() })).status).toBe(400);

    const cond = (await admin.post('/api/v1/fatura/condicao-pagamento', { nome: `30 dias ${seq}`, parcelas: [30] })).body.data.uid;
    // 20/04/2026 + 30 = 20/05/2026 (quarta-feira).
    const criada = await admin.post('/api/v1/fatura', {
      transportadorUid: tr.TransMinas, unidadeTransportadorUid: un.BH, numero: 'FT-1001', emissao: '2026-04-20', condicaoPagamentoUid: cond,
      valor: '2023,56', valorDesconto: 10, cteUids: [c1.uid, c2.uid, c3.uid, c4.uid],
    });
    expect(criada.status).toBe(201);
    // 1.234,56 + 789,01 + 100,00 + 50,00 = 2.173,57
    expect(criada.body.data).toMatchObject({ status: 1, statusLabel: 'Aberta', vencimento: '2026-05-20', valor: 2023.56, valorDesconto: 10, valorCtes: 2173.57, quantidadeCtes: 4 });
    const uid = criada.body.data.uid;

    const ruim = await admin.get(`/api/v1/fatura/validar/${uid}`);
    expect(ruim.status).toBe(400);
    expect(ruim.body.errors).toEqual([
      { field: 'cteUids', message: `CT-e ${c3.numero}/1 está 'Divergente' na auditoria: aceite ou re-audite antes de validar.` },
      { field: 'cteUids', message: `CT-e ${c4.numero}/1 não foi auditado.` },
      // 2.173,57 − 10,00 = 2.163,57; 2.023,56 − 2.163,57 = −140,01
      { field: 'valor', message: 'O valor da fatura (R$ 2.023,56) não confere com a soma dos CT-es (R$ 2.173,57) menos o desconto da conta corrente (R$ 10,00), R$ 2.163,57: diferença de R$ -140,01.' },
    ]);
    expect((await admin.get(`/api/v1/fatura/${uid}`)).body.data.status).toBe(1);

    // Without c3 and c4: 1.234,56 + 789,01 = 2.023,57; minus 10,00 = 2.013,57 — one centavo off is still refused.
    expect((await admin.put(`/api/v1/fatura/${uid}`, { cteUids: [c1.uid, c2.uid], valor: '2013.58' })).body.data).toMatchObject({ valorCtes: 2023.57, quantidadeCtes: 2 });
    const centavo = await admin.get(`/api/v1/fatura/validar/${uid}`);
    expect(centavo.status).toBe(400);
    expect(centavo.body.errors).toEqual([{ field: 'valor', message: expect.stringContaining('diferença de R$ 0,01.') }]);
    expect((await admin.put(`/api/v1/fatura/${uid}`, { valor: '2013.57' })).status).toBe(200);

    // c1 cannot go in a second invoice; c3 and c4 are free again.
    const dupla = await admin.post('/api/v1/fatura', { transportadorUid: tr.TransMinas, numero: 'FT-1002', emissao: '2026-04-20', vencimento: '2026-05-20', valor: 1234.56, cteUids: [c1.uid] });
    expect(dupla.status).toBe(400);
    expect(dupla.body.errors[0]).toEqual({ field: 'cteUids', message: `CT-e ${c1.numero}/1 já está em outra fatura.` });
    const [livre] = await t.db.select({ f: ctes.faturaUid }).from(ctes).where(eq(ctes.uid, c3.uid));
    expect(livre!.f).toBeNull();

    const saldoAntes = await saldo(tr.TransMinas!);
    const ok = await admin.get(`/api/v1/fatura/validar/${uid}`);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 2, statusLabel: 'Validada', vencimento: '2026-05-20' });
    expect(await saldo(tr.TransMinas!)).toBeCloseTo(saldoAntes - 10, 2);
    const cc = (await admin.get(`/api/v1/fatura/conta-corrente/${tr.TransMinas}`)).body.data.lancamentos;
    expect(cc[0]).toMatchObject({ valor: -10, historico: 'Desconto na fatura FT-1001', documentoTipo: 'FATURA', documentoUid: uid });

    // Only an open invoice changes or is deleted.
    expect((await admin.put(`/api/v1/fatura/${uid}`, { observacao: 'x' })).status).toBe(409);
    expect((await admin.delete(`/api/v1/fatura/${uid}`)).status).toBe(409);

    // Payment: not before the emission; then Paga, and a paid invoice does not reopen.
    const antesEmissao = await admin.put(`/api/v1/fatura/${uid}/data-pagamento`, { dataPagamento: '2026-04-19' });
    expect(antesEmissao.status).toBe(400);
    expect(antesEmissao.body.errors[0]).toEqual({ field: 'dataPagamento', message: 'A data de pagamento não pode ser anterior à emissão (20/04/2026).' });
    const paga = await admin.put(`/api/v1/fatura/${uid}/data-pagamento`, { dataPagamento: '2026-05-20' });
    expect(paga.body.data).toMatchObject({ status: 3, statusLabel: 'Paga', dataPagamento: '2026-05-20' });
    const reabrirPaga = await admin.get(`/api/v1/fatura/reabrir/${uid}`);
    expect(reabrirPaga.status).toBe(409);
    expect(reabrirPaga.body.message).toBe("Não é permitido mudar o status de 'Paga' para 'Aberta'.");

    // Clearing the payment returns it to Validada; reopening reverses the netting.
    expect((await admin.put(`/api/v1/fatura/${uid}/data-pagamento`, { dataPagamento: null })).body.data).toMatchObject({ status: 2, dataPagamento: null });
    expect((await admin.get(`/api/v1/fatura/reabrir/${uid}`)).body.data).toMatchObject({ status: 1, validadaEm: null });
    expect(await saldo(tr.TransMinas!)).toBeCloseTo(saldoAntes, 2);
    const estorno = await t.db.select().from(contaCorrenteTransportador).where(eq(contaCorrenteTransportador.documentoUid, uid));
    expect(estorno.map((e) => e.valor).sort()).toEqual(['-10.00', '10.00']);
    const ctesDela = (await admin.get(`/api/v1/fatura/${uid}/ctes`)).body.data;
    expect(ctesDela.totalRecords).toBe(2);
    expect((await outro.get(`/api/v1/fatura/${uid}`)).status).toBe(404);
    expect((await outro.get(`/api/v1/fatura/${uid}/ctes`)).status).toBe(404);
  });

  it('sem vencimento digitado, a condição dá o vencimento no dia útil seguinte ao feriado do embarcador (09/07 SP → 10/07)', async () => {
    const c = await cte('TransMinas', 'BH', '300.00', 1);
    const cond = (await admin.post('/api/v1/fatura/condicao-pagamento', { nome: `30 dias F${seq}`, parcelas: [30] })).body.data.uid;
    // 09/06/2026 + 30 = 09/07/2026 (quinta): Revolução Constitucionalista, demo's seeded holiday of SP (its UF)
    const f = await admin.post('/api/v1/fatura', { transportadorUid: tr.TransMinas, numero: `FT-F${seq}`, emissao: '2026-06-09', condicaoPagamentoUid: cond, valor: 300, cteUids: [c.uid] });
    expect(f.status).toBe(201);
    expect(f.body.data.vencimento).toBe('2026-07-10');
    expect((await admin.delete(`/api/v1/fatura/${f.body.data.uid}`)).status).toBe(200);
  });

  it('Aberta não vai a Paga (409 com os dois status); vencimento antes da emissão e sem vencimento nem condição são 400', async () => {
    const c = await cte('TransMinas', 'BH', '300.00', 1);
    const semVenc = await admin.post('/api/v1/fatura', { transportadorUid: tr.TransMinas, numero: `FT-S${seq}`, emissao: '2026-04-20', valor: 300, cteUids: [c.uid] });
    expect(semVenc.status).toBe(400);
    expect(semVenc.body.errors[0]).toEqual({ field: 'vencimento', message: 'Informe o vencimento ou a condição de pagamento.' });
    const antes = await admin.post('/api/v1/fatura', { transportadorUid: tr.TransMinas, numero: `FT-A${seq}`, emissao: '2026-04-20', vencimento: '2026-04-19', valor: 300, cteUids: [c.uid] });
    expect(antes.body.errors[0]).toEqual({ field: 'vencimento', message: 'O vencimento (19/04/2026) é anterior à emissão (20/04/2026).' });
    const f = await admin.post('/api/v1/fatura', { transportadorUid: tr.TransMinas, numero: `FT-B${seq}`, emissao: '2026-04-20', vencimento: '2026-04-20', valor: 300, valorDesconto: '1000', cteUids: [c.uid] });
    expect(f.status).toBe(201);
    const pagar = await admin.put(`/api/v1/fatura/${f.body.data.uid}/data-pagamento`, { dataPagamento: '2026-04-25' });
    expect(pagar.status).toBe(409);
    expect(pagar.body.message).toBe("Não é permitido mudar o status de 'Aberta' para 'Paga'.");
    // Netting larger than the balance (and the value then off by the netting).
    const v = await admin.get(`/api/v1/fatura/validar/${f.body.data.uid}`);
    expect(v.status).toBe(400);
    expect(v.body.errors.map((e: { field: string }) => e.field)).toEqual(['valor', 'valorDesconto']);
    expect(v.body.errors[1].message).toMatch(/^O desconto \(R\$ 1\.000,00\) é maior que o saldo da conta corrente do transportador/);
    // Deleting an open invoice frees its CT-es.
    expect((await admin.delete(`/api/v1/fatura/${f.body.data.uid}`)).status).toBe(200);
    const [livre] = await t.db.select({ f: ctes.faturaUid }).from(ctes).where(eq(ctes.uid, c.uid));
    expect(livre!.f).toBeNull();
  });

  it('usuário de transportadora lê só as faturas do seu transportador e não as altera', async () => {
    const minha = await cte('Rápido Sul', 'Curitiba', '500.00', 1);
    const alheia = await cte('TransMinas', 'BH', '400.00', 1);
    const fm = (await admin.post('/api/v1/fatura', { transportadorUid: tr['Rápido Sul'], numero: 'RS-1', emissao: '2026-04-20', vencimento: '2026-05-20', valor: 500, cteUids: [minha.uid] })).body.data.uid;
    const fa = (await admin.post('/api/v1/fatura', { transportadorUid: tr.TransMinas, numero: 'TM-9', emissao: '2026-04-20', vencimento: '2026-05-20', valor: 400, cteUids: [alheia.uid] })).body.data.uid;
    const lista = (await carrier.get('/api/v1/fatura', { pps: 100 })).body.data.data.map((f: { uid: string }) => f.uid);
    expect(lista).toContain(fm);
    expect(lista).not.toContain(fa);
    expect((await carrier.get(`/api/v1/fatura/${fm}`)).body.data).toMatchObject({ numero: 'RS-1', valorCtes: 500 });
    expect((await carrier.get(`/api/v1/fatura/${fa}`)).status).toBe(404);
    expect((await carrier.get(`/api/v1/fatura/${fm}/ctes`)).body.data.totalRecords).toBe(1);
    expect((await carrier.get(`/api/v1/fatura/validar/${fm}`)).status).toBe(403);
    expect((await carrier.put(`/api/v1/fatura/${fm}`, { observacao: 'x' })).status).toBe(403);
    expect((await carrier.get(`/api/v1/fatura/conta-corrente/${tr['Rápido Sul']}`)).status).toBe(200);
    expect((await carrier.get(`/api/v1/fatura/conta-corrente/${tr.TransMinas}`)).status).toBe(404);
  });

  it('fatura a partir de pré-fatura liberada: CT-es da pré-fatura; validada, a pré-fatura fica Faturada; reaberta, volta a Liberada', async () => {
    const c = await cte('Expresso Nordeste', 'Recife', '321.09', 1);
    const pre = (await admin.post('/api/v1/fatura/pre-fatura', { transportadorUid: tr['Expresso Nordeste'], auditoriaUids: [c.auditoriaUid] })).body.data.uid;
    const aberta = await admin.post('/api/v1/fatura', { transportadorUid: tr['Expresso Nordeste'], preFaturaUid: pre, numero: 'EN-1', emissao: '2026-04-20', vencimento: '2026-05-04', valor: 321.09 });
    expect(aberta.status).toBe(400);
    expect(aberta.body.errors[0]).toEqual({ field: 'preFaturaUid', message: "A pré-fatura está 'Aberta': só uma pré-fatura liberada vira fatura." });
    await admin.get(`/api/v1/fatura/pre-fatura/liberar/${pre}`);
    // No CT-e chosen (the form sends an empty list): the pre-invoice's.
    const f = await admin.post('/api/v1/fatura', { transportadorUid: tr['Expresso Nordeste'], preFaturaUid: pre, numero: 'EN-1', emissao: '2026-04-20', vencimento: '2026-05-04', valor: 321.09, cteUids: [] });
    expect(f.body.data).toMatchObject({ valorCtes: 321.09, quantidadeCtes: 1, preFaturaUid: pre });
    expect((await admin.get(`/api/v1/fatura/validar/${f.body.data.uid}`)).status).toBe(200);
    expect((await admin.get(`/api/v1/fatura/pre-fatura/${pre}`)).body.data.statusLabel).toBe('Faturada');
    await admin.get(`/api/v1/fatura/reabrir/${f.body.data.uid}`);
    expect((await admin.get(`/api/v1/fatura/pre-fatura/${pre}`)).body.data.statusLabel).toBe('Liberada');
  });

  it('CT-e já faturado não entra em pré-fatura automática nem manual; faturado, sai da pré-fatura aberta', async () => {
    const c = await cte('TransMinas', 'BH', '250.00', 1);
    const d = await cte('TransMinas', 'BH', '150.00', 1);
    const preDe = async (x: { auditoriaUid: string | null }) => (await t.db.select().from(auditorias).where(eq(auditorias.uid, x.auditoriaUid!)))[0]!.preFaturaUid;
    const encaminhar = (x: { auditoriaUid: string | null }) => t.db.transaction((tx) => encaminharPreFatura(tx, embarcadorUid, x.auditoriaUid!));
    // d is approved first and flows into TransMinas BH's automatic pre-invoice
    await encaminhar(d);
    const automatica = await preDe(d);
    expect(automatica).toBeTruthy();
    const totalAntes = Number((await t.db.select().from(preFaturas).where(eq(preFaturas.uid, automatica!)))[0]!.valorTotal);
    // both are invoiced by hand (250,00 + 150,00 = 400,00): d leaves the open pre-invoice, whose total drops by 150,00
    const f = await admin.post('/api/v1/fatura', { transportadorUid: tr.TransMinas, numero: `FT-PF${seq}`, emissao: '2026-04-20', vencimento: '2026-05-20', valor: 400, cteUids: [c.uid, d.uid] });
    expect(f.body.data).toMatchObject({ valorCtes: 400, quantidadeCtes: 2 });
    expect(await preDe(d)).toBeNull();
    expect(Number((await t.db.select().from(preFaturas).where(eq(preFaturas.uid, automatica!)))[0]!.valorTotal)).toBeCloseTo(totalAntes - 150, 2);
    // approved (again) after being invoiced: no automatic pre-invoice takes them
    await encaminhar(c);
    await encaminhar(d);
    expect([await preDe(c), await preDe(d)]).toEqual([null, null]);
    // nor a pre-invoice by hand
    const manual = await admin.post('/api/v1/fatura/pre-fatura', { transportadorUid: tr.TransMinas, auditoriaUids: [c.auditoriaUid] });
    expect(manual.status).toBe(400);
    expect(manual.body.errors[0]).toEqual({ field: 'auditoriaUids', message: `CT-e ${c.numero}/1 já está numa fatura.` });
  });

  it('pré-faturas agendadas (semanal, às segundas): na segunda 03/06/2024 fecha 27/05 a 02/06 por transportador, uma tarefa só', async () => {
    expect((await admin.put('/api/v1/administracao/parametros', { preFaturaPeriodicidade: 'semanal', preFaturaDiaSemana: 1 })).status).toBe(200);
    const emitido = async (valor: string, emissao: string) => {
      const c = await cte('TransMinas', 'BH', valor, 1, { emissao });
      await t.db.update(auditorias).set({ emissao }).where(eq(auditorias.uid, c.auditoriaUid!));
      return c;
    };
    const a = await emitido('1000.00', '2024-05-28T13:00:00.000Z');
    const b = await emitido('234.56', '2024-06-03T02:59:00.000Z'); // 02/06 23:59 in São Paulo: still in the week
    const fora = await emitido('99.99', '2024-06-03T03:00:00.000Z'); // 03/06 00:00 in São Paulo: next week
    await t.db.transaction((tx) => encaminharPreFatura(tx, embarcadorUid, a.auditoriaUid!)); // a sits in the open automatic one
    const segunda = new Date('2024-06-03T12:00:00.000Z');
    expect(await agendarPreFaturas(t.db, segunda)).toBe(1);
    // a second instance (or tick) on the same day, and the next days of the week: nothing more
    expect(await agendarPreFaturas(t.db, segunda)).toBe(0);
    expect(await agendarPreFaturas(t.db, new Date('2024-06-07T12:00:00.000Z'))).toBe(0);
    const [tarefa] = await t.db.select().from(tarefas).where(eq(tarefas.tipo, 'gerar-pre-faturas'));
    expect(tarefa!.parametros).toEqual({ periodo: 'semanal:2024-05-27:2024-06-02', inicio: '2024-05-27', fim: '2024-06-02' });
    // two instances past the check at once: the unique index refuses the second task of the period
    await expect(criarTarefa(t.db, { embarcadorUid }, gerarPreFaturas, tarefa!.parametros as never)).rejects.toThrow();
    expect((await aguardarTarefa(admin, tarefa!.uid)).erros).toBe(0);
    const pre = async (x: { auditoriaUid: string | null }) => (await t.db.select().from(auditorias).where(eq(auditorias.uid, x.auditoriaUid!)))[0]!.preFaturaUid;
    const uid = await pre(a);
    expect(await pre(b)).toBe(uid);
    expect(await pre(fora)).toBeNull();
    // 1.000,00 + 234,56 = 1.234,56, released to the carrier
    const p = (await admin.get(`/api/v1/fatura/pre-fatura/${uid}`)).body.data;
    expect(p).toMatchObject({ statusLabel: 'Liberada', valorTotal: 1234.56, quantidadeCtes: 2, automatica: true, observacao: 'Pré-fatura agendada do período 27/05/2024 a 02/06/2024.' });
    await admin.put('/api/v1/administracao/parametros', { preFaturaPeriodicidade: 'desligada' });
    expect(await agendarPreFaturas(t.db, new Date('2024-06-10T12:00:00.000Z'))).toBe(0);
  });

  it('seleção de condições declarada: só as ativas, rótulo com as parcelas', async () => {
    const ativa = (await admin.post('/api/v1/fatura/condicao-pagamento', { nome: 'Sel 28/56', parcelas: [28, 56], base: 'VALIDACAO' })).body.data.uid;
    const inativa = (await admin.post('/api/v1/fatura/condicao-pagamento', { nome: 'Sel inativa', parcelas: [10], ativo: false })).body.data.uid;
    const l = (await admin.get('/api/v1/fatura/condicao-pagamento/list')).body.data;
    expect(l).toContainEqual({ value: ativa, label: 'Sel 28/56 (28/56 dia(s) da validação)' });
    expect(l.map((o: { value: string }) => o.value)).not.toContain(inativa);
    expect((await outro.get('/api/v1/fatura/condicao-pagamento/list')).body.data.map((o: { value: string }) => o.value)).not.toContain(ativa);
  });
});

describe('saldos do transportador com cada embarcador (usuário de transportadora)', () => {
  it('soma só o que é do seu transportador em cada embarcador que o vincula; embarcador é 403', async () => {
    const outroUid = (await outro.get('/api/v1/perfil')).body.data.embarcadorAtivo.uid as string;
    const rapido = tr['Rápido Sul']!;
    // Rápido Sul starts serving the other shipper: one validated invoice (500,00), one paid (200,00), one released
    // pre-invoice (75,25) and an accepted divergence of 12,34; TransMinas's invoice of that shipper never counts.
    await t.db.insert(embarcadorTransportador).values({ embarcadorUid: outroUid, transportadorUid: rapido });
    await t.db.insert(faturas).values([
      { embarcadorUid: outroUid, transportadorUid: rapido, numero: 'OUT-1', emissao: '2026-05-02', vencimento: '2026-06-10', valor: '500.00', status: 2 },
      { embarcadorUid: outroUid, transportadorUid: rapido, numero: 'OUT-2', emissao: '2026-04-02', vencimento: '2026-05-02', valor: '200.00', status: 3, dataPagamento: '2026-05-02' },
      { embarcadorUid: outroUid, transportadorUid: tr.TransMinas!, numero: 'OUT-3', emissao: '2026-05-02', vencimento: '2026-05-03', valor: '999.99', status: 1 },
    ]);
    await t.db.insert(preFaturas).values([
      { embarcadorUid: outroUid, transportadorUid: rapido, status: 2, valorTotal: '75.25', quantidadeCtes: 1 },
      { embarcadorUid: outroUid, transportadorUid: rapido, status: 1, valorTotal: '1.00', quantidadeCtes: 1 }, // not released: the shipper's
    ]);
    await t.db.insert(contaCorrenteTransportador).values({ embarcadorUid: outroUid, transportadorUid: rapido, valor: '12.34', documentoTipo: 'AUDITORIA', documentoUid: randomUUID(), historico: 'x' });

    const r = await carrier.get('/api/v1/fatura/transportador/saldos');
    expect(r.status).toBe(200);
    const { embarcadores, totais } = r.body.data;
    expect(r.body.data.transportadorUid).toBe(rapido);
    expect(embarcadores.map((e: { embarcadorUid: string }) => e.embarcadorUid).sort()).toEqual([embarcadorUid, outroUid].sort());
    expect(embarcadores.find((e: { embarcadorUid: string }) => e.embarcadorUid === outroUid)).toEqual({
      embarcadorUid: outroUid, embarcadorNome: expect.any(String), preFaturasLiberadas: 1, valorPreFaturas: 75.25,
      faturasAbertas: 0, valorAbertas: 0, faturasValidadas: 1, valorValidadas: 500, proximoVencimento: '2026-06-10',
      faturasPagas: 1, valorPago: 200, saldoContaCorrente: 12.34, aReceber: 500,
    });
    // the demo shipper's row is what its own invoice screens say about Rápido Sul
    const demo = embarcadores.find((e: { embarcadorUid: string }) => e.embarcadorUid === embarcadorUid);
    const doDemo = (await admin.get('/api/v1/fatura', { ftr_transportadorUid: rapido, pps: 100 })).body.data.data as { status: number; valor: number }[];
    const soma = (st: number) => Math.round(doDemo.filter((f) => f.status === st).reduce((a, f) => a + f.valor * 100, 0)) / 100;
    expect(demo).toMatchObject({ faturasValidadas: doDemo.filter((f) => f.status === 2).length, valorValidadas: soma(2), valorPago: soma(3), saldoContaCorrente: await saldo(rapido) });
    expect(totais).toMatchObject({ valorValidadas: Math.round((demo.valorValidadas + 500) * 100) / 100, valorPago: Math.round((demo.valorPago + 200) * 100) / 100, preFaturasLiberadas: demo.preFaturasLiberadas + 1 });
    expect((await admin.get('/api/v1/fatura/transportador/saldos')).status).toBe(403);
  });
});
