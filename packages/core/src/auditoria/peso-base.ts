import { D, type Dec, dv, n2, pct, round2, CEM } from './dinheiro.ts';
import { linha } from './icms.ts';
import { classificar, descreverTolerancia, resolverTolerancia } from './tolerancia.ts';
import type { CalculoEsperado, EntradaAuditoria, LinhaAuditoria, Tolerancia } from './tipos.ts';

// The carrier's declared base weight (CT-e infQ "PESO BASE DE CALCULO" / "PESO TAXADO") against the weight
// the calculation charged on (the engine's pesoTaxado: real or cubed; a spot price: the load's weight). A
// divergence of its own: a carrier that charges on more kilos than the table gives shows here even when
// the money lines are inside their tolerance.

/** The tolerance code of the base-weight line (tolerancias_auditoria.componente); its values are in kg. */
export const COMPONENTE_PESO_BASE = 'PESO_BASE';

/** 1234.5 → '1.234,5 kg' (up to 4 decimals, no trailing zeros). */
export function kg(v: Dec | number): string {
  const d = new D(v).toDecimalPlaces(4);
  const [int, dec] = d.abs().toFixed().split('.');
  return `${d.isNegative() && !d.isZero() ? '-' : ''}${int!.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}${dec ? `,${dec}` : ''} kg`;
}

/** The tolerance for kilos: PESO_BASE's own as it is (kg); an inherited one lends only its % and aceitarAbaixo. */
function toleranciaEmKg(t: Tolerancia | null): Tolerancia | null {
  if (!t || t.componente === COMPONENTE_PESO_BASE) return t;
  return { ...t, valorAcima: null, valorAbaixo: null };
}

/** The PESO_BASE line, or null when the CT-e declares no base weight or the calculation has no weight. */
export function linhaPesoBase(e: EntradaAuditoria): LinhaAuditoria | null {
  const c = e.calculo as CalculoEsperado;
  const declarado = e.cte.pesoBaseCalculo;
  const usado = c.pesoTaxado ?? c.pesoKg;
  if (declarado === null || declarado === undefined || declarado === '' || usado === null || usado === undefined || usado === '') return null;
  const cobrado = dv(declarado);
  const esperado = dv(usado);
  const dif = cobrado.minus(esperado);
  const base = `Peso base de cálculo: ${kg(cobrado)} declarado no CT-e, ${kg(esperado)} usado no cálculo`;
  const percentual = esperado.isZero() ? null : n2(dif.div(esperado.abs()).times(CEM));
  const valores = { tipo: 'PESO_BASE' as const, componente: COMPONENTE_PESO_BASE, cobrado: cobrado.toNumber(), esperado: esperado.toNumber(), diferenca: dif.toNumber(), percentual };
  if (c.porComponente === false)
    return linha({ ...valores, situacao: 'INFO', mensagem: `${base}; a fonte combina só o total.` });
  const tol = toleranciaEmKg(resolverTolerancia(e.tolerancias, e.transportadorUid, COMPONENTE_PESO_BASE));
  const descricao = descreverTolerancia(tol, kg).replaceAll('exato ao centavo', 'peso exato');
  const situacao = classificar(dif, esperado, tol);
  if (dif.isZero()) return linha({ ...valores, tolerancia: descricao, situacao, mensagem: `${base}: iguais.` });
  const p = esperado.isZero() ? '' : ` (${pct(round2(dif.abs().div(esperado.abs()).times(CEM)))})`;
  const quanto = `${kg(dif.abs())}${p} ${dif.gt(0) ? 'acima' : 'abaixo'}`;
  const fim = situacao === 'OK' ? `dentro da tolerância (${descricao})`
    : situacao === 'ABAIXO_ACEITO' ? 'peso abaixo aceito automaticamente'
      : `fora da tolerância (${descricao})`;
  return linha({ ...valores, tolerancia: descricao, situacao, mensagem: `${base} — ${quanto}, ${fim}.` });
}
