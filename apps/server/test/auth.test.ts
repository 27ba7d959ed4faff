import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fretio/core';
import { DEMO } from '../src/db/seed/demo.ts';
import { type TestApp, createTestApp } from './support/db.ts';
import { api, createApiToken, session, signIn } from './support/http.ts';
import { rows } from './support/state.ts';

// Signing in (Auth.js credentials, as next-auth's client does it) and API tokens (Bearer).

let t: TestApp;
let embarcadorA: string;
let embarcadorB: string;
const CC = '/api/v1/centros-custo';

beforeAll(async () => {
  t = await createTestApp();
  const e = await rows<{ uid: string; cnpj: string }>(t.db, sql`select uid, cnpj from embarcadores`);
  embarcadorA = e.find((x) => x.cnpj === '11222333000181')?.uid as string;
  embarcadorB = e.find((x) => x.cnpj === '45723174000110')?.uid as string;
});
afterAll(() => t?.close());

const nomes = (res: { body: any }) => (res.body.data.data as { nome: string }[]).map((c) => c.nome);

describe('sign-in', () => {
  it('the session names the user and the active shipper', async () => {
    const cookie = await session(t.app, DEMO.admin.login);
    expect(cookie).toMatch(/^authjs\.session-token=/);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { email: DEMO.admin.login }, embarcadorAtivo: embarcadorA });
  });

  it('a wrong password gives no session', async () => {
    await expect(signIn(t.app, DEMO.admin.login, 'senha-errada')).rejects.toThrow(/sign-in de admin@demo.com.br falhou/);
  });

  it("a wrong password answers as next-auth v4's server: 401 {url: …error=CredentialsSignin}", async () => {
    const csrf = await t.app.inject({ method: 'GET', url: '/api/auth/csrf' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/callback/credentials',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: ([] as string[]).concat(csrf.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ') },
      payload: new URLSearchParams({ csrfToken: csrf.json().csrfToken, callbackUrl: 'http://localhost:3000/', json: 'true', login: DEMO.admin.login, senha: 'errada' }).toString(),
    });
    expect(res.statusCode).toBe(401);
    expect(new URL(res.json().url).searchParams.get('error')).toBe('CredentialsSignin');
  });

  it('GET /api/auth/session signed out answers {} (next-auth v4 reads null as a fetch error)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
  });

  it('an unknown login gives no session', async () => {
    await expect(signIn(t.app, 'ninguem@demo.com.br', 'demo1234')).rejects.toThrow(/falhou/);
  });

  it('a pending user cannot sign in', async () => {
    await expect(signIn(t.app, 'cadastro@transminas.com.br', 'demo1234')).rejects.toThrow(/falhou/);
  });

  it('the login is case-insensitive and trimmed', async () => {
    const cookie = await signIn(t.app, '  Admin@Demo.com.br ', 'demo1234');
    expect((await api(t.app, cookie).get(CC)).status).toBe(200);
  });

  it('a signed-in user lists only its shipper', async () => {
    const a = api(t.app, await session(t.app, DEMO.admin.login));
    const b = api(t.app, await session(t.app, DEMO.outro.login));
    expect(nomes(await a.get(CC))).toContain('Logística de Distribuição');
    expect(nomes(await b.get(CC))).toEqual(['Operações Rio']);
  });

  it('a tampered session cookie → 401', async () => {
    const cookie = await session(t.app, DEMO.admin.login);
    const res = await api(t.app, `${cookie.slice(0, -4)}AAAA`).get(CC);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: MSG.naoAutorizado, errorCode: 401, code: 'UNAUTHENTICATED' });
  });

  it('the session token also works as a Bearer (mobile and scripts)', async () => {
    const cookie = await session(t.app, DEMO.admin.login);
    const res = await api(t.app, { bearer: cookie.slice(cookie.indexOf('=') + 1) }).get(CC);
    expect(res.status).toBe(200);
  });
});

