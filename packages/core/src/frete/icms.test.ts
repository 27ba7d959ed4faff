import { describe, expect, it } from 'vitest';
import { aliquotaIcmsInterestadual, MACRORREGIOES, regiaoDaUf, UFS } from './index.ts';

describe('alíquota interestadual de ICMS', () => {
  it('mesma UF: null (vale a alíquota interna)', () => {
    expect(aliquotaIcmsInterestadual('SP', 'SP')).toBeNull();
    expect(aliquotaIcmsInterestadual('BA', 'ba', true)).toBeNull();
  });

  it('S/SE (exceto ES) para N, NE, CO ou ES: 7 %', () => {
    expect(aliquotaIcmsInterestadual('SP', 'BA')).toBe(7);
    expect(aliquotaIcmsInterestadual('PR', 'AM')).toBe(7);
    expect(aliquotaIcmsInterestadual('MG', 'ES')).toBe(7);
    expect(aliquotaIcmsInterestadual('RS', 'DF')).toBe(7);
  });

  it('demais operações: 12 %', () => {
    expect(aliquotaIcmsInterestadual('SP', 'RJ')).toBe(12);
    expect(aliquotaIcmsInterestadual('SC', 'PR')).toBe(12);
    expect(aliquotaIcmsInterestadual('ES', 'BA')).toBe(12); // ES is SE but not a 7 % origin
    expect(aliquotaIcmsInterestadual('BA', 'SP')).toBe(12);
    expect(aliquotaIcmsInterestadual('GO', 'PE')).toBe(12);
  });

  it('mercadoria importada: 4 % em qualquer operação interestadual', () => {
    expect(aliquotaIcmsInterestadual('SP', 'BA', true)).toBe(4);
    expect(aliquotaIcmsInterestadual('AM', 'RJ', true)).toBe(4);
  });

  it('rejeita UF desconhecida', () => {
    expect(() => aliquotaIcmsInterestadual('XX', 'SP')).toThrow(/UF desconhecida/);
  });
});

describe('macrorregiões', () => {
  it('cobrem as 27 UFs, cada uma em uma região', () => {
    expect(UFS).toHaveLength(27);
    expect(Object.values(MACRORREGIOES).flat()).toHaveLength(27);
    expect([regiaoDaUf('es'), regiaoDaUf('DF'), regiaoDaUf('TO'), regiaoDaUf('XX')]).toEqual([
      'SE',
      'CO',
      'N',
      undefined,
    ]);
  });
});
