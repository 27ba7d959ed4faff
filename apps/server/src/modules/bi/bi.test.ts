import ExcelJS from 'exceljs';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type FiltroBi, RELATORIOS } from '@fretio/core';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as, session } from '../../../test/support/http.ts';
import { databaseUrlFor } from '../../../test/support/pg-admin.ts';
import { rows } from '../../../test/support/state.ts';
import { aguardarTarefa } from '../../../test/support/tarefas.ts';
import { atualizarRastreio } from '../tracking/service.ts';
import { dashboard } from './dashboard.ts';
import { DATASETS, biCotacoes, biFrete, biTracking, scorecard } from './datasets.ts';
import { pdfRelatorio } from './pdf.ts';
import { DATASETS_RESUMO, biCotacoesResumo, biFreteResumo, biTrackingResumo } from './resumo.ts';
import type { Escopo } from './sql.ts';
import { linhasDoPdf } from './texto-pdf-teste.ts';

// A small fixed data set in March 2024 (no other seed data lives there), every aggregate worked by hand
// in the comments. Shipper "Outro" gets a note, a CT-e, an audit and events in the same month: none of
// them may be counted for Demo.

let t: TestApp;
let admin: Api, outro: Api, transp: Api;
const P = { dataInicio: '2024-03-01', dataFim: '2024-03-31' };
const u: Record<string, string> = {};

const naPostgres = inject('fretioTestDb')?.kind === 'postgres';
const um = async <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => (await rows<T>(t.db, q))[0];

beforeAll(async () => {
  t = await createTestApp();
  [admin, outro, transp] = await Promise.all(['admin@demo.com.br', 'admin@outro.com.br', 'transportador@rapidosul.com.br'].map((l) => as(t.app, l)));
  const e = await rows<{ uid: string; cnpj: string }>(t.db, sql`select uid, cnpj from embarcadores`);
  u.demo = e.find((x) => x.cnpj === '11222333000181')!.uid;
  u.outro = e.find((x) => x.cnpj === '45723174000110')!.uid;
  const tr = await rows<{ uid: string; cnpj: string }>(t.db, sql`select uid, cnpj from transportadores`);
  u.R = tr.find((x) => x.cnpj === '60746948000112')!.uid; // Rápido Sul
  u.M = tr.find((x) => x.cnpj === '17184037000110')!.uid; // TransMinas
  const oc = async (emb: string, codigo: string) => (await um<{ uid: string }>(sql`select uid from ocorrencias where embarcador_uid = ${emb} and codigo = ${codigo}`)).uid;
  u.entregue = await oc(u.demo, '01');
  u.tentativa = await oc(u.demo, '21');
  u.entregueOutro = await oc(u.outro, '01');

  // Deadlines (business days) from SP: Rápido Sul SP→SP 2 (SP→RJ 2 and TransMinas SP→MG 2 come with the seed), TransMinas SP→PE 5.
  for (const [tr2, uf, prazo] of [[u.R, 'SP', 2], [u.M, 'PE', 5]] as const) {
    await t.db.execute(sql`insert into prazos_entrega (embarcador_uid, transportador_uid, origem_tipo, origem_uf, destino_tipo, destino_uf, prazo_dias_uteis)
      values (${u.demo}, ${tr2}, 'UF', 'SP', 'UF', ${uf}, ${prazo})`);
  }
  const nfe = async (emb: string, numero: number, emissao: string, uf: string, transp2: string, valor: string, peso: string) =>
    (await um<{ uid: string }>(sql`insert into nfes (embarcador_uid, chave, numero, serie, emissao, emissao_texto, emitente_documento, emitente_uf, destinatario_nome, destinatario_uf, valor_total, peso_bruto, transportador_uid)
      values (${emb}, ${`3524031122233300018155001${String(numero).padStart(9, '0')}1000000000`.slice(0, 44)}, ${numero}, 1, ${emissao}, ${emissao}, '11222333000181', 'SP', ${`Cliente ${numero}`}, ${uf}, ${valor}, ${peso}, ${transp2}) returning uid`)).uid;
  // N1 Mon 04/03 → promised Wed 06/03; N2 Tue 05/03 → Thu 07/03; N3 Wed 06/03 → Fri 08/03; N4 Thu 07/03 → Thu 14/03.
  u.N1 = await nfe(u.demo, 9001, '2024-03-04T10:00:00-03:00', 'SP', u.R, '1000.00', '100');
  u.N2 = await nfe(u.demo, 9002, '2024-03-05T10:00:00-03:00', 'RJ', u.R, '2000.00', '200');
  u.N3 = await nfe(u.demo, 9003, '2024-03-06T10:00:00-03:00', 'MG', u.M, '500.00', '50');
  u.N4 = await nfe(u.demo, 9004, '2024-03-07T10:00:00-03:00', 'PE', u.M, '300.00', '20');
  u.NO = await nfe(u.outro, 9001, '2024-03-04T10:00:00-03:00', 'SP', u.M, '99999.00', '10');

  const evento = async (emb: string, oc2: string, tr2: string, numero: string, quando: string) =>
    t.db.execute(sql`insert into eventos_ocorrencia (embarcador_uid, ocorrencia_uid, transportador_uid, cnpj_emissor_nf, serie_nf, numero_nf, data_hora, origem)
      values (${emb}, ${oc2}, ${tr2}, '11222333000181', '1', ${numero}, ${quando}, 'manual')`);
  await evento(u.demo, u.entregue, u.R, '00009001', '2024-03-06T15:00:00-03:00'); // on time
  await evento(u.demo, u.tentativa, u.R, '00009002', '2024-03-08T11:00:00-03:00'); // attempt
  await evento(u.demo, u.entregue, u.R, '00009002', '2024-03-11T09:00:00-03:00'); // 4 days late
  await evento(u.demo, u.entregue, u.M, '9003', '2024-03-08T10:00:00-03:00'); // on time
  await evento(u.outro, u.entregueOutro, u.M, '9001', '2024-03-20T10:00:00-03:00');
  // The reports read tracking (`rastreios`): the NF-e import and every event write keep it in production; these
  // rows are inserted by SQL, so the fixture brings each note's tracking up to date as those writes would.
  await t.db.transaction(async (tx) => {
    for (const n of [u.N1, u.N2, u.N3, u.N4, u.NO]) await atualizarRastreio(tx, n);
  });

  const cte = async (emb: string, numero: number, emissao: string, tr2: string, prestacao: string, carga: string, peso: string, uf: string, cancelado = false) =>
    (await um<{ uid: string }>(sql`insert into ctes (embarcador_uid, chave, numero, serie, emissao, emissao_texto, emitente_nome, transportador_uid, valor_prestacao, valor_carga, peso_carga, destino_uf, cancelado)
      values (${emb}, ${`3524036074694800011257001${String(numero).padStart(9, '0')}1000000000`.slice(0, 44)}, ${numero}, 1, ${emissao}, ${emissao}, 'Emitente', ${tr2}, ${prestacao}, ${carga}, ${peso}, ${uf}, ${cancelado}) returning uid`)).uid;
  u.C1 = await cte(u.demo, 7001, '2024-03-06T12:00:00-03:00', u.R, '150.25', '3000.00', '300', 'RJ');
  u.C2 = await cte(u.demo, 7002, '2024-03-07T12:00:00-03:00', u.M, '80.10', '500.00', '50', 'MG');
  u.C3 = await cte(u.demo, 7003, '2024-03-08T12:00:00-03:00', u.M, '40.00', '300.00', '20', 'PE');
  await cte(u.demo, 7004, '2024-03-08T12:00:00-03:00', u.R, '999.99', '1.00', '1', 'SP', true); // cancelled: never counted
  u.CO = await cte(u.outro, 7001, '2024-03-06T12:00:00-03:00', u.M, '5000.00', '99999.00', '10', 'SP');
  const liga = (c: string, n: string, ordem: number, emb = u.demo) =>
    t.db.execute(sql`insert into cte_nfes (cte_uid, embarcador_uid, chave, ordem, nfe_uid) select ${c}, ${emb}, chave, ${ordem}, uid from nfes where uid = ${n}`);
  await liga(u.C1, u.N1, 1);
  await liga(u.C1, u.N2, 2);
  await liga(u.C2, u.N3, 1);
  await liga(u.CO, u.NO, 1, u.outro);

  // C1 paid by an invoice (issued 15/03, paid 20/03).
  const [fa] = await rows<{ uid: string }>(t.db, sql`insert into faturas (embarcador_uid, transportador_uid, numero, emissao, vencimento, valor, data_pagamento, status)
    values (${u.demo}, ${u.R}, 'F-2024-1', '2024-03-15', '2024-04-15', '150.25', '2024-03-20', 3) returning uid`);
  await t.db.execute(sql`insert into fatura_ctes (fatura_uid, embarcador_uid, cte_uid, valor) values (${fa.uid}, ${u.demo}, ${u.C1}, '150.25')`);

  const auditoria = (emb: string, c: string, numero: number, tr2: string, status: number, resultado: number, cobrado: string, esperado: string, dif: string) =>
    t.db.execute(sql`insert into auditorias (embarcador_uid, cte_uid, chave_cte, numero_cte, serie_cte, emissao, transportador_uid, status, resultado_calculo, valor_cobrado, valor_esperado, diferenca, resumo)
      values (${emb}, ${c}, ${'1'.repeat(44)}, ${numero}, 1, '2024-03-07T12:00:00-03:00', ${tr2}, ${status}, ${resultado}, ${cobrado}, ${esperado}, ${dif}, 'Teste')`);
  await auditoria(u.demo, u.C1, 7001, u.R, 1, 1, '150.25', '150.25', '0.00');
  await auditoria(u.demo, u.C2, 7002, u.M, 2, 2, '80.10', '70.00', '10.10');
  await auditoria(u.demo, u.C3, 7003, u.M, 4, 2, '40.00', '35.50', '4.50');
  await auditoria(u.outro, u.CO, 7001, u.M, 2, 2, '5000.00', '1.00', '4999.00');

  // Quotations: Q1 (02/03) invites R (answered, won, approved 150.00 against a target of 160.00) and M (no answer); Q2 (10/03) invites M (answered).
  const [q1] = await rows<{ uid: string }>(t.db, sql`insert into cotacoes_frete (embarcador_uid, status, vencedor_transportador_uid, valor_aprovado, valor_alvo, criado_em)
    values (${u.demo}, 4, ${u.R}, '150.00', '160.00', '2024-03-02T10:00:00-03:00') returning uid`);
  const [q2] = await rows<{ uid: string }>(t.db, sql`insert into cotacoes_frete (embarcador_uid, status, criado_em) values (${u.demo}, 2, '2024-03-10T10:00:00-03:00') returning uid`);
  await t.db.execute(sql`insert into cotacao_transportadores (cotacao_uid, transportador_uid, respondido_em, valor_total) values
    (${q1.uid}, ${u.R}, '2024-03-03T10:00:00-03:00', '150.00'), (${q1.uid}, ${u.M}, null, null), (${q2.uid}, ${u.M}, '2024-03-11T10:00:00-03:00', '90.00')`);
});
afterAll(() => t?.close());