describe('API tokens (Authorization: Bearer fretio_...)', () => {
  it('a valid token acts as its user in its shipper, and records its last use', async () => {
    const { token, uid } = await createApiToken(t.db, { login: DEMO.admin.login, embarcadorUid: embarcadorA });
    const res = await api(t.app, { bearer: token }).get(CC);
    expect(res.status, res.text).toBe(200);
    expect(nomes(res)).toContain('Logística de Distribuição');
    const [row] = await rows<{ ultimo_uso: unknown }>(t.db, sql`select ultimo_uso from api_tokens where uid = ${uid}`);
    expect(row.ultimo_uso).not.toBeNull();
  });

  it("shipper B's token sees shipper B's records", async () => {
    const { token } = await createApiToken(t.db, { login: DEMO.outro.login, embarcadorUid: embarcadorB });
    expect(nomes(await api(t.app, { bearer: token }).get(CC))).toEqual(['Operações Rio']);
  });

  it("a token naming a shipper its user does not belong to gets nothing of that shipper's", async () => {
    const { token } = await createApiToken(t.db, { login: DEMO.outro.login, embarcadorUid: embarcadorA });
    const res = await api(t.app, { bearer: token }).get(CC);
    expect(res.status).not.toBe(200);
    expect(JSON.stringify(res.body)).not.toContain('Logística de Distribuição');
  });

  it('a revoked token → 401', async () => {
    const { token } = await createApiToken(t.db, {
      login: DEMO.admin.login,
      embarcadorUid: embarcadorA,
      revogadoEm: new Date().toISOString(),
    });
    expect((await api(t.app, { bearer: token }).get(CC)).status).toBe(401);
  });

  it('an expired token → 401; one expiring tomorrow works', async () => {
    const ontem = new Date(Date.now() - 86_400_000).toISOString();
    const amanha = new Date(Date.now() + 86_400_000).toISOString();
    const expirado = await createApiToken(t.db, { login: DEMO.admin.login, embarcadorUid: embarcadorA, expiraEm: ontem });
    const valido = await createApiToken(t.db, { login: DEMO.admin.login, embarcadorUid: embarcadorA, expiraEm: amanha });
    expect((await api(t.app, { bearer: expirado.token }).get(CC)).status).toBe(401);
    expect((await api(t.app, { bearer: valido.token }).get(CC)).status).toBe(200);
  });

  it('the token of an inactivated user → 401', async () => {
    const { token } = await createApiToken(t.db, { login: DEMO.operador.login, embarcadorUid: embarcadorA });
    expect((await api(t.app, { bearer: token }).get(CC)).status).toBe(200);
    await t.db.execute(sql`update usuarios set status_usuario = 3 where login = ${DEMO.operador.login}`);
    try {
      expect((await api(t.app, { bearer: token }).get(CC)).status).toBe(401);
    } finally {
      await t.db.execute(sql`update usuarios set status_usuario = 2 where login = ${DEMO.operador.login}`);
    }
  });

  it('a token carries its role: the operador token cannot delete', async () => {
    const { token } = await createApiToken(t.db, { login: DEMO.operador.login, embarcadorUid: embarcadorA });
    const caller = api(t.app, { bearer: token });
    const c = (await caller.get(CC)).body.data.data[0] as { uid: string };
    expect((await caller.delete(`${CC}/${c.uid}`)).status).toBe(403);
    expect((await caller.get(`${CC}/${c.uid}`)).status).toBe(200);
  });

  it('POST /api/v1/api-token returns the secret once; it works until DELETE revokes it', async (ctx) => {
    if (!t.routes.some((r) => r.method === 'POST' && r.url === '/api/v1/api-token')) return ctx.skip('sem POST /api/v1/api-token');
    const admin = api(t.app, await session(t.app, DEMO.admin.login));
    const criado = await admin.post('/api/v1/api-token', { nome: 'Integração ERP' });
    expect(criado.status, criado.text).toBe(201);
    const { token, uid } = criado.body.data as { token: string; uid: string };
    expect(token).toMatch(/^fretio_/);
    const lista = await admin.get('/api/v1/api-token');
    expect(JSON.stringify(lista.body)).not.toContain(token);
    const [stored] = await rows<{ hash: string }>(t.db, sql`select hash from api_tokens where uid = ${uid}`);
    expect(stored.hash).not.toContain(token);

    const bearer = api(t.app, { bearer: token });
    expect((await bearer.get(CC)).status).toBe(200);
    expect((await admin.delete(`/api/v1/api-token/${uid}`)).status).toBe(200);
    expect((await bearer.get(CC)).status).toBe(401);
  });
});
