import { describe, expect, it } from 'vitest';
import { carga, SEM_ICMS, tabelaComRegras } from './fixtures.ts';
import { calcularFrete } from './index.ts';
import type { Carga, FreteCotado, Opcoes, Regra, ResultadoFrete, TabelaCalculo } from './types.ts';

function cotar(t: TabelaCalculo, c: Partial<Carga> = {}, o: Opcoes = SEM_ICMS): FreteCotado {
  const r = calcularFrete(t, carga(c), o);
  if (!r.cotado) throw new Error(`esperava cotação, veio: ${r.motivo}`);
  return r;
}

const valorDe = (r: FreteCotado, componente: string) => r.componentes.find((x) => x.componente === componente)?.valor;

describe('exemplo de referência SP → RJ', () => {
  const t = tabelaComRegras(
    [
      {
        componente: 'FRETE_PESO',
        base: 'PESO',
        calculo: 'FAIXA',
        faixas: [
          { ate: 10, valor: 30, modo: 'FIXO' },
          { ate: 30, valor: 45, modo: 'FIXO' },
          { ate: 100, valor: 90, modo: 'FIXO' },
          { ate: null, valor: 0.85, modo: 'EXCEDENTE' },
        ],
      },
      { componente: 'FRETE_VALOR', base: 'VALOR', calculo: 'PERCENTUAL', valor: 0.3 },
      { componente: 'GRIS', base: 'VALOR', calculo: 'PERCENTUAL', valor: 0.3, minimo: 3 },
      { componente: 'PEDAGIO', base: 'FRACAO_100KG', calculo: 'POR_UNIDADE', valor: 6.5 },
      { componente: 'TAS', base: 'VIAGEM', calculo: 'FIXO', valor: 4.5 },
    ],
    { uid: 'sp-rj', prazoDiasUteis: 2, freteMinimo: 80 },
  );

  it('cota 150 kg / 0,6 m³ / R$ 10.000 com ICMS por fora e Tiradentes no caminho', () => {
    const r = calcularFrete(t, carga({ data: '2026-04-17', pesoKg: 150, m3: 0.6, valorMercadoria: 10_000 }), {
      aliquotaIcms: 12,
      feriados: ['2026-04-21'],
    });
    expect(r).toEqual({
      cotado: true,
      rotaUid: 'sp-rj',
      pesoTaxado: 180,
      componentes: [
        { componente: 'FRETE_PESO', base: 'PESO', quantidade: 180, valor: 158 },
        { componente: 'FRETE_VALOR', base: 'VALOR', quantidade: 10_000, valor: 30 },
        { componente: 'GRIS', base: 'VALOR', quantidade: 10_000, valor: 30 },
        { componente: 'PEDAGIO', base: 'FRACAO_100KG', quantidade: 2, valor: 13 },
        { componente: 'TAS', base: 'VIAGEM', quantidade: 1, valor: 4.5 },
      ],
      ajusteMinimo: 0,
      valorSemIcms: 235.5,
      aliquotaIcms: 12,
      icms: 32.11,
      total: 267.61,
      prazoDiasUteis: 2,
      dataPrevistaEntrega: '2026-04-22',
    });
  });

  it('a mesma carga com R$ 500 de mercadoria aplica o mínimo do GRIS (R$ 3,00)', () => {
    const r = cotar(t, { pesoKg: 150, m3: 0.6, valorMercadoria: 500 });
    expect(valorDe(r, 'GRIS')).toBe(3);
    expect(valorDe(r, 'FRETE_VALOR')).toBe(1.5);
  });
});

