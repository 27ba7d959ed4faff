import type { FastifyInstance } from 'fastify';
import { type Db, openDatabase } from '../../db/client.ts';

// Reports, BI datasets and the dashboard only read: when DATABASE_READ_URL (or DATABASE_REPLICA_URL) names a PostgreSQL replica
// (streaming, read-only), they read there so analytics never load the operational database; without it
// they read the main connection. The replica is opened once per app (no migrations: it follows the primary).
export async function conexaoLeitura(app: FastifyInstance): Promise<Db> {
  const url = process.env.DATABASE_READ_URL || process.env.DATABASE_REPLICA_URL;
  if (!url) return app.db;
  const replica = await openDatabase({ databaseUrl: url, migrate: false });
  app.addHook('onClose', async () => replica.close());
  return replica.db;
}
