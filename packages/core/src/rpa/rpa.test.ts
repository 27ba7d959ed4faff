import { describe, expect, it } from 'vitest';
import { D } from '../frete/decimal.ts';
import { calcularRpa, ErroRpa, irrfDaTabela, tabelaRpaVigente } from './index.ts';

const t2026 = tabelaRpaVigente('2026-03-10')!;

describe('RPA do motorista autônomo', () => {
  it('frete de R$ 5.000 em 2026: base 1.000; INSS 110; SEST 15; SENAT 10; IRRF isento (500 − 110 = 390); líquido 4.865', () => {
    const r = calcularRpa({ data: '2026-03-10', valorFrete: 5000 });
    expect(r).toMatchObject({ baseInss: 1000, baseInssLimitada: 1000, inss: 110, sest: 15, senat: 10, rendimentoIrrf: 500, baseIrrf: 390,
      irrf: 0, inssPatronal: 200, iss: 0, totalDescontos: 135, valorLiquido: 4865, vigenciaInicio: '2026-01-01' });
  });

  it('no teto do INSS (2026: 8.475,55): frete 50.000, base 10.000 limitada; INSS 932,31; SEST/SENAT sobre 10.000', () => {
    const r = calcularRpa({ data: '2026-03-10', valorFrete: 50000 });
    expect(r).toMatchObject({ baseInss: 10000, baseInssLimitada: 8475.55, inss: 932.31, sest: 150, senat: 100, inssPatronal: 2000 });
    // IRRF: 5.000 − 932,31 = 4.067,69 × 22,5 % − 675,49 = 239,74; rendimento ≤ 5.000 → reduzido a zero (Lei 15.270/2025)
    expect(r).toMatchObject({ baseIrrf: 4067.69, aliquotaIrrf: 22.5, reducaoIrrf: 239.74, irrf: 0, valorLiquido: 48817.69 });
    expect(r.memoria[1]).toBe('Teto do INSS no mês R$ 8.475,55, já utilizados R$ 0,00: base limitada a R$ 8.475,55.');
  });

  it('dois RPAs no mês: com 8.000 de base já usados, o segundo (base 1.000) contribui só sobre 475,55 → 52,31', () => {
    const r = calcularRpa({ data: '2026-03-20', valorFrete: 5000, baseInssUtilizadaNoMes: 8000 });
    expect(r).toMatchObject({ baseInssLimitada: 475.55, inss: 52.31, sest: 15, senat: 10 });
  });

  it('teto já atingido no mês: nenhum INSS, SEST/SENAT continuam', () => {
    const r = calcularRpa({ data: '2026-03-20', valorFrete: 5000, baseInssUtilizadaNoMes: 9000 });
    expect(r).toMatchObject({ baseInssLimitada: 0, inss: 0, sest: 15, senat: 10 });
  });

  it('dependentes: jun/2025, frete 40.000 → IRRF 4.000 − 880 − 2 × 189,59 = 2.740,82 × 7,5 % − 182,16 = 23,40', () => {
    const com = calcularRpa({ data: '2025-06-10', valorFrete: 40000, dependentes: 2 });
    expect(com).toMatchObject({ inss: 880, baseIrrf: 2740.82, aliquotaIrrf: 7.5, irrf: 23.4 });
    // sem dependentes: 3.120 × 15 % − 394,16 = 73,84
    expect(calcularRpa({ data: '2025-06-10', valorFrete: 40000 })).toMatchObject({ baseIrrf: 3120, aliquotaIrrf: 15, irrf: 73.84 });
  });

  it('bordas das faixas do IRRF (tabela de mai/2025)', () => {
    const f = tabelaRpaVigente('2025-06-01')!.faixasIrrf;
    expect(irrfDaTabela(new D('2428.80'), f)).toMatchObject({ faixa: { aliquota: 0 } });
    expect(irrfDaTabela(new D('2428.81'), f).faixa.aliquota).toBe(7.5);
    expect(irrfDaTabela(new D('2826.65'), f).imposto.toDecimalPlaces(2).toNumber()).toBe(29.84);
    expect(irrfDaTabela(new D('2826.66'), f).faixa.aliquota).toBe(15);
    expect(irrfDaTabela(new D('4664.68'), f)).toMatchObject({ faixa: { aliquota: 22.5 } });
    expect(irrfDaTabela(new D('4664.68'), f).imposto.toDecimalPlaces(2).toNumber()).toBe(374.06);
    expect(irrfDaTabela(new D('4664.69'), f).faixa.aliquota).toBe(27.5);
  });

  it('a tabela é a vigente na data: base 2.300 tributa em mar/2025 (3,06) e é isenta em jun/2025', () => {
    // frete 26.300: rendimento 2.630 − INSS (base 5.260 × 11 % = 578,60) = 2.051,40 → isento nas duas; usar dependentes 0 e base direta
    expect(irrfDaTabela(new D(2300), tabelaRpaVigente('2025-03-15')!.faixasIrrf).imposto.toDecimalPlaces(2).toNumber()).toBe(3.06);
    expect(irrfDaTabela(new D(2300), tabelaRpaVigente('2025-06-15')!.faixasIrrf).imposto.toNumber()).toBe(0);
    expect(tabelaRpaVigente('2025-04-30')!.tetoInss).toBe(8157.41);
    expect(tabelaRpaVigente('2024-12-31')).toBeNull();
  });

  it('2026, rendimento entre 5.000 e 7.350: redução 978,62 − 0,133145 × 6.000 = 179,75; IRRF 484,88 − 179,75 = 305,13', () => {
    const r = calcularRpa({ data: '2026-05-05', valorFrete: 60000 });
    expect(r).toMatchObject({ rendimentoIrrf: 6000, inss: 932.31, baseIrrf: 5067.69, aliquotaIrrf: 27.5, reducaoIrrf: 179.75, irrf: 305.13 });
    // the same in 2025 has no reduction: 5.000 − 897,32 (teto 8.157,41 × 11 %) = 4.102,68 × 22,5 % − 675,49 = 247,61
    expect(calcularRpa({ data: '2025-09-05', valorFrete: 50000 })).toMatchObject({ inss: 897.32, baseIrrf: 4102.68, irrf: 247.61, reducaoIrrf: 0 });
  });

  it('IRRF do mês somando as RPAs do motorista (set/2025): 20.000 + 20.000 + 10.000 retêm 0 + 73,84 + 173,77 = 247,61, o mesmo de uma RPA de 50.000', () => {
    // 1ª: rendimento 2.000 − INSS 440 = 1.560 → isento
    const r1 = calcularRpa({ data: '2025-09-05', valorFrete: 20000 });
    expect(r1).toMatchObject({ inss: 440, rendimentoIrrf: 2000, baseIrrf: 1560, irrf: 0, irrfDoMes: 0 });
    // 2ª: sozinha também seria isenta; no mês, 4.000 − 440 − 440 = 3.120 × 15 % − 394,16 = 73,84, nada retido antes
    const r2 = calcularRpa({ data: '2025-09-20', valorFrete: 20000, baseInssUtilizadaNoMes: 4000, mesAnterior: { rendimentoIrrf: 2000, inss: 440, irrf: 0 } });
    expect(r2).toMatchObject({ inss: 440, baseIrrf: 3120, aliquotaIrrf: 15, irrfDoMes: 73.84, irrfRetidoNoMes: 0, irrf: 73.84, valorLiquido: 20000 - 440 - 60 - 40 - 73.84 });
    // 3ª: INSS só sobre o que resta do teto (8.157,41 − 8.000 = 157,41 × 11 % = 17,32);
    // mês: 5.000 − 880 − 17,32 = 4.102,68 × 22,5 % − 675,49 = 247,61; já retidos 73,84 → retém 173,77
    const r3 = calcularRpa({ data: '2025-09-25', valorFrete: 10000, baseInssUtilizadaNoMes: 8000, mesAnterior: { rendimentoIrrf: 4000, inss: 880, irrf: 73.84 } });
    expect(r3).toMatchObject({ inss: 17.32, baseIrrf: 4102.68, aliquotaIrrf: 22.5, irrfDoMes: 247.61, irrfRetidoNoMes: 73.84, irrf: 173.77 });
    expect(r3.memoria[3]).toBe('IRRF do mês: 10 % do frete = R$ 1.000,00 + R$ 4.000,00 das outras RPAs do mês = R$ 5.000,00 − INSS R$ 897,32 − 0 dependente(s) = base R$ 4.102,68; alíquota 22.5 % − R$ 675,49 = R$ 247,61; já retidos R$ 73,84: retém R$ 173,77.');
    expect(calcularRpa({ data: '2025-09-05', valorFrete: 50000 }).irrf).toBe(247.61);
    // more already withheld than the month's tax (e.g. an earlier RPA cancelled later): nothing, never negative
    expect(calcularRpa({ data: '2025-09-25', valorFrete: 1000, mesAnterior: { rendimentoIrrf: 0, inss: 0, irrf: 50 } }).irrf).toBe(0);
  });

  it('ISS quando a configuração manda reter: 5 % de 1.000 = 50', () => {
    const r = calcularRpa({ data: '2026-03-10', valorFrete: 1000, aliquotaIss: 5 });
    expect(r).toMatchObject({ iss: 50, inss: 22, sest: 3, senat: 2, valorLiquido: 923 });
  });

  it('entradas inválidas: frete zero ou negativo, dependentes negativos, data sem tabela', () => {
    expect(() => calcularRpa({ data: '2026-03-10', valorFrete: -1 })).toThrow(ErroRpa);
    expect(() => calcularRpa({ data: '2026-03-10', valorFrete: 0 })).toThrow('O valor do frete deve ser maior que zero.');
    expect(() => calcularRpa({ data: '2026-03-10', valorFrete: 10, dependentes: -1 })).toThrow('Número de dependentes inválido.');
    expect(() => calcularRpa({ data: '2024-12-10', valorFrete: 10 })).toThrow('Nenhuma tabela de RPA vigente em 10/12/2024.');
  });

  it('a tabela de 2026 está vigente hoje e tem fonte legal', () => {
    expect(t2026.fonte).toContain('Lei 15.270/2025');
  });
});
