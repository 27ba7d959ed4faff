import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, api, as } from '../../../test/support/http.ts';
import { apiTokens, auditoriaSistema } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';

// API tokens: the secret is shown once, only its hash is kept, it works as Bearer until revoked.
let t: TestApp;
let admin: Api, operador: Api, outro: Api;

beforeAll(async () => {
  t = await createTestApp();
  [admin, operador, outro] = await Promise.all(['admin@demo.com.br', 'operador@demo.com.br', 'admin@outro.com.br'].map((l) => as(t.app, l)));
});
afterAll(() => t?.close());

describe('API tokens', () => {
  let token: string;
  let uid: string;

  it('creates a token and returns the secret once; only its SHA-256 is stored', async () => {
    const res = await admin.post('/api/v1/api-token', { nome: 'Integração ERP' });
    expect(res.status).toBe(201);
    token = res.body.data.token;
    uid = res.body.data.uid;
    expect(token).toMatch(/^fretio_[A-Za-z0-9_-]{43}$/);
    expect(res.body.data).toMatchObject({ nome: 'Integração ERP', prefixo: token.slice(0, 12), usuarioNome: 'Administrador Demo', ativo: true, expiraEm: null, revogadoEm: null });
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.uid, uid));
    expect(row.hash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const audit = await t.db.select().from(auditoriaSistema).where(eq(auditoriaSistema.registroUid, uid));
    expect(audit.map((a) => a.acao)).toEqual(['criar']);
    expect(JSON.stringify(audit)).not.toContain(row.hash);
  });

  it('the list never shows the secret or the hash', async () => {
    const res = await admin.get('/api/v1/api-token');
    expect(res.status).toBe(200);
    expect(res.body.data.data.map((x: { uid: string }) => x.uid)).toEqual([uid]);
    expect(res.text).not.toContain(token);
    expect(res.body.data.data[0]).not.toHaveProperty('hash');
    expect(res.body.data.data[0]).not.toHaveProperty('token');
    expect((await outro.get('/api/v1/api-token')).body.data.totalRecords).toBe(0);
  });

  it("works as Bearer with the creator's shipper and permissions", async () => {
    const bearer = api(t.app, { bearer: token });
    const res = await bearer.get('/api/v1/centros-custo');
    expect(res.status).toBe(200);
    expect(res.body.data.data.map((c: { codigo: string }) => c.codigo)).toContain('1.01');
    expect(res.body.data.data.map((c: { codigo: string }) => c.codigo)).not.toContain('100');
    // A token cannot mint tokens.
    expect((await bearer.post('/api/v1/api-token', { nome: 'filho' })).status).toBe(403);
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.uid, uid));
    expect(row.ultimoUso).not.toBeNull();
  });

  it("another shipper cannot revoke it (404); the owner revokes it and it stops working", async () => {
    expect((await outro.delete(`/api/v1/api-token/${uid}`)).status).toBe(404);
    expect((await api(t.app, { bearer: token }).get('/api/v1/centros-custo')).status).toBe(200);
    const res = await admin.delete(`/api/v1/api-token/${uid}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: null });
    const after = await api(t.app, { bearer: token }).get('/api/v1/centros-custo');
    expect(after.status).toBe(401);
    expect(after.body.errorCode).toBe(401);
    const list = await admin.get('/api/v1/api-token', { ftr_ativo: 'false' });
    expect(list.body.data.data[0]).toMatchObject({ uid, ativo: false });
    expect(list.body.data.data[0].revogadoEm).toBeTruthy();
    const audit = await t.db.select().from(auditoriaSistema).where(eq(auditoriaSistema.registroUid, uid));
    expect(audit.map((a) => a.acao).sort()).toEqual(['criar', 'excluir']);
  });

  it('expiraEm must be a date in the future', async () => {
    const past = await admin.post('/api/v1/api-token', { nome: 'Velho', expiraEm: '2020-01-01' });
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual([{ field: 'expiraEm', message: 'A data de expiração deve ser futura' }]);
    expect((await admin.post('/api/v1/api-token', { nome: 'Torto', expiraEm: 'amanhã' })).status).toBe(400);
    const future = await admin.post('/api/v1/api-token', { nome: 'Temporário', expiraEm: '2099-12-31' });
    expect(future.status).toBe(201);
    expect(future.body.data.expiraEm).toBe('2100-01-01T02:59:59.000Z');
  });

  it('an expired token is refused', async () => {
    const res = await admin.post('/api/v1/api-token', { nome: 'Curto' });
    await t.db.update(apiTokens).set({ expiraEm: '2000-01-01T00:00:00Z' }).where(eq(apiTokens.uid, res.body.data.uid));
    expect((await api(t.app, { bearer: res.body.data.token }).get('/api/v1/centros-custo')).status).toBe(401);
  });

  it('a role without api-token criar/excluir gets 403', async () => {
    expect((await operador.post('/api/v1/api-token', { nome: 'X' })).status).toBe(403);
    expect((await operador.delete(`/api/v1/api-token/${uid}`)).status).toBe(403);
    expect((await operador.get('/api/v1/api-token')).status).toBe(200);
  });
});
