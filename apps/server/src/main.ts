import { buildApp } from './app.ts';
import { seedDemo } from './db/seed/demo.ts';
import { seedHistorico } from './db/seed/historico.ts';

// Production entry point: build, seed an empty database with demo data, listen.
const app = await buildApp();
// A poisoned embedded database (db/client.ts) cannot be trusted again in this process: exit, and the
// supervisor (scripts/start.mjs, or systemd) starts a fresh one on the same data directory.
app.database.aoEnvenenar = (err) => {
  app.log.fatal({ err }, 'banco de dados embutido inutilizado: encerrando para o supervisor reiniciar');
  process.exit(70);
};
if (app.config.seedDemo) {
  const seeded = await seedDemo(app.db);
  if (seeded) await seedHistorico(app.db);
  if (seeded) app.log.info('banco vazio: dados de demonstração carregados (admin@demo.com.br / demo1234)');
}
await app.listen({ port: app.config.port, host: app.config.host });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    process.exit(0);
  });
}
