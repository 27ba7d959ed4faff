import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Mailer, createMailer } from '../lib/mailer.ts';
import { type Storage, localStorage } from '../lib/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    storage: Storage;
  }
}

// Outside services behind interfaces: e-mail (SMTP or outbox) and file storage (local dir by default).
export default fp(async function services(app: FastifyInstance) {
  app.decorate('mailer', createMailer(app));
  app.decorate('storage', localStorage(`${app.config.dataDir}/arquivos`));
});
