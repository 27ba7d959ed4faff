import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { componentesEsperados, esperadoDoMotor, esperadoSpot } from '@fretio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { cenarioDeAuditoria, type CotacaoDoTeste, inseridorDeCtes } from '../../../test/support/ctes-auditoria.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { aguardarTarefa } from '../../../test/support/tarefas.ts';
import { auditorias, cargaNfes, cotacoesFrete, embarques, cteComponentes, ctes, nfes, pedidoSimulacoes, pedidos, transportadores } from '../../db/schema/index.ts';
import { aposCommit, emitirAposCommit } from '../../framework/eventos.ts';
import { hojeSaoPaulo } from '../feriados/service.ts';
import { auditarCte } from './service.ts';

// The audit of CT-es stored by the fiscal module: expected value from the carrier's table on the emission
// date (the same the calculator gives), per-component lines, the "CT-e imported" event, re-audit by CT-e
// and by period (task), special taxes, duplicate NF-e flagged on both CT-es, complementar and cancellation.

let t: TestApp;
let admin: Api, outro: Api;
let embarcadorUid: string;
let rapido: string;
let cotacao: CotacaoDoTeste;
const hoje = hojeSaoPaulo();

/** A CT-e SP → RJ of Rápido Sul printing `componentes` (name = catalogue code, mapped below). */
const inserirCte = inseridorDeCtes(() => t, () => ({ embarcadorUid, transportadorUid: rapido, aliquotaIcms: cotacao.aliquotaIcms, hoje }), 100);
const certo = () => [...componentesEsperados(esperadoDoMotor({ cotado: true, ...cotacao }, 'TABELA', { descricao: '' }) as never, false)]
  .map(([nome, v]) => ({ nome, valor: v.toNumber() }));
const auditar = (cteUid: string) => t.db.transaction((tx) => auditarCte(tx, embarcadorUid, cteUid));
const daAuditoria = async (cteUid: string) => (await admin.get('/api/v1/auditorias', { ftr_cteUid: cteUid })).body.data.data[0];

beforeAll(async () => {
  t = await createTestApp();
  [admin, outro] = await Promise.all(['admin@demo.com.br', 'admin@outro.com.br'].map((l) => as(t.app, l)));
  ({ embarcadorUid, rapido, cotacao } = await cenarioDeAuditoria(t, admin));
});
afterAll(() => t?.close());

const comPrefixo = (l: { nome: string; valor: number }[]) => l.map((x) => ({ ...x, nome: `CT ${x.nome}` }));