describe('bases de cálculo', () => {
  const por = (base: Regra['base'], valor = 1): Regra[] => [{ componente: 'TAS', base, calculo: 'POR_UNIDADE', valor }];

  it('PESO usa o peso real quando maior que o cubado', () => {
    const r = cotar(tabelaComRegras(por('PESO', 0.5)), { pesoKg: 250, m3: 0.5 });
    expect(r.pesoTaxado).toBe(250);
    expect(valorDe(r, 'TAS')).toBe(125);
  });

  it('PESO usa o peso cubado pelo fator da tabela (aéreo 167 kg/m³)', () => {
    const r = cotar(tabelaComRegras(por('PESO', 2), {}, { fatorCubagem: 167 }), { pesoKg: 10, m3: 0.25 });
    expect(r.pesoTaxado).toBe(41.75);
    expect(valorDe(r, 'TAS')).toBe(83.5);
  });

  it('FRACAO_100KG conta cada 100 kg iniciados (200 kg → 2, 200,1 kg → 3)', () => {
    const t = tabelaComRegras(por('FRACAO_100KG', 6.5));
    expect(valorDe(cotar(t, { pesoKg: 200 }), 'TAS')).toBe(13);
    expect(valorDe(cotar(t, { pesoKg: 200.1 }), 'TAS')).toBe(19.5);
    expect(valorDe(cotar(t, { pesoKg: 0.4 }), 'TAS')).toBe(6.5);
  });

  it('VOLUMES, M3 e DOCUMENTOS usam as quantidades da carga; documentos vale 1 quando omitido', () => {
    const regras: Regra[] = [
      { componente: 'DESPACHO', base: 'DOCUMENTOS', calculo: 'POR_UNIDADE', valor: 12.5 },
      { componente: 'ENTREGA', base: 'VOLUMES', calculo: 'POR_UNIDADE', valor: 1.75 },
      { componente: 'COLETA', base: 'M3', calculo: 'POR_UNIDADE', valor: 40 },
    ];
    const r = cotar(tabelaComRegras(regras), { volumes: 7, m3: 0.35 });
    expect(r.componentes.map((c) => [c.componente, c.quantidade, c.valor])).toEqual([
      ['DESPACHO', 1, 12.5],
      ['ENTREGA', 7, 12.25],
      ['COLETA', 0.35, 14],
    ]);
    expect(valorDe(cotar(tabelaComRegras(regras), { documentos: 3 }), 'DESPACHO')).toBe(37.5);
  });

  it('KM usa a distância da rota e recusa a cotação quando a rota não a informa', () => {
    const regras: Regra[] = [{ componente: 'FRETE_PESO', base: 'KM', calculo: 'POR_UNIDADE', valor: 3.2 }];
    expect(valorDe(cotar(tabelaComRegras(regras, { distanciaKm: 437 })), 'FRETE_PESO')).toBe(1398.4);
    const r = calcularFrete(tabelaComRegras(regras), carga(), SEM_ICMS);
    expect(r.cotado).toBe(false);
    expect(!r.cotado && r.motivo).toMatch(/distância/);
  });

  it('FRETE_PESO soma todos os componentes de base PESO, mesmo declarado antes deles', () => {
    const regras: Regra[] = [
      { componente: 'DESPACHO', base: 'FRETE_PESO', calculo: 'PERCENTUAL', valor: 10 },
      { componente: 'FRETE_PESO', base: 'PESO', calculo: 'POR_UNIDADE', valor: 1.2 },
      { componente: 'TRT', base: 'PESO', calculo: 'POR_UNIDADE', valor: 0.3 },
      { componente: 'FRETE_VALOR', base: 'VALOR', calculo: 'PERCENTUAL', valor: 1 },
    ];
    const r = cotar(tabelaComRegras(regras), { pesoKg: 100, valorMercadoria: 1000 });
    expect(r.componentes.map((c) => c.componente)).toEqual(['FRETE_PESO', 'TRT', 'FRETE_VALOR', 'DESPACHO']);
    expect(r.componentes[3]).toEqual({ componente: 'DESPACHO', base: 'FRETE_PESO', quantidade: 150, valor: 15 });
  });

  it('SUBTOTAL soma o que veio antes (inclusive outro SUBTOTAL), mas não os componentes após o mínimo', () => {
    const regras: Regra[] = [
      { componente: 'TDA', base: 'SUBTOTAL', calculo: 'PERCENTUAL', valor: 10 },
      { componente: 'TRT', base: 'SUBTOTAL', calculo: 'PERCENTUAL', valor: 10 },
      { componente: 'FRETE_PESO', base: 'PESO', calculo: 'FIXO', valor: 100 },
      { componente: 'TDE', base: 'VIAGEM', calculo: 'FIXO', valor: 50, aposMinimo: true },
      { componente: 'DESPACHO', base: 'FRETE_PESO', calculo: 'FIXO', valor: 20 },
    ];
    const r = cotar(tabelaComRegras(regras));
    expect(r.componentes.map((c) => [c.componente, c.quantidade, c.valor])).toEqual([
      ['FRETE_PESO', 100, 100],
      ['TDE', 1, 50],
      ['DESPACHO', 100, 20],
      ['TDA', 120, 12],
      ['TRT', 132, 13.2],
    ]);
    expect(r.valorSemIcms).toBe(195.2);
  });
});