const rel = async (api: Api, caminho: string, body: Record<string, unknown> = P) => {
  const r = await api.post(`/api/v1/${caminho}`, body);
  expect(r.status, r.text).toBe(200);
  return r.body.data as { data: Record<string, unknown>[]; totalRecords: number };
};
const ds = async (api: Api, nome: string) => {
  const r = await api.get(`/api/v1/bi-test/${nome}`, P);
  expect(r.status, r.text).toBe(200);
  return r.body.data as Record<string, unknown>[];
};
const porNumero = (l: Record<string, unknown>[]) => Object.fromEntries(l.map((x) => [x.numero, x]));

describe('relatórios', () => {
  it('acompanhamento de entregas: promised date in business days, delivery, situation and days late', async () => {
    const r = await rel(admin, 'relatorios/acompanhamento-entregas');
    expect(r.totalRecords).toBe(4);
    const n = porNumero(r.data);
    expect(n[9001]).toMatchObject({ prazoDiasUteis: 2, dataPrometida: '2024-03-06', entregueEm: '2024-03-06T18:00:00Z', situacao: 'Entregue no prazo', diasAtraso: 0, transportador: 'Rápido Sul' });
    expect(n[9002]).toMatchObject({ prazoDiasUteis: 2, dataPrometida: '2024-03-07', situacao: 'Entregue com atraso', diasAtraso: 4, ultimoEvento: 'Entrega Realizada Normalmente' });
    expect(n[9003]).toMatchObject({ dataPrometida: '2024-03-08', situacao: 'Entregue no prazo' });
    expect(n[9004]).toMatchObject({ prazoDiasUteis: 5, dataPrometida: '2024-03-14', situacao: 'Atrasada', entregueEm: null, ultimoEvento: null });
    // Paging and filters.
    const p = await rel(admin, 'relatorios/acompanhamento-entregas', { ...P, pc: 2, pps: 3 });
    expect(p).toMatchObject({ totalRecords: 4, data: [{ numero: 9001 }] });
    expect((await rel(admin, 'relatorios/acompanhamento-entregas', { ...P, transportadorUid: u.M })).data.map((x) => x.numero)).toEqual([9004, 9003]);
    expect((await rel(admin, 'relatorios/acompanhamento-entregas', { ...P, uf: 'rj' })).data.map((x) => x.numero)).toEqual([9002]);
  });

  it('NF-e sem ocorrência, eventos, CT-e sem NF-e, auditoria', async () => {
    expect((await rel(admin, 'relatorios/nfe-sem-ocorrencia')).data).toEqual([expect.objectContaining({ numero: 9004, valorTotal: '300.00', uf: 'PE', transportador: 'TransMinas' })]);
    const ev = await rel(admin, 'relatorios/eventos-ocorrencia');
    expect(ev.totalRecords).toBe(4);
    expect(ev.data[0]).toMatchObject({ dataHora: '2024-03-11T12:00:00Z', nf: '1/00009002', ocorrencia: '01 - Entrega Realizada Normalmente', origem: 'Digitado' });
    const cs = await rel(admin, 'relatorios/cte-sem-nfe');
    expect(cs.data.map((x) => [x.numero, x.valorPrestacao, x.nfesCitadas])).toEqual([[7003, '40.00', 0]]);
    const au = await rel(admin, 'relatorios/auditoria', { ...P, status: 2 });
    expect(au.data).toEqual([expect.objectContaining({ numeroCte: 7002, status: 'Divergente', valorCobrado: '80.10', valorEsperado: '70.00', diferenca: '10.10' })]);
    expect((await rel(admin, 'relatorios/auditoria')).totalRecords).toBe(3);
  });

  it('frete por NF-e: CT-e prorated by the notes value, paid from the paid invoice, % of the goods', async () => {
    const n = porNumero((await rel(admin, 'documentos/relatorio-frete')).data);
    // 150.25 × 1000/3000 = 50.0833 → 50.08; × 2000/3000 = 100.1667 → 100.17 (sum 150.25).
    expect(n[9001]).toMatchObject({ valorTotal: '1000.00', freteCobrado: '50.08', fretePago: '50.08', percentualFrete: 5.01 });
    expect(n[9002]).toMatchObject({ freteCobrado: '100.17', fretePago: '100.17', percentualFrete: 5.01 });
    expect(n[9003]).toMatchObject({ freteCobrado: '80.10', fretePago: null, percentualFrete: 16.02 });
    expect(n[9004]).toMatchObject({ freteCobrado: null, percentualFrete: null });
  });

  it('bad filters answer 400 with the field; another shipper sees only its own; a carrier user without the permission 403', async () => {
    const r = await admin.post('/api/v1/relatorios/auditoria', { dataInicio: '2024-03-31', dataFim: '2024-03-01' });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ field: 'dataFim', message: 'A data final deve ser igual ou posterior à inicial' }]);
    expect((await admin.post('/api/v1/relatorios/auditoria', { dataInicio: '31/03/2024' })).body.errors[0].field).toBe('dataInicio');
    const o = await rel(outro, 'relatorios/acompanhamento-entregas');
    expect(o.data.map((x) => [x.numero, x.situacao])).toEqual([[9001, 'Entregue (sem prazo)']]);
    expect((await transp.post('/api/v1/relatorios/auditoria', P)).status).toBe(403);
    expect((await transp.get('/api/v1/dashboard')).status).toBe(403);
  });

  it('XLSX export (a queue task): the header is the screen labels, money as numbers', async () => {
    const r = await admin.post('/api/v1/relatorios/exportar', { relatorio: 'relatorio-frete', filtros: P });
    expect(r.status, r.text).toBe(200);
    const tarefa = await aguardarTarefa(admin, r.body.data.uid);
    expect(tarefa).toMatchObject({ status: 3 });
    const cookie = await session(t.app, 'admin@demo.com.br');
    expect(tarefa.arquivo).toMatchObject({ nome: 'relatorio-frete.xlsx' });
    const down = await t.app.inject({ url: tarefa.arquivo.url, headers: { cookie } });
    expect(down.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(down.rawPayload as never);
    const ws = wb.worksheets[0];
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(RELATORIOS['relatorio-frete'].colunas.map((c) => c.rotulo));
    expect(header).toContain('% frete sobre a mercadoria');
    expect(ws.rowCount).toBe(5);
    const linha9001 = ws.getRows(2, 4)!.find((l) => l.getCell(1).value === 9001)!;
    expect(linha9001.getCell(9).value).toBe(50.08);
    expect((await outro.get(`/api/v1/fila-tarefas/${r.body.data.uid}`)).status).toBe(404);
    // The same report as CSV (pt-BR: ';', decimal comma, DD/MM/AAAA, UTF-8 with BOM).
    const c = await admin.post('/api/v1/relatorios/exportar', { relatorio: 'relatorio-frete', filtros: P, formato: 'csv' });
    const tc = await aguardarTarefa(admin, c.body.data.uid);
    expect(tc.arquivo).toMatchObject({ nome: 'relatorio-frete.csv' });
    const csv = (await t.app.inject({ url: tc.arquivo.url, headers: { cookie } })).rawPayload.toString('utf8');
    const [cab, ...resto] = csv.split('\r\n');
    expect(cab).toBe(`\uFEFF${RELATORIOS['relatorio-frete'].colunas.map((x) => x.rotulo).join(';')}`);
    expect(resto.filter(Boolean)).toHaveLength(4);
    const l9001 = resto.find((l) => l.startsWith('9001;'))!.split(';');
    const col = (campo: string) => RELATORIOS['relatorio-frete'].colunas.findIndex((x) => x.campo === campo);
    expect([l9001[col('emissao')], l9001[col('valorTotal')], l9001[col('freteCobrado')], l9001[col('percentualFrete')]]).toEqual(['04/03/2024', '1000,00', '50,08', '5,01']);
    expect((await admin.post('/api/v1/relatorios/exportar', { relatorio: 'relatorio-frete', formato: 'docx' })).body.errors[0].field).toBe('formato');
  });
});

