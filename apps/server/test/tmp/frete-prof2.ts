import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client.ts';
import { componentes } from '../../src/db/schema/index.ts';
const { db } = await openDatabase({ dataDir: '/tmp/frete-data2', migrate: false });
async function t(nome: string, f: () => Promise<unknown>) {
  await f();
  const t0 = performance.now();
  for (let i = 0; i < 50; i++) await f();
  console.log(nome, ((performance.now() - t0) / 50).toFixed(2));
}
await t('select 1', () => db.execute(sql`select 1`));
await t('componentes raw', () => db.execute(sql`select * from componentes where embarcador_uid is null`));
await t('componentes drizzle', () => db.select().from(componentes));
await t('count municipios', () => db.execute(sql`select count(*) from municipios`));
process.exit(0);
