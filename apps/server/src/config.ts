import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';

// Everything the server reads from the environment, read once.
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  authSecret: string;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  production: boolean;
  seedDemo: boolean;
  uploadMaxBytes: number;
  webDist?: string;
  logLevel: string;
};

export function loadConfig(over: Partial<Config> = {}): Config {
  const env = process.env;
  const port = Number(env.PORT ?? 3000);
  const production = env.NODE_ENV === 'production';
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    // A fixed secret in development keeps sessions across restarts; production must set AUTH_SECRET.
    authSecret: env.AUTH_SECRET ?? (production ? randomBytes(32).toString('hex') : 'fretio-dev-secret-change-me-in-production'),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Fretio <nao-responda@fretio.com.br>',
    production,
    seedDemo: env.SEED_DEMO !== 'false',
    uploadMaxBytes: Number(env.UPLOAD_MAX_BYTES ?? 10 * 1024 * 1024),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    ...over,
  };
}
