import { describe, expect, it } from 'vitest';
import { adicionarDiasUteis } from './index.ts';

// 2026: Carnaval 16–17/02 (Mon–Tue), Tiradentes 21/04 (Tue), Natal 25/12 (Fri).
describe('prazo em dias úteis', () => {
  it('sexta + 1 dia útil = segunda', () => {
    expect(adicionarDiasUteis('2026-04-17', 1)).toBe('2026-04-20');
  });

  it('sábado + 1 dia útil = segunda; prazo 0 devolve a própria data', () => {
    expect(adicionarDiasUteis('2026-04-18', 1)).toBe('2026-04-20');
    expect(adicionarDiasUteis('2026-04-18', 0)).toBe('2026-04-18');
  });

  it('pula Tiradentes', () => {
    expect(adicionarDiasUteis('2026-04-17', 2, ['2026-04-21'])).toBe('2026-04-22');
    expect(adicionarDiasUteis('2026-04-17', 2, [])).toBe('2026-04-21');
  });

  it('pula segunda e terça de Carnaval', () => {
    expect(adicionarDiasUteis('2026-02-13', 1, ['2026-02-16', '2026-02-17'])).toBe('2026-02-18');
  });

  it('atravessa Natal e Ano-Novo', () => {
    const feriados = ['2026-12-25', '2027-01-01'];
    expect(adicionarDiasUteis('2026-12-23', 3, feriados)).toBe('2026-12-29');
    expect(adicionarDiasUteis('2026-12-31', 1, feriados)).toBe('2027-01-04');
  });

  it('feriado no fim de semana não consome dia útil a mais', () => {
    expect(adicionarDiasUteis('2026-11-13', 1, ['2026-11-15'])).toBe('2026-11-16');
  });

  it('atravessa o 29 de fevereiro de ano bissexto', () => {
    expect(adicionarDiasUteis('2028-02-28', 2)).toBe('2028-03-01');
  });

  it('usa a data de calendário de um ISO com hora e fuso, sem deslocar o dia', () => {
    expect(adicionarDiasUteis('2026-04-17T23:30:00-03:00', 1)).toBe('2026-04-20');
    expect(adicionarDiasUteis('2026-04-20T00:15:00.000Z', 1)).toBe('2026-04-21');
  });

  it('rejeita data inexistente e prazo negativo', () => {
    expect(() => adicionarDiasUteis('2026-02-29', 1)).toThrow(/Data inválida/);
    expect(() => adicionarDiasUteis('2026-04-17', -1)).toThrow(/Prazo inválido/);
  });
});
