import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPONENTES_PADRAO } from '@fretio/core';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';

// The component catalogue and the transport modes: system rows (read-only) plus the shipper's own.
let t: TestApp;
let admin: Api, outro: Api, operador: Api;

beforeAll(async () => {
  t = await createTestApp();
  [admin, outro, operador] = await Promise.all(
    ['admin@demo.com.br', 'admin@outro.com.br', 'operador@demo.com.br'].map((l) => as(t.app, l)),
  );
});
afterAll(() => t?.close());

describe('componentes', () => {
  it('the standard catalogue (COMPONENTES_PADRAO) is there, read-only, plus the shipper own', async () => {
    const res = await admin.get('/api/v1/componentes', { ftr_sistema: 'true', pps: 50 });
    expect(res.body.data.data.map((c: { codigo: string }) => c.codigo).sort()).toEqual([...COMPONENTES_PADRAO].sort());
    const ativos = await admin.get('/api/v1/componentes/ativos');
    expect(ativos.body.data.map((c: { codigo: string }) => c.codigo)).toContain('AGENDAMENTO');
    expect((await outro.get('/api/v1/componentes/ativos')).body.data.map((c: { codigo: string }) => c.codigo)).not.toContain('AGENDAMENTO');
    const gris = res.body.data.data.find((c: { codigo: string }) => c.codigo === 'GRIS');
    expect(gris).toMatchObject({ sistema: true, nome: 'GRIS' });
    const put = await admin.put(`/api/v1/componentes/${gris.uid}`, { codigo: 'GRIS', nome: 'Outro nome' });
    expect(put.status).toBe(409);
    expect((await admin.delete(`/api/v1/componentes/${gris.uid}`)).status).toBe(409);
  });

  it('creates a component with an upper-case code; a code of the system or repeated is 409', async () => {
    const res = await admin.post('/api/v1/componentes', { codigo: 'taxa_porto', nome: 'Taxa de porto' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ codigo: 'TAXA_PORTO', sistema: false, ativo: true });
    for (const codigo of ['GRIS', 'TAXA_PORTO']) {
      const dup = await admin.post('/api/v1/componentes', { codigo, nome: 'Duplicado' });
      expect(dup.status).toBe(409);
      expect(dup.body.errors).toEqual([{ field: 'codigo', message: 'Já existe um componente com este código.' }]);
    }
    expect((await admin.post('/api/v1/componentes', { codigo: 'com espaço', nome: 'X' })).status).toBe(400);
    expect((await operador.post('/api/v1/componentes', { codigo: 'X1', nome: 'X' })).status).toBe(403);
    // Another shipper may use the same code.
    expect((await outro.post('/api/v1/componentes', { codigo: 'TAXA_PORTO', nome: 'Porto' })).status).toBe(201);
  });

  it('a component used by a freight table cannot be deleted nor change its code (409)', async () => {
    const comp = (await admin.post('/api/v1/componentes', { codigo: 'SEGURO_EXTRA', nome: 'Seguro extra' })).body.data;
    const [tabela] = (await admin.get('/api/v1/tabelasfrete', { ftr_nome: 'Exemplo' })).body.data.data;
    const tab = await admin.get(`/api/v1/tabelasfrete/${tabela.uid}`);
    await admin.put(`/api/v1/tabelasfrete/${tabela.uid}`, { ...tab.body.data, status: 3 });
    const g = await admin.post(`/api/v1/tabelasfrete/${tabela.uid}/generalidades`, {
      componente: 'SEGURO_EXTRA',
      base: 'VALOR',
      calculo: 'PERCENTUAL',
      valor: 0.1,
    });
    expect(g.status, g.text).toBe(201);
    expect(g.body.data.componenteNome).toBe('Seguro extra');
    expect((await admin.delete(`/api/v1/componentes/${comp.uid}`)).status).toBe(409);
    const renomeia = await admin.put(`/api/v1/componentes/${comp.uid}`, { codigo: 'SEGURO_NOVO', nome: 'Seguro extra' });
    expect(renomeia.status).toBe(409);
    expect((await admin.put(`/api/v1/componentes/${comp.uid}`, { codigo: 'SEGURO_EXTRA', nome: 'Seguro adicional' })).status).toBe(200);
  });
});

describe('modais', () => {
  it('lists the system modes with their cubage factor; they are read-only', async () => {
    const lista = await admin.get('/api/v1/modais/lista');
    expect(lista.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ codigo: 'RODOVIARIO', label: 'Rodoviário', fatorCubagemPadrao: 300 }),
        expect.objectContaining({ codigo: 'AEREO', fatorCubagemPadrao: 167 }),
      ]),
    );
    const aereo = lista.body.data.find((m: { codigo: string }) => m.codigo === 'AEREO');
    expect((await admin.put(`/api/v1/modais/${aereo.value}`, { codigo: 'AEREO', nome: 'Aéreo', fatorCubagemPadrao: 200 })).status).toBe(
      409,
    );
    expect((await admin.delete(`/api/v1/modais/${aereo.value}`)).status).toBe(409);
  });

  it('creates, updates and deletes the shipper own mode; the system code is taken', async () => {
    const res = await admin.post('/api/v1/modais', { codigo: 'CABOTAGEM', nome: 'Cabotagem', fatorCubagemPadrao: 1000 });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ codigo: 'CABOTAGEM', fatorCubagemPadrao: 1000, sistema: false });
    expect((await admin.post('/api/v1/modais', { codigo: 'AEREO', nome: 'Meu aéreo' })).status).toBe(409);
    expect(
      (await admin.put(`/api/v1/modais/${res.body.data.uid}`, { codigo: 'CABOTAGEM', nome: 'Cabotagem costeira', fatorCubagemPadrao: 0 }))
        .status,
    ).toBe(400);
    expect((await outro.get(`/api/v1/modais/${res.body.data.uid}`)).status).toBe(404);
    expect((await admin.delete(`/api/v1/modais/${res.body.data.uid}`)).status).toBe(200);
  });

  it('a table with an air mode takes its cubage factor (167) unless it states one', async () => {
    const aereo = (await admin.get('/api/v1/modais/lista')).body.data.find((m: { codigo: string }) => m.codigo === 'AEREO');
    const [rapido] = (await admin.get('/api/v1/transportadores', { ftr_nomeFantasia: 'Rápido Sul' })).body.data.data;
    const res = await admin.post('/api/v1/tabelasfrete', {
      nome: 'Aérea',
      transportadorUid: rapido.uid,
      modalUid: aereo.value,
      vigenciaInicio: '2026-01-01',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ fatorCubagem: 167, modalNome: 'Aéreo', status: 3, statusLabel: 'Validação' });
  });
});
