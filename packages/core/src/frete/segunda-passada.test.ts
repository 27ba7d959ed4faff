import { describe, expect, it } from 'vitest';
import { aliquotaIcmsFrete, aliquotaIcmsPadrao } from '../tributos.ts';
import { carga, SEM_ICMS, tabela, rota } from './fixtures.ts';
import { aliquotaIcmsInterestadual, calcularFrete, validarTabela } from './index.ts';
import type { Carga, FreteCotado, Opcoes, Regra, TabelaCalculo } from './types.ts';

// Issue 9: the faults found by a freight-pricing specialist, each with the worked numbers.

function cotar(t: TabelaCalculo, c: Partial<Carga> = {}, o: Opcoes = SEM_ICMS): FreteCotado {
  const r = calcularFrete(t, carga(c), o);
  if (!r.cotado) throw new Error(`esperava cotação, veio: ${r.motivo}`);
  return r;
}
const valorDe = (r: FreteCotado, componente: string) => r.componentes.find((x) => x.componente === componente)?.valor;

const CAMPINAS = { uf: 'SP', ibge: '3509502', cep: '13010-000' };
const SAO_PAULO = { uf: 'SP', ibge: '3550308', cep: '01310-100' };

/** The load of fault 1: 350 kg, 1,2 m³ (360 kg taxados), NF R$ 18.000,00. */
const REGRAS_FRACIONADO: Regra[] = [
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
const tabelaSp = (extra: Partial<TabelaCalculo> = {}) =>
  tabela({
    rotas: [rota({ uid: 'sp-sp', origem: { tipo: 'UF', uf: 'SP' }, destino: { tipo: 'UF', uf: 'SP' }, regras: REGRAS_FRACIONADO })],
    ...extra,
  });
const CARGA_1: Partial<Carga> = { origem: SAO_PAULO, destino: CAMPINAS, pesoKg: 350, m3: 1.2, valorMercadoria: 18_000 };

describe('1. ICMS intraestadual do transporte: alíquota do serviço, não a da mercadoria', () => {
  it('São Paulo → Campinas: 359,20 antes do imposto, 408,18 com ICMS de 12 % (48,98), não 438,05', () => {
    const aliquota = aliquotaIcmsFrete('SP', 'SP');
    expect(aliquota).toBe(12); // RICMS/SP art. 54, I
    expect(aliquotaIcmsPadrao('SP', 'SP')).toBe(18); // the goods rate stays apart
    const r = cotar(tabelaSp(), CARGA_1, { aliquotaIcms: aliquota, feriados: [] });
    expect(r.pesoTaxado).toBe(360);
    expect(r.valorSemIcms).toBe(359.2);
    expect(r.icms).toBe(48.98);
    expect(r.total).toBe(408.18);
    expect(r.tributo).toBeUndefined(); // ICMS
    expect(cotar(tabelaSp(), CARGA_1, { aliquotaIcms: 18, feriados: [] }).total).toBe(438.05);
  });
});

describe('2. Entrega dentro do município: ISS (LC 116/2003, item 16.02), nunca ICMS', () => {
  it('Campinas → Campinas com ISS de 3 %: 370,31 (ISS 11,11), sem ICMS', () => {
    const r = cotar(tabelaSp(), { ...CARGA_1, origem: CAMPINAS }, { aliquotaIcms: 12, aliquotaIss: 3, feriados: [] });
    expect(r.tributo).toBe('ISS');
    expect(r.aliquotaIss).toBe(3);
    expect(r.iss).toBe(11.11);
    expect(r.icms).toBe(0);
    expect(r.aliquotaIcms).toBe(0);
    expect(r.total).toBe(370.31);
  });
});

describe('3. importado não muda o ICMS do frete', () => {
  it('o frete segue o modal e as UFs: 7 % SP → BA, 12 % SP → RJ, 4 % só no aéreo', () => {
    expect(aliquotaIcmsFrete('SP', 'BA')).toBe(7);
    expect(aliquotaIcmsFrete('SP', 'RJ')).toBe(12);
    expect(aliquotaIcmsFrete('SP', 'RJ', 'AEREO')).toBe(4);
    expect(aliquotaIcmsFrete('SP', 'SP', 'AEREO')).toBe(12); // Res. SF 95/1996 is interstate only
    // The goods rate keeps Res. SF 13/2012 (imported goods at 4 %): a different question.
    expect(aliquotaIcmsInterestadual('SP', 'BA', true)).toBe(4);
  });
});

describe('4. taxa por local em cima da rota que se aplica', () => {
  const TDE: Regra = { componente: 'TDE', base: 'VIAGEM', calculo: 'FIXO', valor: 35 };
  it('a rota de faixa de CEP só com TDE esconde o frete peso (o defeito) e validar avisa', () => {
    const t = tabelaSp({
      rotas: [
        rota({ uid: 'sp-sp', origem: { tipo: 'UF', uf: 'SP' }, destino: { tipo: 'UF', uf: 'SP' }, regras: REGRAS_FRACIONADO, freteMinimo: 400 }),
        rota({ uid: 'cep-tde', origem: { tipo: 'UF', uf: 'SP' }, destino: { tipo: 'FAIXA_CEP', de: '13000-000', ate: '13139-999' }, regras: [TDE], freteMinimo: 400 }),
      ],
    });
    const r = cotar(t, CARGA_1);
    expect(r.rotaUid).toBe('cep-tde');
    expect(valorDe(r, 'FRETE_PESO')).toBeUndefined();
    expect(r.valorSemIcms).toBe(400); // only the minimum: the freight disappeared
    const v = validarTabela(t);
    expect(v.ok).toBe(true);
    expect(v.avisos).toEqual([{ caminho: 'rotas[1]', mensagem: expect.stringContaining('não tem FRETE_PESO') }]);
  });

  it('um adicional por faixa de CEP soma a TDE à rota UF: 359,20 + 35,00 = 394,20', () => {
    const t = tabelaSp({ adicionais: [{ ...TDE, destino: { tipo: 'FAIXA_CEP', de: '13000-000', ate: '13139-999' } }] });
    const r = cotar(t, CARGA_1);
    expect(r.rotaUid).toBe('sp-sp');
    expect(valorDe(r, 'FRETE_PESO')).toBe(239.2);
    expect(valorDe(r, 'TDE')).toBe(35);
    expect(r.valorSemIcms).toBe(394.2);
    expect(r.adicionais).toEqual(['TDE']);
    expect(validarTabela(t).avisos).toBeUndefined();
    // Outside the range there is no TDE.
    expect(valorDe(cotar(t, { ...CARGA_1, destino: SAO_PAULO }), 'TDE')).toBeUndefined();
  });

  it('adicional por destinatário vence o da faixa de CEP; por município e por UF também valem', () => {
    const dest = '12.345.678/0001-95';
    const t = tabelaSp({
      adicionais: [
        { ...TDE, destino: { tipo: 'UF', uf: 'SP' } },
        { ...TDE, valor: 50, destino: { tipo: 'MUNICIPIO', ibge: '3509502' } },
        { ...TDE, valor: 80, restricao: { modo: 'SOMENTE', destinatarios: [dest] } },
      ],
    });
    expect(valorDe(cotar(t, CARGA_1), 'TDE')).toBe(50);
    expect(valorDe(cotar(t, { ...CARGA_1, destino: SAO_PAULO }), 'TDE')).toBe(35);
    expect(valorDe(cotar(t, { ...CARGA_1, destinatario: '12345678000195' }), 'TDE')).toBe(80);
  });
});

/** Full-truck route priced per km: 1.118 km × R$ 2,50 = R$ 2.795,00. */
const lotacao = (extra: Regra[] = [], rotaExtra = {}, tabExtra: Partial<TabelaCalculo> = {}) =>
  tabela({
    rotas: [
      rota({
        uid: 'lotacao',
        distanciaKm: 1118,
        regras: [{ componente: 'FRETE_PESO', base: 'KM', calculo: 'POR_UNIDADE', valor: 2.5 }, ...extra],
        ...rotaExtra,
      }),
    ],
    ...tabExtra,
  });

describe('5. base "frete principal" (componentes marcados no catálogo, qualquer base)', () => {
  it('TDE 20 % do frete numa lotação por km: 559,00 (a base FRETE_PESO continua só somando PESO)', () => {
    const r = cotar(
      lotacao([
        { componente: 'TDE', base: 'FRETE_PRINCIPAL', calculo: 'PERCENTUAL', valor: 20 },
        { componente: 'TDA', base: 'FRETE_PESO', calculo: 'PERCENTUAL', valor: 20 },
      ]),
      { pesoKg: 12_000 },
    );
    expect(valorDe(r, 'FRETE_PESO')).toBe(2795);
    expect(valorDe(r, 'TDE')).toBe(559);
    expect(valorDe(r, 'TDA')).toBe(0);
  });

  it('o catálogo do embarcador decide o que é frete principal', () => {
    const t = lotacao([
      { componente: 'DESPACHO', base: 'VIAGEM', calculo: 'FIXO', valor: 205 },
      { componente: 'TDE', base: 'FRETE_PRINCIPAL', calculo: 'PERCENTUAL', valor: 20 },
    ]);
    const r = cotar(t, { pesoKg: 12_000 }, { ...SEM_ICMS, componentesFretePrincipal: ['FRETE_PESO', 'DESPACHO'] });
    expect(valorDe(r, 'TDE')).toBe(600);
  });
});

describe('6. vale-pedágio fora da base do ICMS', () => {
  it('R$ 285,00 de vale-pedágio somam exatamente 285,00 ao total: (2.795,00 ÷ 0,88) + 285,00 = 3.461,14', () => {
    const o = { aliquotaIcms: 12, feriados: [] };
    const sem = cotar(lotacao(), { pesoKg: 12_000 }, o);
    expect(sem.total).toBe(3176.14);
    const com = cotar(lotacao([{ componente: 'VALE_PEDAGIO', base: 'VIAGEM', calculo: 'FIXO', valor: 285 }]), { pesoKg: 12_000 }, o);
    expect(com.total).toBe(3461.14);
    expect(com.total - sem.total).toBeCloseTo(285, 10);
    expect(com.icms).toBe(sem.icms);
    expect(com.valorForaBaseTributo).toBe(285);
    expect(com.valorSemIcms).toBe(3080);
  });

  it('qualquer componente pode ser marcado fora da base (foraBaseTributo)', () => {
    const r = cotar(
      lotacao([{ componente: 'PEDAGIO', base: 'VIAGEM', calculo: 'FIXO', valor: 285, foraBaseTributo: true }]),
      { pesoKg: 12_000 },
      { aliquotaIcms: 12, feriados: [] },
    );
    expect(r.total).toBe(3461.14);
  });
});

describe('7. capacidade do veículo', () => {
  const tipos = { truck: { capacidadeKg: 14_000, capacidadeM3: 45, eixos: 3 } };
  it('20 t num Truck de 14 t não cota ("excede a capacidade do veículo")', () => {
    const t = lotacao([], { tipoVeiculoUid: 'truck' });
    const r = calcularFrete(t, carga({ pesoKg: 20_000, tipoVeiculoUid: 'truck' }), { ...SEM_ICMS, tiposVeiculo: tipos });
    expect(r.cotado).toBe(false);
    if (!r.cotado) expect(r.motivo).toContain('excede a capacidade do veículo');
    expect(calcularFrete(t, carga({ pesoKg: 14_000, tipoVeiculoUid: 'truck' }), { ...SEM_ICMS, tiposVeiculo: tipos }).cotado).toBe(true);
  });
  it('volume acima da capacidade em m³ também não cota', () => {
    const r = calcularFrete(lotacao([], { tipoVeiculoUid: 'truck' }), carga({ pesoKg: 1000, m3: 50, tipoVeiculoUid: 'truck' }), {
      ...SEM_ICMS,
      tiposVeiculo: tipos,
    });
    expect(r.cotado).toBe(false);
  });
});

describe('8. faixa por kg que deixa a carga mais pesada mais barata', () => {
  const regra = (compara: boolean): Regra => ({
    componente: 'FRETE_PESO',
    base: 'PESO',
    calculo: 'FAIXA',
    comparaFaixaSeguinte: compara,
    faixas: [
      { ate: 500, valor: 0.7, modo: 'POR_UNIDADE' },
      { ate: null, valor: 0.6, modo: 'POR_UNIDADE' },
    ],
  });
  it('sem a opção: 500 kg → 350,00; 501 kg → 300,60', () => {
    expect(valorDe(cotar(tabela({ rotas: [rota({ regras: [regra(false)] })] }), { pesoKg: 500 }), 'FRETE_PESO')).toBe(350);
    expect(valorDe(cotar(tabela({ rotas: [rota({ regras: [regra(false)] })] }), { pesoKg: 501 }), 'FRETE_PESO')).toBe(300.6);
  });
  it('"compara com a faixa seguinte": 500 kg → 300,00 (mínimo da faixa seguinte); 400 kg → 280,00', () => {
    const t = tabela({ rotas: [rota({ regras: [regra(true)] })] });
    expect(valorDe(cotar(t, { pesoKg: 500 }), 'FRETE_PESO')).toBe(300);
    expect(valorDe(cotar(t, { pesoKg: 400 }), 'FRETE_PESO')).toBe(280);
    expect(valorDe(cotar(t, { pesoKg: 501 }), 'FRETE_PESO')).toBe(300.6);
  });
});

describe('9. vigência julgada na data da carga', () => {
  const dezembro = tabela({ vigenciaInicio: '2026-12-01', vigenciaFim: '2026-12-31', rotas: [rota({ regras: REGRAS_FRACIONADO.slice(0, 1) })] });
  it('uma tabela de dezembro cota um embarque de dezembro e não um de janeiro', () => {
    expect(calcularFrete(dezembro, carga({ data: '2026-12-15' }), SEM_ICMS).cotado).toBe(true);
    const r = calcularFrete(dezembro, carga({ data: '2027-01-04' }), SEM_ICMS);
    expect(r).toEqual({ cotado: false, motivo: 'A tabela não está vigente em 04/01/2027.' });
  });
});

describe('regras das tabelas dos embarcadores', () => {
  it('modalidade comparativa: max(mínimo, R$/kg × peso, % do valor)', () => {
    const comp: Regra = { componente: 'FRETE_PESO', base: 'PESO', calculo: 'COMPARATIVO', valor: 0.5, percentualValor: 1.2, minimo: 90 };
    const t = tabela({ rotas: [rota({ regras: [comp] })] });
    expect(valorDe(cotar(t, { pesoKg: 100, valorMercadoria: 1000 }), 'FRETE_PESO')).toBe(90);
    expect(valorDe(cotar(t, { pesoKg: 400, valorMercadoria: 1000 }), 'FRETE_PESO')).toBe(200);
    expect(valorDe(cotar(t, { pesoKg: 100, valorMercadoria: 20_000 }), 'FRETE_PESO')).toBe(240);
  });

  it('cubagem: fator por rota e isenção por densidade e por destinatário', () => {
    const regras: Regra[] = [{ componente: 'FRETE_PESO', base: 'PESO', calculo: 'POR_UNIDADE', valor: 1 }];
    expect(cotar(tabela({ rotas: [rota({ regras, fatorCubagem: 167 })] }), { pesoKg: 10, m3: 1 }).pesoTaxado).toBe(167);
    const isenta = tabela({ rotas: [rota({ regras })], isencaoCubagem: { densidadeMinima: 250, destinatarios: ['11222333000181'] } });
    expect(cotar(isenta, { pesoKg: 260, m3: 1 }).pesoTaxado).toBe(260); // 260 kg/m³ ≥ 250: exempt
    expect(cotar(isenta, { pesoKg: 200, m3: 1 }).pesoTaxado).toBe(300);
    expect(cotar(isenta, { pesoKg: 200, m3: 1, destinatario: '11.222.333/0001-81' }).pesoTaxado).toBe(200);
  });

  it('isenção de cubagem do cadastro (Carga.isentoCubagem): peso real em qualquer tabela, e o resultado diz por quê', () => {
    const regras: Regra[] = [{ componente: 'FRETE_PESO', base: 'PESO', calculo: 'POR_UNIDADE', valor: 1 }];
    const t = tabela({ rotas: [rota({ regras })] });
    const cubada = cotar(t, { pesoKg: 150, m3: 0.6 });
    expect(cubada.pesoTaxado).toBe(180);
    expect(cubada.isentoCubagem).toBeUndefined();
    const isenta = cotar(t, { pesoKg: 150, m3: 0.6, isentoCubagem: true });
    expect(isenta).toMatchObject({ pesoTaxado: 150, isentoCubagem: true });
    expect(valorDe(isenta, 'FRETE_PESO')).toBe(150);
    // the real weight already the larger: nothing to explain
    expect(cotar(t, { pesoKg: 400, m3: 0.6, isentoCubagem: true }).isentoCubagem).toBeUndefined();
  });

  it('pedágio por eixo (eixos do tipo de veículo) e piso ANTT sinalizado', () => {
    const t = lotacao([{ componente: 'PEDAGIO', base: 'EIXOS', calculo: 'POR_UNIDADE', valor: 95 }], { tipoVeiculoUid: 'carreta' });
    const r = cotar(t, { pesoKg: 25_000, tipoVeiculoUid: 'carreta' }, {
      ...SEM_ICMS,
      tiposVeiculo: { carreta: { capacidadeKg: 30_000, eixos: 5 } },
      pisoAntt: { ccd: 6.0, cc: 650 },
    });
    expect(valorDe(r, 'PEDAGIO')).toBe(475);
    // 1.118 × 6,00 + 650,00 = 7.358,00 > 3.270,00 of freight
    expect(r.pisoAntt).toEqual({ valor: 7358, abaixo: true });
  });

  it('piso ANTT obrigatório (transportador autônomo, TAC): o frete sobe ao piso dentro da base do ICMS', () => {
    const t = lotacao([{ componente: 'PEDAGIO', base: 'EIXOS', calculo: 'POR_UNIDADE', valor: 95 }], { tipoVeiculoUid: 'carreta' });
    const opcoes = (aliquotaIcms: number): Opcoes => ({
      aliquotaIcms,
      feriados: [],
      tiposVeiculo: { carreta: { capacidadeKg: 30_000, eixos: 5 } },
      pisoAntt: { ccd: 6.0, cc: 650, obrigatorio: true, fonte: 'teste' },
    });
    // 3.270,00 of freight, floor 7.358,00: + 4.088,00; with ICMS 12 %: 7.358,00 ÷ 0,88 = 8.361,36 (ICMS 1.003,36).
    const r = cotar(t, { pesoKg: 25_000, tipoVeiculoUid: 'carreta' }, opcoes(12));
    expect(r.pisoAntt).toEqual({ valor: 7358, abaixo: true, obrigatorio: true, ajuste: 4088, fonte: 'teste' });
    expect(r.valorSemIcms).toBe(7358);
    expect(r.icms).toBe(1003.36);
    expect(r.total).toBe(8361.36);
    // Above the floor nothing changes: a floor of 1.118 × 2,00 + 100,00 = 2.336,00 < 3.270,00.
    const acima = cotar(t, { pesoKg: 25_000, tipoVeiculoUid: 'carreta' }, { ...opcoes(0), pisoAntt: { ccd: 2, cc: 100, obrigatorio: true } });
    expect(acima.pisoAntt).toEqual({ valor: 2336, abaixo: false, obrigatorio: true });
    expect(acima.valorSemIcms).toBe(3270);
  });

  it('transportador do Simples Nacional não embute ICMS', () => {
    const r = cotar(tabelaSp(), CARGA_1, { aliquotaIcms: 12, feriados: [], simplesNacional: true });
    expect(r.total).toBe(359.2);
    expect(r.tributo).toBe('NENHUM');
  });

  it('mais de uma restrição do mesmo componente: TDE diferente por destinatário, sem cobrar duas vezes', () => {
    const TDE = (valor: number, dest: string): Regra => ({
      componente: 'TDE', base: 'VIAGEM', calculo: 'FIXO', valor, restricao: { modo: 'SOMENTE', destinatarios: [dest] },
    });
    const t = tabela({
      generalidades: [{ componente: 'TDE', base: 'VIAGEM', calculo: 'FIXO', valor: 20 }],
      rotas: [rota({ regras: [TDE(50, '11222333000181'), TDE(70, '12345678000195')] })],
    });
    expect(validarTabela(t).ok).toBe(true);
    expect(cotar(t, { destinatario: '11222333000181' }).componentes.filter((c) => c.componente === 'TDE')).toEqual([
      { componente: 'TDE', base: 'VIAGEM', quantidade: 1, valor: 50 },
    ]);
    expect(valorDe(cotar(t, { destinatario: '12345678000195' }), 'TDE')).toBe(70);
    expect(valorDe(cotar(t, { destinatario: '99999999000191' }), 'TDE')).toBe(20);
  });
});

describe('Restrição por produto / NCM (a carga leva a mercadoria)', () => {
  // GRIS 0,50 % only for loads carrying NCM 8471 (computers), 0,20 % for the others; PALETIZACAO
  // 40,00 only for product GEL-01; TAS 12,00 except for loads carrying product AMOSTRA.
  const GRIS_8471: Regra = {
    componente: 'GRIS', base: 'VALOR', calculo: 'PERCENTUAL', valor: 0.5, restricao: { modo: 'SOMENTE', ncms: ['8471'] },
  };
  const PALETE: Regra = {
    componente: 'PALETIZACAO', base: 'VIAGEM', calculo: 'FIXO', valor: 40, restricao: { modo: 'SOMENTE', produtos: ['gel-01'] },
  };
  const TAS_EXCETO: Regra = {
    componente: 'TAS', base: 'VIAGEM', calculo: 'FIXO', valor: 12, restricao: { modo: 'EXCETO', produtos: ['AMOSTRA'] },
  };
  const t = tabela({
    rotas: [
      rota({
        uid: 'sp-sp', origem: { tipo: 'UF', uf: 'SP' }, destino: { tipo: 'UF', uf: 'SP' },
        regras: [...REGRAS_FRACIONADO.filter((r) => r.componente !== 'TAS'), GRIS_8471, PALETE, TAS_EXCETO],
      }),
    ],
  });
  const ICMS_12: Opcoes = { aliquotaIcms: 12, feriados: [] };

  it('NCM sob o prefixo 8471: GRIS 0,50 % = 90,00 → 413,20 antes do imposto, 469,55 com ICMS 12 % (56,35)', () => {
    expect(validarTabela(t).ok).toBe(true);
    const r = cotar(t, { ...CARGA_1, produtos: ['NOTE-15'], ncms: ['84713012'] }, ICMS_12);
    expect(valorDe(r, 'GRIS')).toBe(90);
    expect(valorDe(r, 'PALETIZACAO')).toBeUndefined();
    expect(r.valorSemIcms).toBe(413.2); // 239,20 + 54,00 + 90,00 + 18,00 + 12,00
    expect(r.icms).toBe(56.35);
    expect(r.total).toBe(469.55); // 413,20 ÷ 0,88 = 469,545… → 469,55
  });

  it('outro NCM: GRIS geral de 0,20 % (36,00) → 359,20 / 408,18, como a carga sem produtos', () => {
    expect(cotar(t, { ...CARGA_1, ncms: ['85171231'] }, ICMS_12).total).toBe(408.18);
    expect(cotar(t, CARGA_1, ICMS_12).total).toBe(408.18);
  });

  it('produto listado (códigos sem diferenciar maiúsculas): PALETIZACAO 40,00 → 399,20; EXCETO AMOSTRA tira a TAS → 387,20', () => {
    expect(cotar(t, { ...CARGA_1, produtos: ['GEL-01'] }).valorSemIcms).toBe(399.2);
    const r = cotar(t, { ...CARGA_1, produtos: ['GEL-01', 'AMOSTRA'] });
    expect(valorDe(r, 'TAS')).toBeUndefined();
    expect(r.valorSemIcms).toBe(387.2); // 359,20 + 40,00 − 12,00
  });

  it('validarTabela aceita restrição só por mercadoria e recusa NCM fora do formato', () => {
    const ruim = tabela({ generalidades: [{ ...GRIS_8471, restricao: { modo: 'SOMENTE', ncms: ['84.71'] } }] });
    expect(validarTabela(ruim).ok).toBe(false);
  });
});
