import { describe, expect, it } from 'vitest';
import { carga, rota, SEM_ICMS, tabela } from './fixtures.ts';
import { calcularFrete, derivarTabela, validarTabela } from './index.ts';
import type { Carga, FreteCotado, Opcoes, Regra, TabelaCalculo } from './types.ts';

// Derived tables ("vínculo", issue 9): the base priced with the derived table's adjustments.

function cotar(t: TabelaCalculo, c: Partial<Carga> = {}, o: Opcoes = SEM_ICMS): FreteCotado {
  const r = calcularFrete(t, carga(c), o);
  if (!r.cotado) throw new Error(`esperava cotação, veio: ${r.motivo}`);
  return r;
}
const valorDe = (r: FreteCotado, componente: string) => r.componentes.find((x) => x.componente === componente)?.valor;

const CAMPINAS = { uf: 'SP', ibge: '3509502', cep: '13010-000' };
const SAO_PAULO = { uf: 'SP', ibge: '3550308', cep: '01310-100' };
const CLIENTE = '11.222.333/0001-81';
const OUTRO = '60.701.190/0001-04';

// The load of fault 1 (350 kg, 1,2 m³ → 360 kg taxados, NF R$ 18.000,00): 359,20 before tax on the base.
const REGRAS: Regra[] = [
  {
    componente: 'FRETE_PESO',
    base: 'PESO',
    calculo: 'FAIXA',
    faixas: [
      { ate: 100, valor: 78, modo: 'FIXO' },
      { ate: null, valor: 0.62, modo: 'EXCEDENTE' },
    ],
  },
  { componente: 'FRETE_VALOR', base: 'VALOR', calculo: 'PERCENTUAL', valor: 0.3 },
  { componente: 'GRIS', base: 'VALOR', calculo: 'PERCENTUAL', valor: 0.2, minimo: 5 },
  { componente: 'PEDAGIO', base: 'FRACAO_100KG', calculo: 'POR_UNIDADE', valor: 4.5 },
  { componente: 'TAS', base: 'VIAGEM', calculo: 'FIXO', valor: 12 },
];
const base = tabela({
  uid: 'base',
  rotas: [
    rota({ uid: 'sp-sp', origem: { tipo: 'UF', uf: 'SP' }, destino: { tipo: 'UF', uf: 'SP' }, regras: REGRAS }),
    rota({ uid: 'sp-rj', origem: { tipo: 'UF', uf: 'SP' }, destino: { tipo: 'UF', uf: 'RJ' }, regras: REGRAS }),
  ],
  vigenciaInicio: '2026-01-01',
});
const CARGA: Partial<Carga> = { origem: SAO_PAULO, destino: CAMPINAS, pesoKg: 350, m3: 1.2, valorMercadoria: 18_000 };
const derivada = (ajustes: TabelaCalculo['ajustes'] = []) =>
  derivarTabela(base, 'Tabela base', { uid: 'derivada', transportadorUid: 'transp', prioridade: 1, vigenciaInicio: '2026-03-01', vigenciaFim: null, ajustes: ajustes ?? [] });

