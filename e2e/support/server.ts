import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../apps/server/src/config.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { seedDemo } from '../../apps/server/src/db/seed/demo.ts';

// The real application (API + built web app from apps/web/dist) in-process, on a fresh database
// seeded with the demo data. One per test file; `stop` removes everything it created.
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
  try {
    app = await buildApp({ config: { dataDir, logLevel: 'silent', port, host: '127.0.0.1', publicUrl: baseUrl, ...config } });
    await seedDemo(app.db);
    await app.listen({ port, host: '127.0.0.1' });
  } catch (e) {
    await app?.close().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
    throw e;
  }
  const started = app;
  return {
    app: started,
    baseUrl,
    stop: async () => {
      await started.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
