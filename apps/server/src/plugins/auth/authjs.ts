import { Auth, type AuthConfig } from '@auth/core';
import Credentials from '@auth/core/providers/credentials';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { identidadeRepository } from '../../modules/perfil/identidade-repository.ts';
import { verificarSenha } from '../../lib/crypto.ts';
import { USUARIO_STATUS } from '@fretio/core';

// Auth.js (next-auth REST API) mounted on /api/auth/*: Credentials (login, senha), JWT session cookie.
// The JWT holds who the user is and the active shipper; permissions are read per request.
export const AUTH_BASE = '/api/auth';

export function sessionCookieName(secure: boolean) {
  return secure ? '__Secure-authjs.session-token' : 'authjs.session-token';
}

export function authConfig(app: FastifyInstance): AuthConfig {
  const repo = identidadeRepository(app.db);
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
          const u = await repo.usuarioPorLogin(login);
          if (!u || u.statusUsuario !== USUARIO_STATUS.ATIVO) return null;
          if (!(await verificarSenha(u.senhaHash, senha))) return null;
          await repo.registrarLogin(u.uid);
          return { id: u.uid, name: u.nome, email: u.login };
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user, trigger, session }) {
        if (user?.id) {
          token.sub = user.id;
          token.embarcadorAtivo = await repo.embarcadorInicial(user.id);
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
  return Auth(request, config);
}
