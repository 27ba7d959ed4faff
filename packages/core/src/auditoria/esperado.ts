import { calcularIcms } from '../frete/icms.ts';
import { dv, n2 } from './dinheiro.ts';
import type { CalculoEsperado, FonteCalculo, SemCalculo, Valor } from './tipos.ts';

/** The engine's answer (calcularFrete) → what the audit expects; a "not quoted" answer is Sem cálculo. */
export function esperadoDoMotor(
  r: { cotado: false; motivo: string } | {
    cotado: true; rotaUid: string; componentes: { componente: string; valor: number }[]; ajusteMinimo: number;
    valorSemIcms: number; aliquotaIcms: number; icms: number; total: number; pesoTaxado?: number;
  },
  fonte: Exclude<FonteCalculo, 'SPOT'>,
  info: { descricao: string; referenciaUid?: string | null; pesoKg?: Valor | null; valorMercadoria?: Valor | null },
): CalculoEsperado | SemCalculo {
  if (!r.cotado) return { calculado: false, motivo: r.motivo };
  return {
    calculado: true, fonte, referenciaUid: info.referenciaUid ?? null, descricao: info.descricao,
    componentes: r.componentes.map((c) => ({ componente: c.componente, valor: c.valor })),
    ajusteMinimo: r.ajusteMinimo, valorSemIcms: r.valorSemIcms, aliquotaIcms: r.aliquotaIcms, icms: r.icms, total: r.total,
    pesoKg: info.pesoKg ?? r.pesoTaxado ?? null, valorMercadoria: info.valorMercadoria ?? null, pesoTaxado: r.pesoTaxado ?? null,
    memoria: { rotaUid: r.rotaUid, pesoTaxado: r.pesoTaxado ?? null, componentes: r.componentes },
  };
}

/**
 * An agreed spot price: one value for the whole service. icmsIncluso: the price already holds the tax;
 * otherwise the tax is added "por dentro" (gross-up) as the engine does. Only the total decides.
 */
export function esperadoSpot(p: {
  valor: Valor; icmsIncluso: boolean; aliquotaIcms: Valor; descricao: string; referenciaUid?: string | null;
  pesoKg?: Valor | null; valorMercadoria?: Valor | null;
}): CalculoEsperado {
  const valor = dv(p.valor);
  const { icms, total } = calcularIcms(valor, dv(p.aliquotaIcms), p.icmsIncluso);
  return {
    calculado: true, fonte: 'SPOT', referenciaUid: p.referenciaUid ?? null, descricao: p.descricao,
    componentes: [{ componente: 'FRETE_PESO', valor: n2(valor) }], valorSemIcms: n2(valor),
    aliquotaIcms: dv(p.aliquotaIcms).toNumber(), icms: n2(icms), total: n2(total), porComponente: false,
    pesoKg: p.pesoKg ?? null, valorMercadoria: p.valorMercadoria ?? null,
  };
}
