import { CEM, D, type Dec, round2, ZERO } from '../frete/decimal.ts';
import { type FaixaIrrf, type TabelaRpa, tabelaRpaVigente, TABELAS_RPA } from './tabelas.ts';

type Valor = number | string;
const dv = (v: Valor | null | undefined) => (v === null || v === undefined || v === '' ? ZERO : new D(v));
const n2 = (v: Dec) => round2(v).toNumber();
const pctDe = (v: Dec, p: number) => v.times(p).div(CEM);

export type EntradaRpa = {
  /** Date of the service/receipt ('YYYY-MM-DD'): picks the table. */
  data: string;
  valorFrete: Valor;
  dependentes?: number;
  /** Sum of the INSS contribution bases of the driver's other RPAs (not cancelled) in the same month. */
  baseInssUtilizadaNoMes?: Valor;
  /**
   * The driver's other RPAs (not cancelled) of the same month, for the monthly IRRF: the sum of their
   * taxable income (the IRRF share of the freight), of the INSS they retained and of the IRRF already
   * withheld. The month's tax is computed on the total and this receipt withholds what is still due.
   */
  mesAnterior?: { rendimentoIrrf: Valor; inss: Valor; irrf: Valor } | null;
  /** ISS rate (percent) when the shipper's ISS settings say it is retained; null/0 = none. */
  aliquotaIss?: Valor | null;
};

export type ResultadoRpa = {
  vigenciaInicio: string;
  valorBruto: number;
  baseInss: number;
  /** The part of the base still under the month's ceiling. */
  baseInssLimitada: number;
  inss: number;
  sest: number;
  senat: number;
  rendimentoIrrf: number;
  baseIrrf: number;
  aliquotaIrrf: number;
  /** Reduction of Lei 15.270/2025 applied (0 before 2026). */
  reducaoIrrf: number;
  /** The month's IRRF (this receipt and the driver's other RPAs of the month) and what they already withheld. */
  irrfDoMes: number;
  irrfRetidoNoMes: number;
  irrf: number;
  iss: number;
  inssPatronal: number;
  totalDescontos: number;
  valorLiquido: number;
  /** pt-BR lines of the calculation, printed on the receipt. */
  memoria: string[];
};

export class ErroRpa extends Error {
  constructor(public campo: string, mensagem: string) { super(mensagem); }
}

/** IRRF of a monthly base by the progressive table: base × rate − deduction of its bracket (never negative). */
export function irrfDaTabela(base: Dec, faixas: FaixaIrrf[]): { imposto: Dec; faixa: FaixaIrrf } {
  const faixa = faixas.find((f) => f.ate === null || base.lte(f.ate)) ?? faixas[faixas.length - 1]!;
  const bruto = pctDe(base, faixa.aliquota).minus(faixa.deducao);
  return { imposto: bruto.isNegative() ? ZERO : bruto, faixa };
}

function reducao(t: TabelaRpa, rendimento: Dec, imposto: Dec): Dec {
  const r = t.reducaoIrrf;
  if (!r || imposto.isZero()) return ZERO;
  let v: Dec;
  if (rendimento.lte(r.ate)) v = new D(r.maximo);
  else if (rendimento.lte(r.ateFaixa)) v = new D(r.constante).minus(rendimento.times(r.coeficiente));
  else return ZERO;
  if (v.isNegative()) return ZERO;
  return v.gt(imposto) ? imposto : v;
}

