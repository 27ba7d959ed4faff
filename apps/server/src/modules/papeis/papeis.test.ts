import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECURSOS } from '@fretio/core';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { papeis } from '../../db/schema/index.ts';
import { ULTIMO_PAPEL_ADMIN } from './service.ts';

// Roles: shipper-owned CRUD, permissions checked against the catalogue, in-use and lock-out guards,
// and the catalogue itself.
let t: TestApp;
let admin: Api, operador: Api, outro: Api, transp: Api;
const papel: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  [admin, operador, outro, transp] = await Promise.all(
    ['admin@demo.com.br', 'operador@demo.com.br', 'admin@outro.com.br', 'transportador@rapidosul.com.br'].map((l) => as(t.app, l)),
  );
  const demo = await admin.get('/api/v1/papeis');
  for (const p of demo.body.data.data) papel[p.nome] = p.uid;
});
afterAll(() => t?.close());

describe('roles CRUD', () => {
  it("lists only the active shipper's roles", async () => {
    const demo = await admin.get('/api/v1/papeis');
    expect(demo.status).toBe(200);
    expect(demo.body.data.data.map((p: { nome: string }) => p.nome)).toEqual(['Administrador', 'Operador', 'Transportador']);
    expect(demo.body.data.data[2]).toMatchObject({ tipo: 2, permissoes: { transportadores: ['ler', 'criar', 'alterar'] } });
    const out = await outro.get('/api/v1/papeis');
    expect(out.body.data.data.map((p: { nome: string }) => p.nome)).toEqual(['Administrador']);
    expect((await outro.get(`/api/v1/papeis/${papel.Operador}`)).status).toBe(404);
    expect((await outro.delete(`/api/v1/papeis/${papel.Operador}`)).status).toBe(404);
  });

  it('creates a role with permissions in canonical form', async () => {
    const res = await admin.post('/api/v1/papeis', {
      nome: 'Financeiro',
      descricao: 'Consulta cadastros',
      permissoes: { 'centros-custo': ['alterar', 'ler', 'ler'], departamentos: ['ler'], unidades: [] },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ nome: 'Financeiro', tipo: 1, permissoes: { 'centros-custo': ['ler', 'alterar'], departamentos: ['ler'] } });
    expect(res.body.data.permissoes).not.toHaveProperty('unidades');
    papel.Financeiro = res.body.data.uid;
  });

  it('an unknown resource or an action the resource does not offer is 400 on permissoes.<recurso>', async () => {
    const res = await admin.post('/api/v1/papeis', { nome: 'Inválido', permissoes: { foguetes: ['ler'], 'api-token': ['alterar'], papeis: ['ler', 'voar'] } });
    expect(res.status).toBe(400);
    const fields = (res.body.errors as { field: string; message: string }[]).map((e) => e.field).sort();
    expect(fields).toEqual(['permissoes.api-token', 'permissoes.foguetes', 'permissoes.papeis']);
    expect(res.body.errors.find((e: { field: string }) => e.field === 'permissoes.foguetes').message).toBe("Recurso desconhecido: 'foguetes'");
    const tipo = await admin.post('/api/v1/papeis', { nome: 'Tipo', tipo: 3 });
    expect(tipo.status).toBe(400);
    expect(tipo.body.errors[0].field).toBe('tipo');
  });

  it('a duplicate name in the same shipper is 409 on nome; another shipper may reuse it', async () => {
    const dup = await admin.post('/api/v1/papeis', { nome: 'Operador' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([{ field: 'nome', message: 'Já existe um papel com este nome.' }]);
    expect((await outro.post('/api/v1/papeis', { nome: 'Operador' })).status).toBe(201);
  });

  it('a role still assigned to a membership cannot be deleted; an unused one can', async () => {
    const emUso = await admin.delete(`/api/v1/papeis/${papel.Operador}`);
    expect(emUso.status).toBe(409);
    expect(emUso.body.message).toBe('Registro em uso');
    const ok = await admin.delete(`/api/v1/papeis/${papel.Financeiro}`);
    expect(ok.status).toBe(200);
    expect((await admin.get(`/api/v1/papeis/${papel.Financeiro}`)).status).toBe(404);
  });

  it('read-only and carrier roles may not write (403)', async () => {
    expect((await operador.post('/api/v1/papeis', { nome: 'X' })).status).toBe(403);
    expect((await operador.put(`/api/v1/papeis/${papel.Operador}`, { nome: 'X' })).status).toBe(403);
    expect((await operador.get('/api/v1/papeis')).status).toBe(200);
    expect((await transp.get('/api/v1/papeis')).status).toBe(403);
  });
});

describe('lock-out protection', () => {
  it("the shipper's last role able to edit roles can be neither deleted nor stripped of it", async () => {
    const del = await admin.delete(`/api/v1/papeis/${papel.Administrador}`);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe(ULTIMO_PAPEL_ADMIN);
    const strip = await admin.put(`/api/v1/papeis/${papel.Administrador}`, { nome: 'Administrador', permissoes: { papeis: ['ler'] } });
    expect(strip.status).toBe(409);
    expect(strip.body.message).toBe(ULTIMO_PAPEL_ADMIN);
    const toCarrier = await admin.put(`/api/v1/papeis/${papel.Administrador}`, { nome: 'Administrador', tipo: 2, permissoes: { papeis: ['ler', 'alterar'] } });
    expect(toCarrier.status).toBe(409);
    const [still] = await t.db.select().from(papeis).where(eq(papeis.uid, papel.Administrador));
    expect(still.permissoes.papeis).toContain('alterar');
  });

  it('once another role can edit roles, the change is allowed', async () => {
    const gestor = await admin.post('/api/v1/papeis', { nome: 'Gestor de acesso', permissoes: { papeis: ['ler', 'alterar'] } });
    expect(gestor.status).toBe(201);
    const strip = await admin.put(`/api/v1/papeis/${papel.Administrador}`, { nome: 'Administrador', descricao: 'Sem alterar papéis', permissoes: { papeis: ['excluir', 'ler'], usuarios: ['ler'] } });
    expect(strip.status).toBe(200);
    expect(strip.body.data.permissoes).toEqual({ usuarios: ['ler'], papeis: ['ler', 'excluir'] });
    // Now the new role is the last one, and it is protected in turn.
    const del = await admin.delete(`/api/v1/papeis/${gestor.body.data.uid}`);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe(ULTIMO_PAPEL_ADMIN);
    expect(await t.db.select().from(papeis).where(eq(papeis.uid, gestor.body.data.uid))).toHaveLength(1);
  });
});

describe('system resources', () => {
  it('objeto-recursos-sistema: keyed by codigo', async () => {
    const res = await operador.get('/api/v1/papeis/objeto-recursos-sistema');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(RECURSOS.map((r) => r.codigo).sort());
    expect(res.body.data['api-token']).toEqual({ codigo: 'api-token', nome: 'Tokens de API', grupo: 'Acesso', acoes: ['ler', 'criar', 'excluir'], notificavel: false });
  });

  it('recursos-sistema/lista: ordered by grupo, then nome', async () => {
    const res = await admin.get('/api/v1/papeis/recursos-sistema/lista');
    const pares = res.body.data.map((r: { grupo: string; nome: string }) => `${r.grupo}|${r.nome}`);
    expect(pares).toEqual([...pares].sort((a: string, b: string) => a.localeCompare(b, 'pt-BR')));
    expect(res.body.data).toHaveLength(RECURSOS.length);
  });

  it('recursos-sistema-notificacao/lista: only the notifiable ones; needs papeis ler', async () => {
    const res = await admin.get('/api/v1/papeis/recursos-sistema-notificacao/lista');
    // The same set as the catalogue's notifiable resources (the list is ordered by group, then name).
    expect(res.body.data.map((r: { codigo: string }) => r.codigo).sort()).toEqual(RECURSOS.filter((r) => 'notificavel' in r && r.notificavel).map((r) => r.codigo).sort());
    expect((await transp.get('/api/v1/papeis/recursos-sistema/lista')).status).toBe(403);
  });
});