describe('relatório em PDF', () => {
  it('the same rows as the list, printed in pt-BR with the money columns summed; filters in the header; a carrier user 403', async () => {
    const r = await admin.post('/api/v1/relatorios/exportar', { relatorio: 'relatorio-frete', filtros: P, formato: 'pdf' });
    expect(r.status, r.text).toBe(200);
    const tarefa = await aguardarTarefa(admin, r.body.data.uid);
    expect(tarefa).toMatchObject({ status: 3, arquivo: { nome: 'relatorio-frete.pdf' } });
    const down = await t.app.inject({ url: tarefa.arquivo.url, headers: { cookie: await session(t.app, 'admin@demo.com.br') } });
    expect(down.headers['content-type']).toBe('application/pdf');
    const [pagina, ...outras] = linhasDoPdf(down.rawPayload);
    expect(outras).toEqual([]);
    expect(pagina[0]).toEqual(['Frete por NF-e']);
    expect(pagina[1][0]).toMatch(/^Demo .* {2}· {2}Período: 01\/03\/2024 a 31\/03\/2024 {2}· {2}Gerado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    // The screen's labels; the long ones wrap inside their column.
    expect(pagina.slice(2, 5)).toEqual([
      ['NF-e', 'Série', 'Emissão', 'Destinatário', 'UF destino', 'Transportador', 'Valor da ', 'Frete esperado', 'Frete cobrado', 'Frete pago', '% frete '],
      ['mercadoria', 'sobre a '],
      ['mercadoria'],
    ]);
    const nota = (n: string) => pagina.find((l) => l[0] === n);
    // NF-e, série, emissão, destinatário, UF, transportador, mercadoria, esperado (none), cobrado, pago, % (cells left empty print nothing).
    expect(nota('9001')).toEqual(['9001', '1', '04/03/2024', 'Cliente 9001', 'SP', 'Rápido Sul', '1.000,00', '50,08', '50,08', '5,01 %']);
    expect(nota('9002')).toEqual(['9002', '1', '05/03/2024', 'Cliente 9002', 'RJ', 'Rápido Sul', '2.000,00', '100,17', '100,17', '5,01 %']);
    expect(nota('9003')).toEqual(['9003', '1', '06/03/2024', 'Cliente 9003', 'MG', 'TransMinas', '500,00', '80,10', '16,02 %']);
    expect(nota('9004')).toEqual(['9004', '1', '07/03/2024', 'Cliente 9004', 'PE', 'TransMinas', '300,00']);
    // Σ mercadoria 1.000 + 2.000 + 500 + 300 = 3.800,00; esperado 0,00; cobrado 50,08 + 100,17 + 80,10 = 230,35; pago 50,08 + 100,17 = 150,25.
    expect(pagina.find((l) => l[0].startsWith('Total'))).toEqual(['Total (4 linhas)', '3.800,00', '0,00', '230,35', '150,25']);
    expect(pagina.slice(5, 9).map((l) => l[0])).toEqual(['9004', '9003', '9002', '9001']); // the list's order (emission, newest first)
    expect(pagina.at(-1)).toEqual(['Frete por NF-e — Página 1 de 1']);
    expect((await transp.post('/api/v1/relatorios/exportar', { relatorio: 'relatorio-frete', formato: 'pdf' })).status).toBe(403);
  });

  it('the status filter reaches every format: the audit report as JSON, XLSX, CSV and PDF; the request report by status', async () => {
    const filtros = { ...P, status: 2 };
    const cookie = await session(t.app, 'admin@demo.com.br');
    const exportar = async (relatorio: string, f: Record<string, unknown>, formato: string) => {
      const r = await admin.post('/api/v1/relatorios/exportar', { relatorio, filtros: f, formato });
      expect(r.status, r.text).toBe(200);
      const tarefa = await aguardarTarefa(admin, r.body.data.uid);
      expect(tarefa).toMatchObject({ status: 3 });
      return (await t.app.inject({ url: tarefa.arquivo.url, headers: { cookie } })).rawPayload;
    };
    const colunas = RELATORIOS.auditoria.colunas;
    const col = (campo: string) => colunas.findIndex((c) => c.campo === campo);
    // JSON: only the divergent audit (CT-e 7002), the approved one (7001) left out.
    expect((await rel(admin, 'relatorios/auditoria', filtros)).data.map((a) => [a.numeroCte, a.status])).toEqual([[7002, 'Divergente']]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await exportar('auditoria', filtros, 'xlsx')) as never);
    const ws = wb.worksheets[0];
    expect(ws.rowCount).toBe(2);
    expect([ws.getRow(2).getCell(col('numeroCte') + 1).value, ws.getRow(2).getCell(col('status') + 1).value]).toEqual([7002, 'Divergente']);
    const [, ...csv] = (await exportar('auditoria', filtros, 'csv')).toString('utf8').split('\r\n').filter(Boolean);
    expect(csv.map((l) => [l.split(';')[col('numeroCte')], l.split(';')[col('status')]])).toEqual([['7002', 'Divergente']]);
    const [pagina] = linhasDoPdf(await exportar('auditoria', filtros, 'pdf'));
    expect(pagina[1][0]).toContain('Status: Divergente');
    expect(pagina.filter((l) => l[0] === '7002' || l[0] === '7001').map((l) => l[0])).toEqual(['7002']);
    // Requests by status (no period): every line of the screen and of the CSV is 'Com Pendência', the demo's among them.
    const pendentes = (await rel(admin, 'relatorios/solicitacaofrete', { status: 3 })).data;
    expect(pendentes.length).toBeGreaterThan(0);
    expect(new Set(pendentes.map((s) => s.status))).toEqual(new Set(['Com Pendência']));
    const colS = RELATORIOS.solicitacaofrete.colunas.findIndex((c) => c.campo === 'status');
    const [, ...linhasS] = (await exportar('solicitacaofrete', { status: 3 }, 'csv')).toString('utf8').split('\r\n').filter(Boolean);
    expect(linhasS.map((l) => l.split(';')[colS])).toEqual(pendentes.map(() => 'Com Pendência'));
  });

  it('a long report: the header on every page, "Página i de n" on each, the total on the last', async () => {
    // 100 notes of R$ 10,01: Σ 1.001,00.
    const linhas = Array.from({ length: 100 }, (_, i) => ({ numero: 5000 + i, serie: 1, emissao: '2024-03-04', valorTotal: '10.01' }));
    const paginas = linhasDoPdf(await pdfRelatorio('relatorio-frete', linhas, { embarcador: 'Demo', filtros: [], geradoEm: '01/04/2024 08:00', cortado: false }));
    expect(paginas.length).toBeGreaterThan(1);
    const n = paginas.length;
    paginas.forEach((p, i) => {
      expect(p.find((l) => l[0] === 'NF-e')).toBeDefined();
      expect(p.at(-1)).toEqual([`Frete por NF-e — Página ${i + 1} de ${n}`]);
    });
    const impressas = paginas.flatMap((p) => p.filter((l) => /^5\d{3}$/.test(l[0])).map((l) => l[0]));
    expect(impressas).toEqual(linhas.map((l) => String(l.numero)));
    expect(paginas[n - 1].find((l) => l[0].startsWith('Total'))).toEqual(['Total (100 linhas)', '1.001,00', '0,00', '0,00', '0,00']);
  });
});

