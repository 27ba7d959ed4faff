import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';

// The shipper's CEP ranges: 8-digit CEPs, de <= ate, the municipality inside the UF, selection list.
let t: TestApp;
let admin: Api, outro: Api;

beforeAll(async () => {
  t = await createTestApp();
  [admin, outro] = await Promise.all(['admin@demo.com.br', 'admin@outro.com.br'].map((l) => as(t.app, l)));
});
afterAll(() => t?.close());

describe('faixascep', () => {
  it('creates a range (masks accepted, stored as digits) and lists it for selection', async () => {
    const res = await admin.post('/api/v1/faixascep', {
      nome: 'Santos',
      uf: 'sp',
      municipioIbge: '3548500',
      de: '11000-000',
      ate: '11099-999',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      nome: 'Santos',
      uf: 'SP',
      municipioIbge: '3548500',
      de: '11000000',
      ate: '11099999',
      ativo: true,
    });
    const lista = await admin.get('/api/v1/faixascep/lista', { uf: 'SP' });
    expect(lista.body.data).toContainEqual({
      value: res.body.data.uid,
      label: 'Santos (11000-000 a 11099-999)',
      uf: 'SP',
      municipioIbge: '3548500',
      de: '11000000',
      ate: '11099999',
    });
    expect((await outro.get('/api/v1/faixascep/lista')).body.data.map((f: { value: string }) => f.value)).not.toContain(res.body.data.uid);
    expect((await outro.get(`/api/v1/faixascep/${res.body.data.uid}`)).status).toBe(404);
  });

  it('rejects de > ate, short CEPs and a municipality of another UF', async () => {
    const inv = await admin.post('/api/v1/faixascep', { nome: 'Invertida', uf: 'SP', de: '11099999', ate: '11000000' });
    expect(inv.status).toBe(400);
    expect(inv.body.errors).toEqual([{ field: 'ate', message: 'CEP final deve ser maior ou igual ao CEP inicial' }]);
    const curto = await admin.post('/api/v1/faixascep', { nome: 'Curta', uf: 'SP', de: '1100', ate: '11000000' });
    expect(curto.status).toBe(400);
    expect(curto.body.errors).toEqual([{ field: 'de', message: 'CEP inválido' }]);
    const uf = await admin.post('/api/v1/faixascep', { nome: 'Rio?', uf: 'SP', municipioIbge: '3304557', de: '20000000', ate: '20999999' });
    expect(uf.status).toBe(400);
    expect(uf.body.errors).toEqual([{ field: 'municipioIbge', message: 'O município 3304557 fica em RJ, não em SP' }]);
    const desconhecida = await admin.post('/api/v1/faixascep', { nome: 'X', uf: 'XX', de: '20000000', ate: '20999999' });
    expect(desconhecida.status).toBe(400);
    expect(desconhecida.body.errors[0].field).toBe('uf');
  });

  it('filters by UF and CEP ranges', async () => {
    const res = await admin.get('/api/v1/faixascep', { ftr_uf: 'RJ' });
    expect(res.body.data.data.map((f: { nome: string }) => f.nome)).toEqual(['Rio de Janeiro - Capital']);
    const porCep = await admin.get('/api/v1/faixascep', { cep: '05999-999' });
    expect(porCep.body.data.data.map((f: { nome: string }) => f.nome)).toEqual(['São Paulo - Capital']);
    expect((await admin.get('/api/v1/faixascep', { cep: '123' })).status).toBe(400);
  });
});
