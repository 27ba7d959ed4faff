import { CEM, type Dec, dec, UM, ZERO } from './decimal.ts';
import type { BaseRegra, Carga } from './types.ts';

/** Quantities that depend only on the load (and the table's cubage factor). */
export type QuantidadesCarga = {
  pesoTaxado: Dec;
  PESO: Dec;
  VALOR: Dec;
  FRACAO_100KG: Dec;
  VOLUMES: Dec;
  DOCUMENTOS: Dec;
  M3: Dec;
  VIAGEM: Dec;
  /** Axles of the vehicle type (0 when unknown). */
  EIXOS: Dec;
};

/** Chargeable weight: the larger of real and cubed weight (m³ × fator, e.g. 300 kg/m³ road, 167 air). */
export function pesoTaxado(pesoKg: number, m3: number | undefined, fatorCubagem: Dec): Dec {
  const real = dec(pesoKg);
  const cubado = dec(m3).times(fatorCubagem);
  return cubado.gt(real) ? cubado : real;
}

export function quantidadesDaCarga(carga: Carga, fatorCubagem: Dec, isentoCubagem = false, eixos = 0): QuantidadesCarga {
  const peso = isentoCubagem ? dec(carga.pesoKg) : pesoTaxado(carga.pesoKg, carga.m3, fatorCubagem);
  return {
    pesoTaxado: peso,
    PESO: peso,
    VALOR: dec(carga.valorMercadoria),
    // Each started 100 kg counts (150 kg → 2 fractions).
    FRACAO_100KG: peso.div(CEM).ceil(),
    VOLUMES: dec(carga.volumes),
    // Every shipment carries at least one fiscal document.
    DOCUMENTOS: dec(carga.documentos, UM),
    M3: dec(carga.m3),
    VIAGEM: UM,
    EIXOS: dec(eixos),
  };
}

/**
 * Base quantity of a rule. FRETE_PESO and SUBTOTAL are running sums supplied by the caller;
 * KM is null when the route has no distance (the caller refuses to quote rather than charge 0).
 */
export function quantidadeBase(
  base: BaseRegra,
  q: QuantidadesCarga,
  distanciaKm: Dec | null,
  somaPeso: Dec,
  subtotal: Dec,
  fretePrincipal: Dec = ZERO,
): Dec | null {
  switch (base) {
    case 'FRETE_PRINCIPAL':
      return fretePrincipal;
    case 'KM':
      return distanciaKm;
    case 'FRETE_PESO':
      return somaPeso;
    case 'SUBTOTAL':
      return subtotal;
    default:
      return q[base] ?? ZERO;
  }
}
