// The authentication facility (next-auth v4 REST under /api/auth): session, csrf, sign-in, sign-out.
export const AUTH_BASE = '/api/auth';

export type Session = {
  user: { id: string; name?: string | null; email?: string | null };
  expires: string;
  embarcadorAtivo: string | null;
};

/** null when signed out (the facility answers null or {} then). */
export async function fetchSession(): Promise<Session | null> {
  const res = await fetch(`${AUTH_BASE}/session`, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error('Falha ao consultar a sessão.');
  const json = (await res.json().catch(() => null)) as Session | null;
  return json?.user ? json : null;
}

async function csrfToken(): Promise<string> {
  const res = await fetch(`${AUTH_BASE}/csrf`, { credentials: 'same-origin' });
  const json = (await res.json()) as { csrfToken: string };
  return json.csrfToken;
}

async function postForm(path: string, fields: Record<string, string>) {
  const res = await fetch(`${AUTH_BASE}${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Auth-Return-Redirect': '1' },
    body: new URLSearchParams(fields).toString(),
  });
  const json = (await res.json().catch(() => null)) as { url?: string } | null;
  return { status: res.status, url: json?.url ?? null };
}

const PROVIDER = 'credentials';

/** Like next-auth's signIn(): no providers → the authentication error page; our provider missing →
 * the sign-in page; else error is the `error` query parameter of the url answered. */
export async function signInCredentials(login: string, senha: string, callbackUrl: string) {
  const res = await fetch(`${AUTH_BASE}/providers`, { credentials: 'same-origin' });
  const providers = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok || !providers || !Object.keys(providers).length) {
    return { ok: false, status: res.status, error: 'Configuration', url: null, redirect: '/auth/erro?error=Configuration' };
  }
  if (!providers[PROVIDER]) {
    return { ok: false, status: res.status, error: 'Signin', url: null, redirect: `/login?callbackUrl=${encodeURIComponent(callbackUrl)}` };
  }
  const csrf = await csrfToken();
  const { status, url } = await postForm(`/callback/${PROVIDER}`, { csrfToken: csrf, callbackUrl, json: 'true', login, senha });
  const params = url ? new URL(url, window.location.origin).searchParams : null;
  // A locked account or address answers the credentials error with code=bloqueado: say so.
  const error = params ? (params.get('code') === 'bloqueado' ? 'LoginBloqueado' : params.get('error')) : 'Signin';
  return { ok: status === 200 && !error, status, error, url, redirect: null as string | null };
}

export async function signOutRequest(callbackUrl = '/login') {
  const csrf = await csrfToken();
  await postForm('/signout', { csrfToken: csrf, callbackUrl, json: 'true' });
}

/** Only local paths are followed after sign-in (never another origin). */
export function safeCallbackUrl(raw: string | null | undefined): string {
  if (!raw) return '/';
  try {
    const u = new URL(raw, window.location.origin);
    if (u.origin !== window.location.origin) return '/';
    const path = `${u.pathname}${u.search}${u.hash}`;
    return path.startsWith('/login') ? '/' : path;
  } catch {
    return '/';
  }
}
