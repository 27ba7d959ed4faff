import { D, type Dec, dv, n2, pct, reais, round2, CEM, ZERO } from './dinheiro.ts';
import { linha, linhasIcms } from './icms.ts';
import { kg, linhaPesoBase } from './peso-base.ts';
import { classificar, descreverTolerancia, resolverTolerancia } from './tolerancia.ts';
import {
  type CalculoEsperado, type EntradaAuditoria, FONTES_CALCULO, type LinhaAuditoria, type MapaComponentes,
  type ResultadoAuditoria, type SituacaoLinha,
} from './tipos.ts';

/** Component names are printed by each carrier's system: compare without accents, case or extra spaces. */
export const normalizarNome = (s: string) =>
  s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/\s+/g, ' ').trim();

/** Code of our catalogue for a CT-e component name, or null when the carrier's map lacks it. */
export function codigoDoComponente(mapa: MapaComponentes, nome: string): string | null {
  const alvo = normalizarNome(nome);
  for (const [k, v] of Object.entries(mapa)) if (normalizarNome(k) === alvo) return v;
  return null;
}

const CODIGO_ICMS = 'ICMS';

/**
 * Expected value per component WITH the tax, as a CT-e prints it: the engine gives components without
 * ICMS and grosses up the total; each component is grossed up by total/valorSemIcms and the centavos of
 * rounding go to the largest one, so the lines add up to the expected total exactly.
 */
export function componentesEsperados(c: CalculoEsperado, icmsEmComponente: boolean): Map<string, Dec> {
  const base = new Map<string, Dec>();
  for (const x of c.componentes) base.set(x.componente, (base.get(x.componente) ?? ZERO).plus(dv(x.valor)));
  const ajuste = dv(c.ajusteMinimo);
  if (!ajuste.isZero()) base.set('FRETE_PESO', (base.get('FRETE_PESO') ?? ZERO).plus(ajuste));
  const semIcms = dv(c.valorSemIcms);
  const alvo = icmsEmComponente ? semIcms : dv(c.total);
  if (semIcms.isZero() || alvo.eq(semIcms)) return base;
  const fator = alvo.div(semIcms);
  const out = new Map<string, Dec>();
  let soma = ZERO;
  let maior: string | null = null;
  for (const [k, v] of base) {
    const g = round2(v.times(fator));
    out.set(k, g);
    soma = soma.plus(g);
    if (maior === null || v.gt(base.get(maior)!)) maior = k;
  }
  if (maior) out.set(maior, out.get(maior)!.plus(alvo.minus(soma)));
  return out;
}

function percentual(dif: Dec, esperado: Dec): number | null {
  return esperado.isZero() ? null : n2(dif.div(esperado.abs()).times(CEM));
}

function frase(rotulo: string, cobrado: Dec, esperado: Dec, dif: Dec, s: SituacaoLinha, tol: string): string {
  const base = `${rotulo}: cobrado ${reais(cobrado)}, esperado ${reais(esperado)}`;
  if (dif.isZero()) return `${base}.`;
  const p = esperado.isZero() ? '' : ` (${pct(round2(dif.abs().div(esperado.abs()).times(CEM)))})`;
  const sentido = dif.gt(0) ? 'acima' : 'abaixo';
  const quanto = `${reais(dif.abs())}${p} ${sentido}`;
  if (s === 'OK') return `${base} — ${quanto}, dentro da tolerância (${tol}).`;
  if (s === 'ABAIXO_ACEITO') return `${base} — ${quanto}; cobrança abaixo aceita automaticamente.`;
  return `${base} — ${quanto}, fora da tolerância (${tol}).`;
}

const DECIDE: SituacaoLinha[] = ['ACIMA', 'ABAIXO', 'DIVERGENTE'];

