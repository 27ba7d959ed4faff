import { aliquotaIcmsInterestadual } from '../frete/icms.ts';
import { dv, type Dec, n2, pct, reais, round2, CEM, ZERO } from './dinheiro.ts';
import type { CteAuditavel, LinhaAuditoria, RegraTributaria } from './tipos.ts';

const linha = (p: Partial<LinhaAuditoria> & Pick<LinhaAuditoria, 'tipo' | 'situacao' | 'mensagem'>): LinhaAuditoria => ({
  componente: null, nomeCte: null, cobrado: null, esperado: null, diferenca: null, percentual: null, tolerancia: null, ...p,
});

/** The rate the tax rules expect, with the reason shown to the user; null rate = not checked. */
export function aliquotaEsperada(cte: CteAuditavel, regra: RegraTributaria): { aliquota: Dec | null; motivo: string } {
  if (regra.simplesNacional) return { aliquota: ZERO, motivo: 'transportador optante pelo Simples Nacional: sem ICMS destacado' };
  if (regra.tributo === 'ISS')
    return { aliquota: ZERO, motivo: `transporte dentro do município: serviço municipal tributado pelo ISS (${regra.fonte ?? 'LC 116/2003, item 16.02'}), sem ICMS` };
  const fonte = regra.fonte ?? 'regra tributária cadastrada';
  const o = (cte.origem.uf ?? '').toUpperCase();
  const d = (cte.destino.uf ?? '').toUpperCase();
  if (!o || !d) return { aliquota: null, motivo: 'o CT-e não informa a UF de origem ou de destino' };
  if (o !== d) {
    if (regra.aliquotaInterestadual !== null && regra.aliquotaInterestadual !== undefined)
      return { aliquota: dv(regra.aliquotaInterestadual), motivo: `interestadual ${o} → ${d} (${fonte})` };
    let a: number | null;
    try {
      a = aliquotaIcmsInterestadual(o, d);
    } catch {
      return { aliquota: null, motivo: `UF desconhecida (${o} → ${d})` };
    }
    return { aliquota: dv(a ?? 0), motivo: `interestadual ${o} → ${d} (Resolução do Senado 22/1989)` };
  }
  if (regra.aliquotaInterna === null || regra.aliquotaInterna === undefined)
    return { aliquota: null, motivo: `intraestadual em ${o} sem alíquota interna cadastrada nas regras tributárias` };
  return { aliquota: dv(regra.aliquotaInterna), motivo: `intraestadual em ${o} (${fonte})` };
}

/** ICMS lines: the rate against the tax rules, and the value against base × expected rate (exact centavo). */
export function linhasIcms(cte: CteAuditavel, regra: RegraTributaria): LinhaAuditoria[] {
  const cst = cte.icms?.cst ?? null;
  const aliquotaCte = cst === 'SN' ? ZERO : dv(cte.icms?.aliquota);
  const valorCte = cst === 'SN' ? ZERO : dv(cte.icms?.valor);
  const base = cte.icms?.base !== null && cte.icms?.base !== undefined ? dv(cte.icms.base) : dv(cte.valorPrestacao);
  const { aliquota, motivo } = aliquotaEsperada(cte, regra);

  if (regra.simplesNacional) {
    const ok = valorCte.isZero();
    return [linha({
      tipo: 'ICMS_VALOR', cobrado: n2(valorCte), esperado: 0, diferenca: n2(valorCte),
      situacao: ok ? 'OK' : 'DIVERGENTE',
      mensagem: ok
        ? 'ICMS: transportador do Simples Nacional, sem ICMS destacado, como esperado.'
        : `ICMS: transportador optante pelo Simples Nacional não destaca ICMS; o CT-e destaca ${reais(valorCte)} (alíquota ${pct(aliquotaCte)}).`,
    })];
  }
  if (aliquota === null)
    return [linha({ tipo: 'ICMS_ALIQUOTA', cobrado: aliquotaCte.toNumber(), situacao: 'INFO', mensagem: `Alíquota de ICMS ${pct(aliquotaCte)} não conferida: ${motivo}.` })];

  const linhas: LinhaAuditoria[] = [];
  const aliqOk = aliquotaCte.eq(aliquota);
  linhas.push(linha({
    tipo: 'ICMS_ALIQUOTA', cobrado: aliquotaCte.toNumber(), esperado: aliquota.toNumber(),
    diferenca: aliquotaCte.minus(aliquota).toNumber(), situacao: aliqOk ? 'OK' : 'DIVERGENTE',
    mensagem: aliqOk
      ? `Alíquota de ICMS ${pct(aliquota)}: ${motivo}.`
      : `Alíquota de ICMS errada: o CT-e aplica ${pct(aliquotaCte)}, a esperada é ${pct(aliquota)} (${motivo}).`,
  }));
  const esperado = round2(base.times(aliquota).div(CEM));
  const dif = valorCte.minus(esperado);
  linhas.push(linha({
    tipo: 'ICMS_VALOR', cobrado: n2(valorCte), esperado: n2(esperado), diferenca: n2(dif),
    situacao: dif.isZero() ? 'OK' : 'DIVERGENTE',
    mensagem: dif.isZero()
      ? `Valor do ICMS ${reais(valorCte)} = base ${reais(base)} × ${pct(aliquota)}.`
      : `Valor do ICMS ${reais(valorCte)} difere de base ${reais(base)} × ${pct(aliquota)} = ${reais(esperado)} (diferença ${reais(dif)}).`,
  }));
  return linhas;
}

export { linha };
