import { gzipSync } from 'node:zlib';
import { and, eq, or, sql } from 'drizzle-orm';
import { documentosXml, embarcadorTransportador, transportadores, unidadesEmbarcador, unidadesTransportador } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';

// What the NF-e and CT-e imports share: who the documents point to (a carrier by CNPJ, a shipper's
// unit by CNPJ) and the original XML kept compressed beside the record.

/** Who writes: a request's context or a task's shipper and user. */
export type QuemGrava = { embarcadorUid: string; usuarioUid: string | null };

/** The documento's result for the task report. */
export type ResultadoDocumento = { situacao: 'ok' | 'aviso' | 'ignorado'; mensagem?: string; registroUid?: string };

/**
 * Lookups one import task repeats for every document (the same carrier, the same units): kept for the
 * task's run (`cacheDaTarefa`). Only resolved reads are kept, so a rolled-back savepoint leaves nothing.
 */
export type CacheVinculos = Map<string, unknown>;
const caches = new WeakMap<object, CacheVinculos>();
export function cacheDaTarefa(tarefa: object): CacheVinculos {
  const c = caches.get(tarefa) ?? new Map<string, unknown>();
  caches.set(tarefa, c);
  return c;
}
async function memo<T>(cache: CacheVinculos | undefined, chave: string, f: () => Promise<T>): Promise<T> {
  if (cache?.has(chave)) return cache.get(chave) as T;
  const v = await f();
  cache?.set(chave, v);
  return v;
}

/** A carrier linked to the shipper whose CNPJ (or one of whose units' CNPJ) is `documento`. */
export function transportadorPorDocumento(tx: DbOrTx, embarcadorUid: string, documento: string | null, cache?: CacheVinculos) {
  if (!documento) return Promise.resolve(null);
  return memo(cache, `t:${embarcadorUid}:${documento}`, () => buscarTransportador(tx, embarcadorUid, documento));
}

async function buscarTransportador(tx: DbOrTx, embarcadorUid: string, documento: string) {
  const [t] = await tx
    .select({ uid: transportadores.uid, unidadeUid: unidadesTransportador.uid })
    .from(transportadores)
    .innerJoin(embarcadorTransportador, and(eq(embarcadorTransportador.transportadorUid, transportadores.uid), eq(embarcadorTransportador.embarcadorUid, embarcadorUid)))
    .leftJoin(unidadesTransportador, and(eq(unidadesTransportador.transportadorUid, transportadores.uid), eq(unidadesTransportador.documento, documento)))
    .where(or(eq(transportadores.cnpj, documento), eq(unidadesTransportador.documento, documento)))
    .limit(1);
  return t ?? null;
}

/** The shipper's active unit whose CNPJ is one of `documentos` (the first that matches, in order). */
export async function unidadePorDocumentos(tx: DbOrTx, embarcadorUid: string, documentos: (string | null)[], cache?: CacheVinculos) {
  const docs = documentos.filter((d): d is string => !!d);
  if (!docs.length) return null;
  return memo(cache, `u:${embarcadorUid}:${docs.join(',')}`, () => buscarUnidade(tx, embarcadorUid, docs));
}

async function buscarUnidade(tx: DbOrTx, embarcadorUid: string, docs: string[]) {
  const rows = await tx
    .select({ uid: unidadesEmbarcador.uid, documento: unidadesEmbarcador.documento })
    .from(unidadesEmbarcador)
    .where(and(eq(unidadesEmbarcador.embarcadorUid, embarcadorUid), eq(unidadesEmbarcador.ativo, true), sql`${unidadesEmbarcador.documento} in ${docs}`));
  for (const d of docs) {
    const u = rows.find((r) => r.documento === d);
    if (u) return u.uid;
  }
  return null;
}

/**
 * transportadorPorDocumento and unidadePorDocumentos for a whole group (nfes/lote.ts, ctes/lote.ts): what is
 * not in the task's cache is read in one statement each, and cached under the same keys.
 */
