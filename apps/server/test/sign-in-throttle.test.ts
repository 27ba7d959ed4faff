import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO } from '../src/db/seed/demo.ts';
import { argon2 } from '../src/lib/crypto.ts';
import { LIMITES_LOGIN } from '../src/plugins/auth/tentativas-login.ts';
import { parseTrustProxy } from '../src/config.ts';
import { type TestApp, createTestApp } from './support/db.ts';
import { api } from './support/http.ts';

// Sign-in throttling, the same work for unknown logins, and the client address behind proxies
// (issue 7, fault 5). The clock is the app's `relogio`: moving it replaces sleeping.
let t: TestApp;
let agora = Date.parse('2026-11-24T12:00:00Z');
const avancar = (ms: number) => {
  agora += ms;
};

beforeAll(async () => {
  t = await createTestApp();
  vi.spyOn(t.app.relogio, 'agora').mockImplementation(() => new Date(agora));
});
afterAll(() => t?.close());

/** The next-auth v4 client's credentials sign-in, from one client address. */
async function entrar(login: string, senha: string, ip = '127.0.0.1', xff?: string) {
  const proxy: Record<string, string> = xff ? { 'x-forwarded-for': xff } : {};
  const csrf = await t.app.inject({ method: 'GET', url: '/api/auth/csrf', remoteAddress: ip });
  const jar = ([] as string[]).concat(csrf.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/callback/credentials',
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar, ...proxy },
    payload: new URLSearchParams({ csrfToken: csrf.json().csrfToken, callbackUrl: 'http://localhost:3000/', json: 'true', login, senha }).toString(),
  });
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const url = new URL((res.json() as { url: string }).url);
  return { status: res.statusCode, error: url.searchParams.get('error'), code: url.searchParams.get('code'), ok: cookies.some((c) => /session-token=[^;]/.test(c)) };
}

describe('throttling per account', () => {
  const login = DEMO.operador.login;

  it(`after ${LIMITES_LOGIN.conta.falhas} wrong passwords even the right one is refused, without checking it, until the lock passes`, async () => {
    for (let i = 0; i < LIMITES_LOGIN.conta.falhas; i++) {
      expect(await entrar(login, `errada-${i}`, `10.1.0.${i}`)).toMatchObject({ status: 401, error: 'CredentialsSignin', ok: false });
    }
    const verify = vi.spyOn(argon2, 'verify');
    const bloqueado = await entrar(login, 'demo1234', '10.1.0.99');
    expect(bloqueado).toMatchObject({ status: 401, error: 'CredentialsSignin', code: 'bloqueado', ok: false });
    expect(verify).not.toHaveBeenCalled();
    verify.mockRestore();

    avancar(LIMITES_LOGIN.bloqueioMs - 1000);
    expect((await entrar(login, 'demo1234')).ok).toBe(false);
    avancar(2000);
    expect(await entrar(login, 'demo1234')).toMatchObject({ status: 200, ok: true });
  });

  it('each new lock lasts longer than the previous one', async () => {
    // The right password above cleared the count; two rounds of failures lock it twice.
    for (let i = 0; i < LIMITES_LOGIN.conta.falhas; i++) await entrar(login, 'errada');
    avancar(LIMITES_LOGIN.bloqueioMs + 1000);
    for (let i = 0; i < LIMITES_LOGIN.conta.falhas; i++) await entrar(login, 'errada');
    avancar(LIMITES_LOGIN.bloqueioMs + 1000); // the first lock's length is not enough for the second
    expect((await entrar(login, 'demo1234')).code).toBe('bloqueado');
    avancar(LIMITES_LOGIN.bloqueioMs);
    expect((await entrar(login, 'demo1234')).ok).toBe(true);
  });

  it('failures older than the window do not add up', async () => {
    for (let i = 0; i < LIMITES_LOGIN.conta.falhas - 1; i++) await entrar(DEMO.outro.login, 'errada');
    avancar(LIMITES_LOGIN.janelaMs + 1000);
    await entrar(DEMO.outro.login, 'errada');
    expect((await entrar(DEMO.outro.login, 'demo1234')).ok).toBe(true);
  });
});

describe('throttling per client address', () => {
  it(`after ${LIMITES_LOGIN.endereco.falhas} failures from one address (any logins), that address is refused; others are not`, async () => {
    for (let i = 0; i < LIMITES_LOGIN.endereco.falhas; i++) await entrar(`ninguem${i}@exemplo.com.br`, 'x', '10.9.9.9');
    expect(await entrar(DEMO.admin.login, 'demo1234', '10.9.9.9')).toMatchObject({ status: 401, code: 'bloqueado' });
    expect((await entrar(DEMO.admin.login, 'demo1234', '10.9.9.10')).ok).toBe(true);
  });

  it('X-Forwarded-For is not believed when TRUST_PROXY is unset: rotating it does not dodge the lock', async () => {
    expect(await entrar(DEMO.admin.login, 'demo1234', '10.9.9.9', '203.0.113.7')).toMatchObject({ code: 'bloqueado' });
    // The account routes' 10/min limit keys on the socket address.
    const anon = api(t.app);
    const status: number[] = [];
    for (let i = 0; i < 11; i++) {
      const r = await anon.post('/api/v1/auth/validatetoken/' + 'x'.repeat(43), {}, { ip: '10.7.7.7', headers: { 'x-forwarded-for': `198.51.100.${i}` } });
      status.push(r.status);
    }
    expect(status.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(status[10]).toBe(429);
  });
});

describe('unknown logins cost the same', () => {
  it('an unknown login, a pending user and a wrong password each run exactly one argon2 verify', async () => {
    const verify = vi.spyOn(argon2, 'verify');
    for (const [login, ip] of [['ninguem@demo.com.br', '10.3.0.1'], ['cadastro@transminas.com.br', '10.3.0.2'], [DEMO.admin.login, '10.3.0.3']]) {
      verify.mockClear();
      expect((await entrar(login, 'senha-qualquer', ip)).status).toBe(401);
      expect(verify, login).toHaveBeenCalledTimes(1);
    }
    verify.mockRestore();
  });
});

describe('TRUST_PROXY', () => {
  it('reads like Fastify trustProxy: unset/false, true, a hop count, a list of addresses', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16')).toEqual(['10.0.0.1', '192.168.0.0/16']);
  });
});