describe('BI', () => {
  it('delivery datasets', async () => {
    // (2d5h + 5d23h + 2d) / 3 = 10.1667 / 3 = 3.389 days
    expect(await ds(admin, 'tmciclopedido')).toEqual([{ mes: '2024-03', quantidade: 3, mediaDias: 3.39 }]);
    expect(await ds(admin, 'tmentregaporuf')).toEqual([
      { uf: 'MG', quantidade: 1, mediaDias: 2 }, { uf: 'RJ', quantidade: 1, mediaDias: 5.96 }, { uf: 'SP', quantidade: 1, mediaDias: 2.21 },
    ]);
    expect(await ds(admin, 'performanceentregacaptacao')).toEqual([{ mes: '2024-03', emitidas: 4, entregues: 3, percentual: 75 }]);
    expect(await ds(admin, 'performancemensalnf')).toEqual([{ mes: '2024-03', notas: 4, noPrazo: 2, comAtraso: 1, atrasadas: 1, percentualNoPrazo: 66.67 }]);
    expect(await ds(admin, 'slatransportadoras')).toEqual([
      { transportadorUid: u.R, transportador: 'Rápido Sul', entregas: 2, noPrazo: 1, percentualNoPrazo: 50, atrasoMedioDias: 4 },
      { transportadorUid: u.M, transportador: 'TransMinas', entregas: 1, noPrazo: 1, percentualNoPrazo: 100, atrasoMedioDias: null },
    ]);
    expect(await ds(admin, 'efetividadeentregatransportador')).toEqual([
      { transportadorUid: u.R, transportador: 'Rápido Sul', entregues: 2, primeiraTentativa: 1, comTentativas: 1, efetividade: 50 },
      { transportadorUid: u.M, transportador: 'TransMinas', entregues: 1, primeiraTentativa: 1, comTentativas: 0, efetividade: 100 },
    ]);
  });

  it('audit and payment datasets', async () => {
    expect(await ds(admin, 'performancemensalaprovacao')).toEqual([{ mes: '2024-03', auditadas: 3, aprovadas: 1, divergentes: 1, aceitas: 1, semCalculo: 0, percentualAprovadas: 33.33 }]);
    // C1 emitted 06/03, its invoice paid 20/03: 14 days.
    expect(await ds(admin, 'tmciclopedidoplanopagto')).toEqual([{ condicaoPagamento: 'Sem condição', quantidade: 1, mediaDias: 14, valor: '150.25' }]);
  });

  it('bi/frete, bi/cotacoes, bi/tracking', async () => {
    const f = (await admin.post('/api/v1/bi/frete', P)).body.data;
    // 150.25 + 80.10 + 40.00 = 270.35 over 3800.00 of goods: 7.114 %; the cancelled CT-e and Outro's are out.
    expect(f.total).toMatchObject({ ctes: 3, valorFrete: '270.35', valorMercadoria: '3800.00', percentualFrete: 7.11 });
    expect(f.porTransportador.map((x: Record<string, unknown>) => [x.nome, x.valorFrete, x.percentualFrete]).sort()).toEqual([['Rápido Sul', '150.25', 5.01], ['TransMinas', '120.10', 15.01]]);
    expect(f.porUf.map((x: Record<string, unknown>) => [x.uf, x.valorFrete])).toEqual([['MG', '80.10'], ['PE', '40.00'], ['RJ', '150.25']]);
    const c = (await admin.post('/api/v1/bi/cotacoes', P)).body.data;
    expect(c).toEqual([{ mes: '2024-03', cotacoes: 2, convites: 3, respostas: 2, taxaResposta: 66.67, finalizadas: 1, valorAprovado: '150.00', valorAlvo: '160.00' }]);
    const tr = (await admin.post('/api/v1/bi/tracking', P)).body.data;
    expect(tr.fretes).toEqual([{ situacao: 'Atrasada', quantidade: 1 }, { situacao: 'Entregue com atraso', quantidade: 1 }, { situacao: 'Entregue no prazo', quantidade: 2 }]);
    expect(tr.media).toMatchObject({ notas: 4, diasEntrega: 3.39 });
    expect(tr.ocorrencias).toEqual([
      { ocorrencia: '01 - Entrega Realizada Normalmente', ocorrenciaUid: u.entregue, quantidade: 3 },
      { ocorrencia: expect.stringMatching(/^21 - /), ocorrenciaUid: u.tentativa, quantidade: 1 },
    ]);
  });

  it('carrier scorecard', async () => {
    const s = (await admin.post('/api/v1/bi/transportadora', P)).body.data as Record<string, unknown>[];
    const R = s.find((x) => x.transportadorUid === u.R);
    const M = s.find((x) => x.transportadorUid === u.M);
    expect(R).toMatchObject({ entregas: 2, noPrazo: 1, percentualNoPrazo: 50, atrasoMedioDias: 4, auditadas: 1, semDivergencia: 1, precisaoFaturamento: 100,
      divergenciaTotal: '0', fretePorKg: '0.5008', convites: 1, respostas: 1, taxaResposta: 100, vencidas: 1, taxaVitoria: 100, ocorrenciasPor100: 50 });
    // 120.10 / 70 kg = 1.7157; |10.10| + |4.50| = 14.60
    expect(M).toMatchObject({ entregas: 1, noPrazo: 1, percentualNoPrazo: 100, auditadas: 2, semDivergencia: 0, precisaoFaturamento: 0,
      divergenciaTotal: '14.60', fretePorKg: '1.7157', convites: 2, respostas: 1, taxaResposta: 50, vencidas: 0, taxaVitoria: 0, ocorrenciasPor100: 0 });
    // Outro sees only its carrier (TransMinas) and its own numbers.
    const o = (await outro.post('/api/v1/bi/transportadora', P)).body.data as Record<string, unknown>[];
    expect(o.map((x) => [x.transportador, x.divergenciaTotal])).toEqual([['TransMinas', '4999.00']]);
  });

  it('dashboard', async () => {
    const r = await admin.get('/api/v1/dashboard', P);
    expect(r.status, r.text).toBe(200);
    const d = r.body.data;
    expect(d.contaFrete).toEqual({ qtde: 1, valor: '150.25', perc: 100, data: [{ mes: '2024-03', qtde: 1, valor: '150.25' }] });
    expect(d.conhecimentos).toMatchObject({ qtde: 3, valor: '270.35', perc: 7.11 });
    expect(d.notasFiscais).toMatchObject({ qtde: 4, valor: '3800.00', perc: 66.67 });
    expect(d.divergencias).toMatchObject({ qtde: 2, valor: '14.60', perc: 66.67 });
    expect(d.indicadoresTransportadoras.total).toEqual([
      { id: u.M, nome: 'TransMinas', entregas: 1, noPrazo: 1, percentual: 100, valorFrete: '120.10' },
      { id: u.R, nome: 'Rápido Sul', entregas: 2, noPrazo: 1, percentual: 50, valorFrete: '150.25' },
    ]);
    expect(d.indicadoresTransportadoras.hoje).toEqual([]);
    expect(d.indicadoresRegiao.total).toEqual([
      { id: 'SE', nome: 'Sudeste', entregas: 3, noPrazo: 2, percentual: 66.67, valorFrete: '230.35' },
      { id: 'NE', nome: 'Nordeste', entregas: 0, noPrazo: 0, percentual: null, valorFrete: '40.00' },
    ]);
  });

  it('each chart\'s data as XLSX: pt-BR labels, money as numbers in R$, dates DD/MM/YYYY', async () => {
    const planilha = async (grafico: string, q: Record<string, string>) => {
      const cookie = await session(t.app, 'admin@demo.com.br');
      const r = await t.app.inject({ url: `/api/v1/bi/graficos/${grafico}/xlsx`, query: q, headers: { cookie } });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.headers['content-disposition']).toBe(`attachment; filename="${grafico}.xlsx"`);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(r.rawPayload as never);
      const ws = wb.worksheets[0];
      const linha = (n: number) => (ws.getRow(n).values as unknown[]).slice(1);
      return { ws, linha };
    };
    // The CT-e chart of the month (the dashboard's card above): 3 CT-e, R$ 270,35 over R$ 3.800,00 = 7,11 %.
    const f = await planilha('frete-por-mes', { ...P, transportadorUid: u.M });
    expect(f.linha(1)).toEqual(['Custo do frete por mês (CT-e)']);
    expect(f.linha(2)).toEqual(['Período: 01/03/2024 a 31/03/2024 · Transportador: TransMinas']);
    expect(f.linha(4)).toEqual(['Mês', 'De', 'Até', 'CT-e', 'Frete', 'Valor da mercadoria', '% do frete sobre a mercadoria']);
    // TransMinas only: 80.10 + 40.00 = 120.10 over 800.00 = 15.01 %.
    expect(f.linha(5)).toEqual(['mar/2024', new Date('2024-03-01T00:00:00Z'), new Date('2024-03-31T00:00:00Z'), 2, 120.1, 800, 15.01]);
    expect([f.ws.getCell('B5').numFmt, f.ws.getCell('E5').numFmt, f.ws.getCell('F5').numFmt]).toEqual(['dd/mm/yyyy', '"R$" #,##0.00', '"R$" #,##0.00']);
    const p = await planilha('entregas-no-prazo', { dataInicio: '2024-03-05', dataFim: '2024-03-31' });
    expect(p.linha(4)).toEqual(['Mês', 'De', 'Até', 'NF-e emitidas', 'Entregues no prazo', 'Entregues com atraso', 'Atrasadas (não entregues)', '% no prazo']);
    // From 05/03: N2 (late), N3 (on time), N4 (not delivered, past its date).
    expect(p.linha(5)).toEqual(['mar/2024', new Date('2024-03-05T00:00:00Z'), new Date('2024-03-31T00:00:00Z'), 3, 1, 1, 1, 50]);
    const o = await planilha('ocorrencias-por-tipo', P);
    expect(o.linha(4)).toEqual(['Ocorrência', 'Eventos']);
    expect(o.linha(5)).toEqual(['01 - Entrega Realizada Normalmente', 3]);
    expect(o.ws.rowCount).toBe(6);
    // Another shipper's carrier names nothing; a bad period is a 400.
    expect((await outro.get('/api/v1/bi/graficos/frete-por-mes/xlsx', { ...P, transportadorUid: u.R })).status).toBe(200);
    expect((await admin.get('/api/v1/bi/graficos/frete-por-mes/xlsx', { dataInicio: '2024-13-01' })).status).toBe(400);
  });

  it("the carrier's own scorecard: one row per shipper that links it, only its numbers, no BI permission needed", async () => {
    const r = await transp.get('/api/v1/bi/transportadora/meu-desempenho', P);
    expect(r.status, r.text).toBe(200);
    // Rápido Sul is linked to Demo only (Outro works with TransMinas): Demo's numbers for Rápido Sul, as in the scorecard above.
    expect(r.body.data).toEqual([
      expect.objectContaining({ embarcadorUid: u.demo, transportadorUid: u.R, entregas: 2, noPrazo: 1, percentualNoPrazo: 50, atrasoMedioDias: 4,
        precisaoFaturamento: 100, fretePorKg: '0.5008', taxaResposta: 100, taxaVitoria: 100, ocorrenciasPor100: 50 }),
    ]);
    // Linked to Outro too: its row there has Outro's numbers for Rápido Sul (nothing in March) and never another carrier's.
    await t.db.execute(sql`insert into embarcador_transportador (embarcador_uid, transportador_uid) values (${u.outro}, ${u.R})`);
    const dois = (await transp.get('/api/v1/bi/transportadora/meu-desempenho', P)).body.data as Record<string, unknown>[];
    expect(dois.map((x) => [x.embarcadorUid, x.transportadorUid, x.entregas, x.divergenciaTotal])).toEqual(
      expect.arrayContaining([[u.demo, u.R, 2, '0'], [u.outro, u.R, 0, '0']]),
    );
    expect(dois).toHaveLength(2);
    await t.db.execute(sql`delete from embarcador_transportador where embarcador_uid = ${u.outro} and transportador_uid = ${u.R}`);
    // A shipper's user has bi/transportadora instead.
    expect((await admin.get('/api/v1/bi/transportadora/meu-desempenho', P)).status).toBe(403);
    expect((await transp.get('/api/v1/bi/transportadora/meu-desempenho', { dataInicio: '31/03/2024' })).status).toBe(400);
  });

  it('a carrier user (given the permission) sees only its own carrier, whatever the filter says', async () => {
    await t.db.execute(sql`update papeis set permissoes = permissoes || '{"bi": ["ler"], "relatorios": ["ler"]}'::jsonb where nome = 'Transportador' and embarcador_uid = ${u.demo}`);
    const s = (await transp.post('/api/v1/bi/transportadora', { ...P, transportadorUid: u.M })).body.data as Record<string, unknown>[];
    expect(s.map((x) => x.transportador)).toEqual(['Rápido Sul']);
    const r = await rel(transp, 'relatorios/acompanhamento-entregas', { ...P, transportadorUid: u.M });
    expect(r.data.map((x) => x.numero).sort()).toEqual([9001, 9002]);
    expect((await transp.get('/api/v1/dashboard', P)).body.data.conhecimentos).toMatchObject({ qtde: 1, valor: '150.25' });
  });

  it('saved filters per user (GET/POST bi)', async () => {
    expect((await admin.get('/api/v1/bi')).body.data).toBeNull();
    const body = { filtros: { dataInicio: '2024-01-01', transportadorUid: u.R }, datasets: ['slatransportadoras'] };
    expect((await admin.post('/api/v1/bi', body)).status).toBe(200);
    expect((await admin.get('/api/v1/bi')).body.data).toEqual(body);
    expect((await outro.get('/api/v1/bi')).body.data).toBeNull();
  });
});

