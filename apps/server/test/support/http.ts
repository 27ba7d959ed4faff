import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client.ts';
import { apiTokens, usuarios } from '../../src/db/schema/index.ts';
import { sha256 } from '../../src/lib/crypto.ts';
import { API_TOKEN_PREFIX } from '../../src/plugins/auth/context.ts';
import { eq } from 'drizzle-orm';

// Talking to the app the way the browser and API clients do: Auth.js sign-in, cookies, bearer tokens,
// JSON in and out through app.inject.

type SetCookie = string | string[] | undefined;
function cookiesOf(header: SetCookie): Record<string, string> {
  const list = Array.isArray(header) ? header : header ? [header] : [];
  const out: Record<string, string> = {};
  for (const c of list) {
    const [pair] = c.split(';');
    const i = pair.indexOf('=');
    if (i > 0) out[pair.slice(0, i).trim()] = pair.slice(i + 1).trim();
  }
  return out;
}
const cookieHeader = (jar: Record<string, string>) =>
  Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

/** Signs in through Auth.js exactly as next-auth's client does; returns the Cookie header to send. */
export async function signIn(app: FastifyInstance, login: string, senha: string): Promise<string> {
  const csrf = await app.inject({ method: 'GET', url: '/api/auth/csrf' });
  if (csrf.statusCode !== 200) throw new Error(`GET /api/auth/csrf → ${csrf.statusCode}: ${csrf.body}`);
  const jar = cookiesOf(csrf.headers['set-cookie']);
  const { csrfToken } = csrf.json() as { csrfToken: string };
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/callback/credentials',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieHeader(jar) },
    payload: new URLSearchParams({ csrfToken, callbackUrl: 'http://localhost:3000/', json: 'true', login, senha }).toString(),
  });
  const set = cookiesOf(res.headers['set-cookie']);
  const session = Object.entries(set).find(([k, v]) => k.endsWith('authjs.session-token') && v);
  if (!session) throw new Error(`sign-in de ${login} falhou: ${res.statusCode} ${res.body}`);
  return `${session[0]}=${session[1]}`;
}

const sessions = new WeakMap<FastifyInstance, Map<string, Promise<string>>>();
/** signIn once per app and login (sign-in is slow on purpose: argon2). */
export function session(app: FastifyInstance, login: string, senha = 'demo1234'): Promise<string> {
  const m = sessions.get(app) ?? new Map<string, Promise<string>>();
  sessions.set(app, m);
  let p = m.get(login);
  if (!p) {
    p = signIn(app, login, senha);
    p.catch(() => m.delete(login));
    m.set(login, p);
  }
  return p;
}

export type Auth = string | { cookie?: string; bearer?: string } | undefined;
export type Reply<T = any> = { status: number; body: T; headers: Record<string, unknown>; text: string };
export type RequestOptions = {
  query?: Record<string, string | number | boolean>;
  headers?: Record<string, string>;
  ip?: string;
  raw?: boolean;
};

/** JSON requests as one caller (cookie header string, or {bearer}). */
export function api(app: FastifyInstance, auth?: Auth) {
  const authHeaders: Record<string, string> = {};
  if (typeof auth === 'string') authHeaders.cookie = auth;
  else if (auth?.cookie) authHeaders.cookie = auth.cookie;
  if (typeof auth === 'object' && auth?.bearer) authHeaders.authorization = `Bearer ${auth.bearer}`;

  async function request<T = any>(method: string, url: string, payload?: unknown, opts: RequestOptions = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...authHeaders, ...opts.headers };
    const res = await app.inject({
      method: method as 'GET',
      url,
      query: opts.query ? Object.fromEntries(Object.entries(opts.query).map(([k, v]) => [k, String(v)])) : undefined,
      headers,
      remoteAddress: opts.ip,
      ...(payload === undefined
        ? {}
        : typeof payload === 'string' && opts.raw
          ? { payload }
          : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json', ...headers } }),
    });
    let body: unknown = res.body;
    if (String(res.headers['content-type'] ?? '').includes('json')) {
      try {
        body = res.json();
      } catch {
        body = res.body;
      }
    }
    return { status: res.statusCode, body: body as T, headers: res.headers as Record<string, unknown>, text: res.body };
  }

  return {
    request,
    get: <T = any>(url: string, query?: RequestOptions['query'], opts?: RequestOptions) =>
      request<T>('GET', url, undefined, { ...opts, query }),
    post: <T = any>(url: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', url, body ?? {}, opts),
    put: <T = any>(url: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', url, body ?? {}, opts),
    patch: <T = any>(url: string, body?: unknown, opts?: RequestOptions) => request<T>('PATCH', url, body ?? {}, opts),
    delete: <T = any>(url: string, opts?: RequestOptions) => request<T>('DELETE', url, undefined, opts),
  };
}
export type Api = ReturnType<typeof api>;

/** Signs in (cached) and returns an api() for that user. */
export async function as(app: FastifyInstance, login: string, senha = 'demo1234'): Promise<Api> {
  return api(app, await session(app, login, senha));
}

/**
 * An API token for a user in a shipper, written straight to api_tokens (the same hash the server
 * checks), so bearer authentication can be tested whatever the token endpoints look like.
 */
export async function createApiToken(
  db: Db,
  opts: { login: string; embarcadorUid: string; expiraEm?: string | null; revogadoEm?: string | null; nome?: string },
): Promise<{ token: string; uid: string }> {
  const [u] = await db.select({ uid: usuarios.uid }).from(usuarios).where(eq(usuarios.login, opts.login));
  if (!u) throw new Error(`usuário ${opts.login} não existe`);
  const token = `${API_TOKEN_PREFIX}${randomBytes(24).toString('base64url')}`;
  const [row] = await db
    .insert(apiTokens)
    .values({
      embarcadorUid: opts.embarcadorUid,
      usuarioUid: u.uid,
      nome: opts.nome ?? 'token de teste',
      prefixo: token.slice(0, 12),
      hash: sha256(token),
      expiraEm: opts.expiraEm ?? null,
      revogadoEm: opts.revogadoEm ?? null,
    })
    .returning({ uid: apiTokens.uid });
  return { token, uid: row.uid };
}
