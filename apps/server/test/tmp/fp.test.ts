import { it } from 'vitest';
import { createHarness } from '../support/harness.ts';
import { writeMark, writesSince } from '../support/state.ts';
it('fp', async () => {
  const h = await createHarness();
  for (let i = 0; i < 3; i++) { const m = await writeMark(h.db); console.log('idle', m, await writesSince(h.db, m)); }
  await new Promise((r) => setTimeout(r, 500));
  for (let i = 0; i < 3; i++) { const m = await writeMark(h.db); console.log('idle2', m, await writesSince(h.db, m)); }
  let m = await writeMark(h.db);
  await h.admin.post('/api/v1/centros-custo', { codigo: 12 });
  console.log('bad post', await writesSince(h.db, m));
  m = await writeMark(h.db);
  await h.admin.get('/api/v1/centros-custo');
  console.log('get', await writesSince(h.db, m));
  m = await writeMark(h.db);
  await h.admin.post('/api/v1/centros-custo', { codigo: 'X1', nome: 'x' });
  console.log('after create', await writesSince(h.db, m));
  m = await writeMark(h.db);
  await h.admin.post('/api/v1/centros-custo', { codigo: 'X1', nome: 'x' });
  console.log('after dup', await writesSince(h.db, m));
  const u = (await h.create('/centros-custo')).uid;
  m = await writeMark(h.db);
  const r = await h.outro.put(`/api/v1/centros-custo/${u}`, { codigo: 'X2', nome: 'y' });
  console.log('B put', r.status, await writesSince(h.db, m));
  let t0 = performance.now(); for (let i = 0; i < 20; i++) await writeMark(h.db); console.log('mark ms', ((performance.now() - t0) / 20).toFixed(2));
  await h.close();
}, 120000);
