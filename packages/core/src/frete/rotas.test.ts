import { describe, expect, it } from 'vitest';
import { carga, rota, SEM_ICMS, tabela } from './fixtures.ts';
import { calcularFrete, contem, especificidade, prepararTabela } from './index.ts';
import type { Carga, Local, LocalRef, Rota, TabelaCalculo } from './types.ts';

const RIO: Local = { uf: 'RJ', ibge: '3304557', cep: '20040-020', regioes: ['capital-rj', 'sudeste'] };
const SAO_PAULO: Local = { uf: 'SP', ibge: '3550308', cep: '01310-100', regioes: ['capital-sp'] };

function rotaEscolhida(t: TabelaCalculo, c: Partial<Carga> = {}): string {
  const r = calcularFrete(t, carga({ origem: SAO_PAULO, destino: RIO, ...c }), SEM_ICMS);
  return r.cotado ? r.rotaUid : `não cotado: ${r.motivo}`;
}

const r = (uid: string, destino: LocalRef, origem: LocalRef = { tipo: 'UF', uf: 'SP' }, extra: Partial<Rota> = {}) =>
  rota({ uid, origem, destino, ...extra });

describe('contem', () => {
  it('faixa de CEP inclui os dois limites e ignora máscara; UF sem diferenciar caixa', () => {
    const faixa: LocalRef = { tipo: 'FAIXA_CEP', de: '20000-000', ate: '20099-999' };
    expect(['19999-999', '20000-000', '20099999', '20100-000'].map((cep) => contem(faixa, { uf: 'RJ', cep }))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(contem(faixa, { uf: 'RJ', cep: '2004' })).toBe(false);
    expect(contem({ tipo: 'UF', uf: 'rj' }, { uf: 'RJ' })).toBe(true);
    expect(contem({ tipo: 'REGIAO', regiaoUid: 'capital-rj' }, RIO)).toBe(true);
    expect(contem({ tipo: 'MUNICIPIO', ibge: '3304557' }, { uf: 'RJ' })).toBe(false);
  });
});

describe('escolha da rota', () => {
  const porUf = r('uf', { tipo: 'UF', uf: 'RJ' });
  const porRegiao = r('regiao', { tipo: 'REGIAO', regiaoUid: 'capital-rj' });
  const porMunicipio = r('municipio', { tipo: 'MUNICIPIO', ibge: '3304557' });
  const porCep = r('cep', { tipo: 'FAIXA_CEP', de: '20000-000', ate: '23799-999' });

  it('destino mais específico vence: faixa de CEP > município > região > UF', () => {
    const t = tabela({ rotas: [porUf, porRegiao, porMunicipio, porCep] });
    expect(rotaEscolhida(t)).toBe('cep');
    expect(rotaEscolhida(t, { destino: { ...RIO, cep: '24000-000' } })).toBe('municipio');
    expect(rotaEscolhida(t, { destino: { ...RIO, cep: undefined, ibge: '3303302' } })).toBe('regiao');
    expect(rotaEscolhida(t, { destino: { uf: 'RJ' } })).toBe('uf');
  });

  it('faixa de CEP mais estreita vence a mais larga, seja qual for a ordem de cadastro', () => {
    const larga = r('larga', { tipo: 'FAIXA_CEP', de: '20000000', ate: '28999999' });
    const estreita = r('estreita', { tipo: 'FAIXA_CEP', de: '20040000', ate: '20049999' });
    expect(rotaEscolhida(tabela({ rotas: [larga, estreita] }))).toBe('estreita');
    expect(rotaEscolhida(tabela({ rotas: [estreita, larga] }))).toBe('estreita');
    expect(rotaEscolhida(tabela({ rotas: [estreita, larga] }), { destino: { ...RIO, cep: '20050-000' } })).toBe(
      'larga',
    );
  });

  it('limites da faixa de CEP são inclusivos e comparados numericamente', () => {
    const t = tabela({ rotas: [porUf, r('cep', { tipo: 'FAIXA_CEP', de: '20040-020', ate: '20040-020' })] });
    expect(rotaEscolhida(t)).toBe('cep');
    expect(rotaEscolhida(t, { destino: { ...RIO, cep: '20040021' } })).toBe('uf');
  });

  it('com o mesmo destino, a origem mais específica desempata', () => {
    const origemUf = r('origem-uf', { tipo: 'UF', uf: 'RJ' }, { tipo: 'UF', uf: 'SP' });
    const origemMun = r('origem-mun', { tipo: 'UF', uf: 'RJ' }, { tipo: 'MUNICIPIO', ibge: '3550308' });
    expect(rotaEscolhida(tabela({ rotas: [origemUf, origemMun] }))).toBe('origem-mun');
    expect(rotaEscolhida(tabela({ rotas: [origemUf, origemMun] }), { origem: { uf: 'SP', ibge: '3509502' } })).toBe(
      'origem-uf',
    );
  });

  it('o destino pesa mais que a origem', () => {
    const origemFina = r(
      'origem-fina',
      { tipo: 'UF', uf: 'RJ' },
      { tipo: 'FAIXA_CEP', de: '01310000', ate: '01310999' },
    );
    const destinoFino = r('destino-fino', { tipo: 'MUNICIPIO', ibge: '3304557' }, { tipo: 'UF', uf: 'SP' });
    expect(rotaEscolhida(tabela({ rotas: [origemFina, destinoFino] }))).toBe('destino-fino');
  });

  it('rota de um tipo de veículo só atende carga daquele tipo e vence a rota genérica equivalente', () => {
    const truck = r('truck', { tipo: 'UF', uf: 'RJ' }, undefined, { tipoVeiculoUid: 'truck' });
    const t = tabela({ rotas: [porUf, truck] });
    expect(rotaEscolhida(t, { tipoVeiculoUid: 'truck' })).toBe('truck');
    expect(rotaEscolhida(t, { tipoVeiculoUid: 'carreta' })).toBe('uf');
    expect(rotaEscolhida(t)).toBe('uf');
  });

  it('sem rota para o tipo de veículo da carga: não cota e explica', () => {
    const t = tabela({ rotas: [r('truck', { tipo: 'UF', uf: 'RJ' }, undefined, { tipoVeiculoUid: 'truck' })] });
    const res = calcularFrete(t, carga({ origem: SAO_PAULO, destino: RIO, tipoVeiculoUid: 'van' }), SEM_ICMS);
    expect(res.cotado).toBe(false);
    expect(!res.cotado && res.motivo).toMatch(/tipos de veículo "truck".*"van"/);
  });

  it('sem rota para a origem/destino: não cota e diz qual trecho', () => {
    const t = tabela({ rotas: [porUf] });
    const res = calcularFrete(t, carga({ origem: SAO_PAULO, destino: { uf: 'MG', ibge: '3106200' } }), SEM_ICMS);
    expect(res).toEqual({ cotado: false, motivo: expect.stringContaining('Nenhuma rota') });
    expect(!res.cotado && res.motivo).toMatch(/destino MG/);
  });

  it('prepararTabela guarda o índice por tabela', () => {
    const t = tabela({ rotas: [porUf] });
    expect(prepararTabela(t)).toBe(prepararTabela(t));
    expect(prepararTabela(t, { recriar: true })).not.toBe(prepararTabela(tabela({ rotas: [porUf] })));
  });
});

describe('índice de rotas confere com a busca linear', () => {
  // Deterministic generator: a dense table where many routes overlap at every granularity.
  function rng(seed: number) {
    let s = seed;
    return () => {
      s = (s * 1664525 + 1013904223) >>> 0;
      return s / 2 ** 32;
    };
  }
  const UFS = ['SP', 'RJ', 'MG'];
  const IBGES = ['3550308', '3509502', '3304557', '3303302', '3106200'];
  const REGIOES = ['a', 'b', 'c'];
  const cep = (n: number) => String(n).padStart(8, '0');

  function ref(rand: () => number): LocalRef {
    const k = Math.floor(rand() * 4);
    if (k === 0) return { tipo: 'UF', uf: UFS[Math.floor(rand() * 3)] };
    if (k === 1) return { tipo: 'MUNICIPIO', ibge: IBGES[Math.floor(rand() * 5)] };
    if (k === 2) return { tipo: 'REGIAO', regiaoUid: REGIOES[Math.floor(rand() * 3)] };
    const de = Math.floor(rand() * 900);
    return { tipo: 'FAIXA_CEP', de: cep(de * 1000), ate: cep((de + Math.floor(rand() * 200)) * 1000 + 999) };
  }
  function local(rand: () => number): Local {
    return {
      uf: UFS[Math.floor(rand() * 3)],
      ibge: IBGES[Math.floor(rand() * 5)],
      cep: cep(Math.floor(rand() * 1_100_000) * 1000 + 500),
      regioes: REGIOES.filter(() => rand() < 0.4),
    };
  }

  /** The rule as written in the spec, without any index. */
  function linear(t: TabelaCalculo, c: Carga): string | null {
    const candidatas = t.rotas
      .map((rt, i) => ({ rt, i }))
      .filter(({ rt }) => contem(rt.origem, c.origem) && contem(rt.destino, c.destino))
      .filter(({ rt }) => !rt.tipoVeiculoUid || rt.tipoVeiculoUid === c.tipoVeiculoUid);
    const chave = ({ rt, i }: { rt: Rota; i: number }) => [
      ...especificidade(rt.destino),
      ...especificidade(rt.origem),
      rt.tipoVeiculoUid ? 0 : 1,
      i,
    ];
    candidatas.sort((a, b) => {
      const ka = chave(a);
      const kb = chave(b);
      const j = ka.findIndex((v, n) => v !== kb[n]);
      return j < 0 ? 0 : ka[j] - kb[j];
    });
    return candidatas[0]?.rt.uid ?? null;
  }

  it('escolhe a mesma rota em 1.000 cargas contra 1.500 rotas sobrepostas', () => {
    const rand = rng(7);
    const rotas = Array.from({ length: 1500 }, (_, i) =>
      rota({ uid: `r${i}`, origem: ref(rand), destino: ref(rand), tipoVeiculoUid: rand() < 0.2 ? 'truck' : undefined }),
    );
    const t = tabela({ rotas });
    let cotadas = 0;
    for (let k = 0; k < 1000; k++) {
      const c = carga({
        origem: local(rand),
        destino: local(rand),
        tipoVeiculoUid: rand() < 0.5 ? 'truck' : undefined,
      });
      const res = calcularFrete(t, c, SEM_ICMS);
      expect(res.cotado ? res.rotaUid : null).toBe(linear(t, c));
      if (res.cotado) cotadas++;
    }
    expect(cotadas).toBeGreaterThan(700); // the comparison must exercise real matches
  });
});
