import { randomUUID } from 'node:crypto';
import { and, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import { componentesEsperados, esperadoDoMotor, ITEM_TAREFA_STATUS as ITEM } from '@fretio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { cenarioDeAuditoria, type CotacaoDoTeste, inseridorDeCtes } from '../../../test/support/ctes-auditoria.ts';
import { instrucoesDe, planoDaLista, planoDe } from '../../../test/support/plano-da-lista.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { aguardarTarefa, itensDaTarefa } from '../../../test/support/tarefas.ts';
import { auditorias, cargaNfes, cotacoesFrete, cteComponentes, ctes, eventosOcorrencia, nfes, ocorrencias, preFaturas, tabelasFrete } from '../../db/schema/index.ts';
import { AppError, type TarefaEmExecucao } from '../../framework/tarefas/index.ts';
import { hojeSaoPaulo } from '../feriados/service.ts';
import { tempos } from './lote.ts';
import { auditarCte } from './service.ts';
import { reauditarPorPeriodo } from './tarefa.ts';

// The batched re-audit (lote.ts, 250 CT-es per transaction, set-based reads and writes) must leave EXACTLY
// the rows the one-CT-e path leaves: the same CT-es (Aprovada, Divergente, Sem cálculo, unmapped component,
// complementar, duplicate NF-e, substituto, accepted) are re-audited both ways from the same starting state,
// and every audit row (all columns but the timestamps), every pre-invoice total and every task item report
// is compared.

let t: TestApp;
let admin: Api;
let embarcadorUid: string;
let rapido: string;
let cotacao: CotacaoDoTeste;
const hoje = hojeSaoPaulo();
const meus: string[] = [];

const inserirCteBase = inseridorDeCtes(() => t, () => ({ embarcadorUid, transportadorUid: rapido, aliquotaIcms: cotacao.aliquotaIcms, hoje }), 9100);
/** Every CT-e this test makes, kept in `meus`. */
async function inserirCte(...args: Parameters<typeof inserirCteBase>) {
  const c = await inserirCteBase(...args);
  meus.push(c.uid);
  return c;
}
const certo = () => [...componentesEsperados(esperadoDoMotor({ cotado: true, ...cotacao } as never, 'TABELA', { descricao: '' }) as never, false)]
  .map(([nome, v]) => ({ nome: `CT ${nome}`, valor: v.toNumber() }));
const auditar = (cteUid: string) => t.db.transaction((tx) => auditarCte(tx, embarcadorUid, cteUid));

type Estado = { auditorias: Record<string, unknown>[]; preFaturas: Record<string, unknown>[] };
async function estado(): Promise<Estado> {
  // Every audit of the carrier, the demo's too: the period re-audits them as well (the demo's approved CT-es
  // go to a new automatic pre-invoice, which restaurar deletes — their audits must be put back with it).
  const as_ = await t.db.select().from(auditorias).where(or(inArray(auditorias.cteUid, meus), eq(auditorias.transportadorUid, rapido))).orderBy(auditorias.cteUid);
  const ps = await t.db.select().from(preFaturas).where(eq(preFaturas.transportadorUid, rapido)).orderBy(preFaturas.uid);
  const sem = (r: Record<string, unknown>, ...k: string[]) => Object.fromEntries(Object.entries(r).filter(([c]) => !k.includes(c)));
  return {
    auditorias: as_.map((r) => sem(r, 'auditadaEm', 'atualizadoEm', 'criadoEm')),
    preFaturas: ps.map((r) => sem(r, 'atualizadoEm', 'criadoEm')),
  };
}
/** Pre-invoices created during a run get a new uid in each: named by carrier unit instead, to compare two runs. */
function semUidsNovos(e: Estado, inicio: Estado): Estado {
  const conhecidas = new Set(inicio.preFaturas.map((p) => p.uid as string));
  const nova = new Map(e.preFaturas.filter((p) => !conhecidas.has(p.uid as string)).map((p) => [p.uid as string, `nova ${p.transportadorUid}|${p.unidadeTransportadorUid}`]));
  const trocar = (u: unknown) => (typeof u === 'string' && nova.get(u)) || u;
  return {
    auditorias: e.auditorias.map((a) => ({ ...a, preFaturaUid: trocar(a.preFaturaUid) })),
    preFaturas: e.preFaturas.map((p) => ({ ...p, uid: trocar(p.uid) })).sort((x, y) => String(x.uid).localeCompare(String(y.uid))),
  };
}
/** Puts the audits and pre-invoices back as they were in `s` (new pre-invoices removed). */
async function restaurar(s: Estado) {
  for (const a of s.auditorias) {
    const { uid, ...resto } = a as { uid: string };
    await t.db.update(auditorias).set(resto as never).where(eq(auditorias.uid, uid));
  }
  const uids = s.preFaturas.map((p) => p.uid as string);
  await t.db.delete(preFaturas).where(and(eq(preFaturas.transportadorUid, rapido), uids.length ? notInArray(preFaturas.uid, uids) : undefined));
  for (const p of s.preFaturas) {
    const { uid, ...resto } = p as { uid: string };
    await t.db.update(preFaturas).set(resto as never).where(eq(preFaturas.uid, uid));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await as(t.app, 'admin@demo.com.br');
  ({ embarcadorUid, rapido, cotacao } = await cenarioDeAuditoria(t, admin));
});
afterAll(() => t?.close());

describe('reauditar-por-periodo em lotes', () => {
  it('grava as mesmas auditorias, pré-faturas e relatório de itens que a re-auditoria CT-e a CT-e', { timeout: 300_000 }, async () => {
    const mais = (d: number) => { const c = certo(); c[0] = { ...c[0]!, valor: c[0]!.valor + d }; return c; };
    const aprovados = [];
    for (let i = 0; i < 5; i++) aprovados.push(await inserirCte(certo()));
    const divergentes = [await inserirCte(mais(10)), await inserirCte(mais(-7))];
    const semCalculo = await inserirCte(certo(), { emissao: '2020-01-10T15:00:00.000Z', emissaoTexto: '2020-01-10T12:00:00-03:00' });
    const naoMapeado = await inserirCte([...certo(), { nome: 'TAXA ESTRANHA', valor: 12 }]);
    const original = await inserirCte(mais(-5));
    const complementar = await inserirCte([{ nome: certo()[0]!.nome, valor: 5 }], { tipoCte: 1, cteOriginalUid: original.uid, chaveOriginal: original.chave });
    const nfe = `NFE-DUP-${randomUUID().slice(0, 6)}`;
    const dup = [await inserirCte(certo(), {}, [nfe]), await inserirCte(certo(), {}, [nfe])];
    const substituido = await inserirCte(certo());
    const aceito = await inserirCte(mais(3));
    // Inputs the batch reads set-based (precarga.ts) and the task keeps (tables by carrier + day): an agreed
    // spot price, an occurrence charge (reentrega, 50 % of the freight), and CT-es of the carrier on days with
    // different tables valid (a copy of its table valid only in June 2019, none in July 2019, the demo's today).
    const spotChave = `SPOT-L-${randomUUID().slice(0, 6)}`;
    const [cot] = await t.db.insert(cotacoesFrete).values({ embarcadorUid, status: 4, vencedorTransportadorUid: rapido, valorAprovado: '600.00', aprovadoEm: new Date() } as never).returning();
    await t.db.insert(cargaNfes).values({ cotacaoUid: cot!.uid, chave: spotChave, numero: 1, valor: '1000.00', pesoKg: '100', freteEsperado: '600.00' });
    const spot = await inserirCte([{ nome: 'CT FRETE_PESO', valor: 600 }], {}, [spotChave]);
    const [nf] = await t.db.insert(nfes).values({ embarcadorUid, chave: `35260460746948000112550010${String(881001).padStart(9, '0')}10000000`.slice(0, 44), numero: 881001, serie: 1,
      emissao: `${hoje}T12:00:00.000Z`, emissaoTexto: `${hoje}T09:00:00-03:00`, pesoBruto: '100', valorTotal: '1000.00' }).returning();
    const [o19] = await t.db.select().from(ocorrencias).where(and(eq(ocorrencias.embarcadorUid, embarcadorUid), eq(ocorrencias.codigo, '19')));
    await t.db.insert(eventosOcorrencia).values({ embarcadorUid, ocorrenciaUid: o19!.uid, transportadorUid: rapido, numeroNf: String(nf!.numero), dataHora: `${hoje}T13:00:00.000Z`, origem: 'manual', nfeUid: nf!.uid });
    const reentrega = Math.round(cotacao.total * 50) / 100;
    const comOcorrencia = await inserirCte([...certo(), { nome: 'CT REENTREGA', valor: reentrega }], {}, [{ chave: nf!.chave!, nfeUid: nf!.uid }]);
    const [demo] = await t.db.select().from(tabelasFrete).where(and(eq(tabelasFrete.transportadorUid, rapido), eq(tabelasFrete.status, 1)));
    const copia = await admin.post(`/api/v1/tabelasfrete/${demo!.uid}/duplicar`, { nome: 'Rápido junho 2019' });
    expect(copia.status, copia.text).toBe(201);
    await t.db.update(tabelasFrete).set({ vigenciaInicio: '2019-06-01', vigenciaFim: '2019-06-30', status: 1 }).where(eq(tabelasFrete.uid, copia.body.data.uid));
    const junho = await inserirCte(certo(), { emissao: '2019-06-14T15:00:00.000Z', emissaoTexto: '2019-06-14T12:00:00-03:00' });
    const julho = await inserirCte(certo(), { emissao: '2019-07-15T15:00:00.000Z', emissaoTexto: '2019-07-15T12:00:00-03:00' });
    for (const uid of meus) await auditar(uid);
    const substituto = await inserirCte(certo(), { tipoCte: 3, cteOriginalUid: substituido.uid, chaveOriginal: substituido.chave });
    await auditar(substituto.uid);
    const [ac] = await t.db.select().from(auditorias).where(eq(auditorias.cteUid, aceito.uid));
    expect((await admin.put(`/api/v1/auditorias/${ac!.uid}/aceitar-auditoria`, { mensagem: 'combinado' })).status).toBe(200);
    // What changes before the re-audit: a divergent CT-e is fixed (→ Aprovada, into the pre-invoice), an
    // approved one breaks (→ Divergente, out of it), a special tax is added to another.
    await t.db.update(cteComponentes).set({ valor: certo()[0]!.valor.toFixed(2) }).where(and(eq(cteComponentes.cteUid, divergentes[0]!.uid), eq(cteComponentes.ordem, 0)));
    const total = certo().reduce((x, c) => x + c.valor * 100, 0) / 100;
    await t.db.update(ctes).set({ valorPrestacao: total.toFixed(2), valorReceber: total.toFixed(2), icmsBase: total.toFixed(2), icmsValor: (Math.round(total * cotacao.aliquotaIcms) / 100).toFixed(2) })
      .where(eq(ctes.uid, divergentes[0]!.uid));
    await t.db.update(cteComponentes).set({ valor: (certo()[0]!.valor + 50).toFixed(2) }).where(and(eq(cteComponentes.cteUid, aprovados[0]!.uid), eq(cteComponentes.ordem, 0)));
    const [a1] = await t.db.select().from(auditorias).where(eq(auditorias.cteUid, aprovados[1]!.uid));
    expect((await admin.post(`/api/v1/auditorias/${a1!.uid}/taxas-especiais`, { descricao: 'Descarga', componente: 'ENTREGA', valor: 40 })).status).toBe(201);
    const inicio = await estado();
    const resultados = new Set(inicio.auditorias.map((a) => a.status));
    expect([...resultados].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(complementar.uid).toBeTruthy();

    // 1. CT-e by CT-e: the task's items (same preparar) each through processar, one transaction each.
    const tarefa = { uid: randomUUID(), embarcadorUid, usuarioUid: null, parametros: { dataInicio: '2019-01-01', dataFim: hoje, transportadorUid: rapido }, app: t.app, storage: t.app.storage } as TarefaEmExecucao<never>;
    const umAUm = new Map<string, { status: number; mensagem: string | null; registroUid: string | null }>();
    const codigo = { ok: ITEM.OK, aviso: ITEM.AVISO, ignorado: ITEM.IGNORADO } as const;
    for await (const item of reauditarPorPeriodo.preparar!(t.db, tarefa) as AsyncIterable<{ nome: string; ref: unknown }>) {
      try {
        const r = await t.db.transaction((tx) => reauditarPorPeriodo.processar(tx, tarefa, { uid: randomUUID(), ordem: 0, ...item }));
        umAUm.set(item.nome, { status: codigo[r.situacao], mensagem: r.mensagem ?? null, registroUid: r.registroUid ?? null });
      } catch (e) {
        // e.g. a demo CT-e in a released pre-invoice: the item's error, as the queue reports it
        if (!(e instanceof AppError)) throw e;
        umAUm.set(item.nome, { status: ITEM.ERRO, mensagem: e.message, registroUid: null });
      }
    }
    const depoisUmAUm = await estado();
    expect(depoisUmAUm).not.toEqual(inicio);

    // 2. The same from the same state as the queue task, in batches.
    await restaurar(inicio);
    expect(await estado()).toEqual(inicio);
    const antes = { ...tempos };
    const res = await admin.put('/api/v1/auditorias/reauditar-por-periodo', { dataInicio: '2019-01-01', dataFim: hoje, transportadorUid: rapido });
    const fim = await aguardarTarefa(admin, res.body.data.uid, 200_000);
    const erros = [...umAUm.values()].filter((i) => i.status === ITEM.ERRO).length;
    expect(fim).toMatchObject({ erros, total: umAUm.size, processados: umAUm.size });
    // The batch path did the work: one batch, every plain CT-e of it (the substituto runs alone).
    expect(tempos.lotes - antes.lotes).toBe(1);
    expect(tempos.ctes - antes.ctes).toBe(umAUm.size - 1 - erros);
    const itens = await itensDaTarefa(admin, res.body.data.uid);
    expect(new Map(itens.map((i) => [i.nome, { status: i.status, mensagem: i.mensagem, registroUid: i.registroUid }]))).toEqual(umAUm);
    const depoisLote = await estado();
    expect(semUidsNovos(depoisLote, inicio)).toEqual(semUidsNovos(depoisUmAUm, inicio));
    // and the results are the expected ones
    const st = new Map(depoisLote.auditorias.map((a) => [a.cteUid, a.status]));
    expect([st.get(divergentes[0]!.uid), st.get(aprovados[0]!.uid), st.get(divergentes[1]!.uid), st.get(semCalculo.uid), st.get(naoMapeado.uid), st.get(original.uid)])
      .toEqual([1, 2, 2, 3, 2, 1]);
    expect([st.get(dup[0]!.uid), st.get(dup[1]!.uid), st.get(aceito.uid), st.get(substituido.uid), st.get(substituto.uid)]).toEqual([2, 2, 4, 5, 1]);
    const por = new Map(depoisLote.auditorias.map((a) => [a.cteUid, a]));
    expect(por.get(spot.uid)).toMatchObject({ status: 1, fonte: 'SPOT', referenciaUid: cot!.uid });
    expect(por.get(comOcorrencia.uid)).toMatchObject({ status: 1, fonte: 'TABELA', referenciaUid: por.get(aprovados[2]!.uid)!.referenciaUid });
    expect(JSON.stringify(por.get(comOcorrencia.uid)!.linhas)).toContain('Ocorrência 19');
    expect(por.get(junho.uid)).toMatchObject({ fonte: 'TABELA', referenciaUid: copia.body.data.uid });
    expect(por.get(julho.uid)).toMatchObject({ status: 3 });
  });
});

describe('lista de auditorias', () => {
  it('período + resultado lê pelo índice auditorias_status_emissao_idx (EXPLAIN da SQL que a lista envia)', { timeout: 120_000 }, async () => {
    // 3,000 audits over two years with the bench's result mix, analysed; then the page statement GET
    // /api/v1/auditorias really sends (captured from Drizzle) is explained.
    await t.db.execute(sql`
      insert into auditorias (embarcador_uid, cte_uid, chave_cte, numero_cte, serie_cte, emissao, transportador_uid, status, resultado_calculo, valor_cobrado, resumo)
      select ${embarcadorUid}, gen_random_uuid(), 'X' || lpad(g::text, 43, '0'), g, 1, timestamptz '2024-01-01 03:00+00' + ((g::bigint * 104729) % 63072000) * interval '1 second',
             ${rapido}, s, least(s, 3), 100, 'x'
        from generate_series(1, 3000) g, lateral (select case when g % 100 < 80 then 1 when g % 100 < 92 then 2 when g % 100 < 97 then 3 else 4 end as s) x`);
    await t.db.execute(sql`analyze auditorias`);
    const plano = await planoDaLista(t.db, async () => {
      const r = await admin.get('/api/v1/auditorias', { ftr_status: '2', ftr_emissaoDe: '2025-03-01', ftr_emissaoAte: '2025-05-31' });
      expect(r.status).toBe(200);
      expect(r.body.data.totalRecords).toBeGreaterThan(20);
    }, 'auditorias');
    expect(plano).toContain('auditorias_status_emissao_idx');
  });

  it('o total de período + resultado conta só auditorias (sem o join de transportadores), pelo mesmo índice; o nome ainda ordena', { timeout: 120_000 }, async () => {
    const filtro = { ftr_status: '2', ftr_emissaoDe: '2025-03-01', ftr_emissaoAte: '2025-05-31', pps: '5' };
    const ditas = await instrucoesDe(t.db, async () => {
      const r = await admin.get('/api/v1/auditorias', filtro);
      expect(r.status).toBe(200);
      // more than one page: the total is counted apart (over the 3,000 audits the test above adds)
      expect(r.body.data.totalRecords).toBeGreaterThan(20);
    });
    const contagem = ditas.find(([q]) => /count\(\*\)/.test(q) && q.includes('from "auditorias"'));
    expect(contagem?.[0]).toBeDefined();
    expect(contagem![0]).not.toContain('transportadores');
    expect(await planoDe(t.db, contagem!)).toContain('auditorias_status_emissao_idx');
    const porNome = await admin.get('/api/v1/auditorias', { ...filtro, ssf: 'transportadorNome', sso: 'ASC', pc: '3' });
    expect(porNome.status).toBe(200);
    expect(porNome.body.data.totalRecords).toBe((await admin.get('/api/v1/auditorias', filtro)).body.data.totalRecords);
  });
});
