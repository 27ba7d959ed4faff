import { describe, expect, it } from 'vitest';
import { carga, SEM_ICMS, tabelaComRegras } from './fixtures.ts';
import { calcularFrete } from './index.ts';
import type { Faixa } from './types.ts';

/** FRETE_PESO by ranges on PESO; returns the component value or the refusal reason. */
function freteComFaixas(faixas: Faixa[], pesoKg: number): number | string {
  const t = tabelaComRegras([{ componente: 'FRETE_PESO', base: 'PESO', calculo: 'FAIXA', faixas }]);
  const r = calcularFrete(t, carga({ pesoKg }), SEM_ICMS);
  return r.cotado ? r.componentes[0].valor : r.motivo;
}

describe('cálculo por faixas', () => {
  const fixas: Faixa[] = [
    { ate: 10, valor: 30, modo: 'FIXO' },
    { ate: 30, valor: 45, modo: 'FIXO' },
    { ate: 100, valor: 90, modo: 'FIXO' },
  ];

  it('FIXO: o limite da faixa é inclusivo (10 kg ainda é a 1ª faixa, 10,01 kg a 2ª)', () => {
    expect(freteComFaixas(fixas, 0)).toBe(30);
    expect(freteComFaixas(fixas, 10)).toBe(30);
    expect(freteComFaixas(fixas, 10.01)).toBe(45);
    expect(freteComFaixas(fixas, 100)).toBe(90);
  });

  it('acima da última faixa limitada a tabela não cota, com motivo claro', () => {
    const motivo = freteComFaixas(fixas, 100.5);
    expect(motivo).toMatch(/FRETE_PESO/);
    expect(motivo).toMatch(/ultrapassa a última faixa \(até 100\)/);
  });

  it('faixas declaradas fora de ordem são avaliadas por ordem de limite', () => {
    expect(freteComFaixas([fixas[2], { ate: null, valor: 1, modo: 'EXCEDENTE' }, fixas[0], fixas[1]], 25)).toBe(45);
  });

  it('POR_UNIDADE multiplica o valor da faixa pela quantidade inteira', () => {
    const faixas: Faixa[] = [
      { ate: 50, valor: 1.1, modo: 'POR_UNIDADE' },
      { ate: null, valor: 0.95, modo: 'POR_UNIDADE' },
    ];
    expect(freteComFaixas(faixas, 50)).toBe(55);
    expect(freteComFaixas(faixas, 80)).toBe(76);
  });

  it('EXCEDENTE soma o valor da faixa anterior no seu limite ao excedente', () => {
    const faixas: Faixa[] = [...fixas, { ate: null, valor: 0.85, modo: 'EXCEDENTE' }];
    expect(freteComFaixas(faixas, 180)).toBe(158); // 90 + 0,85 × 80
    expect(freteComFaixas(faixas, 100.01)).toBe(90.01); // 90 + 0,0085 → 90,0085
  });

  it('cadeia de EXCEDENTES acumula faixa a faixa, e a 1ª faixa excedente parte de zero', () => {
    const faixas: Faixa[] = [
      { ate: 100, valor: 1, modo: 'EXCEDENTE' }, // 0–100: R$ 1/kg
      { ate: 500, valor: 0.8, modo: 'EXCEDENTE' }, // 100 + 0,80/kg acima de 100
      { ate: 1000, valor: 0.5, modo: 'EXCEDENTE' }, // 420 + 0,50/kg acima de 500
      { ate: null, valor: 0.3, modo: 'EXCEDENTE' }, // 670 + 0,30/kg acima de 1000
    ];
    expect(freteComFaixas(faixas, 60)).toBe(60);
    expect(freteComFaixas(faixas, 300)).toBe(260);
    expect(freteComFaixas(faixas, 750)).toBe(545);
    expect(freteComFaixas(faixas, 2500)).toBe(1120);
  });

  it('EXCEDENTE após faixa POR_UNIDADE parte do valor da faixa anterior no seu limite', () => {
    const faixas: Faixa[] = [
      { ate: 20, valor: 2, modo: 'POR_UNIDADE' },
      { ate: null, valor: 1.5, modo: 'EXCEDENTE' },
    ];
    expect(freteComFaixas(faixas, 33)).toBe(59.5); // 40 + 1,5 × 13
  });

  it('faixas de um componente sobre VALOR aplicam mínimo e máximo depois da faixa', () => {
    const t = tabelaComRegras([
      {
        componente: 'GRIS',
        base: 'VALOR',
        calculo: 'FAIXA',
        minimo: 12,
        maximo: 40,
        faixas: [
          { ate: 5000, valor: 10, modo: 'FIXO' },
          { ate: null, valor: 0.002, modo: 'POR_UNIDADE' },
        ],
      },
    ]);
    const gris = (valorMercadoria: number) => {
      const r = calcularFrete(t, carga({ valorMercadoria }), SEM_ICMS);
      return r.cotado ? r.componentes[0].valor : r.motivo;
    };
    expect(gris(1000)).toBe(12);
    expect(gris(15_000)).toBe(30);
    expect(gris(50_000)).toBe(40);
  });
});
