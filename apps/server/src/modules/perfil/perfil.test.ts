import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { api, as, signIn } from '../../../test/support/http.ts';

// The profile context the client builds its whole shell from, and the active-shipper switch.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/v1/perfil', () => {
  it('answers the profile context of the signed-in shipper user', async () => {
    const admin = await as(t.app, 'admin@demo.com.br');
    const r = await admin.get('/api/v1/perfil');
    expect(r.status).toBe(200);
    const p = r.body.data;
    expect(p).toMatchObject({ login: 'admin@demo.com.br', nome: 'Administrador Demo', tipoUsuario: 1, statusUsuario: 2, loggedin: true, signin: 'exists' });
    expect(p.embarcadores.map((e: { nome: string }) => e.nome)).toEqual(['Demo Indústria de Alimentos Ltda']);
    expect(p.embarcadorAtivo.nome).toBe('Demo Indústria de Alimentos Ltda');
    expect(p.embarcador.unidade).toMatchObject({ apelido: 'Matriz SP' });
    expect(p.permissoes['centros-custo']).toEqual(['ler', 'criar', 'alterar', 'excluir']);
    expect(p.ultimoLogin).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('gives a carrier user its carrier and unit', async () => {
    const carrier = await as(t.app, 'transportador@rapidosul.com.br');
    const p = (await carrier.get('/api/v1/perfil')).body.data;
    expect(p.tipoUsuario).toBe(2);
    expect(p.transportador).toMatchObject({ nome: 'Rápido Sul Transportes Ltda', unidade: { apelido: 'Curitiba' } });
    expect(p.permissoes.transportadores).toEqual(['ler', 'criar', 'alterar']);
  });

  it('answers 401 without a session', async () => {
    const r = await api(t.app).get('/api/v1/perfil');
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ success: false, errorCode: 401, message: 'Acesso não autorizado. Faça login novamente.' });
  });

  it('updates name (capitalised) and nickname', async () => {
    const op = await as(t.app, 'operador@demo.com.br');
    const r = await op.put('/api/v1/perfil', { nome: '  olívia   de souza operadora ', apelido: '' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ nome: 'Olívia de Souza Operadora', apelido: null });
    const bad = await op.put('/api/v1/perfil', { nome: '' });
    expect(bad.body).toMatchObject({ errorCode: 400, errors: [{ field: 'nome' }] });
  });
});

describe('PUT /api/v1/perfil/embarcador-ativo/{uid}', () => {
  it("answers 'Embarcador não localizado' for a shipper that is not the user's", async () => {
    const outro = await as(t.app, 'admin@outro.com.br');
    const outroUid = (await outro.get('/api/v1/perfil')).body.data.embarcadorAtivo.uid;
    const admin = await as(t.app, 'admin@demo.com.br');
    const r = await admin.put(`/api/v1/perfil/embarcador-ativo/${outroUid}`);
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('Embarcador não localizado');
  });

  it('switches the shipper and the next calls see only its records', async () => {
    const cookie = await signIn(t.app, 'admin@demo.com.br', 'demo1234');
    const admin = api(t.app, cookie);
    const created = await admin.post('/api/v1/cadastros/embarcadores', { nome: 'Filial Nova Ltda', cnpj: '06.990.590/0001-23' });
    expect(created.status).toBe(201);
    const novo = created.body.data.uid;
    const r = await admin.put(`/api/v1/perfil/embarcador-ativo/${novo}`);
    expect(r.status).toBe(200);
    expect(r.body.data.embarcadorAtivo).toEqual({ uid: novo, nome: 'Filial Nova Ltda' });
    const setCookie = String(r.headers['set-cookie']);
    const novoCookie = setCookie.split(';')[0];
    const depois = api(t.app, novoCookie);
    expect((await depois.get('/api/v1/perfil')).body.data.embarcadorAtivo.uid).toBe(novo);
    expect((await depois.get('/api/v1/centros-custo')).body.data.totalRecords).toBe(0);
    // The old cookie still points at the first shipper.
    expect((await admin.get('/api/v1/centros-custo')).body.data.totalRecords).toBe(4);
  });
});
