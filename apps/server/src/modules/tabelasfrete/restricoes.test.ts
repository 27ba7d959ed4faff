import ExcelJS from 'exceljs';
import { generateCnpj } from '@brazilian-utils/brazilian-utils';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatarDocumento } from '@fretio/core';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as, session } from '../../../test/support/http.ts';
import { pessoas, transportadores } from '../../db/schema/index.ts';
import { enviar } from '../anexos/multipart-teste.ts';

// Senders and recipients of a component restriction: link, unlink, import a CSV/XLSX of CNPJs.
let t: TestApp;
let admin: Api, outro: Api;
let cookie: string;
let base: string;
let pj: { uid: string; documento: string; nome: string }[];
const T = '/api/v1/tabelasfrete';

beforeAll(async () => {
  t = await createTestApp();
  [admin, outro] = await Promise.all(['admin@demo.com.br', 'admin@outro.com.br'].map((l) => as(t.app, l)));
  cookie = await session(t.app, 'admin@demo.com.br');
  const demo = (await admin.get('/api/v1/perfil')).body.data.embarcadorAtivo.uid;
  pj = await t.db
    .select({ uid: pessoas.uid, documento: pessoas.documento, nome: pessoas.nome })
    .from(pessoas)
    .where(and(eq(pessoas.embarcadorUid, demo), eq(pessoas.tipoPessoa, 'J')))
    .orderBy(pessoas.nome);
  const [rapido] = await t.db.select().from(transportadores).where(eq(transportadores.nomeFantasia, 'Rápido Sul'));
  const tab = (await admin.post(T, { nome: 'Restrições', transportadorUid: rapido.uid, vigenciaInicio: '2026-01-01' })).body.data.uid;
  const x = (await admin.post(`${T}/${tab}/restricoes-componentes`, { componente: 'TDE', modo: 'SOMENTE' })).body.data.uid;
  base = `${T}/${tab}/restricoes-componentes/${x}`;
});
afterAll(() => t?.close());

describe('link and unlink', () => {
  it('links a sender and a recipient one by one (409 twice), lists them, unlinks', async () => {
    const r = await admin.post(`${base}/remetentes/${pj[0].uid}`);
    expect(r.status, r.text + base).toBe(201);
    expect(r.body.data).toMatchObject({ pessoaUid: pj[0].uid, nome: pj[0].nome, documento: pj[0].documento });
    expect((await admin.post(`${base}/remetentes/${pj[0].uid}`)).status).toBe(409);
    const d = await admin.post(`${base}/destinatarios/${pj[0].uid}`);
    expect(d.status, d.text).toBe(201);
    expect((await admin.get(`${base}/remetentes`)).body.data).toMatchObject({ totalRecords: 1, data: [{ pessoaUid: pj[0].uid }] });
    const restricao = (await admin.get(base.replace(/\/restricoes-componentes\/.*/, '/restricoes-componentes'))).body.data.data[0];
    expect(restricao).toMatchObject({ quantidadeRemetentes: 1, quantidadeDestinatarios: 1 });
    expect((await admin.delete(`${base}/remetentes/${pj[0].uid}`)).status).toBe(200);
    expect((await admin.delete(`${base}/remetentes/${pj[0].uid}`)).status).toBe(404);
    expect((await admin.get(`${base}/remetentes`)).body.data.totalRecords).toBe(0);
  });

  it("a person of another shipper is 404; another shipper can't see the lists", async () => {
    const demo = (await admin.get('/api/v1/perfil')).body.data.embarcadorAtivo.uid;
    const [alheia] = await t.db
      .select({ uid: pessoas.uid })
      .from(pessoas)
      .where(eq(pessoas.embarcadorUid, (await outro.get('/api/v1/perfil')).body.data.embarcadorAtivo.uid));
    expect(demo).toBeTruthy();
    expect((await admin.post(`${base}/destinatarios/${alheia.uid}`)).status).toBe(404);
    expect((await outro.get(`${base}/destinatarios`)).status).toBe(404);
    expect((await outro.post(`${base}/destinatarios/${alheia.uid}`)).status).toBe(404);
    expect((await admin.get(`${base}/destinatarios`, { ssf: 'nada' })).status).toBe(400);
  });
});

describe('import', () => {
  const csv = (linhas: string[]) => ({ name: 'cnpjs.csv', type: 'text/csv', data: Buffer.from(`CNPJ\r\n${linhas.join('\r\n')}\r\n`) });

  it('imports a CSV of CNPJs with or without masks; already linked ones are kept', async () => {
    const res = await enviar(
      t.app,
      cookie,
      `${base}/importar-destinatarios`,
      {},
      csv([formatarDocumento(pj[1].documento), pj[2].documento, pj[0].documento, pj[2].documento]),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ vinculados: 2, jaVinculados: 1, linhas: 4 });
    const lista = (await admin.get(`${base}/destinatarios`, { pps: 50 })).body.data.data
      .map((p: { pessoaUid: string }) => p.pessoaUid)
      .sort();
    expect(lista).toEqual([pj[0].uid, pj[1].uid, pj[2].uid].sort());
  });

  it('reports invalid and unknown CNPJs per row and saves nothing', async () => {
    const desconhecido = generateCnpj();
    const res = await enviar(t.app, cookie, `${base}/importar-remetentes`, {}, csv([pj[3].documento, '11.222.333/0001-80', desconhecido]));
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toBe('Erro ao importar dados. 2 linha(s) com erro; nada foi gravado.');
    expect(res.body.errors).toEqual([
      {
        aba: 'arquivo',
        linha: 3,
        campo: 'cnpj',
        mensagem: 'CNPJ inválido: "11.222.333/0001-80"',
        field: 'linha 3',
        message: 'CNPJ inválido: "11.222.333/0001-80"',
      },
      {
        aba: 'arquivo',
        linha: 4,
        campo: 'cnpj',
        mensagem: `CNPJ ${formatarDocumento(desconhecido)} não cadastrado em pessoas`,
        field: 'linha 4',
        message: `CNPJ ${formatarDocumento(desconhecido)} não cadastrado em pessoas`,
      },
    ]);
    expect((await admin.get(`${base}/remetentes`)).body.data.totalRecords).toBe(0);
  });

  it('imports an XLSX (numeric cells that lost their leading zeros included)', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('CNPJs');
    ws.addRow(['CNPJ']);
    ws.addRow([Number(pj[3].documento)]);
    ws.addRow([formatarDocumento(pj[4].documento)]);
    const res = await enviar(
      t.app,
      cookie,
      `${base}/importar-remetentes`,
      {},
      {
        name: 'cnpjs.xlsx',
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        data: Buffer.from(await wb.xlsx.writeBuffer()),
      },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ vinculados: 2, jaVinculados: 0, linhas: 2 });
    const sem = await enviar(
      t.app,
      cookie,
      `${base}/importar-remetentes`,
      {},
      { name: 'vazio.csv', type: 'text/csv', data: Buffer.from('CNPJ\r\n') },
    );
    expect(sem.status).toBe(400);
    expect(sem.body.errors).toEqual([{ field: 'file', message: 'O arquivo não tem CNPJs' }]);
  });
});