describe('auditoria de CT-e', () => {
  it('CT-e com os valores da tabela: Aprovada, fonte TABELA, entra sozinho na pré-fatura', async () => {
    const c = await inserirCte(comPrefixo(certo()));
    const r = await auditar(c.uid);
    expect(r.status).toBe(1);
    const a = await daAuditoria(c.uid);
    expect(a).toMatchObject({ status: 1, statusLabel: 'Aprovada', fonte: 'TABELA', valorCobrado: cotacao.total, valorEsperado: cotacao.total, diferenca: 0 });
    expect(a.linhas.find((l: { tipo: string }) => l.tipo === 'TOTAL')).toMatchObject({ situacao: 'OK' });
    expect(a.preFaturaUid).toBeTruthy();
    expect(a.referencias).toEqual([{ tipo: 'TABELA', uid: a.referenciaUid, numero: expect.any(String) }]);
  });

  it('componente cobrado a mais: Divergente com a linha explicada; reauditar-cte depois da correção aprova', async () => {
    const comps = comPrefixo(certo());
    comps[0] = { ...comps[0]!, valor: comps[0]!.valor + 10 };
    const c = await inserirCte(comps);
    await auditar(c.uid);
    const a = await daAuditoria(c.uid);
    expect(a.status).toBe(2);
    const linha = a.linhas.find((l: { nomeCte: string | null }) => l.nomeCte === comps[0]!.nome);
    expect(linha).toMatchObject({ cobrado: comps[0]!.valor, diferenca: 10, situacao: 'ACIMA' });
    expect(a.preFaturaUid).toBeNull();
    expect((await admin.get('/api/v1/auditorias/auditar', { ftr_cteUid: c.uid })).body.data.totalRecords).toBe(1);
    // the carrier fixes the CT-e (e.g. a new authorised version): the re-audit approves it and it leaves the pending list
    await t.db.update(cteComponentes).set({ valor: (comps[0]!.valor - 10).toFixed(2) }).where(and(eq(cteComponentes.cteUid, c.uid), eq(cteComponentes.ordem, 0)));
    const total = cotacao.total;
    await t.db.update(ctes).set({ valorPrestacao: total.toFixed(2), icmsBase: total.toFixed(2), icmsValor: (Math.round(total * cotacao.aliquotaIcms) / 100).toFixed(2) }).where(eq(ctes.uid, c.uid));
    const re = await admin.post('/api/v1/auditorias/reauditar-cte', { cteUid: c.uid });
    expect(re.status).toBe(200);
    expect(re.body.data).toMatchObject({ status: 1 });
    expect((await admin.get('/api/v1/auditorias/auditar', { ftr_cteUid: c.uid })).body.data.totalRecords).toBe(0);
    expect((await outro.post('/api/v1/auditorias/reauditar-cte', { cteUid: c.uid })).status).toBe(404);
  });

  it('o evento "CT-e importado" audita sozinho', async () => {
    const c = await inserirCte(comPrefixo(certo()));
    const tx = {};
    emitirAposCommit(tx, 'cte.importado', { embarcadorUid, cteUid: c.uid, chave: c.chave, novo: true });
    aposCommit(tx);
    await expect.poll(async () => (await daAuditoria(c.uid))?.status, { timeout: 20_000, interval: 50 }).toBe(1);
  });

  it('taxa especial soma ao esperado e re-audita: a descarga cobrada passa a ser aprovada', async () => {
    const c = await inserirCte(comPrefixo([...certo(), { nome: 'DESCARGA', valor: 0 }]).map((x) => x.nome === 'CT DESCARGA' ? { nome: 'DESCARGA NO CLIENTE', valor: 150 } : x));
    await admin.post(`/api/v1/transportadores/${rapido}/mapasComponente`, {
      nome: 'DESCARGA NO CLIENTE', componenteUid: ((await admin.get('/api/v1/componentes/ativos')).body.data as { uid: string; codigo: string }[]).find((x) => x.codigo === 'ENTREGA')!.uid,
    });
    await auditar(c.uid);
    const a = await daAuditoria(c.uid);
    expect(a.status).toBe(2);
    const res = await admin.post(`/api/v1/auditorias/${a.uid}/taxas-especiais`, { descricao: 'Descarga no cliente', componente: 'ENTREGA', valor: 150 });
    expect(res.status).toBe(201);
    const depois = await daAuditoria(c.uid);
    expect(depois).toMatchObject({ status: 1, valorEsperado: Math.round((cotacao.total + 150) * 100) / 100 });
  });

  it('mesma NF-e em dois CT-es normais do transportador: os dois ficam Divergentes com o motivo', async () => {
    const nfe = `NFE-DUP-${randomUUID().slice(0, 6)}`;
    const a = await inserirCte(comPrefixo(certo()), {}, [nfe]);
    await auditar(a.uid);
    expect((await daAuditoria(a.uid)).status).toBe(1);
    const b = await inserirCte(comPrefixo(certo()), {}, [nfe]);
    await auditar(b.uid);
    const [da, db] = [await daAuditoria(a.uid), await daAuditoria(b.uid)];
    expect([da.status, db.status]).toEqual([2, 2]);
    expect(db.linhas.find((l: { tipo: string }) => l.tipo === 'DUPLICIDADE').mensagem).toBe(`Cobrança em duplicidade: a NF-e ${nfe} também está no CT-e ${a.numero}/1 do mesmo transportador.`);
    expect(da.preFaturaUid).toBeNull();
  });

  it('complementar soma ao original; CT-e cancelado sai da auditoria', async () => {
    const comps = comPrefixo(certo());
    comps[0] = { ...comps[0]!, valor: comps[0]!.valor - 5 };
    const o = await inserirCte(comps);
    await auditar(o.uid);
    expect((await daAuditoria(o.uid)).status).toBe(2);
    const comp = await inserirCte([{ nome: comps[0]!.nome, valor: 5 }], { tipoCte: 1, cteOriginalUid: o.uid, chaveOriginal: o.chave });
    await auditar(comp.uid);
    expect((await daAuditoria(o.uid)).status).toBe(1);
    await t.db.update(ctes).set({ cancelado: true }).where(eq(ctes.uid, o.uid));
    await auditar(o.uid);
    expect((await daAuditoria(o.uid))).toMatchObject({ status: 5, preFaturaUid: null });
  });

  it('sem tabela vigente na emissão: Sem cálculo dizendo por quê', async () => {
    const c = await inserirCte(comPrefixo(certo()), { emissao: '2020-01-10T15:00:00.000Z', emissaoTexto: '2020-01-10T12:00:00-03:00' });
    await auditar(c.uid);
    expect(await daAuditoria(c.uid)).toMatchObject({ status: 3, resumo: 'Sem cálculo: Nenhuma tabela de frete ativa do transportador vigente em 10/01/2020.' });
  });

  it('reauditar-por-periodo roda na fila e relata cada CT-e', async () => {
    const res = await admin.put('/api/v1/auditorias/reauditar-por-periodo', { dataInicio: '2020-01-01', dataFim: '2020-01-31', transportadorUid: rapido });
    expect(res.status).toBe(200);
    const fim = await aguardarTarefa(admin, res.body.data.uid);
    expect(fim).toMatchObject({ total: 1, processados: 1, avisos: 1, erros: 0 });
    expect((await admin.put('/api/v1/auditorias/reauditar-por-periodo', { dataInicio: '2020-02-01', dataFim: '2020-01-01' })).status).toBe(400);
  });
});