export async function lerVinculosDoGrupo(tx: DbOrTx, embarcadorUid: string, pedidos: { transportadores: (string | null)[]; unidades: (string | null)[][] }, cache: CacheVinculos) {
  const tDocs = [...new Set(pedidos.transportadores.filter((d): d is string => !!d))].filter((d) => !cache.has(`t:${embarcadorUid}:${d}`));
  if (tDocs.length) {
    const valores = sql.join(tDocs.map((d) => sql`(${d}::text)`), sql`, `);
    const r = (await tx.execute(sql`select distinct on (d.doc) d.doc, t.uid, u.uid as "unidadeUid"
      from (values ${valores}) as d(doc)
      join transportadores t on t.cnpj = d.doc or exists (select 1 from unidades_transportador x where x.transportador_uid = t.uid and x.documento = d.doc)
      join embarcador_transportador et on et.transportador_uid = t.uid and et.embarcador_uid = ${embarcadorUid}
      left join unidades_transportador u on u.transportador_uid = t.uid and u.documento = d.doc
      order by d.doc, u.uid nulls last`)) as unknown as { rows: { doc: string; uid: string; unidadeUid: string | null }[] };
    const achados = new Map(r.rows.map((x) => [x.doc, { uid: x.uid, unidadeUid: x.unidadeUid }]));
    for (const d of tDocs) cache.set(`t:${embarcadorUid}:${d}`, achados.get(d) ?? null);
  }
  const listas = pedidos.unidades.map((l) => l.filter((d): d is string => !!d)).filter((l) => l.length && !cache.has(`u:${embarcadorUid}:${l.join(',')}`));
  const uDocs = [...new Set(listas.flat())];
  if (uDocs.length) {
    const rows = await tx
      .select({ uid: unidadesEmbarcador.uid, documento: unidadesEmbarcador.documento })
      .from(unidadesEmbarcador)
      .where(and(eq(unidadesEmbarcador.embarcadorUid, embarcadorUid), eq(unidadesEmbarcador.ativo, true), sql`${unidadesEmbarcador.documento} in ${uDocs}`));
    for (const l of listas) cache.set(`u:${embarcadorUid}:${l.join(',')}`, l.map((d) => rows.find((r) => r.documento === d)?.uid).find(Boolean) ?? null);
  }
}

/** Rows for `documentos_xml` (the XML gzipped by the parse worker, else here). */
export function linhaXml(a: { documentoUid: string; embarcadorUid: string; tipo: 'nfe' | 'cte'; nome: string; xml: Uint8Array; xmlGz?: Uint8Array }) {
  const conteudo = a.xmlGz ? Buffer.from(a.xmlGz.buffer, a.xmlGz.byteOffset, a.xmlGz.byteLength) : gzipSync(a.xml);
  return { documentoUid: a.documentoUid, embarcadorUid: a.embarcadorUid, tipo: a.tipo, nome: a.nome.slice(0, 255), tamanho: a.xml.length, conteudo };
}

/** `xmlGz`: the same XML already gzipped (by the parse worker); else it is compressed here. */
export async function guardarXml(tx: DbOrTx, a: { documentoUid: string; embarcadorUid: string; tipo: 'nfe' | 'cte'; nome: string; xml: Uint8Array; xmlGz?: Uint8Array }) {
  const { documentoUid, ...valores } = linhaXml(a);
  await tx.insert(documentosXml).values({ documentoUid, ...valores }).onConflictDoUpdate({ target: documentosXml.documentoUid, set: valores });
}

/** Text cut to a column's size (a real-world name longer than the layout allows still imports). */
export const corta = (s: string | null | undefined, n: number) => (s == null ? null : s.length > n ? s.slice(0, n) : s);

/** The emission instant for the timestamptz column; null when the XML's date is not a date. */
export const instante = (s: string | null) => (s && !Number.isNaN(Date.parse(s)) ? new Date(s).toISOString() : null);