describe('tipos de cálculo e limites', () => {
  it('PERCENTUAL, POR_UNIDADE e FIXO', () => {
    const r = cotar(
      tabelaComRegras([
        { componente: 'FRETE_VALOR', base: 'VALOR', calculo: 'PERCENTUAL', valor: 0.45 },
        { componente: 'FRETE_PESO', base: 'PESO', calculo: 'POR_UNIDADE', valor: 0.87 },
        { componente: 'TAS', base: 'VIAGEM', calculo: 'FIXO', valor: 9.9 },
      ]),
      { pesoKg: 73, valorMercadoria: 3333.33 },
    );
    // 3.333,33 × 0,45 % = 14,999985 → 15,00; 73 × 0,87 = 63,51
    expect(r.componentes.map((c) => c.valor)).toEqual([15, 63.51, 9.9]);
    expect(r.valorSemIcms).toBe(88.41);
  });

  it('limita ao máximo e eleva ao mínimo do componente', () => {
    const gris: Regra = {
      componente: 'GRIS',
      base: 'VALOR',
      calculo: 'PERCENTUAL',
      valor: 0.3,
      minimo: 5,
      maximo: 150,
    };
    const t = tabelaComRegras([gris]);
    expect(valorDe(cotar(t, { valorMercadoria: 100_000 }), 'GRIS')).toBe(150);
    expect(valorDe(cotar(t, { valorMercadoria: 1000 }), 'GRIS')).toBe(5);
    expect(valorDe(cotar(t, { valorMercadoria: 20_000 }), 'GRIS')).toBe(60);
  });
});

describe('arredondamento decimal (meio para cima), onde float binário erra', () => {
  it('FIXO de R$ 1,005 vira R$ 1,01 (toFixed daria 1,00)', () => {
    expect((1.005).toFixed(2)).toBe('1.00'); // the float trap this engine avoids
    const r = cotar(tabelaComRegras([{ componente: 'TAS', base: 'VIAGEM', calculo: 'FIXO', valor: 1.005 }]));
    expect(r.valorSemIcms).toBe(1.01);
  });

  it('0,5 % de R$ 201,00 = R$ 1,005 → R$ 1,01', () => {
    expect(Math.round(((201 * 0.5) / 100) * 100) / 100).toBe(1); // float gets 1.00
    const r = cotar(tabelaComRegras([{ componente: 'GRIS', base: 'VALOR', calculo: 'PERCENTUAL', valor: 0.5 }]), {
      valorMercadoria: 201,
    });
    expect(valorDe(r, 'GRIS')).toBe(1.01);
  });

  it('R$ 0,10 + R$ 0,20 somam exatamente R$ 0,30', () => {
    const r = cotar(
      tabelaComRegras([
        { componente: 'TAS', base: 'VIAGEM', calculo: 'FIXO', valor: 0.1 },
        { componente: 'TDE', base: 'VIAGEM', calculo: 'FIXO', valor: 0.2 },
      ]),
    );
    expect(r.valorSemIcms).toBe(0.3);
    expect(r.total).toBe(0.3);
  });

  it('meio centavo arredonda para cima, não para o par (0,125 → 0,13)', () => {
    const r = cotar(tabelaComRegras([{ componente: 'TAS', base: 'VOLUMES', calculo: 'POR_UNIDADE', valor: 0.0625 }]), {
      volumes: 2,
    });
    expect(valorDe(r, 'TAS')).toBe(0.13);
  });
});

