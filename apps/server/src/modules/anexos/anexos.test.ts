import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, api, as, session } from '../../../test/support/http.ts';
import { anexos, arquivos, transportadores } from '../../db/schema/index.ts';
import { enviar } from './multipart-teste.ts';

// Attachments (a reusable sub-resource), exercised on freight tables: upload, list, download,
// delete, the 10 MB limit and the allowed types; another shipper never reaches them.
let t: TestApp;
let admin: Api, outro: Api, operador: Api;
let cookie: string, cookieOutro: string;
let url: string;
let tabela: string;
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')]);

beforeAll(async () => {
  t = await createTestApp();
  [admin, outro, operador] = await Promise.all(
    ['admin@demo.com.br', 'admin@outro.com.br', 'operador@demo.com.br'].map((l) => as(t.app, l)),
  );
  [cookie, cookieOutro] = await Promise.all([session(t.app, 'admin@demo.com.br'), session(t.app, 'admin@outro.com.br')]);
  const [rapido] = await t.db.select().from(transportadores).where(eq(transportadores.nomeFantasia, 'Rápido Sul'));
  tabela = (await admin.post('/api/v1/tabelasfrete', { nome: 'Com anexos', transportadorUid: rapido.uid, vigenciaInicio: '2026-01-01' }))
    .body.data.uid;
  url = `/api/v1/tabelasfrete/${tabela}/anexos`;
});
afterAll(() => t?.close());

