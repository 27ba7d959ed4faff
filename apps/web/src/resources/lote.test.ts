import { describe, expect, it } from 'vitest';
import { aplicarEmLotes, buscarTodos } from './lote.ts';
import type { Registro } from './types.ts';

// "Selecionar todos os N registros": every record of the filter, across pages, then the action in batches.
const linhas: Registro[] = Array.from({ length: 23 }, (_, i) => ({ uid: `u${i + 1}`, nome: `Registro ${i + 1}`, ativo: i % 5 !== 0 }));

describe('buscarTodos', () => {
  it('reads every page of the query in order and stops at the total', async () => {
    const pedidas: [number, number][] = [];
    const todos = await buscarTodos(async (pc, pps) => {
      pedidas.push([pc, pps]);
      return { data: linhas.slice((pc - 1) * pps, pc * pps), totalRecords: linhas.length };
    }, 10);
    expect(pedidas).toEqual([[1, 10], [2, 10], [3, 10]]);
    expect(todos.map((r) => r.uid)).toEqual(linhas.map((r) => r.uid));
  });

  it('counts once a record that moved to the next page meanwhile, and ends on an empty page', async () => {
    // Page 2 repeats u10 (a record inserted before it); the total said 30 but page 3 is empty.
    const paginas = [linhas.slice(0, 10), linhas.slice(9, 19), []];
    const todos = await buscarTodos(async (pc) => ({ data: paginas[pc - 1], totalRecords: 30 }), 10);
    expect(todos).toHaveLength(19);
  });
});

describe('aplicarEmLotes', () => {
  it('runs at most `simultaneas` calls at once, skips what the action does not apply to, lists failures in order', async () => {
    let emCurso = 0;
    let pico = 0;
    const progresso: number[] = [];
    const r = await aplicarEmLotes(
      linhas,
      {
        aplica: (l) => l.ativo === true,
        run: async (l) => {
          emCurso++;
          pico = Math.max(pico, emCurso);
          await new Promise((ok) => setImmediate(ok));
          emCurso--;
          if (l.uid === 'u7' || l.uid === 'u4') throw new Error('Registro em uso');
        },
      },
      (l) => String(l.nome),
      { simultaneas: 4, progresso: (n) => progresso.push(n) },
    );
    // 23 records: u1, u6, u11, u16, u21 inactive (skipped); u4 and u7 fail; 16 done.
    expect(r).toEqual({
      feitos: 16,
      ignorados: 5,
      falhas: [
        { registro: 'Registro 4', mensagem: 'Registro em uso' },
        { registro: 'Registro 7', mensagem: 'Registro em uso' },
      ],
    });
    expect(pico).toBe(4);
    expect(progresso).toEqual([4, 8, 12, 16, 20, 23]);
  });
});
