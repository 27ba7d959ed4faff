import { type SQL, and, asc, eq, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import { somenteDigitos } from '@fretio/core';
import { faixasCepUf, municipios, pessoas } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { consultarEmLotes } from '../../lib/lotes.ts';
import { escapeLike } from '../../framework/sql.ts';

// Queries of the people register.

export type MunicipioInfo = { ibge: string; nome: string; uf: string };
export type FaixaCep = { cepInicio: string; cepFim: string };

export async function municipiosPorIbge(db: DbOrTx, codigos: string[]): Promise<Map<string, MunicipioInfo>> {
  const rows = await consultarEmLotes(codigos, (lote) =>
    db.select({ ibge: municipios.ibge, nome: municipios.nome, uf: municipios.uf }).from(municipios).where(inArray(municipios.ibge, lote)),
  );
  return new Map(rows.map((r) => [r.ibge, r]));
}

/** The Correios CEP ranges of each UF asked (a UF without ranges is simply absent). */
export async function faixasCepPorUf(db: DbOrTx, ufs: string[]): Promise<Map<string, FaixaCep[]>> {
  const out = new Map<string, FaixaCep[]>();
  const rows = await consultarEmLotes(ufs, (lote) => db.select().from(faixasCepUf).where(inArray(faixasCepUf.uf, lote)));
  for (const r of rows) out.set(r.uf, [...(out.get(r.uf) ?? []), { cepInicio: r.cepInicio, cepFim: r.cepFim }]);
  return out;
}

/** People of the shipper holding any of these documents (optionally other than `excetoUid`). */
export async function pessoasPorDocumento(db: DbOrTx, embarcadorUid: string, documentos: string[], excetoUid?: string) {
  const rows = await consultarEmLotes(documentos, (lote) =>
    db
      .select({ uid: pessoas.uid, nome: pessoas.nome, documento: pessoas.documento })
      .from(pessoas)
      .where(
        and(eq(pessoas.embarcadorUid, embarcadorUid), inArray(pessoas.documento, lote), excetoUid ? ne(pessoas.uid, excetoUid) : undefined),
      ),
  );
  return new Map(rows.map((r) => [r.documento, { uid: r.uid, nome: r.nome }]));
}

export const LIMITE_LISTA = 20;

/** The same normalisation as SQL f_norm (lower case, accents off), so patterns reach SQL as constants. */
const DE = 'áàâãäåéèêëíìîïóòôõöúùûüçñýÿ';
const PARA = 'aaaaaaeeeeiiiiooooouuuucnyy';
export const fNorm = (t: string) => [...t.toLowerCase()].map((c) => (DE.includes(c) ? PARA[DE.indexOf(c)] : c)).join('');

const nomeNorm = sql`f_norm(${pessoas.nome})`;
/** Accent-insensitive alphabetical order through the btree (embarcador_uid, f_norm(nome) text_pattern_ops). */
const ordemNome = sql`${nomeNorm} using ~<~`;

/**
 * The search-as-you-type queries, in shapes the planner serves from indexes (LIMIT 20 each):
 *  - no term: the first names in order (btree (embarcador_uid, f_norm(nome) text_pattern_ops), no sort);
 *  - 1-2 letters: names starting with them (same btree: range + order);
 *  - only digits and punctuation: documento by prefix (btree text_pattern_ops) OR, with 3+ digits,
 *    names containing them;
 *  - text: first the names STARTING with the term (same btree, no sort); when they are fewer than 20,
 *    a complement with nome / nome fantasia CONTAINING it: the stored column busca =
 *    f_norm(nome || ' ' || nome_fantasia) under a pg_trgm GIN index (plain LIKE recheck, sorted).
 */
export function consultasLista(db: DbOrTx, embarcadorUid: string, q?: string, papel?: 'remetente' | 'destinatario' | 'tomador') {
  const termo = (q ?? '').trim();
  const base = [eq(pessoas.embarcadorUid, embarcadorUid), eq(pessoas.ativo, true), papel ? eq(pessoas[papel], true) : undefined];
  const query = (where: SQL | undefined, limite: number, ...ordem: SQL[]) =>
    db
      .select({ uid: pessoas.uid, nome: pessoas.nome, documento: pessoas.documento, uf: pessoas.uf })
      .from(pessoas)
      .where(and(...base, where))
      .orderBy(...ordem, asc(pessoas.uid))
      .limit(limite);
  if (!termo) return { principal: query(undefined, LIMITE_LISTA, ordemNome) };
  const digitos = somenteDigitos(termo);
  const norm = escapeLike(fNorm(termo));
  const contem = sql`${pessoas.busca} like ${`%${norm}%`}`;
  if (/^[\d.\-/\s]+$/.test(termo)) {
    const doc = sql`${pessoas.documento} like ${`${digitos}%`}`;
    return { principal: query(digitos.length >= 3 ? or(doc, contem) : doc, LIMITE_LISTA, asc(pessoas.busca)) };
  }
  const comeca = query(sql`${nomeNorm} like ${`${norm}%`}`, LIMITE_LISTA, ordemNome);
  if (termo.length < 3) return { principal: comeca };
  return {
    principal: comeca,
    complemento: (excluir: string[], limite: number) =>
      query(and(contem, excluir.length ? notInArray(pessoas.uid, excluir) : undefined), limite, asc(pessoas.busca)),
  };
}

export async function listaSelecao(db: DbOrTx, embarcadorUid: string, q?: string, papel?: 'remetente' | 'destinatario' | 'tomador') {
  const { principal, complemento } = consultasLista(db, embarcadorUid, q, papel);
  const rows = await principal;
  if (!complemento || rows.length >= LIMITE_LISTA) return rows;
  return [
    ...rows,
    ...(await complemento(
      rows.map((r) => r.uid),
      LIMITE_LISTA - rows.length,
    )),
  ];
}
