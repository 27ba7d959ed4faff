import { describe, expect, it } from 'vitest';
import { ALIQUOTAS_ICMS_INTERNAS, aliquotaIcmsInterna, aliquotaIcmsPadrao, fonteAliquotaIcmsFrete } from './tributos.ts';
import { UFS } from './frete/ufs.ts';

describe('legal ICMS defaults', () => {
  it('has an internal rate for each of the 27 UFs, between 17 % and 23 %', () => {
    expect(Object.keys(ALIQUOTAS_ICMS_INTERNAS).sort()).toEqual([...UFS]);
    for (const a of Object.values(ALIQUOTAS_ICMS_INTERNAS)) expect(a >= 17 && a <= 23).toBe(true);
  });

  it('internal rate inside a UF, 7 / 12 between UFs, 4 for imported goods', () => {
    expect(aliquotaIcmsPadrao('SP', 'SP')).toBe(18);
    expect(aliquotaIcmsPadrao('rj', 'RJ')).toBe(20);
    expect(aliquotaIcmsPadrao('SP', 'BA')).toBe(7);
    expect(aliquotaIcmsPadrao('BA', 'SP')).toBe(12);
    expect(aliquotaIcmsPadrao('SP', 'BA', true)).toBe(4);
    // Imported goods only change interstate operations.
    expect(aliquotaIcmsPadrao('PR', 'PR', true)).toBe(19.5);
    expect(() => aliquotaIcmsInterna('XX')).toThrow(RangeError);
  });
});

describe('fonteAliquotaIcmsFrete', () => {
  it('names the rule behind each legal freight rate', () => {
    expect(fonteAliquotaIcmsFrete('SP', 'SP')).toBe('RICMS/SP (Decreto 45.490/2000), art. 54, I');
    expect(fonteAliquotaIcmsFrete('mg', 'MG')).toBe('RICMS/MG (Decreto 43.080/2002), art. 42, I, "e"');
    expect(fonteAliquotaIcmsFrete('RJ', 'RJ')).toBe('Alíquota geral do ICMS de RJ (sem alíquota própria de transporte na lei estadual consultada)');
    expect(fonteAliquotaIcmsFrete('SP', 'BA')).toBe('Resolução do Senado Federal 22/1989 (alíquotas interestaduais)');
    expect(fonteAliquotaIcmsFrete('SP', 'BA', 'AEREO')).toBe('Resolução do Senado Federal 95/1996 (transporte aéreo interestadual)');
  });
});
