import { decode } from '@auth/core/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TIPO_USUARIO, type Acao, type Permissoes, pode } from '@fretio/core';
import { identidadeRepository } from '../../modules/perfil/identidade-repository.ts';
import { AppError } from '../../lib/errors.ts';
import { criarCacheSessao } from '../../lib/cache-sessao.ts';
import { sha256 } from '../../lib/crypto.ts';
import { sessionCookieName } from './authjs.ts';

/** Who is calling, in which shipper, allowed to do what. Built once per request. */
export type RequestContext = {
  usuarioUid: string;
  login: string;
  nome: string;
  tipoUsuario: number;
  transportadorUid: string | null;
  embarcadorUid: string | null;
  permissoes: Permissoes;
  via: 'sessao' | 'token';
};

export const API_TOKEN_PREFIX = 'fretio_';

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}

export function contextResolver(app: FastifyInstance) {
  const repo = identidadeRepository(app.db);
  const cookieName = sessionCookieName(app.config.publicUrl.startsWith('https://'));
  const decodificarSessao = criarCacheSessao(); // lib/cache-sessao.ts: the JWE decrypt was the hot spot under load

  async function fromSessionToken(token: string): Promise<RequestContext | null> {
    const jwt = await decodificarSessao(token, () => decode({ token, secret: app.config.authSecret, salt: cookieName }).catch(() => null));
    if (!jwt?.sub) return null;
    const ctx = await build(jwt.sub, (jwt.embarcadorAtivo as string | undefined) ?? null, 'sessao');
    // A session from before a sign-out, a new password or a status change carries an older version.
    if (!ctx || ctx.sessaoVersao !== ((jwt.sv as number | undefined) ?? 0)) return null;
    return ctx;
  }

  async function fromApiToken(secret: string): Promise<RequestContext | null> {
    const t = await repo.apiTokenValido(sha256(secret));
    if (!t) return null;
    return build(t.usuarioUid, t.embarcadorUid, 'token');
  }

  async function build(usuarioUid: string, embarcadorUid: string | null, via: RequestContext['via']) {
    const c = await repo.contexto(usuarioUid, embarcadorUid);
    if (!c) return null;
    return { ...c, via } satisfies RequestContext;
  }

  return async function resolve(req: FastifyRequest): Promise<RequestContext | null> {
    const auth = req.headers.authorization;
    if (auth?.startsWith('Bearer ')) {
      const value = auth.slice(7).trim();
      return value.startsWith(API_TOKEN_PREFIX) ? fromApiToken(value) : fromSessionToken(value);
    }
    const token = cookieValue(req.headers.cookie, cookieName);
    return token ? fromSessionToken(token) : null;
  };
}

export function temPermissao(ctx: RequestContext, recurso: string, acao: Acao) {
  return ctx.tipoUsuario === TIPO_USUARIO.ADMIN || pode(ctx.permissoes, recurso, acao);
}

/** The active shipper, or 400 'Embarcador não informado.' */
export function exigirEmbarcador(ctx: RequestContext | null): string {
  if (!ctx) throw AppError.unauthenticated();
  if (!ctx.embarcadorUid) throw AppError.field('embarcador', 'Embarcador não informado.');
  return ctx.embarcadorUid;
}