describe('tabelas de resumo', () => {
  // The routes read the summaries (resumo.ts); each figure must equal the raw aggregate (datasets.ts,
  // dashboard.ts bruto) over the same rows, before and after writes of every kind: a note and its delivery
  // inserted, a note moved to another carrier/UF/value, a note cancelled, an event deleted (the delivery undone),
  // a CT-e inserted, changed, cancelled and deleted. Last in the file: it changes the fixed data set. Each comparison runs
  // every figure twice for four filters: a few seconds on a loaded machine, hence the longer timeouts.
  const filtros = (): [string, Escopo, FiltroBi][] => [
    ['março', { embarcadorUid: u.demo, transportadorUid: null }, P],
    ['sem período', { embarcadorUid: u.demo, transportadorUid: null }, {}],
    ['TransMinas para MG', { embarcadorUid: u.demo, transportadorUid: u.M }, { ...P, uf: 'MG' }],
    ['Rápido Sul para RJ', { embarcadorUid: u.demo, transportadorUid: u.R }, { ...P, uf: 'RJ' }],
  ];
  const conferir = async () => {
    for (const [nome, e, f] of filtros()) {
      for (const [k, resumo] of Object.entries(DATASETS_RESUMO)) {
        expect(await resumo(t.db, e, f), `${k} (${nome})`).toEqual(await DATASETS[k].consulta(t.db, e, f));
      }
      expect(await biFreteResumo(t.db, e, f), `bi/frete (${nome})`).toEqual(await biFrete(t.db, e, f));
      expect(await scorecard(t.db, e, f, { resumo: true }), `bi/transportadora (${nome})`).toEqual(await scorecard(t.db, e, f));
      expect(await biTrackingResumo(t.db, e, f), `bi/tracking (${nome})`).toEqual(await biTracking(t.db, e, f));
      expect(await biCotacoesResumo(t.db, e, f), `bi/cotacoes (${nome})`).toEqual(await biCotacoes(t.db, e, f));
      expect(await dashboard(t.db, e, f), `dashboard (${nome})`).toEqual(await dashboard(t.db, e, f, { bruto: true }));
    }
    // And the tables as a whole: every counted note and CT-e once.
    expect(await um(sql`select (select coalesce(sum(notas), 0) from resumo_bi_notas)::int as notas, (select coalesce(sum(ctes), 0) from resumo_bi_ctes)::int as ctes`)).toEqual(
      await um(sql`select (select count(*) from nfes where not cancelada and substituida_por_uid is null)::int as notas, (select count(*) from ctes where not cancelado)::int as ctes`),
    );
  };

  it("every summary view has its per-document table's columns in the same order (resumo_bi_aplicar compares and copies rows by position)", async () => {
    const defs = await rows<{ visao: string; documentos: string }>(t.db, sql`select visao, documentos from resumo_bi_definicoes order by 1`);
    expect(defs.map((d) => d.visao)).toEqual(expect.arrayContaining(['resumo_bi_auditorias_v', 'resumo_bi_contas_frete_uf_v', 'resumo_bi_convites_v', 'resumo_bi_cotacoes_v', 'resumo_bi_eventos_v', 'resumo_bi_pendentes_v']));
    const colunas = (nome: string) => rows(t.db, sql`select column_name as nome, data_type as tipo from information_schema.columns
      where table_schema = current_schema() and table_name = ${nome} order by ordinal_position`);
    for (const d of defs) {
      const v = await colunas(d.visao);
      expect(v.length, d.visao).toBeGreaterThan(2);
      expect(v, `${d.visao} × ${d.documentos}`).toEqual(await colunas(d.documentos));
    }
  });

  it('equal the raw aggregates after inserts, updates, cancels and deletes', async () => {
    await conferir();
    const [d] = (await admin.post('/api/v1/bi/frete', P)).body.data.porUf as { uf: string }[];
    expect(d.uf).toBe('MG');

    // A new note of Rápido Sul to SP, delivered the next day (event through SQL, tracking brought up to date as the API would).
    const [n5] = await rows<{ uid: string }>(t.db, sql`insert into nfes (embarcador_uid, chave, numero, serie, emissao, emissao_texto, emitente_documento, emitente_uf, destinatario_nome, destinatario_uf, valor_total, peso_bruto, transportador_uid)
      values (${u.demo}, '35240311222333000181550010000090051000000000', 9005, 1, '2024-03-12T09:30:00-03:00', '2024-03-12T09:30:00-03:00', '11222333000181', 'SP', 'Cliente 9005', 'SP', '123.45', '10', ${u.R}) returning uid`);
    await t.db.execute(sql`insert into eventos_ocorrencia (embarcador_uid, ocorrencia_uid, transportador_uid, cnpj_emissor_nf, serie_nf, numero_nf, nfe_uid, data_hora, origem)
      values (${u.demo}, ${u.entregue}, ${u.R}, '11222333000181', '1', '9005', ${n5.uid}, '2024-03-13T16:45:00-03:00', 'manual')`);
    await t.db.transaction((tx) => atualizarRastreio(tx, n5.uid));
    await conferir();

    // N4 moves to Rápido Sul, to BA, another value; N3 is cancelled; N2's deliveries are deleted.
    await t.db.execute(sql`update nfes set transportador_uid = ${u.R}, destinatario_uf = 'BA', valor_total = 310.10 where uid = ${u.N4}`);
    await t.db.execute(sql`update nfes set cancelada = true where uid = ${u.N3}`);
    await t.db.execute(sql`delete from eventos_ocorrencia where nfe_uid = ${u.N2} and ocorrencia_uid = ${u.entregue}`);
    await t.db.transaction((tx) => atualizarRastreio(tx, u.N2));
    await conferir();

    // CT-es: one inserted, one changed (value and UF), one cancelled, one deleted.
    await t.db.execute(sql`insert into ctes (embarcador_uid, chave, numero, serie, emissao, emissao_texto, emitente_nome, transportador_uid, valor_prestacao, valor_carga, peso_carga, destino_uf)
      values (${u.demo}, '35240360746948000112570010000070051000000000', 7005, 1, '2024-03-31T23:30:00-03:00', '2024-03-31T23:30:00-03:00', 'Emitente', null, '12.34', '100.00', '5', 'SP')`);
    await t.db.execute(sql`update ctes set valor_prestacao = 81.11, destino_uf = 'BA' where uid = ${u.C2}`);
    await t.db.execute(sql`update ctes set cancelado = true where uid = ${u.C3}`);
    await t.db.execute(sql`delete from ctes where uid = ${u.CO}`);
    await conferir();
    // 31/03 23:30 in São Paulo is 01/04 in UTC: still March's.
    expect((await admin.post('/api/v1/bi/frete', P)).body.data.total).toMatchObject({ ctes: 3, valorFrete: '243.70' });

    // Audits (resumo_bi_auditorias): one inserted for C4 (7005), one accepted, one cancelled, the other shipper's deleted;
    // C2's UF changed above already moved its audit (the trigger on ctes). Paid CT-es (resumo_bi_faturas): a second
    // invoice with a payment condition pays C2 and C3, then its payment date moves, C3 leaves it, the condition is renamed,
    // C1's CT-e changes day and carrier, and the first invoice is deleted (its fatura_ctes cascade).
    const [c5] = await rows<{ uid: string }>(t.db, sql`select uid from ctes where numero = 7005`);
    await t.db.execute(sql`insert into auditorias (embarcador_uid, cte_uid, chave_cte, numero_cte, serie_cte, emissao, transportador_uid, status, resultado_calculo, valor_cobrado, valor_esperado, diferenca, resumo)
      values (${u.demo}, ${c5.uid}, ${'5'.repeat(44)}, 7005, 1, '2024-03-31T23:30:00-03:00', null, 3, 3, '12.34', null, null, 'Teste')`);
    await t.db.execute(sql`update auditorias set status = 4 where cte_uid = ${u.C2}`);
    await t.db.execute(sql`update auditorias set status = 5 where cte_uid = ${u.C3}`);
    await t.db.execute(sql`delete from auditorias where embarcador_uid = ${u.outro}`);
    await conferir();
    // The comparison's result (divergências card, scorecard accuracy and R$): C1's audit becomes divergent by 3.21, C4's
    // divergent without a difference (Σ reads 0 as the raw one), C2's difference changes sign (|−9.99|).
    await t.db.execute(sql`update auditorias set resultado_calculo = 2, diferenca = -3.21 where cte_uid = ${u.C1}`);
    await t.db.execute(sql`update auditorias set resultado_calculo = 2 where cte_uid = ${c5.uid}`);
    await t.db.execute(sql`update auditorias set diferenca = -9.99 where cte_uid = ${u.C2}`);
    await conferir();
    expect((await dashboard(t.db, { embarcadorUid: u.demo, transportadorUid: null }, P)).divergencias).toMatchObject({ qtde: 3, valor: '13.20', perc: 100 });
    const [cp] = await rows<{ uid: string }>(t.db, sql`insert into condicoes_pagamento (embarcador_uid, nome, parcelas) values (${u.demo}, 'Teste BI 30', '[30]') returning uid`);
    const [f2] = await rows<{ uid: string }>(t.db, sql`insert into faturas (embarcador_uid, transportador_uid, condicao_pagamento_uid, numero, emissao, vencimento, valor, data_pagamento, status)
      values (${u.demo}, ${u.M}, ${cp.uid}, 'F-2024-2', '2024-03-20', '2024-04-20', '120.10', '2024-04-02', 3) returning uid`);
    await t.db.execute(sql`insert into fatura_ctes (fatura_uid, embarcador_uid, cte_uid, valor) values (${f2.uid}, ${u.demo}, ${u.C2}, '80.10'), (${f2.uid}, ${u.demo}, ${u.C3}, '40.00')`);
    await conferir();
    expect(await DATASETS_RESUMO.tmciclopedidoplanopagto(t.db, { embarcadorUid: u.demo, transportadorUid: null }, P)).toEqual([
      { condicaoPagamento: 'Sem condição', quantidade: 1, mediaDias: 14, valor: '150.25' },
      { condicaoPagamento: 'Teste BI 30', quantidade: 2, mediaDias: 25.5, valor: '120.10' }, // (26 + 25) / 2
    ]);
    await t.db.execute(sql`update faturas set data_pagamento = '2024-04-05' where uid = ${f2.uid}`);
    await t.db.execute(sql`delete from fatura_ctes where cte_uid = ${u.C3}`);
    await t.db.execute(sql`update condicoes_pagamento set nome = '30 dias corridos' where uid = ${cp.uid}`);
    await t.db.execute(sql`update ctes set emissao = '2024-03-01T12:00:00-03:00', transportador_uid = ${u.M} where uid = ${u.C1}`);
    await conferir();
    // Bills (conta frete card): F2's value, carrier and emission day change (to February: out of the period), a third
    // one is issued unpaid, then F2 loses its payment and F1 is deleted.
    await t.db.execute(sql`update faturas set valor = 130.55, transportador_uid = ${u.R}, emissao = '2024-02-29' where uid = ${f2.uid}`);
    await t.db.execute(sql`insert into faturas (embarcador_uid, transportador_uid, numero, emissao, vencimento, valor, status)
      values (${u.demo}, ${u.M}, 'F-2024-3', '2024-03-31', '2024-04-30', '10.01', 1)`);
    await conferir();
    expect((await dashboard(t.db, { embarcadorUid: u.demo, transportadorUid: null }, P)).contaFrete).toMatchObject({ qtde: 2, valor: '160.26', perc: 50 });
    await t.db.execute(sql`update faturas set data_pagamento = null where uid = ${f2.uid}`);
    await t.db.execute(sql`delete from faturas where numero = 'F-2024-1'`);
    await conferir();
    // Conta frete with a UF: F3 has no CT-e (no UF); F2 (February now) pays C2 (BA since above) and no longer C3.
    // C1 (RJ) was F1's, deleted: RJ has no bill left; C2's bill is out of March. A bill line for C3 (PE, cancelled) in F3:
    // F3 counts for PE with that line's value.
    const noPeriodo = { embarcadorUid: u.demo, transportadorUid: null };
    expect((await dashboard(t.db, noPeriodo, { ...P, uf: 'RJ' })).contaFrete).toMatchObject({ qtde: 0, valor: null });
    await t.db.execute(sql`insert into fatura_ctes (fatura_uid, embarcador_uid, cte_uid, valor) select uid, ${u.demo}, ${u.C3}, '7.07' from faturas where numero = 'F-2024-3'`);
    await conferir();
    expect((await dashboard(t.db, noPeriodo, { ...P, uf: 'PE' })).contaFrete).toMatchObject({ qtde: 1, valor: '7.07', perc: 0 });
    expect((await dashboard(t.db, noPeriodo, { dataInicio: '2024-02-01', dataFim: '2024-02-29', uf: 'BA' })).contaFrete).toMatchObject({ qtde: 1, valor: '80.10', perc: 0 });
    // The CT-e's destination moves its bill line to another UF.
    await t.db.execute(sql`update ctes set destino_uf = 'AL' where uid = ${u.C3}`);
    await conferir();
    expect((await dashboard(t.db, noPeriodo, { ...P, uf: 'PE' })).contaFrete.qtde).toBe(0);
    expect((await dashboard(t.db, noPeriodo, { ...P, uf: 'AL' })).contaFrete).toMatchObject({ qtde: 1, valor: '7.07' });
    expect(await um(sql`select (select coalesce(sum(ctes), 0) from resumo_bi_faturas)::int as faturas, (select coalesce(sum(auditadas), 0) from resumo_bi_auditorias)::int as auditorias`))
      .toEqual(await um(sql`select (select count(*) from fatura_ctes fc join faturas fa on fa.uid = fc.fatura_uid and fa.data_pagamento is not null join ctes c on c.uid = fc.cte_uid)::int as faturas,
        (select count(*) from auditorias where status <> 5)::int as auditorias`));
    expect(await um(sql`select (select coalesce(sum(faturas), 0) from resumo_bi_contas_frete)::int as faturas, (select coalesce(sum(valor), 0) from resumo_bi_contas_frete)::text as valor,
        (select coalesce(sum(calculo_divergente), 0) from resumo_bi_auditorias)::int as divergentes`))
      .toEqual(await um(sql`select (select count(*) from faturas)::int as faturas, (select coalesce(sum(valor), 0) from faturas)::text as valor,
        (select count(*) from auditorias where status <> 5 and resultado_calculo = 2)::int as divergentes`));
  }, 240_000);

  it('quotations, invitations, answers, wins and events move the summaries like the raw aggregates', async () => {
    const demo: Escopo = { embarcadorUid: u.demo, transportadorUid: null };
    const cot = async () => (await admin.post('/api/v1/bi/cotacoes', P)).body.data as Record<string, unknown>[];
    const linhaDe = async (api: Api, tr: string) => ((await api.post('/api/v1/bi/transportadora', P)).body.data as Record<string, unknown>[]).find((x) => x.transportadorUid === tr);
    const ocorrencias = async () => (await admin.post('/api/v1/bi/tracking', P)).body.data.ocorrencias as { ocorrencia: string; quantidade: number }[];
    await conferir();
    expect(await cot()).toEqual([{ mes: '2024-03', cotacoes: 2, convites: 3, respostas: 2, taxaResposta: 66.67, finalizadas: 1, valorAprovado: '150.00', valorAlvo: '160.00' }]);

    // Q3 (15/03) invites R and M: 3 quotations, 5 invitations, still 2 answers.
    const [q3] = await rows<{ uid: string }>(t.db, sql`insert into cotacoes_frete (embarcador_uid, status, criado_em) values (${u.demo}, 2, '2024-03-15T10:00:00-03:00') returning uid`);
    await t.db.execute(sql`insert into cotacao_transportadores (cotacao_uid, transportador_uid) values (${q3.uid}, ${u.R}), (${q3.uid}, ${u.M})`);
    await conferir();
    expect(await cot()).toMatchObject([{ cotacoes: 3, convites: 5, respostas: 2, taxaResposta: 40, finalizadas: 1 }]);
    // M answers Q3 and wins it (approved 95.50, no target): M 3 invitations, 2 answers, 1 win (taxaVitoria 1/2).
    await t.db.execute(sql`update cotacao_transportadores set respondido_em = '2024-03-16T10:00:00-03:00', valor_total = 95.50 where cotacao_uid = ${q3.uid} and transportador_uid = ${u.M}`);
    await t.db.execute(sql`update cotacoes_frete set status = 4, vencedor_transportador_uid = ${u.M}, valor_aprovado = 95.50 where uid = ${q3.uid}`);
    await conferir();
    expect(await cot()).toMatchObject([{ cotacoes: 3, convites: 5, respostas: 3, taxaResposta: 60, finalizadas: 2, valorAprovado: '245.50', valorAlvo: '160.00' }]);
    expect(await linhaDe(admin, u.M)).toMatchObject({ convites: 3, respostas: 2, taxaResposta: 66.67, vencidas: 1, taxaVitoria: 50 });
    // Q1 back to "em cotação" and Q3 without an approved value: finalized with no value reads 0, as the raw sum.
    await t.db.execute(sql`update cotacoes_frete set status = 2 where embarcador_uid = ${u.demo} and criado_em = '2024-03-02T10:00:00-03:00'`);
    await t.db.execute(sql`update cotacoes_frete set valor_aprovado = null where uid = ${q3.uid}`);
    await conferir();
    expect(await cot()).toMatchObject([{ finalizadas: 1, valorAprovado: '0', valorAlvo: '0' }]);
    expect(await linhaDe(admin, u.R)).toMatchObject({ convites: 2, respostas: 1, vencidas: 0, taxaVitoria: 0 });
    // R's invitation to Q3 withdrawn; Q2 deleted (its invitation goes by the cascade); Q3 moved to April.
    await t.db.execute(sql`delete from cotacao_transportadores where cotacao_uid = ${q3.uid} and transportador_uid = ${u.R}`);
    await t.db.execute(sql`delete from cotacoes_frete where embarcador_uid = ${u.demo} and criado_em = '2024-03-10T10:00:00-03:00'`);
    await conferir();
    expect(await cot()).toMatchObject([{ cotacoes: 2, convites: 3, respostas: 2 }]);
    await t.db.execute(sql`update cotacoes_frete set criado_em = '2024-04-01T10:00:00-03:00' where uid = ${q3.uid}`);
    await conferir();
    expect(await cot()).toMatchObject([{ cotacoes: 1, convites: 2, respostas: 1 }]);
    expect(await linhaDe(admin, u.M)).toMatchObject({ convites: 1, respostas: 0, vencidas: 0 });

    // Events by kind: a second attempt on N4 and a code without de-para move bi/tracking's `ocorrencias`.
    const antes = await ocorrencias();
    const por100 = async () => (await linhaDe(admin, u.R))?.ocorrenciasPor100 as number; // N4 is Rápido Sul's since above
    const por100Antes = await por100();
    const tentativas = antes.find((o) => o.ocorrencia.startsWith('21 - '))?.quantidade ?? 0;
    await t.db.execute(sql`insert into eventos_ocorrencia (embarcador_uid, ocorrencia_uid, transportador_uid, cnpj_emissor_nf, serie_nf, numero_nf, nfe_uid, data_hora, origem)
      values (${u.demo}, ${u.tentativa}, ${u.M}, '11222333000181', '1', '9004', ${u.N4}, '2024-03-20T10:00:00-03:00', 'manual')`);
    await t.db.execute(sql`insert into eventos_ocorrencia (embarcador_uid, ocorrencia_uid, transportador_uid, cnpj_transportador, codigo_transportador, cnpj_emissor_nf, serie_nf, numero_nf, data_hora, origem)
      values (${u.demo}, null, ${u.M}, '17184037000110', 'ZZ', '11222333000181', '1', '9999', '2024-03-21T10:00:00-03:00', 'edi')`);
    await t.db.transaction((tx) => atualizarRastreio(tx, u.N4));
    await conferir();
    const depois = await ocorrencias();
    expect(depois.find((o) => o.ocorrencia.startsWith('21 - '))?.quantidade).toBe(tentativas + 1);
    expect(depois.find((o) => o.ocorrencia === 'Sem de-para')?.quantidade).toBe(1);
    expect(await por100()).toBeGreaterThan(por100Antes); // the scorecard's occurrences per 100 deliveries (resumo_bi_ocorrencias_notas)
    // The event moved to April leaves March; deleted, it is gone.
    await t.db.execute(sql`update eventos_ocorrencia set data_hora = '2024-04-02T10:00:00-03:00' where codigo_transportador = 'ZZ'`);
    await conferir();
    expect((await ocorrencias()).find((o) => o.ocorrencia === 'Sem de-para')).toBeUndefined();
    await t.db.execute(sql`delete from eventos_ocorrencia where nfe_uid = ${u.N4}`);
    await t.db.transaction((tx) => atualizarRastreio(tx, u.N4));
    await conferir();
    expect((await ocorrencias()).find((o) => o.ocorrencia.startsWith('21 - '))?.quantidade ?? 0).toBe(tentativas);
    expect(await por100()).toBe(por100Antes);

    // Undelivered notes (their status depends on today): a note to AM without any deadline, no event: "Sem ocorrência…";
    // then delivered, it leaves the undelivered summary; N4 with its promised date still past stays "Atrasada".
    const situacoes = async () => Object.fromEntries(((await biTrackingResumo(t.db, demo, P)).fretes as { situacao: string; quantidade: number }[]).map((x) => [x.situacao, x.quantidade]));
    const semOcorrencia = (o: Record<string, number>) => Object.entries(o).filter(([k]) => k.startsWith('Sem ocorrência')).reduce((a, [, v]) => a + v, 0);
    const antesS = await situacoes();
    const [n6] = await rows<{ uid: string }>(t.db, sql`insert into nfes (embarcador_uid, chave, numero, serie, emissao, emissao_texto, emitente_documento, emitente_uf, destinatario_nome, destinatario_uf, valor_total, peso_bruto, transportador_uid)
      values (${u.demo}, '35240311222333000181550010000090061000000000', 9006, 1, '2024-03-22T09:00:00-03:00', '2024-03-22T09:00:00-03:00', '11222333000181', 'SP', 'Cliente 9006', 'AM', '50.00', '5', ${u.M}) returning uid`);
    await conferir();
    expect(semOcorrencia(await situacoes())).toBe(semOcorrencia(antesS) + 1);
    await t.db.execute(sql`insert into eventos_ocorrencia (embarcador_uid, ocorrencia_uid, transportador_uid, cnpj_emissor_nf, serie_nf, numero_nf, nfe_uid, data_hora, origem)
      values (${u.demo}, ${u.entregue}, ${u.M}, '11222333000181', '1', '9006', ${n6.uid}, '2024-03-25T10:00:00-03:00', 'manual')`);
    await t.db.transaction((tx) => atualizarRastreio(tx, n6.uid));
    await conferir();
    const fim = await situacoes();
    expect(semOcorrencia(fim)).toBe(semOcorrencia(antesS));
    expect(fim['Entregue (sem prazo)']).toBe((antesS['Entregue (sem prazo)'] ?? 0) + 1);
    expect(fim.Atrasada).toBe(antesS.Atrasada);
  }, 240_000);
});

