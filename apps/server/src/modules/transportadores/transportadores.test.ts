import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { auditoriaSistema, embarcadorTransportador, embarcadores, transportadores } from '../../db/schema/index.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';
import { consultaCnpjProviderDoAmbiente, consultarCnpj } from './service.ts';

// Carriers: visibility per shipper and per carrier user, create-and-link, selection lists, units
// across carriers and the CNPJ lookup.
let t: TestApp;
let admin: Api, operador: Api, outro: Api, transp: Api;
const uid: Record<string, string> = {};
let demoUid: string, outroUid: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, operador, outro, transp] = await Promise.all(
    ['admin@demo.com.br', 'operador@demo.com.br', 'admin@outro.com.br', 'transportador@rapidosul.com.br'].map((l) => as(t.app, l)),
  );
  for (const c of await t.db.select().from(transportadores)) uid[c.nomeFantasia as string] = c.uid;
  const es = await t.db.select().from(embarcadores);
  demoUid = es.find((e) => e.cnpj === '11222333000181')!.uid;
  outroUid = es.find((e) => e.cnpj === '45723174000110')!.uid;
});
afterAll(() => t?.close());

const nomes = (r: { body: { data: { data: { nomeFantasia: string }[] } } }) => r.body.data.data.map((c) => c.nomeFantasia).sort();

describe('visibility', () => {
  it('a shipper lists only the carriers linked to it', async () => {
    const demo = await admin.get('/api/v1/transportadores');
    expect(demo.status).toBe(200);
    expect(nomes(demo)).toEqual(['Expresso Nordeste', 'João Autônomo', 'Rápido Sul', 'TransMinas']);
    expect(demo.body.data.totalRecords).toBe(4);
    const out = await outro.get('/api/v1/transportadores');
    expect(nomes(out)).toEqual(['TransMinas']);
  });

  it("another shipper's carrier answers 404 on read and write", async () => {
    expect((await outro.get(`/api/v1/transportadores/${uid['Rápido Sul']}`)).status).toBe(404);
    const put = await outro.put(`/api/v1/transportadores/${uid['Rápido Sul']}`, { nome: 'Tomado', cnpj: '60746948000112' });
    expect(put.status).toBe(404);
    const [row] = await t.db.select().from(transportadores).where(eq(transportadores.uid, uid['Rápido Sul']));
    expect(row.nome).toBe('Rápido Sul Transportes Ltda');
    const shared = await outro.get(`/api/v1/transportadores/${uid.TransMinas}`);
    expect(shared.status).toBe(200);
    expect(shared.body.data).toMatchObject({ nome: 'TransMinas Cargas S.A.', cnpj: '17184037000110' });
  });

  it('a carrier user sees only its own carrier', async () => {
    const list = await transp.get('/api/v1/transportadores');
    expect(nomes(list)).toEqual(['Rápido Sul']);
    expect((await transp.get(`/api/v1/transportadores/${uid.TransMinas}`)).status).toBe(404);
    expect((await transp.get('/api/v1/transportadores/listaselecao-geral')).status).toBe(403);
  });
});