describe('frete mínimo da rota', () => {
  const regras: Regra[] = [
    { componente: 'FRETE_PESO', base: 'PESO', calculo: 'POR_UNIDADE', valor: 0.5 },
    { componente: 'GRIS', base: 'VALOR', calculo: 'PERCENTUAL', valor: 0.1 },
  ];

  it('completa a diferença até o mínimo', () => {
    const r = cotar(tabelaComRegras(regras, { freteMinimo: 80 }), { pesoKg: 100, valorMercadoria: 1000 });
    expect(r.ajusteMinimo).toBe(29);
    expect(r.valorSemIcms).toBe(80);
  });

  it('não ajusta quando o frete já passa do mínimo', () => {
    const r = cotar(tabelaComRegras(regras, { freteMinimo: 80 }), { pesoKg: 200, valorMercadoria: 1000 });
    expect(r.ajusteMinimo).toBe(0);
    expect(r.valorSemIcms).toBe(101);
  });

  it('componentes após o mínimo não contam para atingi-lo e são somados depois', () => {
    const t = tabelaComRegras(
      [...regras, { componente: 'TDE', base: 'VIAGEM', calculo: 'FIXO', valor: 35, aposMinimo: true }],
      { freteMinimo: 80 },
    );
    const r = cotar(t, { pesoKg: 100, valorMercadoria: 1000 });
    expect(r.ajusteMinimo).toBe(29);
    expect(r.valorSemIcms).toBe(115);
  });
});

describe('ICMS', () => {
  const t = (icmsIncluso: boolean) =>
    tabelaComRegras([{ componente: 'FRETE_PESO', base: 'VIAGEM', calculo: 'FIXO', valor: 100 }], {}, { icmsIncluso });

  it('por fora: embute o imposto no total (100 / 0,88)', () => {
    const r = cotar(t(false), {}, { aliquotaIcms: 12, feriados: [] });
    expect([r.valorSemIcms, r.icms, r.total, r.aliquotaIcms]).toEqual([100, 13.64, 113.64, 12]);
  });

  it('incluso: o total não muda e o ICMS é destacado dele', () => {
    const r = cotar(t(true), {}, { aliquotaIcms: 7, feriados: [] });
    expect([r.valorSemIcms, r.icms, r.total]).toEqual([100, 7, 100]);
  });

  it('alíquota 0 (ex.: isenção): sem ICMS', () => {
    const r = cotar(t(false), {}, { aliquotaIcms: 0, feriados: [] });
    expect([r.icms, r.total]).toEqual([0, 100]);
  });

  it('recusa alíquota fora de 0–100 em vez de dividir por zero', () => {
    const r = calcularFrete(t(false), carga(), { aliquotaIcms: 100, feriados: [] });
    expect(r).toEqual({ cotado: false, motivo: expect.stringMatching(/Alíquota de ICMS inválida/) });
  });
});

describe('restrições por remetente e destinatário', () => {
  const ACME = '12.345.678/0001-90';
  const restrita = (restricao: Regra['restricao']): TabelaCalculo =>
    tabelaComRegras([
      { componente: 'FRETE_PESO', base: 'VIAGEM', calculo: 'FIXO', valor: 100 },
      { componente: 'TDE', base: 'VIAGEM', calculo: 'FIXO', valor: 25, restricao },
    ]);
  const temTde = (r: ResultadoFrete) => r.cotado && r.componentes.some((c) => c.componente === 'TDE');

  it('SOMENTE remetentes: aplica ao remetente listado (comparando só dígitos) e a mais ninguém', () => {
    const t = restrita({ modo: 'SOMENTE', remetentes: ['12345678000190'] });
    expect(temTde(calcularFrete(t, carga({ remetente: ACME }), SEM_ICMS))).toBe(true);
    expect(temTde(calcularFrete(t, carga({ remetente: '98765432000110' }), SEM_ICMS))).toBe(false);
    expect(temTde(calcularFrete(t, carga(), SEM_ICMS))).toBe(false);
  });

  it('SOMENTE destinatarios', () => {
    const t = restrita({ modo: 'SOMENTE', destinatarios: ['123.456.789-09'] });
    expect(temTde(calcularFrete(t, carga({ destinatario: '12345678909' }), SEM_ICMS))).toBe(true);
    expect(temTde(calcularFrete(t, carga({ destinatario: '11111111111' }), SEM_ICMS))).toBe(false);
  });

  it('EXCETO remetentes: isenta só o remetente listado', () => {
    const t = restrita({ modo: 'EXCETO', remetentes: [ACME] });
    expect(temTde(calcularFrete(t, carga({ remetente: '12345678000190' }), SEM_ICMS))).toBe(false);
    expect(temTde(calcularFrete(t, carga({ remetente: '98765432000110' }), SEM_ICMS))).toBe(true);
    expect(temTde(calcularFrete(t, carga(), SEM_ICMS))).toBe(true);
  });

  it('EXCETO destinatarios', () => {
    const t = restrita({ modo: 'EXCETO', destinatarios: ['12345678909'] });
    expect(temTde(calcularFrete(t, carga({ destinatario: '123.456.789-09' }), SEM_ICMS))).toBe(false);
    expect(temTde(calcularFrete(t, carga({ destinatario: '11111111111' }), SEM_ICMS))).toBe(true);
  });
});

