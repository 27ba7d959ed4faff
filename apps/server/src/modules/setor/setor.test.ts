import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';

// Sectors and zones: CRUD, duplicates per shipper, selection lists, isolation.
let t: TestApp;
let admin: Api, outro: Api;

beforeAll(async () => {
  t = await createTestApp();
  [admin, outro] = await Promise.all(['admin@demo.com.br', 'admin@outro.com.br'].map((l) => as(t.app, l)));
});
afterAll(() => t?.close());

describe('setor', () => {
  it('creates, lists for selection (active only, label CODIGO - Nome) and rejects a duplicate code with 409', async () => {
    const res = await admin.post('/api/v1/setor', { codigo: 'EXP', nome: 'Expedição Norte', descricao: 'Docas 1 a 4' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ codigo: 'EXP', nome: 'Expedição Norte', descricao: 'Docas 1 a 4', ativo: true });
    await admin.post('/api/v1/setor', { codigo: 'OLD', nome: 'Setor Desativado', ativo: false });
    const lista = await admin.get('/api/v1/setor/list', { q: 'expedicao' });
    expect(lista.status).toBe(200);
    expect(lista.body.data).toContainEqual({
      value: res.body.data.uid,
      label: 'EXP - Expedição Norte',
      codigo: 'EXP',
      nome: 'Expedição Norte',
    });
    expect((await admin.get('/api/v1/setor/list')).body.data.map((s: { codigo: string }) => s.codigo)).not.toContain('OLD');
    const dup = await admin.post('/api/v1/setor', { codigo: 'EXP', nome: 'Outro Nome' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([{ field: 'codigo', message: 'Já existe um setor com este código.' }]);
    expect((await admin.post('/api/v1/setor', { codigo: '', nome: 'X' })).body.errors).toEqual([
      { field: 'codigo', message: 'Campo obrigatório' },
    ]);
  });

  it("another shipper cannot see or change Demo's sector (404) and has its own codes", async () => {
    const [s] = (await admin.get('/api/v1/setor', { ftr_codigo: 'EXP' })).body.data.data;
    expect((await outro.get(`/api/v1/setor/${s.uid}`)).status).toBe(404);
    expect((await outro.delete(`/api/v1/setor/${s.uid}`)).status).toBe(404);
    expect((await outro.get('/api/v1/setor/list', { q: 'EXP' })).body.data.map((x: { uid: string }) => x.uid)).not.toContain(s.uid);
    expect((await outro.post('/api/v1/setor', { codigo: 'EXP', nome: 'Expedição Norte' })).status).toBe(201);
  });
});

describe('zona', () => {
  it('creates a zone with a text description and an optional UF; the list filters by UF', async () => {
    const res = await admin.post('/api/v1/zona', { codigo: 'ZL-SP', nome: 'Zona Leste', descricao: 'Tatuapé, Penha, Itaquera', uf: 'sp' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ uf: 'SP', descricao: 'Tatuapé, Penha, Itaquera' });
    const semUf = await admin.post('/api/v1/zona', { codigo: 'NAC', nome: 'Nacional', uf: '' });
    expect(semUf.body.data.uf).toBeNull();
    await admin.post('/api/v1/zona', { codigo: 'SUL-RS', nome: 'Serra Gaúcha', uf: 'RS' });
    const bad = await admin.post('/api/v1/zona', { codigo: 'X', nome: 'X', uf: 'XX' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'uf', message: 'UF inválida' }]);
    const sp = await admin.get('/api/v1/zona/list', { uf: 'SP' });
    expect(sp.body.data.map((z: { codigo: string }) => z.codigo).sort()).toEqual(expect.arrayContaining(['NAC', 'ZL-SP']));
    expect(sp.body.data.map((z: { codigo: string }) => z.codigo)).not.toContain('SUL-RS');
    expect((await admin.get('/api/v1/zona', { ftr_uf: 'RS' })).body.data.data.map((z: { codigo: string }) => z.codigo)).toEqual(['SUL-RS']);
  });

  it('updates and deletes a zone; isolation holds', async () => {
    const [z] = (await admin.get('/api/v1/zona', { ftr_codigo: 'ZL-SP' })).body.data.data;
    expect((await outro.put(`/api/v1/zona/${z.uid}`, { codigo: 'ZL', nome: 'Invasão' })).status).toBe(404);
    const put = await admin.put(`/api/v1/zona/${z.uid}`, { codigo: 'ZL-SP', nome: 'Zona Leste Ampliada', uf: 'SP', ativo: false });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ nome: 'Zona Leste Ampliada', ativo: false });
    expect((await admin.delete(`/api/v1/zona/${z.uid}`)).status).toBe(200);
    expect((await admin.get(`/api/v1/zona/${z.uid}`)).status).toBe(404);
  });
});