/** The audit of one CT-e: Aprovada, Divergente or Sem cálculo, with one explained line per point checked. */
export function auditarCte(e: EntradaAuditoria): ResultadoAuditoria {
  const { cte, calculo, mapa, tolerancias, transportadorUid } = e;
  const linhas: LinhaAuditoria[] = [];
  for (const motivo of e.duplicidades ?? [])
    linhas.push(linha({ tipo: 'DUPLICIDADE', situacao: 'DIVERGENTE', mensagem: `Cobrança em duplicidade: ${motivo}` }));

  // CT-e components by catalogue code (unmapped names are a divergence of their own).
  const cobrados = new Map<string, { valor: Dec; nomes: string[] }>();
  let icmsEmComponente = false;
  for (const comp of cte.componentes) {
    const valor = dv(comp.valor);
    const codigo = codigoDoComponente(mapa, comp.nome);
    if (codigo === CODIGO_ICMS) { icmsEmComponente = true; continue; }
    if (!codigo) {
      const zero = valor.isZero();
      linhas.push(linha({
        tipo: 'NAO_MAPEADO', nomeCte: comp.nome, cobrado: n2(valor), diferenca: n2(valor), situacao: zero ? 'INFO' : 'DIVERGENTE',
        mensagem: zero
          ? `Componente "${comp.nome}" do CT-e sem valor e sem mapeamento; não afeta a auditoria.`
          : `Componente não mapeado: "${comp.nome}" (${reais(valor)}) não tem correspondente no catálogo; cadastre-o nos mapas de componente do transportador.`,
      }));
      continue;
    }
    const atual = cobrados.get(codigo) ?? { valor: ZERO, nomes: [] };
    cobrados.set(codigo, { valor: atual.valor.plus(valor), nomes: [...atual.nomes, comp.nome] });
  }

  linhas.push(...linhasIcms(cte, e.regraTributaria));
  const cobradoTotal = dv(cte.valorPrestacao);

  if (!calculo.calculado) {
    for (const [codigo, c] of cobrados)
      linhas.push(linha({ tipo: 'COMPONENTE', componente: codigo, nomeCte: c.nomes.join(', '), cobrado: n2(c.valor), situacao: 'INFO', mensagem: `${codigo}: cobrado ${reais(c.valor)}; sem cálculo para comparar.` }));
    const diverge = linhas.some((l) => DECIDE.includes(l.situacao));
    return {
      resultado: diverge ? 2 : 3, fonte: null, valorCobrado: n2(cobradoTotal), valorEsperado: null, diferenca: null, linhas,
      resumo: diverge ? `Divergente (sem cálculo: ${calculo.motivo}): ${resumoDivergencias(linhas)}` : `Sem cálculo: ${calculo.motivo}`,
    };
  }

  const esperados = componentesEsperados(calculo, icmsEmComponente);
  let totalTaxas = ZERO;
  for (const t of e.taxasEspeciais ?? []) {
    const v = dv(t.valor);
    totalTaxas = totalTaxas.plus(v);
    if (t.componente) esperados.set(t.componente, (esperados.get(t.componente) ?? ZERO).plus(v));
    linhas.push(linha({ tipo: 'TAXA_ESPECIAL', componente: t.componente ?? null, esperado: n2(v), situacao: 'INFO', mensagem: `Taxa especial aceita: ${t.descricao} (${reais(v)}) somada ao valor esperado.` }));
  }
  const porComponente = calculo.porComponente !== false;
  const codigos = [...new Set([...esperados.keys(), ...cobrados.keys()])];
  for (const codigo of codigos) {
    const cobrado = cobrados.get(codigo)?.valor ?? ZERO;
    const esperado = esperados.get(codigo) ?? ZERO;
    const dif = cobrado.minus(esperado);
    const tol = resolverTolerancia(tolerancias, transportadorUid, codigo);
    let situacao = porComponente ? classificar(dif, esperado, tol) : 'INFO';
    let mensagem = frase(codigo, cobrado, esperado, dif, situacao, descreverTolerancia(tol));
    if (!cobrados.has(codigo)) mensagem = `${codigo}: esperado ${reais(esperado)} e não cobrado no CT-e.`;
    else if (!esperados.has(codigo) && porComponente) mensagem = `${codigo}: cobrado ${reais(cobrado)} e não previsto no cálculo (${FONTES_CALCULO[calculo.fonte].toLowerCase()}).`;
    if (!porComponente) { situacao = 'INFO'; mensagem = `${mensagem.replace(/\.$/, '')}; a fonte combina só o total.`; }
    linhas.push(linha({
      tipo: 'COMPONENTE', componente: codigo, nomeCte: cobrados.get(codigo)?.nomes.join(', ') ?? null,
      cobrado: n2(cobrado), esperado: n2(esperado), diferenca: n2(dif), percentual: percentual(dif, esperado),
      tolerancia: porComponente ? descreverTolerancia(tol) : null, situacao, mensagem,
    }));
  }

  const esperadoTotal = dv(calculo.total).plus(totalTaxas);
  const difTotal = cobradoTotal.minus(esperadoTotal);
  const tolTotal = resolverTolerancia(tolerancias, transportadorUid, null);
  const sTotal = classificar(difTotal, esperadoTotal, tolTotal);
  linhas.push(linha({
    tipo: 'TOTAL', cobrado: n2(cobradoTotal), esperado: n2(esperadoTotal), diferenca: n2(difTotal),
    percentual: percentual(difTotal, esperadoTotal), tolerancia: descreverTolerancia(tolTotal), situacao: sTotal,
    mensagem: frase('Total da prestação', cobradoTotal, esperadoTotal, difTotal, sTotal, descreverTolerancia(tolTotal)),
  }));
  linhas.push(...linhasBases(e));

  const diverge = linhas.some((l) => DECIDE.includes(l.situacao));
  const origem = `${FONTES_CALCULO[calculo.fonte]}: ${calculo.descricao}`;
  return {
    resultado: diverge ? 2 : 1, fonte: calculo.fonte, valorCobrado: n2(cobradoTotal), valorEsperado: n2(esperadoTotal),
    diferenca: n2(difTotal), linhas,
    resumo: diverge
      ? `Divergente (${origem}): ${resumoDivergencias(linhas)}`
      : `Aprovada (${origem}): cobrado ${reais(cobradoTotal)}, esperado ${reais(esperadoTotal)}.`,
  };
}