describe('generalidades', () => {
  const gris = (valor: number, extra: Partial<Regra> = {}): Regra => ({
    componente: 'GRIS',
    base: 'VALOR',
    calculo: 'PERCENTUAL',
    valor,
    ...extra,
  });

  it('entram na cotação depois das regras da rota', () => {
    const t = tabelaComRegras(
      [{ componente: 'FRETE_PESO', base: 'VIAGEM', calculo: 'FIXO', valor: 50 }],
      {},
      { generalidades: [gris(0.3)] },
    );
    const r = cotar(t, { valorMercadoria: 10_000 });
    expect(r.componentes.map((c) => [c.componente, c.valor])).toEqual([
      ['FRETE_PESO', 50],
      ['GRIS', 30],
    ]);
  });

  it('regra da rota substitui a generalidade do mesmo componente', () => {
    const t = tabelaComRegras(
      [gris(0.1)],
      {},
      { generalidades: [gris(0.3), { componente: 'TAS', base: 'VIAGEM', calculo: 'FIXO', valor: 4.5 }] },
    );
    const r = cotar(t, { valorMercadoria: 10_000 });
    expect(r.componentes.map((c) => [c.componente, c.valor])).toEqual([
      ['GRIS', 10],
      ['TAS', 4.5],
    ]);
  });

  it('regra da rota restrita a um cliente não tira a generalidade dos demais', () => {
    const t = tabelaComRegras(
      [gris(0.1, { restricao: { modo: 'SOMENTE', remetentes: ['12345678000190'] } })],
      {},
      { generalidades: [gris(0.3)] },
    );
    expect(valorDe(cotar(t, { valorMercadoria: 10_000, remetente: '12345678000190' }), 'GRIS')).toBe(10);
    expect(valorDe(cotar(t, { valorMercadoria: 10_000, remetente: '99999999000199' }), 'GRIS')).toBe(30);
  });
});

describe('entradas inválidas não lançam exceção', () => {
  const t = tabelaComRegras([{ componente: 'TAS', base: 'VIAGEM', calculo: 'FIXO', valor: 1 }]);

  it('peso negativo (o motivo nomeia o campo como a calculadora, não pelo código)', () => {
    expect(calcularFrete(t, carga({ pesoKg: -1 }), SEM_ICMS)).toEqual({
      cotado: false,
      motivo: 'Carga inválida: Peso (kg) deve ser um número maior ou igual a zero.',
    });
    expect(calcularFrete(t, carga({ m3: Number.NaN }), SEM_ICMS)).toEqual({
      cotado: false,
      motivo: 'Carga inválida: Volume (m³) deve ser um número maior ou igual a zero.',
    });
  });

  it('data que não existe', () => {
    expect(calcularFrete(t, carga({ data: '2026-02-30' }), SEM_ICMS)).toEqual({
      cotado: false,
      motivo: expect.stringMatching(/data/),
    });
  });
});
