import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Config, fastifyTrustProxy, loadConfig } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { serializadoresLog } from './lib/log-seguro.ts';
import { modules } from './modules/index.ts';
import auth from './plugins/auth/index.ts';
import errors from './plugins/errors.ts';
import openapi from './plugins/openapi.ts';
import seguranca from './plugins/seguranca.ts';
import services from './plugins/services.ts';
import tarefas from './plugins/tarefas.ts';
import web from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database['db'];
    database: Database;
  }
}

export type BuildOptions = {
  config?: Partial<Config>;
  database?: Database;
  /** Where the log goes (tests read it back); stdout by default. */
  logStream?: { write(linha: string): void };
};

/** Builds the whole application; tests call this and use app.inject. */
export async function buildApp(opts: BuildOptions = {}): Promise<FastifyInstance> {
  const config = loadConfig(opts.config);
  const app = Fastify({
    // Serializers keep personal data (query parameters, key values) out of the log.
    logger: { level: config.logLevel, serializers: serializadoresLog as never, ...(opts.logStream ? { stream: opts.logStream } : {}) },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    ajv: { customOptions: { coerceTypes: 'array' } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  if (!opts.database) app.addHook('onClose', () => database.close());

  await app.register(errors);
  await app.register(seguranca);
  await app.register(cookie);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1 } });
  await app.register(rateLimit, { global: false });
  await app.register(openapi);
  await app.register(services);
  await app.register(auth);
  await app.register(tarefas);
  // Filled by modules' registerResource; read by the list export and the generic test suites.
  app.decorate('recursos', []);
  await app.register(modules);
  await app.register(web);
  return app;
}