describe('aceitar e reabrir', () => {
  it('reabrir estorna o lançamento e re-audita', async () => {
    const comps = comPrefixo(certo());
    comps[0] = { ...comps[0]!, valor: comps[0]!.valor + 3 };
    const c = await inserirCte(comps);
    await auditar(c.uid);
    const a = await daAuditoria(c.uid);
    expect((await admin.put(`/api/v1/auditorias/${a.uid}/aceitar-auditoria`, { mensagem: 'ok' })).body.data.status).toBe(4);
    expect((await admin.put(`/api/v1/auditorias/${a.uid}/reauditar`)).status).toBe(409);
    const re = await admin.put(`/api/v1/auditorias/${a.uid}/reabrir`);
    expect(re.status).toBe(200);
    expect(re.body.data).toMatchObject({ status: 2, mensagem: null });
    const [row] = await t.db.select().from(auditorias).where(eq(auditorias.uid, a.uid));
    expect(row!.aceitaEm).toBeNull();
  });
});

describe('fonte do esperado: cotação spot aprovada e simulação do pedido', () => {
  it('cotação aprovada de R$ 1.500,00 rateada pelo valor das NF-es (600 → 900,00; 400 → 600,00): cada CT-e é conferido com a sua parte', async () => {
    const [a, b] = [`SPOT-A-${randomUUID().slice(0, 6)}`, `SPOT-B-${randomUUID().slice(0, 6)}`];
    const [cot] = await t.db.insert(cotacoesFrete).values({ embarcadorUid, status: 4, vencedorTransportadorUid: rapido, valorAprovado: '1500.00', aprovadoEm: new Date() } as never).returning();
    await t.db.insert(cargaNfes).values([
      { cotacaoUid: cot!.uid, chave: a, numero: 1, valor: '600.00', pesoKg: '60', freteEsperado: '900.00' },
      { cotacaoUid: cot!.uid, chave: b, numero: 2, valor: '400.00', pesoKg: '40', freteEsperado: '600.00' },
    ]);
    const [emb] = await t.db.insert(embarques).values({ embarcadorUid, cotacaoUid: cot!.uid, transportadorUid: rapido, freteAcordado: '1500.00' }).returning();
    // 12 % SP → RJ inside the agreed price: 920,00 charged against 900,00 → 20,00 above
    const c1 = await inserirCte([{ nome: 'CT FRETE_PESO', valor: 920 }], {}, [a]);
    await auditar(c1.uid);
    const d1 = await daAuditoria(c1.uid);
    expect(d1).toMatchObject({ status: 2, fonte: 'SPOT', referenciaUid: cot!.uid, valorCobrado: 920, valorEsperado: 900, diferenca: 20 });
    expect(d1.linhas.find((l: { tipo: string }) => l.tipo === 'TOTAL')).toMatchObject({ cobrado: 920, esperado: 900, diferenca: 20, situacao: 'ACIMA' });
    expect(d1.resumo).toContain(`cotação ${cot!.numero} aprovada: R$ 900,00`);
    // the detail links the approved quotation and the shipment made from it
    expect(d1.referencias).toEqual([
      { tipo: 'COTACAO', uid: cot!.uid, numero: String(cot!.numero) }, { tipo: 'EMBARQUE', uid: emb!.uid, numero: String(emb!.numero) },
    ]);
    // exactly its part (ICMS 72,00 = 12 % of 600,00, inside): Aprovada
    const c2 = await inserirCte([{ nome: 'CT FRETE_PESO', valor: 600 }], {}, [b]);
    await auditar(c2.uid);
    expect(await daAuditoria(c2.uid)).toMatchObject({ status: 1, fonte: 'SPOT', valorEsperado: 600, diferenca: 0 });
    expect(esperadoSpot({ valor: 600, icmsIncluso: true, aliquotaIcms: 12, descricao: '' })).toMatchObject({ icms: 72, total: 600 });
    // another carrier's CT-e for the same NF-e is not covered by Rápido Sul's price: back to its table
    const [outroT] = await t.db.select().from(transportadores).where(eq(transportadores.nomeFantasia, 'TransMinas'));
    if (outroT) {
      const c3 = await inserirCte([{ nome: 'CT FRETE_PESO', valor: 600 }], { transportadorUid: outroT.uid, emitenteDocumento: outroT.cnpj }, [`SPOT-C-${randomUUID().slice(0, 6)}`]);
      await auditar(c3.uid);
      expect((await daAuditoria(c3.uid)).fonte).not.toBe('SPOT');
    }
  });

  it('pedido com a simulação selecionada: o CT-e da NF-e do pedido é conferido componente a componente com ela', async () => {
    const chave = `SIM${randomUUID().replaceAll('-', '').slice(0, 20)}`;
    const [nota] = await t.db.insert(nfes).values({ embarcadorUid, chave, numero: 777, serie: 1, emissao: new Date(), emissaoTexto: new Date().toISOString() } as never).returning();
    const [ped] = await t.db.insert(pedidos).values({ embarcadorUid, numero: `PED-SIM-${randomUUID().slice(0, 8)}`, status: 3, pesoKg: '100', valor: '1000', nfeUid: nota!.uid, transportadorUid: rapido, freteEsperado: '965.91' }).returning();
    // FRETE_PESO 800,00 + GRIS 50,00 = 850,00 without ICMS; 12 % "por dentro": 850 ÷ 0,88 = 965,91 (ICMS 115,91)
    const calculo = { rotaUid: randomUUID(), componentes: [{ componente: 'FRETE_PESO', valor: 800 }, { componente: 'GRIS', valor: 50 }], ajusteMinimo: 0, valorSemIcms: 850, aliquotaIcms: 12, icms: 115.91, total: 965.91 };
    const [sim] = await t.db.insert(pedidoSimulacoes).values({ pedidoUid: ped!.uid, lote: randomUUID(), posicao: 1, transportadorUid: rapido, transportadorNome: 'Rápido Sul', tabelaNome: 'T', total: '965.91', prazoDiasUteis: 2, dataPrevistaEntrega: hoje, calculo }).returning();
    await t.db.update(pedidos).set({ simulacaoFreteUid: sim!.uid }).where(eq(pedidos.uid, ped!.uid));
    // the CT-e prints each component with its ICMS: 800 ÷ 0,88 = 909,09 and 50 ÷ 0,88 = 56,82; it charges 15,00 more on the freight
    const c = await inserirCte([{ nome: 'CT FRETE_PESO', valor: 924.09 }, { nome: 'CT GRIS', valor: 56.82 }], {}, [chave]);
    await auditar(c.uid);
    const a = await daAuditoria(c.uid);
    expect(a).toMatchObject({ status: 2, fonte: 'SIMULACAO', referenciaUid: ped!.uid, valorCobrado: 980.91, valorEsperado: 965.91, diferenca: 15 });
    expect(a.referencias).toEqual([{ tipo: 'PEDIDO', uid: ped!.uid, numero: ped!.numero }]);
    expect(a.linhas.find((l: { nomeCte: string | null }) => l.nomeCte === 'CT FRETE_PESO')).toMatchObject({ esperado: 909.09, diferenca: 15, situacao: 'ACIMA' });
    expect(a.linhas.find((l: { nomeCte: string | null }) => l.nomeCte === 'CT GRIS')).toMatchObject({ esperado: 56.82, diferenca: 0 });
    // the order's carrier changes (another selection): the CT-e of Rápido Sul goes back to its table
    await t.db.update(pedidos).set({ transportadorUid: null }).where(eq(pedidos.uid, ped!.uid));
    await auditar(c.uid);
    expect((await daAuditoria(c.uid)).fonte).toBe('TABELA');
  });
});