/**
 * Weight and goods value: shown beside the calculation's bases, informative (the calculation already used the
 * larger weight); the carrier's declared base weight decides (peso-base.ts).
 */
function linhasBases(e: EntradaAuditoria): LinhaAuditoria[] {
  const c = e.calculo as CalculoEsperado;
  const out: LinhaAuditoria[] = [];
  const par = (tipo: 'PESO' | 'VALOR_MERCADORIA', rotulo: string, cte: unknown, calc: unknown, fmt: (d: Dec) => string) => {
    if (cte === null || cte === undefined || calc === null || calc === undefined) return;
    const a = dv(cte as string);
    const b = dv(calc as string);
    const dif = a.minus(b);
    out.push(linha({
      tipo, cobrado: a.toNumber(), esperado: b.toNumber(), diferenca: dif.toNumber(), situacao: 'INFO',
      mensagem: dif.isZero() ? `${rotulo}: ${fmt(a)} no CT-e e no cálculo.` : `${rotulo}: ${fmt(a)} no CT-e, ${fmt(b)} no cálculo.`,
    }));
  };
  par('PESO', 'Peso', e.cte.pesoCarga, c.pesoKg, (d) => `${d.toString().replace('.', ',')} kg`);
  const base = linhaPesoBase(e);
  if (base) out.push(base);
  par('VALOR_MERCADORIA', 'Valor da mercadoria', e.cte.valorCarga, c.valorMercadoria, reais);
  return out;
}

function resumoDivergencias(linhas: LinhaAuditoria[]): string {
  const pontos = linhas.filter((l) => DECIDE.includes(l.situacao)).map((l) => {
    if (l.tipo === 'NAO_MAPEADO') return `componente não mapeado "${l.nomeCte}"`;
    if (l.tipo === 'DUPLICIDADE') return l.mensagem.replace(/\.$/, '');
    if (l.tipo === 'ICMS_ALIQUOTA') return 'alíquota de ICMS errada';
    if (l.tipo === 'ICMS_VALOR') return 'valor do ICMS';
    if (l.tipo === 'PESO_BASE') return `peso base de cálculo ${kg(Math.abs(l.diferenca ?? 0))} ${(l.diferenca ?? 0) > 0 ? 'acima' : 'abaixo'}`;
    const d = new D(l.diferenca ?? 0);
    const rot = l.tipo === 'TOTAL' ? 'total' : l.componente;
    return `${rot} ${reais(d.abs())} ${d.gt(0) ? 'acima' : 'abaixo'}`;
  });
  return `${pontos.length} ponto(s) fora da tolerância: ${pontos.join('; ')}.`;
}
