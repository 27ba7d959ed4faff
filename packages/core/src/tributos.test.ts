import { describe, expect, it } from 'vitest';
import { ALIQUOTAS_ICMS_INTERNAS, aliquotaIcmsInterna, aliquotaIcmsPadrao } from './tributos.ts';
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