describe('anexos', () => {
  let anexo: { uid: string; url: string };

  it('uploads a PDF with a description; lists it; downloads the same bytes', async () => {
    const res = await enviar(
      t.app,
      cookie,
      url,
      { descricao: 'Proposta comercial assinada' },
      { name: 'proposta.pdf', type: 'application/pdf', data: PDF },
    );
    expect(res.status, res.text).toBe(201);
    anexo = res.body.data;
    expect(res.body.data).toMatchObject({
      entidade: 'tabelasfrete',
      entidadeUid: tabela,
      nome: 'proposta.pdf',
      descricao: 'Proposta comercial assinada',
      tipoConteudo: 'application/pdf',
      tamanho: PDF.length,
      url: `/api/download/anexo/${anexo.uid}`,
      criadoPorNome: 'Administrador Demo',
    });
    const lista = await admin.get(url);
    expect(lista.body.data).toMatchObject({ totalRecords: 1, data: [{ uid: anexo.uid }] });
    expect((await admin.get(`${url}/${anexo.uid}`)).body.data.nome).toBe('proposta.pdf');
    const down = await t.app.inject({ method: 'GET', url: anexo.url, headers: { cookie } });
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(down.rawPayload.equals(PDF)).toBe(true);
    // Another shipper: neither the list nor the file.
    expect((await outro.get(url)).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: anexo.url, headers: { cookie: cookieOutro } })).statusCode).toBe(404);
  });

  it("downloads check the owner record's permission: a role without freight tables gets 403, like the list (issue 7, fault 7)", async () => {
    // The carrier user works inside Demo with a role that reads carriers only, not freight tables.
    const cookieTransp = await session(t.app, 'transportador@rapidosul.com.br');
    expect((await api(t.app, cookieTransp).get(url)).status).toBe(403);
    const down = await t.app.inject({ method: 'GET', url: anexo.url, headers: { cookie: cookieTransp } });
    expect(down.statusCode, down.body).toBe(403);
    expect(down.rawPayload.includes(PDF)).toBe(false);
    // The operator reads freight tables: the file is served; another shipper never finds it.
    const cookieOperador = await session(t.app, 'operador@demo.com.br');
    expect((await t.app.inject({ method: 'GET', url: anexo.url, headers: { cookie: cookieOperador } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: anexo.url, headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: anexo.url, headers: { cookie: cookieOutro } })).statusCode).toBe(404);
  });

  it('a file whose owner record is gone, or of a kind nobody registered, is not served', async () => {
    const orfao = await enviar(t.app, cookie, url, {}, { name: 'orfao.txt', type: 'text/plain', data: Buffer.from('x') });
    expect(orfao.status).toBe(201);
    await t.db.update(anexos).set({ entidade: 'desconhecida' }).where(eq(anexos.uid, orfao.body.data.uid));
    expect((await t.app.inject({ method: 'GET', url: orfao.body.data.url, headers: { cookie } })).statusCode).toBe(404);
    await t.db.update(arquivos).set({ tipo: 'exportacao' }).where(eq(arquivos.uid, orfao.body.data.uid));
    expect((await t.app.inject({ method: 'GET', url: `/api/download/exportacao/${orfao.body.data.uid}`, headers: { cookie } })).statusCode).toBe(404);
    await t.db.delete(anexos).where(eq(anexos.uid, orfao.body.data.uid));
  });

  it('accepts the allowed types (csv sent as application/vnd.ms-excel, xml, png) and stores the canonical type', async () => {
    const csv = await enviar(
      t.app,
      cookie,
      url,
      {},
      { name: 'rotas.csv', type: 'application/vnd.ms-excel', data: Buffer.from('origem;destino\nSP;RJ\n') },
    );
    expect(csv.status, csv.text).toBe(201);
    expect(csv.body.data.tipoConteudo).toBe('text/csv');
    const xml = await enviar(t.app, cookie, url, {}, { name: 'cte.xml', type: 'text/xml', data: Buffer.from('<cteProc/>') });
    expect(xml.body.data.tipoConteudo).toBe('application/xml');
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)]);
    expect((await enviar(t.app, cookie, url, {}, { name: 'mapa.PNG', type: 'application/octet-stream', data: png })).status).toBe(201);
  });

  it('refuses other types, content that does not match the extension, no file, and files above 10 MB (413)', async () => {
    const exe = await enviar(t.app, cookie, url, {}, { name: 'virus.exe', type: 'application/x-msdownload', data: Buffer.from('MZ...') });
    expect(exe.status).toBe(400);
    expect(exe.body.errors).toEqual([
      {
        field: 'file',
        message: 'Tipo de arquivo não permitido. Aceitos: pdf, png, jpg, gif, webp, bmp, tif, xlsx, xls, csv, docx, txt, xml, zip.',
      },
    ]);
    const falso = await enviar(
      t.app,
      cookie,
      url,
      {},
      { name: 'nota.pdf', type: 'application/pdf', data: Buffer.from('isto não é um pdf de verdade') },
    );
    expect(falso.status).toBe(400);
    expect(falso.body.errors).toEqual([{ field: 'file', message: 'O conteúdo do arquivo não corresponde à extensão .pdf.' }]);
    const semArquivo = await enviar(t.app, cookie, url, { descricao: 'nada' });
    expect(semArquivo.status).toBe(400);
    expect(semArquivo.body.message).toBe('Arquivo não foi fornecido');
    const grande = await enviar(
      t.app,
      cookie,
      url,
      {},
      { name: 'grande.txt', type: 'text/plain', data: Buffer.alloc(10 * 1024 * 1024 + 1, 97) },
    );
    expect(grande.status).toBe(413);
    expect(grande.body).toMatchObject({ success: false, errorCode: 413 });
    const limite = await enviar(
      t.app,
      cookie,
      url,
      {},
      { name: 'limite.txt', type: 'text/plain', data: Buffer.alloc(10 * 1024 * 1024, 97) },
    );
    expect(limite.status).toBe(201);
    expect((await admin.get(url)).body.data.totalRecords).toBe(5);
  });

  it('deletes an attachment (and its file); a reader may not attach', async () => {
    expect((await operador.get(url)).status).toBe(200);
    expect(
      (
        await enviar(
          t.app,
          await session(t.app, 'operador@demo.com.br'),
          url,
          {},
          { name: 'a.txt', type: 'text/plain', data: Buffer.from('x') },
        )
      ).status,
    ).toBe(403);
    expect((await outro.delete(`${url}/${anexo.uid}`)).status).toBe(404);
    expect((await admin.delete(`${url}/${anexo.uid}`)).status).toBe(200);
    expect((await admin.delete(`${url}/${anexo.uid}`)).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: anexo.url, headers: { cookie } })).statusCode).toBe(404);
  });

  it("a historic table's attachments are read-only (409); deleting a table removes its attachments", async () => {
    const res = await admin.post(`/api/v1/tabelasfrete/${tabela}/reajustar`, { vigenciaInicio: '2027-01-01', percentual: 3 });
    expect(res.status).toBe(201);
    const novo = await enviar(t.app, cookie, url, {}, { name: 'b.txt', type: 'text/plain', data: Buffer.from('y') });
    expect(novo.status).toBe(409);
    expect(novo.body.message).toBe('Tabela histórica não pode ser alterada');
    const nova = res.body.data.uid;
    const urlNova = `/api/v1/tabelasfrete/${nova}/anexos`;
    const a = (await enviar(t.app, cookie, urlNova, {}, { name: 'c.txt', type: 'text/plain', data: Buffer.from('z') })).body.data;
    expect((await admin.delete(`/api/v1/tabelasfrete/${nova}`)).status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: a.url, headers: { cookie } })).statusCode).toBe(404);
  });
});
