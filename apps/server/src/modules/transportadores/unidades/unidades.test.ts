import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../../test/support/db.ts';
import { type Api, as } from '../../../../test/support/http.ts';
import { transportadores } from '../../../db/schema/index.ts';

// /transportadores/{uid}/unidades: the carrier's visibility decides everything (404 otherwise).
let t: TestApp;
let admin: Api, operador: Api, outro: Api, transp: Api;
const uid: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  [admin, operador, outro, transp] = await Promise.all(
    ['admin@demo.com.br', 'operador@demo.com.br', 'admin@outro.com.br', 'transportador@rapidosul.com.br'].map((l) => as(t.app, l)),
  );
  for (const c of await t.db.select().from(transportadores)) uid[c.nomeFantasia as string] = c.uid;
});
afterAll(() => t?.close());

const base = (nome: string) => `/api/v1/transportadores/${uid[nome]}/unidades`;

describe('carrier units', () => {
  it('lists the units of a visible carrier', async () => {
    const res = await admin.get(base('Rápido Sul'));
    expect(res.status).toBe(200);
    expect(res.body.data.data.map((u: { apelido: string }) => u.apelido).sort()).toEqual(['Curitiba', 'Guarulhos']);
    expect(res.body.data.data[0].transportadorUid).toBe(uid['Rápido Sul']);
  });

  it('an invisible or missing carrier answers 404 for list, get and create', async () => {
    expect((await outro.get(base('Rápido Sul'))).status).toBe(404);
    expect((await outro.post(base('Rápido Sul'), { nome: 'Intrusa', documento: '52998224725' })).status).toBe(404);
    const unidade = (await admin.get(base('Rápido Sul'))).body.data.data[0].uid;
    expect((await outro.get(`${base('Rápido Sul')}/${unidade}`)).status).toBe(404);
    expect((await admin.get('/api/v1/transportadores/5b0c7b52-8d4b-4b8e-9b1a-0a6f4f3c2d10/unidades')).status).toBe(404);
    expect((await transp.get(base('TransMinas'))).status).toBe(404);
    expect((await transp.get(base('Rápido Sul'))).body.data.totalRecords).toBe(2);
  });

  it("a unit read through another carrier's path is 404", async () => {
    const unidade = (await admin.get(base('Rápido Sul'))).body.data.data[0].uid;
    expect((await admin.get(`${base('TransMinas')}/${unidade}`)).status).toBe(404);
    expect((await admin.put(`${base('TransMinas')}/${unidade}`, { nome: 'X', documento: '17184037000110' })).status).toBe(404);
  });

  it('creates and updates a unit; documento is a validated CPF or CNPJ stored as digits', async () => {
    const res = await admin.post(base('TransMinas'), { nome: 'TransMinas - Contagem', apelido: 'Contagem', documento: '529.982.247-25', indicaAutonomo: true, uf: 'mg' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ transportadorUid: uid.TransMinas, documento: '52998224725', indicaAutonomo: true, uf: 'MG', ativo: true });
    // Shared carrier: the other shipper linked to it sees the new unit.
    expect((await outro.get(base('TransMinas'))).body.data.totalRecords).toBe(2);
    // ...but only Demo, which registered it and maintains it (it has no active user of its own), changes it.
    const alheio = await outro.put(`${base('TransMinas')}/${res.body.data.uid}`, { nome: 'TransMinas - Contagem', documento: '52998224725', ativo: false });
    expect(alheio.status).toBe(403);
    expect(alheio.body.message).toMatch(/^Este transportador é mantido pelo embarcador que o cadastrou/);
    const put = await admin.put(`${base('TransMinas')}/${res.body.data.uid}`, { nome: 'TransMinas - Contagem', documento: '52998224725', ativo: false });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ ativo: false, indicaAutonomo: false });
  });

  it('rejects a bad document (400) and a duplicate one in the same carrier (409 documento)', async () => {
    const bad = await admin.post(base('TransMinas'), { nome: 'Filial', documento: '123' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'documento', message: 'CPF/CNPJ inválido' }]);
    const dup = await admin.post(base('TransMinas'), { nome: 'Filial', documento: '17.184.037/0001-10' });
    expect(dup.status).toBe(409);
    // The conflict names the unit that has the document (the carrier's head office): the form links to it.
    const sede = (await admin.get(base('TransMinas'), { ftr_documento: '17184037000110' })).body.data.data[0];
    expect(dup.body.errors).toEqual([
      { field: 'documento', message: 'Já existe uma unidade deste transportador com este documento.', registro: { uid: sede.uid, nome: sede.nome } },
    ]);
  });

  it('a read-only role may not create units (403)', async () => {
    expect((await operador.post(base('TransMinas'), { nome: 'Filial', documento: '11144477735' })).status).toBe(403);
  });
});
