import { existsSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Files under assets/ carry a content hash in their name: a new build gives new names, so they never change. */
export const CACHE_IMUTAVEL = 'public, max-age=31536000, immutable';
/** index.html (and the SPA fallback) names the current hashed files: always revalidated. */
export const CACHE_REVALIDAR = 'no-cache';

// Serves the built React app (apps/web/dist) with a fallback to index.html for client routes. The build
// writes `.br`/`.gz` beside each text file (apps/web/vite.config.ts, `precomprimir`); `preCompressed`
// sends the best one the browser accepts, else the plain file.
export default fp(async function web(app: FastifyInstance) {
  const dist = app.config.webDist ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../../web/dist');
  if (!existsSync(resolve(dist, 'index.html'))) {
    app.log.debug({ dist }, 'web app not built; serving the API only');
    return;
  }
  const assets = resolve(dist, 'assets') + sep;
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Our own cache-control below; send's would come after it and win.
    cacheControl: false,
    // Compressed copies are served in place of their file, never by their own names.
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders(res, caminho) {
      res.setHeader('cache-control', caminho.startsWith(assets) ? CACHE_IMUTAVEL : CACHE_REVALIDAR);
      // The same URL answers differently by Accept-Encoding: shared caches must keep one copy per encoding.
      res.setHeader('vary', 'accept-encoding');
    },
  });
  app.get('/*', { schema: { hide: true }, config: { public: true } }, (req, reply) => {
    if (req.url.startsWith('/api/')) return reply.callNotFound();
    const file = req.url.split('?')[0].slice(1);
    const alvo = resolve(dist, file);
    // A file the build wrote after startup (the routes above list the files present at startup).
    if (file && !file.endsWith('/') && !relative(dist, alvo).startsWith('..') && existsSync(alvo)) return reply.sendFile(file);
    // A hashed file of an older build: index.html in its place would be run as a script and cached as such.
    if (file.startsWith('assets/')) return reply.callNotFound();
    return reply.sendFile('index.html');
  });
});
