import { CEM, type Dec, dec, round2 } from './decimal.ts';
import { somenteDigitos } from './locais.ts';
import type { AjusteComponente, TabelaCalculo } from './types.ts';

// Derived tables ("vínculo"): a table that takes another of the same shipper as its base and declares
// only adjustments per component. The base is never copied: the server builds the base's TabelaCalculo
// from its current rows each time (so later changes of the base follow) and derivarTabela puts the
// derived table's identity, validity and adjustments on top of it.

/** The fields of the derived table itself (its carrier, validity, priority) and its adjustments. */
export type TabelaDerivada = Pick<TabelaCalculo, 'uid' | 'transportadorUid' | 'prioridade' | 'vigenciaInicio' | 'vigenciaFim'> & {
  ajustes: AjusteComponente[];
};

/**
 * The derived table priced as its base with the adjustments applied: routes, rules, generalidades,
 * adicionais, cubage and ICMS-included of the base; uid, carrier, priority and validity of the derived
 * table; the base's own adjustments (when the base is itself derived) before the derived table's.
 */
export function derivarTabela(base: TabelaCalculo, nomeBase: string, derivada: TabelaDerivada): TabelaCalculo {
  return {
    ...base,
    uid: derivada.uid,
    transportadorUid: derivada.transportadorUid,
    prioridade: derivada.prioridade,
    vigenciaInicio: derivada.vigenciaInicio,
    vigenciaFim: derivada.vigenciaFim,
    ajustes: [...(base.ajustes ?? []), ...derivada.ajustes],
    derivadaDe: { uid: base.uid, nome: nomeBase },
  };
}

/**
 * A component's value after the adjustments of the table that apply to this route and recipient, in
 * order. Returns null when none applied.
 */
export function aplicarAjustes(
  ajustes: readonly AjusteComponente[] | undefined,
  componente: string,
  rotaUid: string,
  destinatario: string | null,
  valor: Dec,
): Dec | null {
  if (!ajustes?.length) return null;
  let v = valor;
  let aplicou = false;
  for (const a of ajustes) {
    if (a.componente !== componente) continue;
    if (a.rotaUid && a.rotaUid !== rotaUid) continue;
    if (a.destinatarios?.length && (destinatario === null || !a.destinatarios.some((d) => somenteDigitos(d) === destinatario)))
      continue;
    v = a.tipo === 'VALOR' ? dec(a.valor) : round2(v.times(CEM.plus(a.valor)).div(CEM));
    aplicou = true;
  }
  return aplicou ? round2(v) : null;
}
