import { and, eq, inArray } from 'drizzle-orm';
import { type PgColumn, alias } from 'drizzle-orm/pg-core';
import type { LocalRef, LocalRefItem } from '@fretio/core';
import { UID_REGEX, descreverMunicipio, formatarCep, somenteDigitos } from '@fretio/core';
import { municipios, regioes } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import type { Filters } from '../../framework/list-query.ts';
import { AppError, type FieldError } from '../../lib/errors.ts';

// The engine's LocalRef ({tipo:'UF',uf} | {tipo:'MUNICIPIO',ibge} | {tipo:'REGIAO',regiaoUid} |
// {tipo:'FAIXA_CEP',de,ate}) stored as columns <prefixo>Tipo, Uf, Ibge, RegiaoUid, CepDe, CepAte.

export type Prefixo = 'origem' | 'destino';
export type ColunasLocal = Record<string, string | null>;

/** LocalRef → the six columns of `prefixo` (UF upper-case, CEPs as 8 digits). */
export function localParaColunas(ref: LocalRef | null, prefixo: Prefixo): ColunasLocal {
  const c: ColunasLocal = {
    [`${prefixo}Tipo`]: ref?.tipo ?? null,
    [`${prefixo}Uf`]: null,
    [`${prefixo}Ibge`]: null,
    [`${prefixo}RegiaoUid`]: null,
    [`${prefixo}CepDe`]: null,
    [`${prefixo}CepAte`]: null,
  };
  if (!ref) return c;
  if (ref.tipo === 'UF') c[`${prefixo}Uf`] = ref.uf.trim().toUpperCase();
  else if (ref.tipo === 'MUNICIPIO') c[`${prefixo}Ibge`] = ref.ibge.trim();
  else if (ref.tipo === 'REGIAO') c[`${prefixo}RegiaoUid`] = ref.regiaoUid;
  else {
    c[`${prefixo}CepDe`] = somenteDigitos(ref.de);
    c[`${prefixo}CepAte`] = somenteDigitos(ref.ate);
  }
  return c;
}

/** The columns of `prefixo` in a row → LocalRef (null when the tipo column is empty). */
export function colunasParaLocal(row: Record<string, unknown>, prefixo: Prefixo): LocalRef | null {
  const v = (k: string) => row[`${prefixo}${k}`] as string | null | undefined;
  switch (v('Tipo')) {
    case 'UF':
      return { tipo: 'UF', uf: v('Uf') as string };
    case 'MUNICIPIO':
      return { tipo: 'MUNICIPIO', ibge: v('Ibge') as string };
    case 'REGIAO':
      return { tipo: 'REGIAO', regiaoUid: v('RegiaoUid') as string };
    case 'FAIXA_CEP':
      return { tipo: 'FAIXA_CEP', de: v('CepDe') as string, ate: v('CepAte') as string };
    default:
      return null;
  }
}

export type NomesLocais = { regioes: Map<string, string>; municipios: Map<string, { nome: string; uf: string }> };

export function descreverLocal(ref: LocalRef, nomes?: NomesLocais): string {
  switch (ref.tipo) {
    case 'UF':
      return ref.uf;
    case 'MUNICIPIO': {
      return descreverMunicipio(ref.ibge, nomes?.municipios.get(ref.ibge));
    }
    case 'REGIAO':
      return `Região ${nomes?.regioes.get(ref.regiaoUid) ?? ref.regiaoUid}`;
    case 'FAIXA_CEP':
      return `CEP ${formatarCep(ref.de)} a ${formatarCep(ref.ate)}`;
  }
}

export function localItem(ref: LocalRef, nomes?: NomesLocais): LocalRefItem {
  return { ...ref, descricao: descreverLocal(ref, nomes) } as LocalRefItem;
}

/** Names of the regions and municipalities the refs point at (two queries at most). */
export async function nomesDosLocais(db: DbOrTx, refs: (LocalRef | null)[]): Promise<NomesLocais> {
  const uids = new Set<string>();
  const ibges = new Set<string>();
  for (const r of refs) {
    if (r?.tipo === 'REGIAO') uids.add(r.regiaoUid);
    else if (r?.tipo === 'MUNICIPIO') ibges.add(r.ibge);
  }
  const [rs, ms] = await Promise.all([
    uids.size
      ? db
          .select({ uid: regioes.uid, nome: regioes.nome })
          .from(regioes)
          .where(inArray(regioes.uid, [...uids]))
      : [],
    ibges.size
      ? db
          .select({ ibge: municipios.ibge, nome: municipios.nome, uf: municipios.uf })
          .from(municipios)
          .where(inArray(municipios.ibge, [...ibges]))
      : [],
  ]);
  return { regioes: new Map(rs.map((r) => [r.uid, r.nome])), municipios: new Map(ms.map((m) => [m.ibge, { nome: m.nome, uf: m.uf }])) };
}

/**
 * Problems of places that need the database: a region of another shipper (or none), an unknown
 * municipality. Returns field errors named `${campo}.regiaoUid` / `${campo}.ibge`.
 */
