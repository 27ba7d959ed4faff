import { describe, expect, it } from 'vitest';
import { comRotulos } from './rotulos.ts';

describe('comRotulos', () => {
  it('troca códigos de campo pelos rótulos das telas, palavra inteira', () => {
    expect(comRotulos('A vigência termina antes de começar: vigenciaFim deve ser igual ou posterior a vigenciaInicio')).toBe(
      'A vigência termina antes de começar: Vigência: fim deve ser igual ou posterior a Vigência: início',
    );
    expect(comRotulos('pesoBrutoKg inválido')).toBe('Peso bruto (kg) inválido');
    // The freight rule's own zod messages (frete/esquemas.ts, frete/validacao.ts) name these codes.
    expect(comRotulos('aposMinimo deve ser verdadeiro ou falso')).toBe('Após o frete mínimo deve ser verdadeiro ou falso');
    expect(comRotulos('icmsIncluso, comparaFaixaSeguinte, foraBaseTributo')).toBe('ICMS incluso, Compara com a faixa seguinte, Fora da base do imposto');
  });
  it('deixa o resto como está (palavras desconhecidas, parte de palavra)', () => {
    expect(comRotulos('campoQualquer e xvigenciaFim e vigenciaFimX')).toBe('campoQualquer e xvigenciaFim e vigenciaFimX');
    expect(comRotulos('toString constructor')).toBe('toString constructor');
  });
});
