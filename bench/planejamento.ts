// Load proposals at scale (BENCH_ONLY=planejamento): core proporCargas — group by destination, first-fit
// by decreasing weight into a Truck's 14.000 kg / 45 m³ — over 2,000 and 5,000 documents spread over 27 UFs
// × 20 municipalities. Issue goal: 2,000 documents into loads under 2 s (this is the packing alone; the
// endpoint adds one SELECT of the free documents and one INSERT per load).
import { performance } from 'node:perf_hooks';
import { type DocumentoParaCarga, proporCargas } from '../packages/core/src/planejamento.ts';

const UFS = ['AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA', 'PB', 'PE', 'PI', 'PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO'];

function documentos(n: number): DocumentoParaCarga[] {
  let x = 12345;
  const rnd = () => ((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  return Array.from({ length: n }, (_, i) => {
    const uf = UFS[Math.floor(rnd() * UFS.length)];
    return { uid: `d${i}`, destinoUf: uf, destinoMunicipio: `${uf}${Math.floor(rnd() * 20)}`, pesoKg: Math.round(50 + rnd() * 4950), volumeM3: Math.round(rnd() * 12_000) / 1000 };
  });
}

function medir(n: number, agrupamento: 'uf' | 'municipio', vezes = 15) {
  const docs = documentos(n);
  const tempos: number[] = [];
  let cargas = 0;
  for (let i = 0; i < vezes; i++) {
    const t0 = performance.now();
    cargas = proporCargas(docs, { kg: 14_000, m3: 45 }, agrupamento).length;
    tempos.push(performance.now() - t0);
  }
  tempos.sort((a, b) => a - b);
  const p = (q: number) => Math.round(tempos[Math.min(tempos.length - 1, Math.floor(q * tempos.length))] * 100) / 100;
  return { name: `proporCargas ${n.toLocaleString('pt-BR')} documentos por ${agrupamento}`, p50Ms: p(0.5), p95Ms: p(0.95), note: `${cargas} cargas; meta < 2.000 ms para 2.000 documentos` };
}

export async function benchPlanejamento() {
  return [medir(2_000, 'uf'), medir(2_000, 'municipio'), medir(5_000, 'uf')];
}

if (import.meta.url === `file://${process.argv[1]}`) benchPlanejamento().then((r) => console.table(r));