describe('create and update', () => {
  const novo = { nome: 'Veloz Cargas Ltda', nomeFantasia: 'Veloz', cnpj: '11.444.777/0001-61', email: 'Contato@Veloz.com.br', uf: 'sc', cep: '88010-000' };

  it('creates the carrier linked to the active shipper, CNPJ stored as digits, audited', async () => {
    const res = await admin.post('/api/v1/transportadores', novo);
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({ nome: 'Veloz Cargas Ltda', cnpj: '11444777000161', email: 'contato@veloz.com.br', uf: 'SC', cep: '88010000', ativo: true });
    const created = res.body.data.uid as string;
    const link = await t.db.select().from(embarcadorTransportador).where(eq(embarcadorTransportador.transportadorUid, created));
    expect(link.map((l) => l.embarcadorUid)).toEqual([demoUid]);
    expect((await admin.get(`/api/v1/transportadores/${created}`)).status).toBe(200);
    expect((await outro.get(`/api/v1/transportadores/${created}`)).status).toBe(404);
    const audit = await t.db.select().from(auditoriaSistema).where(and(eq(auditoriaSistema.registroUid, created), eq(auditoriaSistema.acao, 'criar')));
    expect(audit).toHaveLength(1);
  });

  it("a CNPJ already registered answers 409 'Transportador já cadastrado' on cnpj", async () => {
    const res = await outro.post('/api/v1/transportadores', { nome: 'Outra Razão', cnpj: '60.746.948/0001-12' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, errorCode: 409, message: 'Transportador já cadastrado' });
    // Not this shipper's carrier: not named (the shipper could not open it).
    expect(res.body.errors).toEqual([{ field: 'cnpj', message: 'Transportador já cadastrado' }]);
    // The shipper's own carrier: named, so the form links to it.
    const meu = await admin.post('/api/v1/transportadores', { nome: 'Outra Razão', cnpj: '60.746.948/0001-12' });
    expect(meu.status).toBe(409);
    const existente = (await admin.get(`/api/v1/transportadores/${uid['Rápido Sul']}`)).body.data;
    expect(meu.body.errors).toEqual([{ field: 'cnpj', message: 'Transportador já cadastrado', registro: { uid: existente.uid, nome: existente.nome } }]);
  });

  it('bad input answers 400 per field in Portuguese', async () => {
    const res = await admin.post('/api/v1/transportadores', { nome: '', cnpj: '11.111.111/1111-11', email: 'x' });
    expect(res.status).toBe(400);
    const fields = Object.fromEntries((res.body.errors as { field: string; message: string }[]).map((e) => [e.field, e.message]));
    expect(fields).toMatchObject({ nome: 'Campo obrigatório', cnpj: 'CNPJ inválido', email: 'E-mail inválido' });
  });

  it('updates a visible carrier; a duplicate CNPJ on update is 409 too', async () => {
    const res = await admin.put(`/api/v1/transportadores/${uid['Expresso Nordeste']}`, { nome: 'Expresso Nordeste Logística Ltda', nomeFantasia: 'Expresso NE', cnpj: '33000167000101', rntrc: '023456789' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ nomeFantasia: 'Expresso NE', rntrc: '023456789' });
    const dup = await admin.put(`/api/v1/transportadores/${uid['Expresso Nordeste']}`, { nome: 'X', cnpj: '60746948000112' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors?.[0]?.field).toBe('cnpj');
    await admin.put(`/api/v1/transportadores/${uid['Expresso Nordeste']}`, { nome: 'Expresso Nordeste Logística Ltda', nomeFantasia: 'Expresso Nordeste', cnpj: '33000167000101' });
  });

  it('a read-only role may not write (403)', async () => {
    expect((await operador.post('/api/v1/transportadores', { ...novo, cnpj: '45.997.418/0001-53' })).status).toBe(403);
    expect((await operador.put(`/api/v1/transportadores/${uid['Rápido Sul']}`, { nome: 'X', cnpj: '60746948000112' })).status).toBe(403);
    expect((await operador.get('/api/v1/transportadores')).status).toBe(200);
  });
});

describe('selection lists', () => {
  it("listaselecao-usuario: the active shipper's carriers as {value, label}", async () => {
    const res = await outro.get('/api/v1/transportadores/listaselecao-usuario');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { uid: uid.TransMinas, nome: 'TransMinas Cargas S.A.', cnpj: '17184037000110', value: uid.TransMinas, label: 'TransMinas Cargas S.A. - 17.184.037/0001-10' },
    ]);
  });

  it('searches without accents or case, and by CNPJ digits', async () => {
    const porNome = await admin.get('/api/v1/transportadores/listaselecao-usuario', { q: 'RAPIDO' });
    expect(porNome.body.data.map((o: { nome: string }) => o.nome)).toEqual(['Rápido Sul Transportes Ltda']);
    const porCnpj = await outro.get('/api/v1/transportadores/listaselecao-geral', { q: '33.000.167' });
    expect(porCnpj.body.data.map((o: { nome: string }) => o.nome)).toEqual(['Expresso Nordeste Logística Ltda']);
  });

  it('listaselecao-geral lists every active carrier, linked or not', async () => {
    const res = await outro.get('/api/v1/transportadores/listaselecao-geral');
    const nomesGeral = res.body.data.map((o: { nome: string }) => o.nome);
    expect(nomesGeral).toEqual(expect.arrayContaining(['Rápido Sul Transportes Ltda', 'TransMinas Cargas S.A.', 'João Carlos Pereira']));
    expect(nomesGeral).toEqual([...nomesGeral].sort((a: string, b: string) => (a < b ? -1 : 1)));
  });
});

