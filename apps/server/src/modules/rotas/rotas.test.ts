import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { transportadores } from '../../db/schema/index.ts';
import { prazoEntregaPara } from '../prazosentrega/service.ts';

// The route register (+ /lista) and the delivery deadlines: places as LocalRefs, carriers of the shipper.
let t: TestApp;
let admin: Api, outro: Api;
const uid: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  [admin, outro] = await Promise.all(['admin@demo.com.br', 'admin@outro.com.br'].map((l) => as(t.app, l)));
  for (const c of await t.db.select().from(transportadores)) uid[c.nomeFantasia as string] = c.uid;
});
afterAll(() => t?.close());

describe('rotas', () => {
  it('creates a route between a region and a CEP range, with names in the reply', async () => {
    const [regiao] = (await admin.post('/api/v1/regioes/lista', { nome: 'nordeste' })).body.data;
    const res = await admin.post('/api/v1/rotas', {
      nome: 'Campinas → Capitais NE',
      transportadorUid: uid['Expresso Nordeste'],
      origem: { tipo: 'FAIXA_CEP', de: '13000-000', ate: '13139-999' },
      destino: { tipo: 'REGIAO', regiaoUid: regiao.uid },
      distanciaKm: 2700.5,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      transportadorNome: 'Expresso Nordeste Logística Ltda',
      origem: { tipo: 'FAIXA_CEP', de: '13000000', ate: '13139999', descricao: 'CEP 13000-000 a 13139-999' },
      destino: { tipo: 'REGIAO', regiaoUid: regiao.uid, descricao: 'Região Nordeste - Capitais' },
      distanciaKm: 2700.5,
    });
    const mun = await admin.get('/api/v1/rotas', { ftr_nome: 'são paulo → rio' });
    expect(mun.body.data.data[0]).toMatchObject({
      origem: { tipo: 'MUNICIPIO', ibge: '3550308', descricao: 'São Paulo/SP (3550308)' },
      distanciaKm: 430,
    });
  });

  it("rejects another shipper's region, an unknown municipality, a bad CEP range, a carrier not linked", async () => {
    const [regiaoOutro] = (await outro.post('/api/v1/regioes/lista', {})).body.data;
    const base = { nome: 'Inválida', origem: { tipo: 'UF', uf: 'SP' } };
    const r1 = await admin.post('/api/v1/rotas', { ...base, destino: { tipo: 'REGIAO', regiaoUid: regiaoOutro.uid } });
    expect(r1.status).toBe(400);
    expect(r1.body.errors).toEqual([{ field: 'destino.regiaoUid', message: 'Região não encontrada' }]);
    const r2 = await admin.post('/api/v1/rotas', { ...base, destino: { tipo: 'MUNICIPIO', ibge: '3599999' } });
    expect(r2.body.errors).toEqual([{ field: 'destino.ibge', message: 'Município 3599999 não encontrado no cadastro do IBGE' }]);
    const r3 = await admin.post('/api/v1/rotas', { ...base, destino: { tipo: 'FAIXA_CEP', de: '20000000', ate: '19999999' } });
    expect(r3.status).toBe(400);
    expect(r3.body.errors).toEqual([{ field: 'destino.ate', message: 'CEP final deve ser maior ou igual ao CEP inicial' }]);
    const r4 = await admin.post('/api/v1/rotas', { ...base, destino: { tipo: 'UF', uf: 'ZZ' } });
    expect(r4.body.errors).toEqual([{ field: 'destino.uf', message: 'UF desconhecida: "ZZ"' }]);
    const r5 = await outro.post('/api/v1/rotas', { ...base, transportadorUid: uid['Rápido Sul'], destino: { tipo: 'UF', uf: 'RJ' } });
    expect(r5.body.errors).toEqual([{ field: 'transportadorUid', message: 'Transportador não vinculado ao embarcador' }]);
    const dup = await admin.post('/api/v1/rotas', { ...base, nome: 'São Paulo → Rio de Janeiro', destino: { tipo: 'UF', uf: 'RJ' } });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([{ field: 'nome', message: 'Já existe uma rota com este nome.' }]);
  });

  it('/rotas/lista: routes of a carrier plus the generic ones; another shipper filter is 404', async () => {
    const minas = await admin.get('/api/v1/rotas/lista', { transportadorRotaUid: uid.TransMinas });
    const nomes = minas.body.data.map((r: { nome: string }) => r.nome);
    expect(nomes).toContain('São Paulo → Belo Horizonte');
    expect(nomes).toContain('São Paulo → Rio de Janeiro');
    expect(nomes).not.toContain('São Paulo → Curitiba');
    expect(minas.body.data.find((r: { nome: string }) => r.nome === 'São Paulo → Belo Horizonte')).toMatchObject({
      label: 'São Paulo → Belo Horizonte (586 km)',
      distanciaKm: 586,
    });
    const outroEmb = await admin.get('/api/v1/rotas/lista', {
      ftr_embarcador: (await outro.get('/api/v1/perfil')).body.data?.embarcadorAtivo?.uid ?? '5b0c7b52-8d4b-4b8e-9b1a-0a6f4f3c2d10',
    });
    expect(outroEmb.status).toBe(404);
    expect(outroEmb.body.message).toBe('Embarcador não localizado');
    expect((await outro.get('/api/v1/rotas/lista')).body.data.map((r: { nome: string }) => r.nome)).toEqual(['Rio → Belo Horizonte']);
  });

  it('a region in use by a route cannot be deleted (409)', async () => {
    const [regiao] = (await admin.post('/api/v1/regioes/lista', { nome: 'nordeste' })).body.data;
    const res = await admin.delete(`/api/v1/regioes/${regiao.uid}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Registro em uso');
  });
});

describe('prazosentrega', () => {
  it('CRUD with LocalRefs; the carrier must serve the shipper', async () => {
    const res = await admin.post('/api/v1/prazosentrega', {
      transportadorUid: uid.TransMinas,
      origem: { tipo: 'UF', uf: 'SP' },
      destino: { tipo: 'MUNICIPIO', ibge: '3106200' },
      prazoDiasUteis: 1,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      transportadorNome: 'TransMinas Cargas S.A.',
      destino: { descricao: 'Belo Horizonte/MG (3106200)' },
      prazoDiasUteis: 1,
      ativo: true,
    });
    const put = await admin.put(`/api/v1/prazosentrega/${res.body.data.uid}`, {
      transportadorUid: uid.TransMinas,
      origem: { tipo: 'UF', uf: 'SP' },
      destino: { tipo: 'MUNICIPIO', ibge: '3106200' },
      prazoDiasUteis: 2,
    });
    expect(put.body.data.prazoDiasUteis).toBe(2);
    const neg = await admin.post('/api/v1/prazosentrega', {
      transportadorUid: uid.TransMinas,
      origem: { tipo: 'UF', uf: 'SP' },
      destino: { tipo: 'UF', uf: 'MG' },
      prazoDiasUteis: -1,
    });
    expect(neg.body.errors).toEqual([{ field: 'prazoDiasUteis', message: 'Prazo não pode ser negativo' }]);
    const naoVinc = await outro.post('/api/v1/prazosentrega', {
      transportadorUid: uid['Rápido Sul'],
      origem: { tipo: 'UF', uf: 'RJ' },
      destino: { tipo: 'UF', uf: 'SP' },
      prazoDiasUteis: 3,
    });
    expect(naoVinc.body.errors).toEqual([{ field: 'transportadorUid', message: 'Transportador não vinculado ao embarcador' }]);
    expect((await outro.get(`/api/v1/prazosentrega/${res.body.data.uid}`)).status).toBe(404);
    const lista = await admin.get('/api/v1/prazosentrega', { ftr_transportadorUid: uid.TransMinas, ssf: 'prazoDiasUteis' });
    expect(lista.body.data.totalRecords).toBe(3);
  });

  it('prazoEntregaPara: the most specific entry containing both places', async () => {
    const [e] = await t.db.select({ uid: transportadores.uid }).from(transportadores).where(eq(transportadores.nomeFantasia, 'Rápido Sul'));
    const demo = (await admin.get('/api/v1/perfil')).body.data.embarcadorAtivo.uid;
    const sp = { uf: 'SP', ibge: '3550308' };
    expect(await prazoEntregaPara(t.db, demo, e.uid, sp, { uf: 'PR', ibge: '4106902' })).toBe(1);
    expect(await prazoEntregaPara(t.db, demo, e.uid, sp, { uf: 'PR', ibge: '4113700' })).toBe(2);
    expect(await prazoEntregaPara(t.db, demo, e.uid, sp, { uf: 'BA' })).toBeNull();
  });
});
