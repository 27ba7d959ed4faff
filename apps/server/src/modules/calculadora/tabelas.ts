import { createHash } from 'node:crypto';
import type { TabelaCalculo } from '@fretio/core';
import type { tabelasFrete } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { catalogoComponentes } from '../componentes/repository.ts';
import { colunasParaLocal } from '../regioes/local-ref.ts';
import { cadeiaDeBases, montarComCadeia } from '../tabelasfrete/derivacao.ts';
import { errosDaTabela } from '../tabelasfrete/montar.ts';
import { type TabelaRow, carregarLinhas } from '../tabelasfrete/repository.ts';
import { rotularRotas } from '../tabelasfrete/rotulos.ts';
import { LruTabelas, type PrioridadeFaixa, type TabelaMontada } from './cache.ts';

// Built tables, cached per database. The cache is keyed by the database's drizzle dialect object, which
// the database and every transaction opened on it share: keyed by the db/tx object itself, each request
// run inside a transaction (shipment and order simulations, the audit) got an empty cache of its own and
// rebuilt every table (32 s warm for 50 tables × 500 routes). Entries are checked on every use against
// the revision of the table and of each base of a derived table (every write to a table, its routes,
// rules, ranges, restrictions, surcharges or priorities bumps it; a readjusted version is a new table)
// and against the shipper's component catalogue (its codes decide the table's validation errors).

const caches = new WeakMap<object, LruTabelas>();

/** The cache of one database: `db.dialect` is shared by the database and its transactions. */
export function cacheDe(db: object) {
  const dono = (db as { dialect?: object }).dialect ?? db;
  let c = caches.get(dono);
  if (!c) {
    c = new LruTabelas();
    caches.set(dono, c);
  }
  return c;
}

/** Short digest of the catalogue's codes: adding or removing a component rebuilds the tables' validation. */
const resumoCatalogo = (codigos: string[]) => createHash('sha1').update([...codigos].sort().join('\n')).digest('base64url').slice(0, 12);

/** Builds the cache misses with one set-based load for all of them. */
export async function montarTabelas(
  db: DbOrTx,
  embarcadorUid: string,
  candidatas: (typeof tabelasFrete.$inferSelect)[],
  codigosCatalogo?: string[],
  /** The load's date: a derived table follows the version of its base valid on it. */
  data?: string,
): Promise<Map<string, TabelaMontada>> {
  const cache = cacheDe(db);
  const out = new Map<string, TabelaMontada>();
  const faltam: typeof candidatas = [];
  const codigos = codigosCatalogo ?? (await catalogoComponentes(db, embarcadorUid)).map((c) => c.codigo);
  const catalogo = resumoCatalogo(codigos);
  // Derived tables follow their base: the cache key holds every table of the chain (which version of a
  // readjusted base depends on the date) and its revision.
  const cadeias = new Map<string, TabelaRow[]>();
  const chave = (t: TabelaRow) =>
    `${catalogo}#${[t, ...(cadeias.get(t.uid) ?? [])].map((x, i) => (i ? `${x.uid}@` : '') + LruTabelas.chave(x.revisao, x.atualizadoEm)).join('>')}`;
  for (const t of candidatas) if (t.tabelaBaseUid) cadeias.set(t.uid, await cadeiaDeBases(db, t, data));
  for (const t of candidatas) {
    const m = cache.get(t.uid, chave(t));
    if (m) out.set(t.uid, m);
    else faltam.push(t);
  }
  if (!faltam.length) return out;
  const donas = new Set(faltam.flatMap((t) => [t.uid, ...(cadeias.get(t.uid)?.slice(-1).map((r) => r.uid) ?? [])]));
  const linhas = await carregarLinhas(db, [...donas], { enxuto: true });
  const montadas: [TabelaRow, TabelaCalculo, PrioridadeFaixa[]][] = [];
  for (const t of faltam) {
    const l = linhas.get(t.uid);
    if (!l) continue;
    const cadeia = cadeias.get(t.uid) ?? [];
    const raiz = cadeia.at(-1);
    const lr = raiz ? linhas.get(raiz.uid) : l;
    if (!lr) continue;
    const tabela = montarComCadeia(t, cadeia, lr);
    // Lane priorities are the table's own (also on a derived table).
    const prioridades: PrioridadeFaixa[] = l.prioridades.map((p) => ({
      origem: colunasParaLocal(p, 'origem'),
      destino: colunasParaLocal(p, 'destino'),
      prioridade: p.prioridade,
    }));
    montadas.push([t, tabela, prioridades]);
  }
  // Messages name routes by their places (validation errors below, not-quoted reasons later).
  await rotularRotas(db, montadas.map(([, tabela]) => tabela));
  for (const [t, tabela, prioridades] of montadas) {
    const m = { tabela, prioridades, erros: errosDaTabela(tabela, codigos) };
    cache.set(t.uid, chave(t), m);
    out.set(t.uid, m);
  }
  return out;
}