describe('units across carriers', () => {
  it('transportadores-unidades: units of the visible carriers with the carrier name', async () => {
    const demo = await admin.get('/api/v1/transportadores/transportadores-unidades');
    expect(demo.status).toBe(200);
    expect(demo.body.data.totalRecords).toBe(5);
    expect(demo.body.data.data[0]).toHaveProperty('transportadorNome');
    const out = await outro.get('/api/v1/transportadores/transportadores-unidades');
    expect(out.body.data.data.map((u: { apelido: string; transportadorNome: string }) => [u.apelido, u.transportadorNome])).toEqual([['BH', 'TransMinas Cargas S.A.']]);
  });

  it('autonomos: carriers with an independent-contractor unit', async () => {
    const res = await admin.get('/api/v1/transportadores/autonomos');
    expect(nomes(res)).toEqual(['João Autônomo']);
    expect((await outro.get('/api/v1/transportadores/autonomos')).body.data.totalRecords).toBe(0);
  });

  it('transportadores-unidades-embarcador filters indicaAutonomo and checks the shipper', async () => {
    const empresas = await admin.get('/api/v1/transportadores/transportadores-unidades-embarcador', { ftr_embarcador: demoUid, indicaAutonomo: 'false' });
    expect(empresas.status).toBe(200);
    expect(empresas.body.data.totalRecords).toBe(4);
    const autonomos = await admin.get('/api/v1/transportadores/transportadores-unidades-embarcador', { indicaAutonomo: 'true' });
    expect(autonomos.body.data.data.map((u: { nome: string }) => u.nome)).toEqual(['João Carlos Pereira']);
    const alheio = await admin.get('/api/v1/transportadores/transportadores-unidades-embarcador', { ftr_embarcador: outroUid });
    expect(alheio.status).toBe(404);
    expect(alheio.body.message).toBe('Embarcador não localizado');
  });
});

describe('consulta-cnpj', () => {
  it('finds our record and says whether it is linked to the active shipper', async () => {
    const linked = await admin.get('/api/v1/transportadores/consulta-cnpj/60746948000112', { e: 0 });
    expect(linked.status).toBe(200);
    expect(linked.body.data).toMatchObject({ encontrado: true, origem: 'cadastro', vinculado: true, transportador: { uid: uid['Rápido Sul'], cnpj: '60746948000112' } });
    const notLinked = await outro.get('/api/v1/transportadores/consulta-cnpj/60746948000112');
    expect(notLinked.body.data).toMatchObject({ encontrado: true, origem: 'cadastro', vinculado: false });
  });

  it('not found (no external provider configured) answers encontrado false', async () => {
    const res = await admin.get('/api/v1/transportadores/consulta-cnpj/45997418000153', { e: 1 });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ encontrado: false, origem: null, vinculado: false, transportador: null });
  });

  it("an invalid CNPJ answers 400 'CNPJ inválido'", async () => {
    const res = await admin.get('/api/v1/transportadores/consulta-cnpj/12345678000100');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'CNPJ inválido', errors: [{ field: 'documento', message: 'CNPJ inválido' }] });
  });

  it('with e=1 asks the external provider of CNPJ_PROVIDER_URL and maps its fields', async () => {
    const server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url !== '/cnpj/45997418000153') {
        res.statusCode = 404;
        return res.end('{}');
      }
      res.end(JSON.stringify({ razao_social: 'EMPRESA EXTERNA LTDA', nome_fantasia: 'Externa', cep: '01001-000', uf: 'sp', codigo_municipio_ibge: 3550308, ddd_telefone_1: '1133334444', email: null }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    try {
      expect(consultaCnpjProviderDoAmbiente({})).toBeNull();
      const provider = consultaCnpjProviderDoAmbiente({ CNPJ_PROVIDER_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/cnpj/` });
      const ctx = { usuarioUid: 'x', tipoUsuario: 1, embarcadorUid: demoUid, transportadorUid: null, permissoes: {} } as unknown as RequestContext;
      const externo = await consultarCnpj(t.db, ctx, '45.997.418/0001-53', true, provider);
      expect(externo).toEqual({
        encontrado: true,
        origem: 'externo',
        vinculado: false,
        transportador: { cnpj: '45997418000153', nome: 'EMPRESA EXTERNA LTDA', nomeFantasia: 'Externa', email: null, telefone: '1133334444', cep: '01001000', uf: 'SP', municipioIbge: '3550308' },
      });
      // e=0 never leaves our records; an unknown CNPJ at the provider is "not found".
      expect((await consultarCnpj(t.db, ctx, '45997418000153', false, provider)).encontrado).toBe(false);
      expect((await consultarCnpj(t.db, ctx, '19131243000197', true, provider)).origem).toBeNull();
      // Our record wins over the provider.
      expect((await consultarCnpj(t.db, ctx, '60746948000112', true, provider)).origem).toBe('cadastro');
    } finally {
      server.close();
    }
  });
});
