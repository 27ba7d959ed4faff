import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';

// Regions and their locations: CRUD, selection list, 'Regiao não informado.', isolation, validation.
let t: TestApp;
let admin: Api, outro: Api, operador: Api;

beforeAll(async () => {
  t = await createTestApp();
  [admin, outro, operador] = await Promise.all(
    ['admin@demo.com.br', 'admin@outro.com.br', 'operador@demo.com.br'].map((l) => as(t.app, l)),
  );
});
afterAll(() => t?.close());

describe('regions', () => {
  let uid: string;
  it('creates a region and adds UF, municipality and CEP range locations', async () => {
    const res = await admin.post('/api/v1/regioes', { nome: 'Interior Paulista Teste', descricao: 'Campinas e região' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ nome: 'Interior Paulista Teste', ativo: true, quantidadeLocais: 0 });
    uid = res.body.data.uid;
    const uf = await admin.post(`/api/v1/regioes/${uid}/locais`, { tipo: 'UF', uf: 'mg' });
    expect(uf.status).toBe(201);
    expect(uf.body.data).toMatchObject({ tipo: 'UF', uf: 'MG', descricao: 'MG', regiaoUid: uid });
    const mun = await admin.post(`/api/v1/regioes/${uid}/locais`, { tipo: 'MUNICIPIO', ibge: '3509502' });
    expect(mun.status).toBe(201);
    expect(mun.body.data).toMatchObject({ tipo: 'MUNICIPIO', ibge: '3509502', descricao: 'Campinas/SP (3509502)' });
    const cep = await admin.post(`/api/v1/regioes/${uid}/locais`, { tipo: 'FAIXA_CEP', de: '13000-000', ate: '13139-999' });
    expect(cep.status).toBe(201);
    expect(cep.body.data).toMatchObject({ tipo: 'FAIXA_CEP', de: '13000000', ate: '13139999', descricao: 'CEP 13000-000 a 13139-999' });
    const list = await admin.get(`/api/v1/regioes/${uid}/locais`);
    expect(list.body.data.totalRecords).toBe(3);
    expect((await admin.get(`/api/v1/regioes/${uid}`)).body.data.quantidadeLocais).toBe(3);
  });

  it('rejects bad locations with per-field pt-BR messages', async () => {
    const bad = await admin.post(`/api/v1/regioes/${uid}/locais`, { tipo: 'FAIXA_CEP', de: '13140000', ate: '13000000' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'ate', message: 'CEP final deve ser maior ou igual ao CEP inicial' }]);
    const mun = await admin.post(`/api/v1/regioes/${uid}/locais`, { tipo: 'MUNICIPIO', ibge: '3599999' });
    expect(mun.status).toBe(400);
    expect(mun.body.errors[0].field).toBe('ibge');
    const reg = await admin.post(`/api/v1/regioes/${uid}/locais`, { tipo: 'REGIAO', regiaoUid: uid });
    expect(reg.status).toBe(400);
    expect(reg.body.errors[0].field).toBe('tipo');
    const dup = await admin.post(`/api/v1/regioes/${uid}/locais`, { tipo: 'UF', uf: 'MG' });
    expect(dup.status).toBe(409);
  });

  it("answers 400 'Regiao não informado.' without a valid region uid, 404 for another shipper's region", async () => {
    const res = await admin.get('/api/v1/regioes/nao-e-uid/locais');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Regiao não informado.');
    expect((await outro.get(`/api/v1/regioes/${uid}/locais`)).status).toBe(404);
    expect((await outro.post(`/api/v1/regioes/${uid}/locais`, { tipo: 'UF', uf: 'SP' })).status).toBe(404);
    expect((await operador.post('/api/v1/regioes', { nome: 'Sem permissão' })).status).toBe(403);
  });

  it('POST /regioes/lista: active regions of the shipper for selects', async () => {
    const res = await admin.post('/api/v1/regioes/lista', { nome: 'interior paulista' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([expect.objectContaining({ value: uid, label: 'Interior Paulista Teste', uid })]);
    expect((await outro.post('/api/v1/regioes/lista', {})).body.data.map((r: { uid: string }) => r.uid)).not.toContain(uid);
  });
});
