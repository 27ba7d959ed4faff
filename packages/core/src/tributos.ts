import { aliquotaIcmsInterestadual, aliquotaIcmsTransporteInterestadual } from './frete/icms.ts';
import { normalizarUf, regiaoDaUf } from './frete/ufs.ts';

// The legal defaults of the taxes on freight, used when a shipper has no rule of its own
// (configuracoes/tributos) for the operation and date.

/**
 * Internal (intrastate) ICMS modal rates per UF, in percent: the 2025 general ("modal") rate of each
 * state's ICMS law, WITHOUT the poverty-fund surcharges (FECP/FECOEP: RJ +2, AL +1, SE +1, RN +2 on
 * some goods...). Changes in force during 2025: MA 22 → 23 (23/02/2025), PI 21 → 22.5 (01/04/2025),
 * RN 18 → 20 (20/03/2025). Sources: each state's ICMS law as compiled in the 2025 tables of the
 * press and tax advisers (e.g. "Estados que alteraram as alíquotas de ICMS de 2024 para 2025").
 * These are GOODS rates: the freight's intrastate rate is ALIQUOTAS_ICMS_TRANSPORTE below.
 */
export const ALIQUOTAS_ICMS_INTERNAS: Readonly<Record<string, number>> = {
  AC: 19, AL: 19, AM: 20, AP: 18, BA: 20.5, CE: 20, DF: 20, ES: 17, GO: 19,
  MA: 23, MG: 18, MS: 17, MT: 17, PA: 19, PB: 20, PE: 20.5, PI: 22.5, PR: 19.5,
  RJ: 20, RN: 20, RO: 19.5, RR: 20, RS: 17, SC: 17, SE: 19, SP: 18, TO: 20,
};

/** Imported goods in interstate operations (Senado Res. 13/2012). */
export const ALIQUOTA_ICMS_IMPORTADO = 4;

/** PIS/COFINS rates in percent by regime (Leis 9.718/1998, 10.637/2002 and 10.833/2003). */
export const ALIQUOTAS_PIS_COFINS = {
  CUMULATIVO: { pis: 0.65, cofins: 3 },
  NAO_CUMULATIVO: { pis: 1.65, cofins: 7.6 },
} as const;
export type RegimePisCofins = keyof typeof ALIQUOTAS_PIS_COFINS;

/** ISS bounds in percent: at least 2 % (LC 157/2016), at most 5 % (LC 116/2003, art. 8º, II). */
export const ISS_ALIQUOTA_MINIMA = 2;
export const ISS_ALIQUOTA_MAXIMA = 5;

/** The internal rate of a UF (throws on an unknown UF). */
export function aliquotaIcmsInterna(uf: string): number {
  const u = normalizarUf(uf);
  const a = ALIQUOTAS_ICMS_INTERNAS[u];
  if (a === undefined || !regiaoDaUf(u)) throw new RangeError(`UF desconhecida: "${uf}"`);
  return a;
}

/** The legal ICMS rate of an operation: internal rate inside a UF, else 4 / 7 / 12. */
export function aliquotaIcmsPadrao(ufOrigem: string, ufDestino: string, importado = false): number {
  const inter = aliquotaIcmsInterestadual(ufOrigem, ufDestino, importado);
  return inter ?? aliquotaIcmsInterna(ufOrigem);
}

/**
 * Intrastate ICMS rates of the TRANSPORT service (freight) per UF, in percent — separate from the goods
 * rates because several states tax transport below their general rate. A shipper overrides any of them
 * with a TRANSPORTE rule in configuracoes/tributos (dated). Sources, per UF:
 * - SP 12 %: RICMS/SP (Decreto 45.490/2000), art. 54, I — "prestações de serviço de transporte".
 * - MG 18 %: RICMS/MG (Decreto 43.080/2002), Parte Geral, art. 42, I, "e" (general rule for transport
 *   not covered by the item 144 exemption of Anexo I; see contabeis.com.br forum answer 170692).
 * - Every other UF: no specific transport rate was found in the sources consulted, so the state's general
 *   ("modal") rate applies (ALIQUOTAS_ICMS_INTERNAS, same sources); shippers whose carriers use a reduced
 *   rate or the Convênio ICMS 106/1996 presumed credit record it as a TRANSPORTE rule.
 */
export const ALIQUOTAS_ICMS_TRANSPORTE: Readonly<Record<string, number>> = {
  ...ALIQUOTAS_ICMS_INTERNAS,
  SP: 12,
  MG: 18,
};

/** The intrastate transport rate of a UF (throws on an unknown UF). */
export function aliquotaIcmsTransporteInterna(uf: string): number {
  const u = normalizarUf(uf);
  const a = ALIQUOTAS_ICMS_TRANSPORTE[u];
  if (a === undefined || !regiaoDaUf(u)) throw new RangeError(`UF desconhecida: "${uf}"`);
  return a;
}

/**
 * The legal ICMS rate of a FREIGHT: the transport rate inside a UF, else 4 (air) / 7 / 12. Follows the
 * modal and the UFs only — imported goods do not change it (Res. SF 13/2012 is about goods).
 * Same municipality is not ICMS at all but ISS (the engine decides by origin/destination IBGE).
 */
export function aliquotaIcmsFrete(ufOrigem: string, ufDestino: string, modal?: string | null): number {
  return aliquotaIcmsTransporteInterestadual(ufOrigem, ufDestino, modal) ?? aliquotaIcmsTransporteInterna(ufOrigem);
}

/**
 * Where the legal freight ICMS rate of aliquotaIcmsFrete comes from, in words for the calculator's
 * breakdown: the transport rule of the UF (SP, MG), the UF's general rate where no transport rate was
 * found, Res. SF 95/1996 for interstate air transport, Res. SF 22/1989 for 7 / 12 %.
 */
export function fonteAliquotaIcmsFrete(ufOrigem: string, ufDestino: string, modal?: string | null): string {
  const o = normalizarUf(ufOrigem);
  if (aliquotaIcmsTransporteInterestadual(ufOrigem, ufDestino, modal) !== null) {
    return modal && /^AERE/i.test(modal)
      ? 'Resolução do Senado Federal 95/1996 (transporte aéreo interestadual)'
      : 'Resolução do Senado Federal 22/1989 (alíquotas interestaduais)';
  }
  if (o === 'SP') return 'RICMS/SP (Decreto 45.490/2000), art. 54, I';
  if (o === 'MG') return 'RICMS/MG (Decreto 43.080/2002), art. 42, I, "e"';
  return `Alíquota geral do ICMS de ${o} (sem alíquota própria de transporte na lei estadual consultada)`;
}
