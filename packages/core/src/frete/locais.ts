import type { Local, LocalRef } from './types.ts';
import { normalizarUf } from './ufs.ts';

/** Local with comparable keys: UF upper-case, CEP as an 8-digit number (or null). */
export type LocalNormalizado = { uf: string; ibge: string | null; cep: number | null; regioes: readonly string[] };

const NAO_DIGITO = /\D/g;

export function somenteDigitos(v: string): string {
  return v.replace(NAO_DIGITO, '');
}

/** CEP → number, or null when it is not exactly 8 digits (compared numerically, per spec). */
export function cepNumerico(cep: string | undefined | null): number | null {
  if (!cep) return null;
  const d = somenteDigitos(cep);
  return d.length === 8 ? Number(d) : null;
}

export function normalizarLocal(local: Local): LocalNormalizado {
  return {
    uf: normalizarUf(local.uf ?? ''),
    ibge: local.ibge ? local.ibge.trim() : null,
    cep: cepNumerico(local.cep),
    regioes: local.regioes ?? [],
  };
}

export function contem(ref: LocalRef, local: Local): boolean {
  return contemNormalizado(ref, normalizarLocal(local));
}

export function contemNormalizado(ref: LocalRef, l: LocalNormalizado): boolean {
  switch (ref.tipo) {
    case 'UF':
      return normalizarUf(ref.uf) === l.uf;
    case 'MUNICIPIO':
      return l.ibge !== null && ref.ibge.trim() === l.ibge;
    case 'REGIAO':
      return l.regioes.includes(ref.regiaoUid);
    case 'FAIXA_CEP': {
      const de = cepNumerico(ref.de);
      const ate = cepNumerico(ref.ate);
      return l.cep !== null && de !== null && ate !== null && de <= l.cep && l.cep <= ate;
    }
  }
}

// Lower is more specific: CEP range > município > região > UF.
const RANK_TIPO: Record<LocalRef['tipo'], number> = { FAIXA_CEP: 0, MUNICIPIO: 1, REGIAO: 2, UF: 3 };

/** [kind rank, CEP range width] — compare lexicographically, lower wins. */
export function especificidade(ref: LocalRef): [number, number] {
  if (ref.tipo !== 'FAIXA_CEP') return [RANK_TIPO[ref.tipo], 0];
  const de = cepNumerico(ref.de);
  const ate = cepNumerico(ref.ate);
  return [RANK_TIPO.FAIXA_CEP, de !== null && ate !== null ? ate - de : Number.MAX_SAFE_INTEGER];
}

/**
 * Buckets items by the place their ref names, so a lookup touches only the buckets a Local
 * can fall into (its UF, its município, its regiões, the CEP segment holding its CEP).
 * CEP ranges are cut into disjoint segments at every boundary; each segment keeps the
 * ranges covering it, so a lookup is one binary search.
 */
export type IndiceLocal<T> = {
  uf: Map<string, T>;
  ibge: Map<string, T>;
  regiao: Map<string, T>;
  cepInicios: number[];
  cepValores: (T | undefined)[];
};

export function construirIndice<I, T>(
  itens: readonly I[],
  refDe: (item: I) => LocalRef,
  agrupar: (grupo: I[]) => T,
): IndiceLocal<T> {
  const uf = new Map<string, I[]>();
  const ibge = new Map<string, I[]>();
  const regiao = new Map<string, I[]>();
  const faixas: { de: number; ate: number; item: I }[] = [];
  const push = (m: Map<string, I[]>, k: string, item: I) => {
    const g = m.get(k);
    if (g) g.push(item);
    else m.set(k, [item]);
  };
  for (const item of itens) {
    const ref = refDe(item);
    if (ref.tipo === 'UF') push(uf, normalizarUf(ref.uf), item);
    else if (ref.tipo === 'MUNICIPIO') push(ibge, ref.ibge.trim(), item);
    else if (ref.tipo === 'REGIAO') push(regiao, ref.regiaoUid, item);
    else {
      const de = cepNumerico(ref.de);
      const ate = cepNumerico(ref.ate);
      // Malformed ranges never match; validarTabela reports them.
      if (de !== null && ate !== null && de <= ate) faixas.push({ de, ate, item });
    }
  }
  const mapear = (m: Map<string, I[]>) => new Map([...m].map(([k, g]) => [k, agrupar(g)] as [string, T]));

  const pontos = [...new Set(faixas.flatMap((f) => [f.de, f.ate + 1]))].sort((a, b) => a - b);
  const segmentos: I[][] = pontos.map(() => []);
  for (const f of faixas) {
    const fim = buscaBinaria(pontos, f.ate + 1);
    for (let i = buscaBinaria(pontos, f.de); i < fim; i++) segmentos[i].push(f.item);
  }
  return {
    uf: mapear(uf),
    ibge: mapear(ibge),
    regiao: mapear(regiao),
    cepInicios: pontos,
    cepValores: segmentos.map((g) => (g.length ? agrupar(g) : undefined)),
  };
}

/** Index of the last element ≤ v (or -1). */
function buscaBinaria(ordenado: readonly number[], v: number): number {
  let lo = 0;
  let hi = ordenado.length - 1;
  let r = -1;
  while (lo <= hi) {
    const m = (lo + hi) >>> 1;
    if (ordenado[m] <= v) {
      r = m;
      lo = m + 1;
    } else hi = m - 1;
  }
  return r;
}

/** Calls `visitar` for every bucket the Local falls into. */
export function buscarNoIndice<T>(indice: IndiceLocal<T>, local: LocalNormalizado, visitar: (grupo: T) => void): void {
  if (local.cep !== null && indice.cepInicios.length) {
    const v = indice.cepValores[buscaBinaria(indice.cepInicios, local.cep)];
    if (v !== undefined) visitar(v);
  }
  if (local.ibge !== null) {
    const v = indice.ibge.get(local.ibge);
    if (v !== undefined) visitar(v);
  }
  for (const r of local.regioes) {
    const v = indice.regiao.get(r);
    if (v !== undefined) visitar(v);
  }
  const v = indice.uf.get(local.uf);
  if (v !== undefined) visitar(v);
}

const cepBr = (v: string) => {
  const d = somenteDigitos(v);
  return d.length === 8 ? `${d.slice(0, 5)}-${d.slice(5)}` : v;
};

/** How a message names a place of a route: "SP", "município 3509502", "CEP 13000-000 a 13139-999", "região". */
export function rotuloLocal(l: LocalRef): string {
  switch (l.tipo) {
    case 'UF':
      return normalizarUf(l.uf);
    case 'MUNICIPIO':
      return `município ${l.ibge}`;
    case 'REGIAO':
      return 'região';
    case 'FAIXA_CEP':
      return `CEP ${cepBr(l.de)} a ${cepBr(l.ate)}`;
  }
}

/**
 * How messages name a route (never by its uid): Rota.rotulo when the caller gave one (with the names of
 * municipalities and regions), else origin → destination from the references.
 */
export function rotuloRota(r: { rotulo?: string; origem: LocalRef; destino: LocalRef }): string {
  return r.rotulo ?? `${rotuloLocal(r.origem)} → ${rotuloLocal(r.destino)}`;
}
