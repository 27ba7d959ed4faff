import { dv, type Dec, pct, reais, round2, CEM, ZERO } from './dinheiro.ts';
import type { SituacaoLinha, Tolerancia } from './tipos.ts';

/**
 * The tolerance for one line: the most specific wins — this carrier and this component, this carrier
 * (any component), every carrier and this component, then the general one. `componente` null asks for
 * the total's tolerance (carrier, then general).
 */
export function resolverTolerancia(
  tolerancias: Tolerancia[],
  transportadorUid: string | null | undefined,
  componente: string | null,
): Tolerancia | null {
  const t = transportadorUid ?? null;
  const achar = (tr: string | null, c: string | null) =>
    tolerancias.find((x) => (x.transportadorUid ?? null) === tr && (x.componente ?? null) === c);
  const ordem: [string | null, string | null][] = componente
    ? [[t, componente], [t, null], [null, componente], [null, null]]
    : [[t, null], [null, null]];
  for (const [tr, c] of ordem) {
    const achado = achar(tr, c);
    if (achado) return achado;
  }
  return null;
}

function lado(percentual: Dec | null, valor: Dec | null, absoluto: (d: Dec) => string): string {
  const partes = [percentual && `${pct(percentual)} do esperado`, valor && absoluto(valor)].filter(Boolean);
  return partes.length ? `até ${partes.join(' e ')}` : 'nenhuma (exato ao centavo)';
}

/** pt-BR description of a tolerance, shown on the line it applied to (`absoluto` formats its values: R$, or kg for the base weight). */
export function descreverTolerancia(t: Tolerancia | null, absoluto: (d: Dec) => string = reais): string {
  if (!t) return 'sem tolerância cadastrada (exato ao centavo)';
  const nulo = (v: unknown) => v === null || v === undefined || v === '';
  const acima = lado(nulo(t.percentualAcima) ? null : dv(t.percentualAcima), nulo(t.valorAcima) ? null : dv(t.valorAcima), absoluto);
  const abaixo = t.aceitarAbaixo
    ? 'qualquer valor aceito'
    : lado(nulo(t.percentualAbaixo) ? null : dv(t.percentualAbaixo), nulo(t.valorAbaixo) ? null : dv(t.valorAbaixo), absoluto);
  return `acima: ${acima}; abaixo: ${abaixo}`;
}

/** Limit in R$ of one side: the smaller of the given % and R$; null when neither is given (zero). */
function limite(esperado: Dec, percentual: unknown, valor: unknown): Dec {
  const dado = (v: unknown) => v !== null && v !== undefined && v !== '';
  const limites: Dec[] = [];
  if (dado(percentual)) limites.push(round2(esperado.abs().times(dv(percentual as string)).div(CEM)));
  if (dado(valor)) limites.push(dv(valor as string));
  if (!limites.length) return ZERO;
  return limites.reduce((a, b) => (a.lt(b) ? a : b));
}

/** Classifies diferenca = cobrado − esperado against tolerance t. */
export function classificar(diferenca: Dec, esperado: Dec, t: Tolerancia | null): SituacaoLinha {
  if (diferenca.isZero()) return 'OK';
  if (diferenca.gt(0)) {
    return diferenca.lte(limite(esperado, t?.percentualAcima, t?.valorAcima)) ? 'OK' : 'ACIMA';
  }
  if (t?.aceitarAbaixo) return 'ABAIXO_ACEITO';
  return diferenca.abs().lte(limite(esperado, t?.percentualAbaixo, t?.valorAbaixo)) ? 'OK' : 'ABAIXO';
}
