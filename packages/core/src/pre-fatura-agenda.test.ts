import { describe, expect, it } from 'vitest';
import { ultimoPeriodoPreFatura } from './pre-fatura-agenda.ts';

const agenda = (periodicidade: 'desligada' | 'semanal' | 'quinzenal' | 'mensal', diaSemana = 1, diaMes = 1) => ({ periodicidade, diaSemana, diaMes });

describe('último período fechado das pré-faturas agendadas', () => {
  it('semanal às segundas: na segunda 20/04/2026 fecha 13/04 (seg) a 19/04 (dom); na quarta 22/04, o mesmo', () => {
    expect(ultimoPeriodoPreFatura(agenda('semanal', 1), '2026-04-20')).toEqual({ inicio: '2026-04-13', fim: '2026-04-19', chave: 'semanal:2026-04-13:2026-04-19' });
    expect(ultimoPeriodoPreFatura(agenda('semanal', 1), '2026-04-22')?.fim).toBe('2026-04-19');
    // Sunday 19/04 still belongs to the week before: closed on Monday 13/04 → 06/04 a 12/04
    expect(ultimoPeriodoPreFatura(agenda('semanal', 1), '2026-04-19')).toMatchObject({ inicio: '2026-04-06', fim: '2026-04-12' });
    // closing on Fridays (5): Friday 24/04/2026 closes 17/04 (sex) a 23/04 (qui)
    expect(ultimoPeriodoPreFatura(agenda('semanal', 5), '2026-04-24')).toMatchObject({ inicio: '2026-04-17', fim: '2026-04-23' });
  });

  it('quinzenal: 1–15 fecha no dia 16; 16–fim do mês fecha no dia 1 (fevereiro de 2026 tem 28 dias)', () => {
    expect(ultimoPeriodoPreFatura(agenda('quinzenal'), '2026-03-16')).toMatchObject({ inicio: '2026-03-01', fim: '2026-03-15' });
    expect(ultimoPeriodoPreFatura(agenda('quinzenal'), '2026-03-15')).toMatchObject({ inicio: '2026-02-16', fim: '2026-02-28' });
    expect(ultimoPeriodoPreFatura(agenda('quinzenal'), '2026-01-05')).toMatchObject({ inicio: '2025-12-16', fim: '2025-12-31' });
  });

  it('mensal no dia 5: em 05/05/2026 fecha 05/04 a 04/05; em 04/05, 05/03 a 04/04; no dia 1, o mês anterior inteiro', () => {
    expect(ultimoPeriodoPreFatura(agenda('mensal', 1, 5), '2026-05-05')).toMatchObject({ inicio: '2026-04-05', fim: '2026-05-04' });
    expect(ultimoPeriodoPreFatura(agenda('mensal', 1, 5), '2026-05-04')).toMatchObject({ inicio: '2026-03-05', fim: '2026-04-04' });
    expect(ultimoPeriodoPreFatura(agenda('mensal', 1, 1), '2026-01-20')).toMatchObject({ inicio: '2025-12-01', fim: '2025-12-31' });
  });

  it('desligada: nenhum período', () => {
    expect(ultimoPeriodoPreFatura(agenda('desligada'), '2026-04-20')).toBeNull();
  });
});
