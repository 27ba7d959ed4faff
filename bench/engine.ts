// Quote throughput of the freight engine: one load against a 50-route and a 5,000-route table.
// Run standalone with `npx tsx bench/engine.ts`, or import benchEngine() from a bench runner.
import { performance } from 'node:perf_hooks';
import {
  type Carga,
  calcularFrete,
  type Opcoes,
  prepararTabela,
  type Regra,
  type Rota,
  type TabelaCalculo,
} from '../packages/core/src/frete/index.ts';

export type BenchResult = { name: string; opsPerSec: number; ratio?: number; note?: string };

const UFS = [
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MG',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
];
// IBGE state codes, so generated município codes look like real ones (UF code + 5 digits).
const CODIGO_UF: Record<string, number> = {
  RO: 11,
  AC: 12,
  AM: 13,
  RR: 14,
  PA: 15,
  AP: 16,
  TO: 17,
  MA: 21,
  PI: 22,
  CE: 23,
  RN: 24,
  PB: 25,
  PE: 26,
  AL: 27,
  SE: 28,
  BA: 29,
  MG: 31,
  ES: 32,
  RJ: 33,
  SP: 35,
  PR: 41,
  SC: 42,
  RS: 43,
  MS: 50,
  MT: 51,
  GO: 52,
  DF: 53,
};

// Deterministic pseudo-random numbers so runs are comparable.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const FAIXAS_PESO: Regra['faixas'] = [
  { ate: 10, valor: 30, modo: 'FIXO' },
  { ate: 30, valor: 45, modo: 'FIXO' },
  { ate: 100, valor: 90, modo: 'FIXO' },
  { ate: null, valor: 0.85, modo: 'EXCEDENTE' },
];

function regrasRota(r: () => number): Regra[] {
  return [
    { componente: 'FRETE_PESO', base: 'PESO', calculo: 'FAIXA', faixas: FAIXAS_PESO },
    { componente: 'FRETE_VALOR', base: 'VALOR', calculo: 'PERCENTUAL', valor: Math.round(r() * 50) / 100 },
    { componente: 'PEDAGIO', base: 'FRACAO_100KG', calculo: 'POR_UNIDADE', valor: 6.5 },
  ];
}

const cepDe = (n: number) => String(n).padStart(8, '0');

/** Routes SP → everywhere at every granularity, plus a realistic mesh between other states. */
export function gerarTabela(nRotas: number, seed = 42): TabelaCalculo {
  const r = rng(seed);
  const rotas: Rota[] = [];
  const add = (rota: Omit<Rota, 'uid' | 'prazoDiasUteis' | 'regras'>) =>
    rotas.push({
      uid: `r${rotas.length}`,
      prazoDiasUteis: 1 + Math.floor(r() * 8),
      freteMinimo: 80,
      regras: regrasRota(r),
      ...rota,
    });
  // The route the benchmark load hits, plus its less specific competitors.
  add({ origem: { tipo: 'UF', uf: 'SP' }, destino: { tipo: 'UF', uf: 'RJ' } });
  add({ origem: { tipo: 'UF', uf: 'SP' }, destino: { tipo: 'MUNICIPIO', ibge: '3304557' } });
  add({
    origem: { tipo: 'MUNICIPIO', ibge: '3550308' },
    destino: { tipo: 'FAIXA_CEP', de: '20000000', ate: '23799999' },
  });
  add({ origem: { tipo: 'UF', uf: 'SP' }, destino: { tipo: 'REGIAO', regiaoUid: 'capital-rj' } });
  let i = 0;
  while (rotas.length < nRotas) {
    const uo = UFS[Math.floor(r() * UFS.length)];
    const ud = UFS[Math.floor(r() * UFS.length)];
    const origem =
      r() < 0.7
        ? { tipo: 'UF' as const, uf: uo }
        : { tipo: 'MUNICIPIO' as const, ibge: `${CODIGO_UF[uo]}${String(Math.floor(r() * 99999)).padStart(5, '0')}` };
    const k = i++ % 4;
    if (k === 0) add({ origem, destino: { tipo: 'UF', uf: ud } });
    else if (k === 1)
      add({
        origem,
        destino: { tipo: 'MUNICIPIO', ibge: `${CODIGO_UF[ud]}${String(Math.floor(r() * 99999)).padStart(5, '0')}` },
      });
    else if (k === 2) add({ origem, destino: { tipo: 'REGIAO', regiaoUid: `reg-${ud}-${Math.floor(r() * 20)}` } });
    else {
      const de = Math.floor(r() * 99_000_000);
      add({ origem, destino: { tipo: 'FAIXA_CEP', de: cepDe(de), ate: cepDe(de + Math.floor(r() * 500_000)) } });
    }
  }
  return {
    uid: `bench-${nRotas}`,
    transportadorUid: 'transp',
    fatorCubagem: 300,
    icmsIncluso: false,
    generalidades: [
      { componente: 'GRIS', base: 'VALOR', calculo: 'PERCENTUAL', valor: 0.3, minimo: 3 },
      { componente: 'TAS', base: 'VIAGEM', calculo: 'FIXO', valor: 4.5 },
      { componente: 'TDE', base: 'SUBTOTAL', calculo: 'PERCENTUAL', valor: 1, aposMinimo: true },
    ],
    rotas,
  };
}

const CARGA: Carga = {
  origem: { uf: 'SP', ibge: '3550308', cep: '01310100', regioes: ['capital-sp'] },
  destino: { uf: 'RJ', ibge: '3304557', cep: '20040020', regioes: ['capital-rj'] },
  data: '2026-04-17',
  pesoKg: 150,
  m3: 0.6,
  valorMercadoria: 10_000,
  volumes: 3,
};
const OPCOES: Opcoes = { aliquotaIcms: 12, feriados: ['2026-04-21', '2026-05-01', '2026-06-04'] };

/** Quotes/s over several timed rounds after a warm-up; reports the best round (least noise). */
function medir(tabela: TabelaCalculo, rodadas = 5, msPorRodada = 300): number {
  prepararTabela(tabela);
  let sink = 0;
  const rodar = (n: number) => {
    for (let i = 0; i < n; i++) {
      const r = calcularFrete(tabela, CARGA, OPCOES);
      if (r.cotado) sink += r.total;
    }
  };
  rodar(5_000); // warm-up: JIT, caches
  let melhor = 0;
  for (let k = 0; k < rodadas; k++) {
    let n = 0;
    const t0 = performance.now();
    let t = t0;
    while (t - t0 < msPorRodada) {
      rodar(500);
      n += 500;
      t = performance.now();
    }
    melhor = Math.max(melhor, (n * 1000) / (t - t0));
  }
  if (sink === 0) throw new Error('benchmark load was never quoted');
  return melhor;
}

export async function benchEngine(): Promise<BenchResult[]> {
  const pequena = gerarTabela(50);
  const grande = gerarTabela(5_000);
  const t0 = performance.now();
  prepararTabela(grande);
  const msIndice = performance.now() - t0;
  const opsPequena = medir(pequena);
  const opsGrande = medir(grande);
  return [
    { name: 'calcularFrete, 50 rotas', opsPerSec: Math.round(opsPequena) },
    {
      name: 'calcularFrete, 5.000 rotas',
      opsPerSec: Math.round(opsGrande),
      ratio: Number((opsPequena / opsGrande).toFixed(2)),
      note: `ratio = tempo 5.000 rotas / tempo 50 rotas; índice construído em ${msIndice.toFixed(1)} ms`,
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // No top-level await: keeps the module importable from CommonJS-transpiled runners too.
  benchEngine().then((res) => console.table(res));
}
