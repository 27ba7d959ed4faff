import { CEM, type Dec, round2, UM, ZERO } from './decimal.ts';
import { normalizarUf, regiaoDaUf } from './ufs.ts';

// Senado Res. 22/1989: S/SE states except ES pay 7 % when shipping to N/NE/CO or ES.
const ORIGENS_SUL_SUDESTE = new Set(['PR', 'RS', 'SC', 'SP', 'RJ', 'MG']);

/**
 * Interstate ICMS rate of GOODS in percent. `null` for same-UF operations, whose rate comes from
 * the caller's intrastate tax rules. Imported goods pay 4 % (Senado Res. 13/2012) — a rule about the
 * goods, not the transport service: the freight's rate is aliquotaIcmsTransporteInterestadual.
 */
export function aliquotaIcmsInterestadual(ufOrigem: string, ufDestino: string, importado = false): 4 | 7 | 12 | null {
  const origem = normalizarUf(ufOrigem);
  const destino = normalizarUf(ufDestino);
  for (const uf of [origem, destino]) {
    if (!regiaoDaUf(uf)) throw new RangeError(`UF desconhecida: "${uf}"`);
  }
  if (origem === destino) return null;
  if (importado) return 4;
  const regiaoDestino = regiaoDaUf(destino);
  const destinoBeneficiado =
    destino === 'ES' || regiaoDestino === 'N' || regiaoDestino === 'NE' || regiaoDestino === 'CO';
  return ORIGENS_SUL_SUDESTE.has(origem) && destinoBeneficiado ? 7 : 12;
}

export type Icms = { icms: Dec; total: Dec };

/** ICMS "por dentro": when not included, gross up so the tax sits inside the total. */
export function calcularIcms(valorSemIcms: Dec, aliquota: Dec, icmsIncluso: boolean): Icms {
  if (aliquota.isZero()) return { icms: ZERO, total: valorSemIcms };
  if (icmsIncluso) return { icms: round2(valorSemIcms.times(aliquota).div(CEM)), total: valorSemIcms };
  const total = round2(valorSemIcms.div(UM.minus(aliquota.div(CEM))));
  return { icms: total.minus(valorSemIcms), total };
}

/**
 * Interstate ICMS rate of the TRANSPORT service in percent (`null` inside one UF): 4 % for air
 * transport (Senado Res. 95/1996), else 7 / 12 like any interstate service (Senado Res. 22/1989).
 * Whether the goods are imported does not matter: Res. SF 13/2012 is about imported goods.
 */
export function aliquotaIcmsTransporteInterestadual(ufOrigem: string, ufDestino: string, modal?: string | null): 4 | 7 | 12 | null {
  const base = aliquotaIcmsInterestadual(ufOrigem, ufDestino, false);
  if (base === null) return null;
  return modal && /^AERE|^AÉRE/i.test(modal.trim()) ? 4 : base;
}

export type Tributacao = { imposto: Dec; total: Dec };

/**
 * Tax "por dentro" with a part outside the base (vale-pedágio): the taxed part is grossed up
 * (or taxed inside when `incluso`), the outside part is added untaxed:
 * total = (valor − fora) ÷ (1 − alíquota) + fora.
 */
export function calcularTributo(valorSemImposto: Dec, foraDaBase: Dec, aliquota: Dec, incluso: boolean): Tributacao {
  const base = valorSemImposto.minus(foraDaBase);
  const { icms, total } = calcularIcms(base, aliquota, incluso);
  return { imposto: icms, total: total.plus(foraDaBase) };
}
