import { performance } from 'node:perf_hooks';
import { openDatabase } from '../../src/db/client.ts';
import { resolverLocal } from '../../src/modules/calculadora/locais.ts';
import { aliquotaIcms } from '../../src/modules/configuracoes/service.ts';
import { feriadosDoDestino } from '../../src/modules/feriados/service.ts';
import { catalogoComponentes } from '../../src/modules/componentes/routes.ts';
import { embarcadores } from '../../src/db/schema/index.ts';

const { db } = await openDatabase({ dataDir: '/tmp/frete-data2', migrate: false });
const [e] = await db.select().from(embarcadores).limit(1);
const emb = e.uid;
async function t(nome: string, f: () => Promise<unknown>) {
  await f();
  const t0 = performance.now();
  for (let i = 0; i < 20; i++) await f();
  console.log(nome, ((performance.now() - t0) / 20).toFixed(2));
}
await t('resolver cep', () => resolverLocal(db, emb, { cep: '01310100' }, 'o'));
await t('resolver cep sem faixa propria', () => resolverLocal(db, emb, { cep: '69000000' }, 'o'));
await t('resolver ibge', () => resolverLocal(db, emb, { municipioIbge: '3304557' }, 'o'));
await t('resolver uf', () => resolverLocal(db, emb, { uf: 'RJ' }, 'o'));
await t('icms', () => aliquotaIcms(db, emb, 'SP', 'RJ', '2026-11-23'));
await t('feriados', () => feriadosDoDestino(db, emb, { uf: 'RJ', ibge: '3304557' }, '2026-11-23', '2028-11-23'));
await t('catalogo', () => catalogoComponentes(db, emb));
process.exit(0);
