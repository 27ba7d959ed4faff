import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../framework/register.ts';
import { feriadosResource } from './resource.ts';
import { garantirFeriadosNacionais, hojeSaoPaulo } from './service.ts';

export default async function feriadosRoutes(app: FastifyInstance) {
  registerResource(app, feriadosResource);
  // National holidays of the current and next years, idempotent (every instance may run it).
  app.addHook('onReady', async () => {
    const ano = Number(hojeSaoPaulo().slice(0, 4));
    await garantirFeriadosNacionais(app.db, [ano, ano + 1]);
  });
}