const brl = (v: Dec) => `R$ ${round2(v).toFixed(2).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;

/** The RPA of one freight paid to an independent driver. Throws ErroRpa (field + pt-BR) on bad input. */
export function calcularRpa(e: EntradaRpa, tabelas: TabelaRpa[] = TABELAS_RPA): ResultadoRpa {
  const frete = dv(e.valorFrete);
  if (!frete.isFinite() || frete.lte(0)) throw new ErroRpa('valorFrete', 'O valor do frete deve ser maior que zero.');
  const dependentes = e.dependentes ?? 0;
  if (!Number.isInteger(dependentes) || dependentes < 0) throw new ErroRpa('dependentes', 'Número de dependentes inválido.');
  const usada = dv(e.baseInssUtilizadaNoMes);
  if (usada.isNegative()) throw new ErroRpa('baseInssUtilizadaNoMes', 'Base de INSS já utilizada no mês inválida.');
  const aliqIss = dv(e.aliquotaIss);
  if (aliqIss.isNegative() || aliqIss.gte(100)) throw new ErroRpa('aliquotaIss', 'Alíquota de ISS inválida.');
  const t = tabelaRpaVigente(e.data, tabelas);
  if (!t) throw new ErroRpa('data', `Nenhuma tabela de RPA vigente em ${e.data.slice(0, 10).split('-').reverse().join('/')}.`);

  const baseInss = round2(pctDe(frete, t.percentualBaseInss));
  const disponivel = D.max(ZERO, new D(t.tetoInss).minus(usada));
  const baseLimitada = D.min(baseInss, disponivel);
  const inss = round2(pctDe(baseLimitada, t.aliquotaInss));
  const sest = round2(pctDe(baseInss, t.aliquotaSest));
  const senat = round2(pctDe(baseInss, t.aliquotaSenat));

  const rendimento = round2(pctDe(frete, t.percentualBaseIrrf));
  // Monthly IRRF: the progressive table (and the dependants' deduction, once) apply to the month's total
  // income of the driver; this receipt withholds the month's tax minus what the other RPAs withheld.
  const ant = e.mesAnterior ?? null;
  const rendAnt = dv(ant?.rendimentoIrrf);
  const inssAnt = dv(ant?.inss);
  const irrfAnt = dv(ant?.irrf);
  if (rendAnt.isNegative() || inssAnt.isNegative() || irrfAnt.isNegative()) throw new ErroRpa('mesAnterior', 'Valores das RPAs anteriores do mês inválidos.');
  const rendimentoMes = rendimento.plus(rendAnt);
  const baseIrrfBruta = rendimentoMes.minus(inss).minus(inssAnt).minus(new D(t.deducaoDependente).times(dependentes));
  const baseIrrf = baseIrrfBruta.isNegative() ? ZERO : baseIrrfBruta;
  const { imposto, faixa } = irrfDaTabela(baseIrrf, t.faixasIrrf);
  const red = reducao(t, rendimentoMes, imposto);
  const irrfMes = round2(imposto.minus(red));
  const irrf = D.max(ZERO, irrfMes.minus(irrfAnt));
  const iss = round2(pctDe(frete, aliqIss.toNumber()));
  const patronal = round2(pctDe(baseInss, t.aliquotaInssPatronal));
  const descontos = inss.plus(sest).plus(senat).plus(irrf).plus(iss);

  const memoria = [
    `Base de INSS: ${t.percentualBaseInss} % de ${brl(frete)} = ${brl(baseInss)}.`,
    baseLimitada.lt(baseInss)
      ? `Teto do INSS no mês ${brl(new D(t.tetoInss))}, já utilizados ${brl(usada)}: base limitada a ${brl(baseLimitada)}.`
      : `Dentro do teto do INSS do mês (${brl(new D(t.tetoInss))}; já utilizados ${brl(usada)}).`,
    `INSS ${t.aliquotaInss} % = ${brl(inss)}; SEST ${t.aliquotaSest} % = ${brl(sest)}; SENAT ${t.aliquotaSenat} % = ${brl(senat)}.`,
    rendAnt.isZero() && irrfAnt.isZero() && inssAnt.isZero()
      ? `IRRF: ${t.percentualBaseIrrf} % do frete = ${brl(rendimento)} − INSS ${brl(inss)} − ${dependentes} dependente(s) = base ${brl(baseIrrf)}; alíquota ${faixa.aliquota} % − ${brl(new D(faixa.deducao))}${red.isZero() ? '' : `; redução da Lei 15.270/2025 ${brl(red)}`} = ${brl(irrf)}.`
      : `IRRF do mês: ${t.percentualBaseIrrf} % do frete = ${brl(rendimento)} + ${brl(rendAnt)} das outras RPAs do mês = ${brl(rendimentoMes)} − INSS ${brl(inss.plus(inssAnt))} − ${dependentes} dependente(s) = base ${brl(baseIrrf)}; alíquota ${faixa.aliquota} % − ${brl(new D(faixa.deducao))}${red.isZero() ? '' : `; redução da Lei 15.270/2025 ${brl(red)}`} = ${brl(irrfMes)}; já retidos ${brl(irrfAnt)}: retém ${brl(irrf)}.`,
    ...(iss.isZero() ? [] : [`ISS ${aliqIss.toString().replace('.', ',')} % = ${brl(iss)}.`]),
    `INSS patronal ${t.aliquotaInssPatronal} % da base = ${brl(patronal)} (custo do embarcador, não descontado).`,
  ];
  return {
    vigenciaInicio: t.vigenciaInicio,
    valorBruto: n2(frete), baseInss: n2(baseInss), baseInssLimitada: n2(baseLimitada), inss: n2(inss), sest: n2(sest), senat: n2(senat),
    rendimentoIrrf: n2(rendimento), baseIrrf: n2(baseIrrf), aliquotaIrrf: faixa.aliquota, reducaoIrrf: n2(red),
    irrfDoMes: n2(irrfMes), irrfRetidoNoMes: n2(irrfAnt), irrf: n2(irrf),
    iss: n2(iss), inssPatronal: n2(patronal), totalDescontos: n2(descontos), valorLiquido: n2(frete.minus(descontos)), memoria,
  };
}
