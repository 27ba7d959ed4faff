import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../src/db/seed/demo.ts';
import { MSG_ORIGEM, MSG_TIPO_CONTEUDO } from '../src/plugins/auth/mesma-origem.ts';
import { type TestApp, createTestApp } from './support/db.ts';
import { createApiToken, session } from './support/http.ts';
import { rows } from './support/state.ts';

// Cross-site form posts (issue 7, fault 6): with the session cookie, a state-changing /api/v1 request
// must be JSON (multipart only where a route uploads) and come from PUBLIC_URL's origin.
let t: TestApp;
let cookie: string;
let embarcadorA: string;
const CC = '/api/v1/centros-custo';
const ORIGEM = 'http://localhost:3000'; // createTestApp's publicUrl
let n = 0;
const corpo = () => ({ codigo: `XS${++n}`, nome: `Centro cruzado ${n}`, ativo: true });

beforeAll(async () => {
  t = await createTestApp();
  cookie = await session(t.app, DEMO.admin.login);
  const e = await rows<{ uid: string }>(t.db, sql`select uid from embarcadores where cnpj = '11222333000181'`);
  embarcadorA = e[0].uid;
});
afterAll(() => t?.close());

const json = (headers: Record<string, string>, body: unknown = corpo()) =>
  t.app.inject({ method: 'POST', url: CC, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });
const contarCentros = async () => (await rows<{ n: number }>(t.db, sql`select count(*)::int as n from centros_custo`))[0].n;

