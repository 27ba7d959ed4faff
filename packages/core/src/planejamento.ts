import Decimal from 'decimal.js';

// Load proposals (planejamento-carga/propor): documents grouped by destination, then packed into the
// vehicle type's capacity by weight and volume (first fit, heaviest first — a simple, predictable
// heuristic the planner then adjusts by moving documents between loads).

export const AGRUPAMENTOS_CARGA = { uf: 'UF de destino', municipio: 'Município de destino' } as const;
export type AgrupamentoCarga = keyof typeof AGRUPAMENTOS_CARGA;

export type DocumentoParaCarga = {
  uid: string;
  destinoUf: string | null;
  /** IBGE code (or, lacking it, the name) of the destination municipality. */
  destinoMunicipio: string | null;
  pesoKg: number;
  volumeM3: number | null;
};
export type CapacidadeVeiculo = { kg: number | null; m3: number | null };
export type CargaProposta<D extends DocumentoParaCarga = DocumentoParaCarga> = {
  /** The group's key: the UF, or "UF/municipality"; "sem destino" when the document has none. */
  grupo: string;
  documentos: D[];
  pesoKg: number;
  volumeM3: number;
  /** A single document above the vehicle's capacity travels alone, flagged. */
  excedeCapacidade: boolean;
};

const SEM_DESTINO = 'sem destino';
const chaveDoGrupo = (d: DocumentoParaCarga, a: AgrupamentoCarga) =>
  !d.destinoUf ? SEM_DESTINO : a === 'uf' ? d.destinoUf : `${d.destinoUf}/${d.destinoMunicipio ?? '?'}`;

/**
 * Groups by destination (UF or municipality) and packs each group first-fit by decreasing weight:
 * a document goes into the first load of its group where weight and m³ still fit; otherwise it opens a
 * new load. A capacity that is null or 0 does not limit. Output order: groups by key (documents without a destination last), loads as opened.
 */
export function proporCargas<D extends DocumentoParaCarga>(docs: readonly D[], cap: CapacidadeVeiculo, agrupamento: AgrupamentoCarga): CargaProposta<D>[] {
  // Exact integer arithmetic: grams and cm³ (weights have 3 decimals, volumes 6 — the columns' scales).
  const g = (kg: number) => Math.round(kg * 1000);
  const cm3 = (m3: number) => Math.round(m3 * 1_000_000);
  const limiteG = cap.kg ? g(cap.kg) : null;
  const limiteCm3 = cap.m3 ? cm3(cap.m3) : null;
  const grupos = new Map<string, D[]>();
  for (const d of docs) {
    const k = chaveDoGrupo(d, agrupamento);
    const lista = grupos.get(k);
    if (lista) lista.push(d);
    else grupos.set(k, [d]);
  }
  const saida: CargaProposta<D>[] = [];
  const ordemGrupos = [...grupos.keys()].sort((a, b) => Number(a === SEM_DESTINO) - Number(b === SEM_DESTINO) || a.localeCompare(b, 'pt-BR'));
  for (const grupo of ordemGrupos) {
    const ordem = [...(grupos.get(grupo) ?? [])].sort((a, b) => b.pesoKg - a.pesoKg || (b.volumeM3 ?? 0) - (a.volumeM3 ?? 0) || a.uid.localeCompare(b.uid));
    const cargas: { docs: D[]; g: number; cm3: number; excede: boolean }[] = [];
    for (const d of ordem) {
      const dg = g(d.pesoKg);
      const dc = cm3(d.volumeM3 ?? 0);
      const cabe = (c: { g: number; cm3: number }) => (limiteG === null || c.g + dg <= limiteG) && (limiteCm3 === null || c.cm3 + dc <= limiteCm3);
      const alvo = cargas.find((c) => !c.excede && cabe(c));
      if (alvo) {
        alvo.docs.push(d);
        alvo.g += dg;
        alvo.cm3 += dc;
      } else {
        cargas.push({ docs: [d], g: dg, cm3: dc, excede: !cabe({ g: 0, cm3: 0 }) });
      }
    }
    for (const c of cargas) {
      saida.push({ grupo, documentos: c.docs, pesoKg: new Decimal(c.g).div(1000).toNumber(), volumeM3: new Decimal(c.cm3).div(1_000_000).toNumber(), excedeCapacidade: c.excede });
    }
  }
  return saida;
}

/** A drop of a multi-destination run and the engine's quotes for the whole load to it. */
export type ParadaCotada<C extends { tabelaUid: string; total: number; prazoDiasUteis: number }> = { destino: string; cotacoes: readonly C[] };
export type PrecoDaRota<C> = {
  /** The winning table's quote at its most expensive drop (the price of the run). */
  cotacao: C;
  /** That drop: the vehicle carries the whole load to it, the other drops on the way. */
  destino: string;
  /** The winning table's price of the whole load to each drop, in the order given. */
  porParada: { destino: string; total: number }[];
};

/**
 * One consolidated run to several destinations: one carrier's table must cover every drop, and the run
 * costs that table's price of the whole load to its most expensive drop (the farthest; the others are on
 * the way; the tables have no per-drop charge). The cheapest such table wins (ties: shorter deadline, then
 * table uid). null: no single table covers every drop.
 */
export function precoDaRota<C extends { tabelaUid: string; total: number; prazoDiasUteis: number }>(paradas: readonly ParadaCotada<C>[]): PrecoDaRota<C> | null {
  if (!paradas.length) return null;
  const porTabela = new Map<string, { pior: C; destino: string; totais: Map<string, number> }>();
  for (const c of paradas[0].cotacoes) porTabela.set(c.tabelaUid, { pior: c, destino: paradas[0].destino, totais: new Map([[paradas[0].destino, c.total]]) });
  for (const p of paradas.slice(1)) {
    for (const [uid, t] of porTabela) {
      const c = p.cotacoes.find((x) => x.tabelaUid === uid);
      if (!c) {
        porTabela.delete(uid);
        continue;
      }
      t.totais.set(p.destino, c.total);
      if (new Decimal(c.total).gt(t.pior.total) || (c.total === t.pior.total && c.prazoDiasUteis > t.pior.prazoDiasUteis)) {
        t.pior = c;
        t.destino = p.destino;
      }
    }
  }
  const [melhor] = [...porTabela.values()].sort(
    (a, b) => a.pior.total - b.pior.total || a.pior.prazoDiasUteis - b.pior.prazoDiasUteis || a.pior.tabelaUid.localeCompare(b.pior.tabelaUid),
  );
  if (!melhor) return null;
  return { cotacao: melhor.pior, destino: melhor.destino, porParada: paradas.map((p) => ({ destino: p.destino, total: melhor.totais.get(p.destino) as number })) };
}
