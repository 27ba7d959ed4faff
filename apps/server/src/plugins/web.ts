import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Serves the built React app (apps/web/dist) with a fallback to index.html for client routes.
export default fp(async function web(app: FastifyInstance) {
  const dist = app.config.webDist ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../../web/dist');
  if (!existsSync(resolve(dist, 'index.html'))) {
    app.log.debug({ dist }, 'web app not built; serving the API only');
    return;
  }
  await app.register(fastifyStatic, { root: dist, wildcard: false, index: false });
  app.get('/*', { schema: { hide: true }, config: { public: true } }, (req, reply) => {
    if (req.url.startsWith('/api/')) return reply.callNotFound();
    const file = req.url.split('?')[0].slice(1);
    if (file && existsSync(resolve(dist, file)) && !file.endsWith('/')) return reply.sendFile(file);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
