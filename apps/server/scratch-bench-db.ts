import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase } from './src/db/client.ts';
import { seedDemo } from './src/db/seed/demo.ts';
const dir = '/tmp/me/benchdb';
const fresh = !existsSync(dir);
const database = await openDatabase({ dataDir: dir });
const db = database.db;
if (fresh) {
  await seedDemo(db);
  const mod = await import('../../bench/pessoas.ts');
  const emb = ((await db.execute(sql`select uid from embarcadores where cnpj = '11222333000181'`)) as any).rows[0].uid;
  await db.execute((mod as any).INSERT(emb, 200000));
  await db.execute(sql`analyze pessoas`);
}
const client = (db as any).$client;
const emb = ((await db.execute(sql`select uid from embarcadores where cnpj = '11222333000181'`)) as any).rows[0].uid;
const qs = process.argv.slice(2);
for (const q of qs) {
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const r = await client.query(q.replaceAll('$EMB', `'${emb}'`));
    if (i === 2) console.log((performance.now() - t0).toFixed(1), 'ms', r.rows.length, 'rows', q.slice(0, 100)); if (i === 2 && q.startsWith('explain')) console.log(r.rows.map((x: any) => x['QUERY PLAN']).join('\n'));
  }
}
await database.close();
