import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import type { Config } from '../../apps/server/src/config.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import type { Database } from '../../apps/server/src/db/client.ts';
import { abrirCopiaPglite } from '../../apps/server/test/support/pglite-copia.ts';

// The real application (API + built web app from apps/web/dist) in-process, on a fresh embedded
// database holding the demo data (a copy of the one global-setup.ts migrated and seeded). One per test
// file; `stop` removes everything it created.
export type TestServer = { app: FastifyInstance; baseUrl: string; stop: () => Promise<void> };

/** A free TCP port: the app's publicUrl must equal the origin the browser uses (cookies, redirects). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export async function startServer(config: Partial<Config> = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'fretio-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let app: FastifyInstance | undefined;
  let database: Database | undefined;
  try {
    database = await abrirCopiaPglite(inject('fretioE2eDemo'));
    app = await buildApp({ database, config: { dataDir, logLevel: 'silent', port, host: '127.0.0.1', publicUrl: baseUrl, ...config } });
    await app.listen({ port, host: '127.0.0.1' });
  } catch (e) {
    await app?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
    throw e;
  }
  const started = app;
  return {
    app: started,
    baseUrl,
    stop: async () => {
      await started.close();
      await database?.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