function multipart(file: { name: string; type: string; data: Buffer }) {
  const boundary = '----fretio-cross-site';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, 'content-type': `multipart/form-data; boundary=${boundary}` };
}
// 1×1 transparent PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('state-changing requests accept JSON only', () => {
  it('a form-encoded POST centros-custo with the session cookie → 403, nothing written', async () => {
    const antes = await contarCentros();
    const res = await t.app.inject({
      method: 'POST',
      url: CC,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: new URLSearchParams({ codigo: 'EVIL', nome: 'Criado por formulário', ativo: 'true' }).toString(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, errorCode: 403, code: 'TIPO_DE_CONTEUDO', message: MSG_TIPO_CONTEUDO });
    expect(await contarCentros()).toBe(antes);
  });

  it('form-encoded is refused even from the same origin, and so are text/plain and multipart off upload routes', async () => {
    for (const [tipo, payload] of [
      ['application/x-www-form-urlencoded', 'codigo=X&nome=Y'],
      ['text/plain', '{"codigo":"TP","nome":"Texto simples"}'],
    ]) {
      const res = await t.app.inject({ method: 'POST', url: CC, headers: { cookie, origin: ORIGEM, 'content-type': tipo }, payload });
      expect(res.statusCode, tipo).toBe(403);
    }
    const mp = multipart({ name: 'a.png', type: 'image/png', data: PNG });
    const res = await t.app.inject({ method: 'POST', url: CC, headers: { cookie, origin: ORIGEM, 'content-type': mp['content-type'] }, payload: mp.payload });
    expect(res.statusCode).toBe(403);
  });

  it('POST api-token form-encoded → 403 (no token is minted for another site)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-token',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: 'nome=roubado',
    });
    expect(res.statusCode).toBe(403);
  });

  it('multipart still works on an upload route (perfil/foto)', async () => {
    const mp = multipart({ name: 'foto.png', type: 'image/png', data: PNG });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/perfil/foto', headers: { cookie, origin: ORIGEM, 'content-type': mp['content-type'] }, payload: mp.payload });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('Origin and Sec-Fetch-Site', () => {
  it('an evil Origin with the session cookie → 403, nothing written', async () => {
    const antes = await contarCentros();
    const res = await json({ cookie, origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, errorCode: 403, code: 'OUTRA_ORIGEM', message: MSG_ORIGEM });
    expect(await contarCentros()).toBe(antes);
  });

  it('Origin: null (sandboxed page) → 403; so is DELETE from another origin', async () => {
    expect((await json({ cookie, origin: 'null' })).statusCode).toBe(403);
    const criado = (await json({ cookie, origin: ORIGEM })).json().data as { uid: string };
    const del = await t.app.inject({ method: 'DELETE', url: `${CC}/${criado.uid}`, headers: { cookie, origin: 'https://evil.example' } });
    expect(del.statusCode).toBe(403);
  });

  it('the same origin → 201', async () => {
    const res = await json({ cookie, origin: ORIGEM, 'sec-fetch-site': 'same-origin' });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('the page served by the address the request goes to (127.0.0.1 while PUBLIC_URL says localhost) → 201; another host → 403', async () => {
    const res = await json({ cookie, origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await json({ cookie, origin: 'http://127.0.0.1:3001', host: '127.0.0.1:3000' })).statusCode).toBe(403);
  });

  it('no Origin and Sec-Fetch-Site: cross-site → 403', async () => {
    expect((await json({ cookie, 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
  });

  it('no Origin and no Sec-Fetch-Site (server to server, scripts) → 201', async () => {
    expect((await json({ cookie })).statusCode).toBe(201);
  });

  it('a Bearer API token without a cookie is not ambient: any Origin → 201', async () => {
    const { token } = await createApiToken(t.db, { login: DEMO.admin.login, embarcadorUid: embarcadorA });
    const res = await json({ authorization: `Bearer ${token}`, origin: 'https://evil.example' });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('a Bearer token beside the cookie still needs the right Origin', async () => {
    const { token } = await createApiToken(t.db, { login: DEMO.admin.login, embarcadorUid: embarcadorA });
    expect((await json({ cookie, authorization: `Bearer ${token}`, origin: 'https://evil.example' })).statusCode).toBe(403);
  });

  it('every state-changing route is under a checked prefix (only Auth.js, which checks its own CSRF token, is outside)', () => {
    const escreve = (r: (typeof t.routes)[number]) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) || r.config.escrita === true;
    const fora = t.routes
      .filter((r) => escreve(r) && !['/api/v1/', '/api/importar/', '/api/auth/'].some((p) => r.url.startsWith(p)))
      .map((r) => `${r.method} ${r.url}`);
    expect(fora).toEqual([]);
  });

  it('a percent-encoded path reaches the same route and the same checks (the router decodes %xx)', async () => {
    const antes = await contarCentros();
    for (const url of ['/api/%761/centros-custo', '/%61pi/v1/centros-custo', '/api/v1/%63entros-custo']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
        payload: JSON.stringify(corpo()),
      });
      expect(res.statusCode, `${url} → ${res.body}`).toBe(403);
    }
    const mp = multipart({ name: 'foto.png', type: 'image/png', data: PNG });
    const foto = await t.app.inject({
      method: 'POST',
      url: '/api/%761/perfil/foto',
      headers: { cookie, 'sec-fetch-site': 'cross-site', 'content-type': mp['content-type'] },
      payload: mp.payload,
    });
    expect(foto.statusCode, foto.body).toBe(403);
    expect(await contarCentros()).toBe(antes);
    // The session and permission checks too: the operator may not create roles, whatever the spelling.
    const operador = await session(t.app, DEMO.operador.login);
    for (const url of ['/api/v1/papeis', '/%61pi/v1/papeis']) {
      const res = await t.app.inject({ method: 'POST', url, headers: { cookie: operador, 'content-type': 'application/json' }, payload: '{}' });
      expect(res.json(), url).toMatchObject({ errorCode: 403, code: 'FORBIDDEN' });
    }
    expect((await t.app.inject({ method: 'GET', url: '/%61pi/v1/centros-custo' })).json()).toMatchObject({ errorCode: 401 });
  });

  it('reads are not affected', async () => {
    const res = await t.app.inject({ method: 'GET', url: CC, headers: { cookie, origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(200);
  });
});
