import { AsyncLocalStorage } from 'node:async_hooks';
import { Auth, type AuthConfig } from '@auth/core';
import { CredentialsSignin } from '@auth/core/errors';
import Credentials from '@auth/core/providers/credentials';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { identidadeRepository } from '../../modules/perfil/identidade-repository.ts';
import { hashFicticio, verificarSenha } from '../../lib/crypto.ts';
import { USUARIO_STATUS } from '@fretio/core';
import { tentativasLoginRepository } from './tentativas-login.ts';

// Auth.js (next-auth REST API) mounted on /api/auth/*: Credentials (login, senha), JWT session cookie.
// The JWT holds who the user is and the active shipper; permissions are read per request.
export const AUTH_BASE = '/api/auth';

export function sessionCookieName(secure: boolean) {
  return secure ? '__Secure-authjs.session-token' : 'authjs.session-token';
}

/** Auth.js rebuilds the request before authorize() sees it: the client address travels beside it. */
const pedidoLogin = new AsyncLocalStorage<{ ip: string }>();

/** A locked account or address: still the credentials error, with its own code for the sign-in page. */
class LoginBloqueado extends CredentialsSignin {
  override code = 'bloqueado';
}

export function authConfig(app: FastifyInstance): AuthConfig {
  const repo = identidadeRepository(app.db);
  const tentativas = tentativasLoginRepository(app.db, app.relogio);
  const secure = app.config.publicUrl.startsWith('https://');
  return {
    basePath: AUTH_BASE,
    secret: app.config.authSecret,
    trustHost: true,
    useSecureCookies: secure,
    session: { strategy: 'jwt', maxAge: 12 * 60 * 60 },
    pages: { signIn: '/login', error: '/auth/erro', signOut: '/login' },
    logger: {
      error: (e) => app.log.debug({ err: e }, 'authjs'),
      warn: (code) => app.log.debug({ code }, 'authjs warn'),
      debug: () => {},
    },
    providers: [
      Credentials({
        id: 'credentials',
        name: 'Login e senha',
        credentials: { login: { label: 'Login' }, senha: { label: 'Senha', type: 'password' } },
        async authorize(c) {
          const login = String(c?.login ?? '').trim().toLowerCase();
          const senha = String(c?.senha ?? '');
          if (!login || !senha) return null;
          const ip = pedidoLogin.getStore()?.ip ?? 'desconhecido';
          if (await tentativas.bloqueado(login, ip)) throw new LoginBloqueado();
          const u = await repo.usuarioPorLogin(login);
          const ativo = u?.statusUsuario === USUARIO_STATUS.ATIVO && !!u.senhaHash;
          // Exactly one argon2 verify whether the login exists or not: the time tells nobody.
          const certa = await verificarSenha(ativo && u?.senhaHash ? u.senhaHash : await hashFicticio(), senha);
          if (!u || !ativo || !certa) {
            await tentativas.falhou(login, ip);
            return null;
          }
          await tentativas.acertou(login);
          await repo.registrarLogin(u.uid);
          return { id: u.uid, name: u.nome, email: u.login, sessaoVersao: u.sessaoVersao };
        },
      }),
    ],
    events: {
      // Signing out ends every session of the user, not only this cookie (a JWT cannot be deleted).
      async signOut(message) {
        const sub = 'token' in message ? message.token?.sub : undefined;
        if (sub) await repo.revogarSessoes(sub);
      },
    },
    callbacks: {
      async jwt({ token, user, trigger, session }) {
        if (user?.id) {
          token.sub = user.id;
          token.sv = (user as { sessaoVersao?: number }).sessaoVersao ?? 0;
          token.embarcadorAtivo = await repo.embarcadorInicial(user.id);
        } else if (token.sub && (await repo.sessaoVersao(token.sub)) !== ((token.sv as number | undefined) ?? 0)) {
          // Revoked (sign-out, new password, status change): Auth.js answers no session and clears the cookie.
          return null;
        }
        if (trigger === 'update' && token.sub) {
          const pedido = (session as { embarcadorAtivo?: string; embarcadorUid?: string } | undefined);
          const uid = pedido?.embarcadorAtivo ?? pedido?.embarcadorUid;
          // An update naming a shipper the user does not belong to keeps the current one.
          if (uid && (await repo.pertenceAoEmbarcador(token.sub, uid))) {
            token.embarcadorAtivo = uid;
            await repo.lembrarEmbarcador(token.sub, uid);
          }
        }
        return token;
      },
      async session({ session, token }) {
        const s = session as typeof session & { embarcadorAtivo?: string | null };
        if (token.sub) s.user = { ...s.user, id: token.sub } as typeof s.user;
        s.embarcadorAtivo = (token.embarcadorAtivo as string | undefined) ?? null;
        return s;
      },
    },
  };
}

/** Hands a Fastify request to Auth.js and its Response back to Fastify. */
export async function handleAuth(app: FastifyInstance, config: AuthConfig, req: FastifyRequest) {
  const url = new URL(req.url, app.config.publicUrl);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : String(v));
  }
  const raw = typeof req.body === 'string' ? req.body : undefined;
  // next-auth's v4 client posts json=true and reads {url} instead of following a redirect.
  if (raw && /(^|&)json=true(&|$)/.test(raw)) headers.set('X-Auth-Return-Redirect', '1');
  const request = new Request(url, { method: req.method, headers, body: req.method === 'POST' ? (raw ?? '') : undefined });
  const res = await pedidoLogin.run({ ip: req.ip }, () => Auth(request, config));
  return comoNextAuthV4(url.pathname, req.method, res);
}

/** Two answers where next-auth v4's own server differs from Auth.js, and its client relies on them:
 * a failed credentials sign-in is HTTP 401 (signIn() returns ok: false), and no session is `{}`. */
async function comoNextAuthV4(path: string, method: string, res: Response): Promise<Response> {
  const acao = path.slice(AUTH_BASE.length);
  if (method === 'GET' && acao === '/session' && res.status === 200) {
    const text = await res.text();
    return new Response(text.trim() === 'null' ? '{}' : text, { status: res.status, headers: res.headers });
  }
  if (method === 'POST' && acao.startsWith('/callback/') && res.headers.get('content-type')?.includes('json')) {
    const text = await res.text();
    const url = (JSON.parse(text) as { url?: string } | null)?.url;
    const erro = url ? new URL(url).searchParams.get('error') : null;
    return new Response(text, { status: erro === 'CredentialsSignin' ? 401 : res.status, headers: res.headers });
  }
  return res;
}