describe('réplica de leitura (DATABASE_READ_URL)', () => {
  // PostgreSQL only. With PG_REPLICA=1 (pg.sh), a real streaming replica (pg_basebackup -R) of the test server;
  // without it, another connection string to the same server (read-only, its own application_name). Either way
  // the replica's database is this file's, and a second app (its own primary: a fresh copy) reads BI from it:
  // what that app's BI shows tells which pool served it.
  it.runIf(naPostgres)('reports, BI and the dashboard read the replica; the rest reads the primary', async () => {
    const [{ nome }] = await rows<{ nome: string }>(t.db, sql`select current_database() as nome`);
    const servidor = process.env.TEST_REPLICA_URL ?? (inject('fretioTestDb') as { url: string }).url;
    const url = new URL(databaseUrlFor(servidor, nome));
    const leitor = new pg.Client({ connectionString: url.toString() });
    await leitor.connect();
    /** Until the replica has replayed everything the primary wrote so far (asynchronous; pg.sh commits with
     * synchronous_commit=off, so the insert position: what is committed but maybe not yet flushed). */
    const alcancar = async () => {
      if (!process.env.TEST_REPLICA_URL) return;
      const [{ lsn }] = await rows<{ lsn: string }>(t.db, sql`select pg_current_wal_insert_lsn()::text as lsn`);
      await expect.poll(async () => (await leitor.query('select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok', [lsn])).rows[0].ok, { timeout: 15_000, interval: 50 }).toBe(true);
    };
    url.searchParams.set('application_name', 'fretio_leitura');
    url.searchParams.set('options', '-c default_transaction_read_only=on');
    process.env.DATABASE_READ_URL = url.toString();
    let t2: TestApp | undefined;
    try {
      t2 = await createTestApp();
    } finally {
      delete process.env.DATABASE_READ_URL;
    }
    try {
      expect((await leitor.query('select pg_is_in_recovery() as r')).rows[0].r).toBe(Boolean(process.env.TEST_REPLICA_URL));
      await alcancar();
      const a2 = await as(t2.app, 'admin@demo.com.br');
      const esperado = await dashboard(t.db, { embarcadorUid: u.demo, transportadorUid: null }, P);
      expect((await a2.get('/api/v1/dashboard', P)).body.data).toEqual(esperado);
      // A CT-e written to the second app's primary: its CT-e list (primary) has it, its BI (replica) does not.
      await t2.db.execute(sql`insert into ctes (embarcador_uid, chave, numero, serie, emissao, emissao_texto, emitente_nome, valor_prestacao, valor_carga, destino_uf)
        values (${u.demo}, '35240360746948000112570010000070091000000000', 7009, 1, '2024-03-20T10:00:00-03:00', '2024-03-20T10:00:00-03:00', 'Só no primário', '777.00', '1000.00', 'SP')`);
      expect((await a2.get('/api/v1/documentos/ctes', { ftr_numero: 7009 })).body.data.totalRecords).toBe(1);
      expect((await a2.post('/api/v1/bi/frete', P)).body.data.total).toEqual((await admin.post('/api/v1/bi/frete', P)).body.data.total);
      expect((await a2.post('/api/v1/relatorios/cte-sem-nfe', P)).body.data.data.map((r: { numero: number }) => r.numero)).not.toContain(7009);
      // Written to the replica's primary (this file's database), it reaches the second app's BI once replayed.
      await t.db.execute(sql`update ctes set valor_prestacao = 150.35 where uid = ${u.C1}`);
      await alcancar();
      expect((await a2.post('/api/v1/bi/frete', P)).body.data.total.valorFrete).toBe((await admin.post('/api/v1/bi/frete', P)).body.data.total.valorFrete);
      // The read pool's backends: on the replica's server, this file's database.
      const leitores = (await leitor.query<{ banco: string }>(`select datname as banco from pg_stat_activity where application_name = 'fretio_leitura'`)).rows;
      expect(leitores.length).toBeGreaterThan(0);
      expect(leitores.every((l) => l.banco === nome)).toBe(true);
    } finally {
      await t2.close();
      await leitor.end();
    }
  });
});
