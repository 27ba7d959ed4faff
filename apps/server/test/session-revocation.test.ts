import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO } from '../src/db/seed/demo.ts';
import { type TestApp, createTestApp } from './support/db.ts';
import { api, signIn } from './support/http.ts';
import { rows } from './support/state.ts';

// Revoking sessions (issue 7, fault 5): a JWT cannot be deleted, so each user has a session version
// that the JWT carries; sign-out, a new password and a status change move it on.
let t: TestApp;
const CC = '/api/v1/centros-custo';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const status = async (cookie: string) => (await api(t.app, cookie).get(CC)).status;
const sessao = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json();

async function sair(cookie: string) {
  const csrf = await t.app.inject({ method: 'GET', url: '/api/auth/csrf', headers: { cookie } });
  const jar = [cookie, ...([] as string[]).concat(csrf.headers['set-cookie'] ?? []).map((c) => c.split(';')[0])].join('; ');
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/signout',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar },
    payload: new URLSearchParams({ csrfToken: csrf.json().csrfToken, callbackUrl: 'http://localhost:3000/login', json: 'true' }).toString(),
  });
}

describe('sign-out', () => {
  it('a cookie copied before sign-out answers 401 afterwards (API and Bearer), and the session reads {}', async () => {
    const copiado = await signIn(t.app, DEMO.admin.login, 'demo1234');
    expect(await status(copiado)).toBe(200);
    expect(await sessao(copiado)).toMatchObject({ user: { email: DEMO.admin.login } });
    expect((await sair(copiado)).statusCode).toBe(200);
    expect(await status(copiado)).toBe(401);
    expect((await api(t.app, { bearer: copiado.slice(copiado.indexOf('=') + 1) }).get(CC)).status).toBe(401);
    expect(await sessao(copiado)).toEqual({});
    // Signing in again works.
    expect(await status(await signIn(t.app, DEMO.admin.login, 'demo1234'))).toBe(200);
  });
});

describe('password reset', () => {
  it('a session from before the reset answers 401 after it', async () => {
    const antiga = await signIn(t.app, DEMO.operador.login, 'demo1234');
    expect(await status(antiga)).toBe(200);
    expect((await api(t.app).post(`/api/v1/auth/startresetpassword/${DEMO.operador.login}`)).status).toBe(200);
    // Without SMTP_URL the e-mail stays in the outbox (it leaves after the answer).
    const texto = await vi.waitFor(async () => {
      const [m] = await rows<{ texto: string }>(t.db, sql`select texto from email_outbox where para = ${DEMO.operador.login} order by criado_em desc limit 1`);
      if (!m) throw new Error('ainda não está na caixa de saída');
      return m.texto;
    });
    const token = texto.match(/redefinir-senha\/([A-Za-z0-9_-]{20,})/)?.[1];
    expect(token).toBeTruthy();
    expect((await api(t.app).post(`/api/v1/auth/resetpassword/${token}`, { senha: 'senha-nova-123' })).status).toBe(200);
    expect(await status(antiga)).toBe(401);
    expect(await status(await signIn(t.app, DEMO.operador.login, 'senha-nova-123'))).toBe(200);
  });
});

describe('deactivation', () => {
  it("a deactivated user's session answers 401, and stays dead after reactivation", async () => {
    const antiga = await signIn(t.app, DEMO.outro.login, 'demo1234');
    expect(await status(antiga)).toBe(200);
    await t.db.execute(sql`update usuarios set status_usuario = 3 where login = ${DEMO.outro.login}`);
    expect(await status(antiga)).toBe(401);
    await t.db.execute(sql`update usuarios set status_usuario = 2 where login = ${DEMO.outro.login}`);
    expect(await status(antiga)).toBe(401);
    expect(await sessao(antiga)).toEqual({});
  });

  it('other writes to the user (name, last sign-in) keep the session', async () => {
    const cookie = await signIn(t.app, DEMO.transportador.login, 'demo1234');
    await t.db.execute(sql`update usuarios set nome = 'Tiago Renomeado', ultimo_login = now() where login = ${DEMO.transportador.login}`);
    expect((await api(t.app, cookie).get('/api/v1/perfil')).status).toBe(200);
  });
});

// The context of every request (user, membership, role's permissions) is one prepared query, read
// again on each request: nothing of it is kept between requests, so a change is seen on the next one
// whichever instance answers it (issue 7, load test; docs/DECISIONS.md).
describe('role and membership changes take effect on the next request', () => {
  it("removing a permission from the role → 403; giving it back → 200; leaving the shipper → its lists are refused", async () => {
    const cookie = await signIn(t.app, DEMO.admin.login, 'demo1234');
    const [{ papel, embarcador }] = await rows<{ papel: string; embarcador: string }>(
      t.db,
      sql`select ue.papel_uid as papel, ue.embarcador_uid as embarcador from usuario_embarcador ue join usuarios u on u.uid = ue.usuario_uid where u.login = ${DEMO.admin.login}`,
    );
    const [{ permissoes }] = await rows<{ permissoes: Record<string, string[]> }>(t.db, sql`select permissoes from papeis where uid = ${papel}`);
    expect(await status(cookie)).toBe(200);
    const sem = { ...permissoes, 'centros-custo': [] };
    await t.db.execute(sql`update papeis set permissoes = ${JSON.stringify(sem)}::jsonb where uid = ${papel}`);
    try {
      expect(await status(cookie)).toBe(403);
    } finally {
      await t.db.execute(sql`update papeis set permissoes = ${JSON.stringify(permissoes)}::jsonb where uid = ${papel}`);
    }
    expect(await status(cookie)).toBe(200);
    // Membership switched off: the session no longer has an active shipper (its lists answer 400/403, never 200).
    await t.db.execute(sql`update usuario_embarcador set ativo = false where papel_uid = ${papel} and embarcador_uid = ${embarcador}`);
    try {
      expect(await status(cookie)).not.toBe(200);
    } finally {
      await t.db.execute(sql`update usuario_embarcador set ativo = true where papel_uid = ${papel} and embarcador_uid = ${embarcador}`);
    }
    expect(await status(cookie)).toBe(200);
  });
});
