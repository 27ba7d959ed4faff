import { type SQL, and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { somenteDigitos } from '@fretio/core';
import { faixasCepUf, municipios, pessoas } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';

// Queries of the people register.

export type MunicipioInfo = { ibge: string; nome: string; uf: string };
export type FaixaCep = { cepInicio: string; cepFim: string };

export async function municipiosPorIbge(db: DbOrTx, codigos: string[]): Promise<Map<string, MunicipioInfo>> {
  const unicos = [...new Set(codigos)];
  if (!unicos.length) return new Map();
  const rows = await db.select({ ibge: municipios.ibge, nome: municipios.nome, uf: municipios.uf }).from(municipios).where(inArray(municipios.ibge, unicos));
  return new Map(rows.map((r) => [r.ibge, r]));
}

/** The Correios CEP ranges of each UF asked (a UF without ranges is simply absent). */
export async function faixasCepPorUf(db: DbOrTx, ufs: string[]): Promise<Map<string, FaixaCep[]>> {
  const unicas = [...new Set(ufs)];
  const out = new Map<string, FaixaCep[]>();
  if (!unicas.length) return out;
  const rows = await db.select().from(faixasCepUf).where(inArray(faixasCepUf.uf, unicas));
  for (const r of rows) out.set(r.uf, [...(out.get(r.uf) ?? []), { cepInicio: r.cepInicio, cepFim: r.cepFim }]);
  return out;
}

/** People of the shipper holding any of these documents (optionally other than `excetoUid`). */
export async function pessoasPorDocumento(db: DbOrTx, embarcadorUid: string, documentos: string[], excetoUid?: string) {
  const unicos = [...new Set(documentos)];
  if (!unicos.length) return new Map<string, { uid: string; nome: string }>();
  const rows = await db
    .select({ uid: pessoas.uid, nome: pessoas.nome, documento: pessoas.documento })
    .from(pessoas)
    .where(and(eq(pessoas.embarcadorUid, embarcadorUid), inArray(pessoas.documento, unicos), excetoUid ? ne(pessoas.uid, excetoUid) : undefined));
  return new Map(rows.map((r) => [r.documento, { uid: r.uid, nome: r.nome }]));
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
export const LIMITE_LISTA = 20;

/**
 * The search-as-you-type condition: documento digits by prefix (btree text_pattern_ops) OR nome /
 * nome fantasia containing the text without accents (pg_trgm GIN over f_norm). Terms of 1-2 letters
 * can't use trigrams, so they match names by prefix instead.
 */
export function condicaoBusca(q: string): SQL | undefined {
  const termo = q.trim();
  if (!termo) return undefined;
  const conds: SQL[] = [];
  const digitos = somenteDigitos(termo);
  const soDocumento = /^[\d.\-/\s]+$/.test(termo);
  if (digitos && soDocumento) conds.push(sql`${pessoas.documento} like ${`${digitos}%`}`);
  if (!soDocumento || digitos.length >= 3) {
    const padrao = termo.length >= 3 ? `%${escapeLike(termo)}%` : `${escapeLike(termo)}%`;
    conds.push(sql`f_norm(${pessoas.nome}) like f_norm(${padrao})`, sql`f_norm(${pessoas.nomeFantasia}) like f_norm(${padrao})`);
  }
  return or(...conds);
}

export function listaSelecaoQuery(db: DbOrTx, embarcadorUid: string, q?: string, papel?: 'remetente' | 'destinatario' | 'tomador') {
  return db
    .select({ uid: pessoas.uid, nome: pessoas.nome, documento: pessoas.documento, uf: pessoas.uf })
    .from(pessoas)
    .where(and(eq(pessoas.embarcadorUid, embarcadorUid), eq(pessoas.ativo, true), papel ? eq(pessoas[papel], true) : undefined, q ? condicaoBusca(q) : undefined))
    .orderBy(asc(pessoas.nome), asc(pessoas.uid))
    .limit(LIMITE_LISTA);
}