export async function errosDosLocais(
  db: DbOrTx,
  embarcadorUid: string,
  locais: { campo: string; ref: LocalRef | null | undefined }[],
): Promise<FieldError[]> {
  const erros: FieldError[] = [];
  const regiaoUids = new Set<string>();
  const ibges = new Set<string>();
  for (const { campo, ref } of locais) {
    if (ref?.tipo === 'REGIAO') {
      if (UID_REGEX.test(ref.regiaoUid)) regiaoUids.add(ref.regiaoUid);
      else erros.push({ field: `${campo}.regiaoUid`, message: 'Região não encontrada' });
    } else if (ref?.tipo === 'MUNICIPIO') ibges.add(ref.ibge.trim());
  }
  const [rs, ms] = await Promise.all([
    regiaoUids.size
      ? db
          .select({ uid: regioes.uid })
          .from(regioes)
          .where(and(inArray(regioes.uid, [...regiaoUids]), eq(regioes.embarcadorUid, embarcadorUid)))
      : [],
    ibges.size
      ? db
          .select({ ibge: municipios.ibge })
          .from(municipios)
          .where(inArray(municipios.ibge, [...ibges]))
      : [],
  ]);
  const okR = new Set(rs.map((r) => r.uid));
  const okM = new Set(ms.map((m) => m.ibge));
  for (const { campo, ref } of locais) {
    if (ref?.tipo === 'REGIAO' && UID_REGEX.test(ref.regiaoUid) && !okR.has(ref.regiaoUid))
      erros.push({ field: `${campo}.regiaoUid`, message: 'Região não encontrada' });
    if (ref?.tipo === 'MUNICIPIO' && !okM.has(ref.ibge.trim()))
      erros.push({ field: `${campo}.ibge`, message: `Município ${ref.ibge} não encontrado no cadastro do IBGE` });
  }
  return erros;
}

export async function validarLocais(db: DbOrTx, embarcadorUid: string, locais: { campo: string; ref: LocalRef | null | undefined }[]) {
  const erros = await errosDosLocais(db, embarcadorUid, locais);
  if (erros.length) throw AppError.validation(erros, erros[0].message);
}

/** Replies carry {origem, destino} objects instead of the twelve columns. */
export function comLocais<T extends Record<string, unknown>>(row: T, nomes?: NomesLocais) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (!/^(origem|destino)(Tipo|Uf|Ibge|RegiaoUid|CepDe|CepAte)$/.test(k)) out[k] = v;
  const o = colunasParaLocal(row, 'origem');
  const d = colunasParaLocal(row, 'destino');
  out.origem = o ? localItem(o, nomes) : null;
  out.destino = d ? localItem(d, nomes) : null;
  return out;
}

// Joins that bring the names of an origin/destination pair (regions and municipalities) into a select.
const regiaoOrigem = alias(regioes, 'regiao_origem');
const regiaoDestino = alias(regioes, 'regiao_destino');
const municipioOrigem = alias(municipios, 'municipio_origem');
const municipioDestino = alias(municipios, 'municipio_destino');

export const colunasNomesLocais = {
  origemRegiaoNome: regiaoOrigem.nome,
  destinoRegiaoNome: regiaoDestino.nome,
  origemMunicipioNome: municipioOrigem.nome,
  origemMunicipioUf: municipioOrigem.uf,
  destinoMunicipioNome: municipioDestino.nome,
  destinoMunicipioUf: municipioDestino.uf,
};

type TabelaComLocais = { origemRegiaoUid: PgColumn; destinoRegiaoUid: PgColumn; origemIbge: PgColumn; destinoIbge: PgColumn };
// biome-ignore lint/suspicious/noExplicitAny: drizzle's dynamic select builder
export function juntarNomesLocais(q: any, t: TabelaComLocais) {
  return q
    .leftJoin(regiaoOrigem, eq(regiaoOrigem.uid, t.origemRegiaoUid))
    .leftJoin(regiaoDestino, eq(regiaoDestino.uid, t.destinoRegiaoUid))
    .leftJoin(municipioOrigem, eq(municipioOrigem.ibge, t.origemIbge))
    .leftJoin(municipioDestino, eq(municipioDestino.ibge, t.destinoIbge));
}

/** A row selected with colunasNomesLocais → the reply with {origem, destino} LocalRefItems. */
export function itemComLocais(row: Record<string, unknown>) {
  const nomes: NomesLocais = { regioes: new Map(), municipios: new Map() };
  for (const p of ['origem', 'destino'] as const) {
    if (row[`${p}RegiaoNome`]) nomes.regioes.set(row[`${p}RegiaoUid`] as string, row[`${p}RegiaoNome`] as string);
    if (row[`${p}MunicipioNome`])
      nomes.municipios.set(row[`${p}Ibge`] as string, { nome: row[`${p}MunicipioNome`] as string, uf: row[`${p}MunicipioUf`] as string });
  }
  const limpo = Object.fromEntries(
    Object.entries(row).filter(([k]) => !/^(origem|destino)(RegiaoNome|MunicipioNome|MunicipioUf)$/.test(k)),
  );
  return comLocais(limpo, nomes);
}

/** The input's origem/destino → the columns of both (for toValues). */
export function valoresComLocais(input: Record<string, unknown>) {
  const { origem, destino, ...resto } = input;
  return {
    ...resto,
    ...localParaColunas((origem as LocalRef) ?? null, 'origem'),
    ...localParaColunas((destino as LocalRef) ?? null, 'destino'),
  };
}

type ColunasOrigemDestino = Record<`${Prefixo}${'Tipo' | 'Uf' | 'Ibge'}`, PgColumn>;
/** The list filters every origin → destination register offers (ftr_origemUf, ftr_destinoIbge, ...). */
export function filtrosOrigemDestino(t: ColunasOrigemDestino): Filters {
  const f: Filters = {};
  for (const p of ['origem', 'destino'] as const) {
    for (const c of ['Tipo', 'Uf', 'Ibge'] as const) f[`${p}${c}`] = { column: t[`${p}${c}`], kind: 'exact' };
  }
  return f;
}

/** Both ends of a row (the stored one merged with the change) must be places the shipper can use. */
export function validarOrigemDestino(db: DbOrTx, embarcadorUid: string, row: Record<string, unknown>) {
  return validarLocais(db, embarcadorUid, [
    { campo: 'origem', ref: colunasParaLocal(row, 'origem') },
    { campo: 'destino', ref: colunasParaLocal(row, 'destino') },
  ]);
}
