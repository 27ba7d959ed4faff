import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Acao } from '@fretio/core';
import { AppError } from '../../lib/errors.ts';
import { hashFicticio } from '../../lib/crypto.ts';
import { type Relogio, relogioDoSistema } from '../../lib/relogio.ts';
import { AUTH_BASE, authConfig, handleAuth } from './authjs.ts';
import { contextResolver, type RequestContext, temPermissao } from './context.ts';
import { exigirMesmaOrigem } from './mesma-origem.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** "Now" for sign-in throttling; tests replace `agora` instead of sleeping. */
    relogio: Relogio;
  }
  interface FastifyRequest {
    ctx: RequestContext | null;
    /** The caller's context on a route that needs a session (401 if there is none). */
    readonly contexto: RequestContext;
  }
  interface FastifyContextConfig {
    /** No session needed (auth facility, health, docs, account life cycle). */
    public?: boolean;
    /** [permission resource, action] checked before the handler runs: 403 when the role lacks it. */
    permission?: [string, Acao];
    /** A GET that changes state (a command of the contract that uses GET): refused cross-site like a
     *  POST (plugins/auth/mesma-origem.ts). Declared actions carry it by themselves (framework/register.ts). */
    escrita?: boolean;
  }
}

// The auth facility and the OpenAPI document need no session.
const PUBLIC_PREFIXES = [AUTH_BASE, '/api/docs'];

export default fp(async function auth(app: FastifyInstance) {
  if (!app.hasDecorator('relogio')) app.decorate('relogio', relogioDoSistema());
  const config = authConfig(app);
  // Made once at start-up, so no sign-in of an unknown login pays for it.
  await hashFicticio();
  const resolve = contextResolver(app);

  app.decorateRequest('ctx', null);
  app.decorateRequest('contexto', {
    getter(this: FastifyRequest) {
      if (!this.ctx) throw AppError.unauthenticated();
      return this.ctx;
    },
  });

  // Before the session is read and before any body is parsed.
  app.addHook('onRequest', exigirMesmaOrigem(app.config.publicUrl));

  // Every /api route except the public ones needs a session or token; permissions come from the route.
  app.addHook('onRequest', async (req) => {
    const routeConfig = req.routeOptions.config;
    // The matched route's path, never req.url: the router decodes %xx, so '/%61pi/v1/…' reaches '/api/v1/…'.
    const rota = req.routeOptions.url;
    if (!rota?.startsWith('/api/') || PUBLIC_PREFIXES.some((p) => rota.startsWith(p))) return;
    if (routeConfig?.public) {
      req.ctx = await resolve(req).catch(() => null);
      return;
    }
    req.ctx = await resolve(req);
    if (!req.ctx) throw AppError.unauthenticated();
    const perm = routeConfig?.permission;
    if (perm && !temPermissao(req.ctx, perm[0], perm[1])) throw AppError.forbidden();
  });

  await app.register(async (scope) => {
    // Auth.js reads the raw body itself (form-encoded or JSON).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

    scope.post(`${AUTH_BASE}/_log`, { config: { public: true }, schema: { tags: ['auth'], summary: 'Registro de log do cliente (beacon: level, code, details)' } }, async (req, reply) => {
      req.log.info({ clientLog: typeof req.body === 'string' ? req.body.slice(0, 2000) : null }, 'auth client log');
      return reply.status(200).send({});
    });

    const handler = async (req: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
      const res = await handleAuth(app, config, req);
      reply.status(res.status);
      res.headers.forEach((value, key) => {
        if (key.toLowerCase() !== 'set-cookie') reply.header(key, value);
      });
      const cookies = res.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      const text = await res.text();
      return reply.send(text);
    };
    for (const action of ['session', 'csrf', 'providers', 'signin', 'signin/:provider', 'callback/:provider', 'signout', 'error']) {
      scope.route({ method: ['GET', 'POST'], url: `${AUTH_BASE}/${action}`, config: { public: true }, handler, schema: { tags: ['auth'] } });
    }
  });

});
