import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { criarTrabalhador } from '../framework/tarefas/trabalhador.ts';

declare module 'fastify' {
  interface FastifyInstance {
    trabalhadorTarefas: ReturnType<typeof criarTrabalhador>;
  }
}

// The task-queue worker of this instance: starts when the app is ready, stops (after the current
// item) before the database closes. TAREFAS_CONCORRENCIA=0 makes an instance that only serves HTTP.
export default fp(async function tarefas(app: FastifyInstance) {
  const t = criarTrabalhador(app, { concorrencia: app.config.tarefasConcorrencia, intervaloMs: app.config.tarefasIntervaloMs });
  app.decorate('trabalhadorTarefas', t);
  if (app.config.tarefasConcorrencia > 0) app.addHook('onReady', async () => t.iniciar());
  app.addHook('preClose', async () => t.parar());
});