describe('tabela derivada (vínculo)', () => {
  it('FRETE_PESO +5 % para um cliente: 239,20 → 251,16; frete 359,20 → 371,16; ICMS 12 % → 421,77', () => {
    const t = derivada([{ componente: 'FRETE_PESO', tipo: 'PERCENTUAL', valor: 5, destinatarios: [CLIENTE] }]);
    expect(cotar(base, CARGA).valorSemIcms).toBe(359.2);
    const r = cotar(t, { ...CARGA, destinatario: '11222333000181' }, { aliquotaIcms: 12, feriados: [] });
    expect(valorDe(r, 'FRETE_PESO')).toBe(251.16); // 239,20 × 1,05
    expect(r.valorSemIcms).toBe(371.16);
    expect(r.total).toBe(421.77); // 371,16 ÷ 0,88
    expect(r.icms).toBe(50.61);
    expect(r).toMatchObject({ derivadaDe: { uid: 'base', nome: 'Tabela base' }, ajustados: ['FRETE_PESO'] });
    // Another recipient: the base's price; the breakdown still says which base it follows.
    const outro = cotar(t, { ...CARGA, destinatario: OUTRO });
    expect(outro.valorSemIcms).toBe(359.2);
    expect(outro.ajustados).toBeUndefined();
    expect(outro.derivadaDe?.nome).toBe('Tabela base');
  });

  it('valor fixo substitui o componente; ajuste de uma rota só vale nela', () => {
    const t = derivada([{ componente: 'TAS', tipo: 'VALOR', valor: 20, rotaUid: 'sp-sp' }]);
    expect(valorDe(cotar(t, CARGA), 'TAS')).toBe(20);
    expect(cotar(t, CARGA).valorSemIcms).toBe(367.2); // 359,20 − 12 + 20
    // SP → RJ (route sp-rj): TAS stays 12,00.
    expect(cotar(t, { ...CARGA, destino: { uf: 'RJ', ibge: '3304557', cep: '20040-020' } }).valorSemIcms).toBe(359.2);
  });

  it('segue a base: a base alterada muda o preço da derivada; usa a vigência da derivada', () => {
    const ajuste = [{ componente: 'FRETE_PESO', tipo: 'PERCENTUAL' as const, valor: 5 }];
    const baseNova: TabelaCalculo = {
      ...base,
      rotas: base.rotas.map((r) => ({ ...r, regras: r.regras.map((g) => (g.componente === 'TAS' ? { ...g, valor: 15 } : g)) })),
    };
    const t = derivarTabela(baseNova, 'Tabela base', { uid: 'd', transportadorUid: 'transp', vigenciaInicio: '2026-03-01', vigenciaFim: null, ajustes: ajuste });
    expect(cotar(t, CARGA).valorSemIcms).toBe(374.16); // 251,16 + 54 + 36 + 18 + 15
    const fora = calcularFrete(t, carga({ ...CARGA, data: '2026-02-10' }), SEM_ICMS);
    expect(fora).toMatchObject({ cotado: false, motivo: 'A tabela não está vigente em 10/02/2026.' });
  });

  it('derivada de derivada aplica os ajustes da base primeiro: +5 % e depois −10 %', () => {
    const d1 = derivada([{ componente: 'FRETE_PESO', tipo: 'PERCENTUAL', valor: 5 }]);
    const d2 = derivarTabela(d1, 'Derivada 1', { uid: 'd2', transportadorUid: 'transp', vigenciaInicio: '2026-03-01', vigenciaFim: null, ajustes: [{ componente: 'FRETE_PESO', tipo: 'PERCENTUAL', valor: -10 }] });
    expect(valorDe(cotar(d2, CARGA), 'FRETE_PESO')).toBe(226.04); // 239,20 × 1,05 = 251,16 × 0,90 = 226,044
  });

  it('validação: componente fora do catálogo, percentual ≤ −100 %, rota que não existe na base', () => {
    const t = derivada([
      { componente: 'XYZ', tipo: 'PERCENTUAL', valor: 5 },
      { componente: 'TAS', tipo: 'PERCENTUAL', valor: -100 },
      { componente: 'TAS', tipo: 'VALOR', valor: 10, rotaUid: 'nenhuma' },
    ]);
    const r = validarTabela(t);
    expect(r.ok).toBe(false);
    const msgs = r.ok ? [] : r.erros.map((e) => `${e.caminho}: ${e.mensagem}`);
    expect(msgs).toEqual(
      expect.arrayContaining([
        'ajustes[0].componente: Componente do ajuste não está no catálogo',
        'ajustes[1].valor: Ajuste percentual deve ser maior que -100 %',
        'ajustes[2].rotaUid: Ajuste de TAS: a rota nenhuma não está na tabela base',
      ]),
    );
  });
});
