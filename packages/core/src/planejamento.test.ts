import { describe, expect, it } from 'vitest';
import { type DocumentoParaCarga, precoDaRota, proporCargas } from './planejamento.ts';

const doc = (uid: string, destinoUf: string | null, pesoKg: number, volumeM3: number | null = null, destinoMunicipio: string | null = null): DocumentoParaCarga => ({
  uid, destinoUf, destinoMunicipio, pesoKg, volumeM3,
});
const uids = (r: ReturnType<typeof proporCargas>) => r.map((c) => `${c.grupo}:${c.documentos.map((d) => d.uid).join('+')}`);

describe('proporCargas', () => {
  it('agrupa por UF e enche o Toco (6.000 kg) do mais pesado ao mais leve, na primeira carga em que cabe', () => {
    const docs = [doc('a', 'RJ', 2500), doc('b', 'RJ', 4000), doc('c', 'RJ', 1500.5), doc('d', 'MG', 800), doc('e', 'RJ', 1999.5)];
    const r = proporCargas(docs, { kg: 6000, m3: null }, 'uf');
    // RJ: b 4000 → load 1; a 2500 does not fit (6500) → load 2; e 1999,5 → load 1 (5999,5); c 1500,5 → load 2 (4000,5).
    expect(uids(r)).toEqual(['MG:d', 'RJ:b+e', 'RJ:a+c']);
    expect(r.map((c) => c.pesoKg)).toEqual([800, 5999.5, 4000.5]);
    expect(r.every((c) => !c.excedeCapacidade)).toBe(true);
  });

  it('o volume também limita, e um documento maior que o veículo vai sozinho e marcado', () => {
    const docs = [doc('a', 'SP', 100, 20), doc('b', 'SP', 100, 15), doc('c', 'SP', 9000, 1), doc('d', 'SP', 50, 10)];
    const r = proporCargas(docs, { kg: 6000, m3: 30 }, 'uf');
    expect(uids(r)).toEqual(['SP:c', 'SP:a+d', 'SP:b']);
    expect(r.map((c) => c.excedeCapacidade)).toEqual([true, false, false]);
    expect(r[1].volumeM3).toBe(30);
  });

  it('por município separa cidades da mesma UF; sem destino fica num grupo próprio; sem capacidade não divide', () => {
    const docs = [doc('a', 'SP', 10, null, '3550308'), doc('b', 'SP', 10, null, '3509502'), doc('c', null, 5), doc('d', 'SP', 7, null, '3550308')];
    expect(uids(proporCargas(docs, { kg: null, m3: null }, 'municipio'))).toEqual(['SP/3509502:b', 'SP/3550308:a+d', 'sem destino:c']);
    expect(uids(proporCargas(docs, { kg: 0, m3: 0 }, 'uf'))).toEqual(['SP:a+b+d', 'sem destino:c']);
  });
});

describe('precoDaRota (uma viagem consolidada com várias paradas)', () => {
  const q = (tabelaUid: string, total: number, prazoDiasUteis = 2) => ({ tabelaUid, total, prazoDiasUteis });
  it('one table must cover every drop; the run costs its dearest drop; the cheapest run wins', () => {
    // A: Rio 1.000,00, BH 1.250,50 → 1.250,50; B: Rio 900,00, BH 1.300,00 → 1.300,00; C covers Rio only.
    const r = precoDaRota([
      { destino: 'RJ', cotacoes: [q('C', 500), q('B', 900), q('A', 1000)] },
      { destino: 'BH', cotacoes: [q('A', 1250.5, 3), q('B', 1300)] },
    ]);
    expect(r).toEqual({ cotacao: q('A', 1250.5, 3), destino: 'BH', porParada: [{ destino: 'RJ', total: 1000 }, { destino: 'BH', total: 1250.5 }] });
  });
  it('a single drop is the cheapest quote; no table covering every drop is null', () => {
    expect(precoDaRota([{ destino: 'RJ', cotacoes: [q('A', 10), q('B', 9.99, 5)] }])?.cotacao).toEqual(q('B', 9.99, 5));
    expect(precoDaRota([{ destino: 'RJ', cotacoes: [q('A', 10)] }, { destino: 'BH', cotacoes: [q('B', 10)] }])).toBeNull();
    expect(precoDaRota([])).toBeNull();
  });
});
