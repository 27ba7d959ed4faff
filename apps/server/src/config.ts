import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SERVICOS } from './modules/sefaz/soap.ts';

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
  /** Fastify's trustProxy: whether (and which) X-Forwarded-For to believe for the client address. */
  trustProxy: boolean | number | string[];
  /** Tasks of the queue this instance runs at once (0: it runs none, only serves HTTP). */
  tarefasConcorrencia: number;
  /** How often an idle worker looks for tasks created by other instances. */
  tarefasIntervaloMs: number;
  /** Background schedulers (framework/agenda.ts) on this instance; off under NODE_ENV=test (AGENDADORES). */
  agendadores: boolean;
  /** SEFAZ distribution endpoints (server settings, never a shipper's: no one points the server elsewhere). */
  sefaz: {
    urls: Record<'nfe' | 'cte', Record<'producao' | 'homologacao', string>>;
    /** PEM bundle of the CAs to trust (ICP-Brasil for the real services). */
    caFile?: string;
    /** How often the scheduler looks for shippers whose hourly capture is due. */
    agendaMs: number;
  };
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
    authSecret: env.AUTH_SECRET ?? secretOf(resolve(env.DATA_DIR ?? './data')),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Fretio <nao-responda@fretio.com.br>',
    production,
    seedDemo: env.SEED_DEMO !== 'false',
    uploadMaxBytes: Number(env.UPLOAD_MAX_BYTES ?? 10 * 1024 * 1024),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    tarefasConcorrencia: Number(env.TAREFAS_CONCORRENCIA ?? 2),
    tarefasIntervaloMs: Number(env.TAREFAS_INTERVALO_MS ?? 1000),
    agendadores: env.AGENDADORES ? env.AGENDADORES !== 'false' : env.NODE_ENV !== 'test',
    sefaz: {
      urls: {
        nfe: {
          producao: env.SEFAZ_NFE_URL_PRODUCAO ?? SERVICOS.nfe.urls.producao,
          homologacao: env.SEFAZ_NFE_URL_HOMOLOGACAO ?? SERVICOS.nfe.urls.homologacao,
        },
        cte: {
          producao: env.SEFAZ_CTE_URL_PRODUCAO ?? SERVICOS.cte.urls.producao,
          homologacao: env.SEFAZ_CTE_URL_HOMOLOGACAO ?? SERVICOS.cte.urls.homologacao,
        },
      },
      caFile: env.SEFAZ_CA_FILE || undefined,
      agendaMs: Number(env.SEFAZ_AGENDA_MS ?? 5 * 60_000),
    },
    ...over,
  };
}

/** TRUST_PROXY: unset or false → the socket address only (X-Forwarded-For is anyone's to write);
 * true → every proxy; a number → that many hops; otherwise addresses/CIDRs separated by commas. */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const v = (value ?? '').trim();
  if (!v || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v.split(',').map((s) => s.trim()).filter(Boolean);
}

/** Fastify's option: its types take no number, so a hop count becomes the function proxy-addr would make. */
export function fastifyTrustProxy(v: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof v === 'number' ? (_address, hop) => hop < v : v;
}

/** Without AUTH_SECRET, one random secret is kept in the data folder so sessions survive restarts.
 * Several instances must share AUTH_SECRET instead (docs/SCALING.md). */
function secretOf(dataDir: string): string {
  const file = join(dataDir, '.auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
