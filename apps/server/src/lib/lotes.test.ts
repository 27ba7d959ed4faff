import { describe, expect, it } from 'vitest';
import { LOTE_SQL, consultarEmLotes, fatias } from './lotes.ts';

// Bounded statements: no IN list or multi-row INSERT fed by a file goes past LOTE_SQL items.
describe('lotes', () => {
  it('slices keep order and never exceed the size', () => {
    expect(fatias([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(fatias([], 2)).toEqual([]);
  });

  it('consultarEmLotes asks distinct values in bounded slices and concatenates the answers', async () => {
    const pedidos: number[] = [];
    const valores = Array.from({ length: 40_000 }, (_, i) => String(i % 25_000));
    const rows = await consultarEmLotes(valores, async (lote) => {
      pedidos.push(lote.length);
      return lote.map((v) => ({ v }));
    });
    expect(Math.max(...pedidos)).toBe(LOTE_SQL);
    expect(pedidos.reduce((a, b) => a + b, 0)).toBe(25_000);
    expect(rows).toHaveLength(25_000);
    expect(await consultarEmLotes([], async () => [1])).toEqual([]);
  });
});
