import { type Dec, dec } from './decimal.ts';
import {
  buscarNoIndice,
  construirIndice,
  contemNormalizado,
  especificidade,
  type IndiceLocal,
  type LocalNormalizado,
} from './locais.ts';
import { prepararRegra, type RegraPreparada } from './regras.ts';
import type { AdicionalLocal, LocalRef, Rota, TabelaCalculo } from './types.ts';

export type RotaPreparada = {
  rota: Rota;
  /** Position in the global specificity order: lower wins. */
  ordem: number;
  freteMinimo: Dec | null;
  distanciaKm: Dec | null;
  /** The route's own cubage factor, else null (the table's applies). */
  fatorCubagem: Dec | null;
  /** Rules are prepared on first use: a 5,000-route table quotes only a few of them. */
  regras(): RegraPreparada[];
};

export type TabelaPreparada = {
  tabela: TabelaCalculo;
  fatorCubagem: Dec;
  generalidades: RegraPreparada[];
  /** Location surcharges, most specific place first (destination, then origin, then declaration). */
  adicionais: { origem: LocalRef | null; destino: LocalRef | null; regra: RegraPreparada }[];
  /** Destination buckets → origin buckets → routes sorted by `ordem`. */
  indice: IndiceLocal<IndiceLocal<RotaPreparada[]>>;
};

// Keyed by the table object: tables are treated as immutable once quoted. A caller that edits
// one in place must pass a new object (or call prepararTabela(t, { recriar: true })).
const cache = new WeakMap<TabelaCalculo, TabelaPreparada>();

function prepararRota(rota: Rota): Omit<RotaPreparada, 'ordem'> {
  let regras: RegraPreparada[] | null = null;
  return {
    rota,
    freteMinimo: rota.freteMinimo === undefined ? null : dec(rota.freteMinimo),
    distanciaKm: rota.distanciaKm === undefined ? null : dec(rota.distanciaKm),
    fatorCubagem: rota.fatorCubagem === undefined || rota.fatorCubagem === null ? null : dec(rota.fatorCubagem),
    regras: () => {
      regras ??= rota.regras.map(prepararRegra);
      return regras;
    },
  };
}

/**
 * Specificity order: destination first (CEP range > município > região > UF, narrower CEP range
 * first), then origin likewise, then a route naming the vehicle type over a generic one, then
 * declaration order.
 */
function chaveOrdem(rota: Rota, i: number): number[] {
  return [...especificidade(rota.destino), ...especificidade(rota.origem), rota.tipoVeiculoUid ? 0 : 1, i];
}

function compararChaves(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

const SEM_LOCAL: [number, number] = [9, 0];

function prepararAdicionais(lista: readonly AdicionalLocal[]): TabelaPreparada['adicionais'] {
  const chaves = lista.map((a, i) => [
    ...(a.destino ? especificidade(a.destino) : SEM_LOCAL),
    ...(a.origem ? especificidade(a.origem) : SEM_LOCAL),
    i,
  ]);
  return lista
    .map((_, i) => i)
    .sort((a, b) => compararChaves(chaves[a], chaves[b]))
    .map((i) => {
      const { origem, destino, uid: _uid, ...regra } = lista[i];
      return { origem: origem ?? null, destino: destino ?? null, regra: prepararRegra(regra) };
    });
}

/** The adicionais whose places contain the load's origin and destination. */
export function adicionaisDoLocal(t: TabelaPreparada, origem: LocalNormalizado, destino: LocalNormalizado): RegraPreparada[] {
  return t.adicionais
    .filter((a) => (!a.origem || contemNormalizado(a.origem, origem)) && (!a.destino || contemNormalizado(a.destino, destino)))
    .map((a) => a.regra);
}

export function prepararTabela(tabela: TabelaCalculo, opcoes: { recriar?: boolean } = {}): TabelaPreparada {
  const existente = opcoes.recriar ? undefined : cache.get(tabela);
  if (existente) return existente;

  const chaves = tabela.rotas.map(chaveOrdem);
  const ordenadas = tabela.rotas
    .map((_, i) => i)
    .sort((a, b) => compararChaves(chaves[a], chaves[b]))
    .map((i, ordem): RotaPreparada => ({ ...prepararRota(tabela.rotas[i]), ordem }));

  // Buckets keep the global order, so the first vehicle-compatible route of a bucket is its best.
  const indice = construirIndice(
    ordenadas,
    (r) => r.rota.destino,
    (porDestino) =>
      construirIndice(
        porDestino,
        (r) => r.rota.origem,
        (rotas) => rotas,
      ),
  );
  const preparada: TabelaPreparada = {
    tabela,
    fatorCubagem: dec(tabela.fatorCubagem),
    generalidades: (tabela.generalidades ?? []).map(prepararRegra),
    adicionais: prepararAdicionais(tabela.adicionais ?? []),
    indice,
  };
  cache.set(tabela, preparada);
  return preparada;
}

export type SelecaoRota =
  | { ok: true; rota: RotaPreparada }
  /** `veiculos`: vehicle types of routes that matched the places but not the load's vehicle. */
  | { ok: false; veiculos: string[] };

/** Most specific route containing origin and destination and compatible with the vehicle type. */
export function selecionarRota(
  t: TabelaPreparada,
  origem: LocalNormalizado,
  destino: LocalNormalizado,
  tipoVeiculoUid: string | null,
): SelecaoRota {
  let melhor: RotaPreparada | null = null;
  const veiculos = new Set<string>();
  buscarNoIndice(t.indice, destino, (porOrigem) =>
    buscarNoIndice(porOrigem, origem, (rotas) => {
      for (const r of rotas) {
        if (melhor && r.ordem >= melhor.ordem) return;
        const tv = r.rota.tipoVeiculoUid;
        if (!tv || tv === tipoVeiculoUid) {
          melhor = r;
          return;
        }
        veiculos.add(tv);
      }
    }),
  );
  return melhor ? { ok: true, rota: melhor } : { ok: false, veiculos: [...veiculos] };
}
