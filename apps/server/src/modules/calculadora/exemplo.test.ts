import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { transportadores } from '../../db/schema/index.ts';

// The worked example of the issue, end to end through the API: a table built route by route, rule by
// rule, range by range, activated, then quoted by POST /calculadora/calcular.
let t: TestApp;
let admin: Api;
let rapido: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await as(t.app, 'admin@demo.com.br');
  [{ uid: rapido }] = await t.db
    .select({ uid: transportadores.uid })
    .from(transportadores)
    .where(eq(transportadores.nomeFantasia, 'Rápido Sul'));
});
afterAll(() => t?.close());

const criado = (res: { status: number; body: any; text: string }) => {
  expect(res.status, res.text).toBe(201);
  return res.body.data;
};

describe('worked example SP → RJ', () => {
  let tabela: string;

  it('builds the table through the API and activates it', async () => {
    tabela = criado(
      await admin.post('/api/v1/tabelasfrete', {
        nome: 'Exemplo do enunciado',
        transportadorUid: rapido,
        vigenciaInicio: '2026-01-01',
        vigenciaFim: null,
        fatorCubagem: 300,
        icmsIncluso: false,
      }),
    ).uid;
    const base = `/api/v1/tabelasfrete/${tabela}`;
    const rota = criado(
      await admin.post(`${base}/rotas`, {
        origem: { tipo: 'UF', uf: 'SP' },
        destino: { tipo: 'UF', uf: 'RJ' },
        prazoDiasUteis: 2,
        freteMinimo: 80,
      }),
    );
    const regra = (corpo: Record<string, unknown>) => admin.post(`${base}/rotasComponente`, { tabelaRotaUid: rota.uid, ...corpo });
    const pesoRegra = criado(await regra({ componente: 'FRETE_PESO', base: 'PESO', calculo: 'FAIXA' }));
    for (const f of [
      { ate: 10, valor: 30, modo: 'FIXO' },
      { ate: 30, valor: 45, modo: 'FIXO' },
      { ate: 100, valor: 90, modo: 'FIXO' },
      { ate: null, valor: 0.85, modo: 'EXCEDENTE' },
    ]) {
      criado(await admin.post(`${base}/faixasCalculo`, { regraUid: pesoRegra.uid, ...f }));
    }
    criado(await regra({ componente: 'FRETE_VALOR', base: 'VALOR', calculo: 'PERCENTUAL', valor: 0.3 }));
    criado(await regra({ componente: 'GRIS', base: 'VALOR', calculo: 'PERCENTUAL', valor: 0.3, minimo: 3 }));
    criado(await regra({ componente: 'PEDAGIO', base: 'FRACAO_100KG', calculo: 'POR_UNIDADE', valor: 6.5 }));
    criado(await regra({ componente: 'TAS', base: 'VIAGEM', calculo: 'FIXO', valor: 4.5 }));

    const regras = await admin.get(`${base}/rotasComponente`, { ftr_tabelaRotaUid: rota.uid });
    expect(regras.body.data.totalRecords).toBe(5);
    expect(regras.body.data.data[0]).toMatchObject({
      componente: 'FRETE_PESO',
      componenteNome: 'Frete peso',
      escopo: 'ROTA',
      faixas: [
        { ordem: 0, ate: 10, valor: 30, modo: 'FIXO' },
        { ordem: 1, ate: 30, valor: 45, modo: 'FIXO' },
        { ordem: 2, ate: 100, valor: 90, modo: 'FIXO' },
        { ordem: 3, ate: null, valor: 0.85, modo: 'EXCEDENTE' },
      ],
    });
    const ativa = await admin.put(base, {
      nome: 'Exemplo do enunciado',
      transportadorUid: rapido,
      vigenciaInicio: '2026-01-01',
      fatorCubagem: 300,
      icmsIncluso: false,
      status: 1,
    });
    expect(ativa.status, ativa.text).toBe(200);
    expect(ativa.body.data).toMatchObject({ status: 1, statusLabel: 'Ativo', situacaoVigencia: 'Vigente', quantidadeRotas: 1 });
  });

  it('quotes 150 kg, 0.6 m³, R$ 10.000,00 on 2026-04-17 exactly as the example', async () => {
    const res = await admin.post('/api/v1/calculadora/calcular', {
      origem: { cep: '01310-100' },
      destino: { municipioIbge: '3304557' },
      pesoKg: 150,
      m3: 0.6,
      valorMercadoria: 10000,
      data: '2026-04-17',
      transportadorUids: [rapido],
    });
    expect(res.status, res.text).toBe(200);
    const c = res.body.data.cotacoes.find((x: { tabelaUid: string }) => x.tabelaUid === tabela);
    expect(c).toMatchObject({
      tabelaNome: 'Exemplo do enunciado',
      transportadorUid: rapido,
      transportadorNome: 'Rápido Sul Transportes Ltda',
      pesoTaxado: 180,
      ajusteMinimo: 0,
      valorSemIcms: 235.5,
      aliquotaIcms: 12,
      icms: 32.11,
      total: 267.61,
      prazoDiasUteis: 2,
      // Friday + 2 business days, skipping Tiradentes (Tuesday 21 April).
      dataPrevistaEntrega: '2026-04-22',
    });
    expect(c.componentes).toEqual([
      { componente: 'FRETE_PESO', nome: 'Frete peso', base: 'PESO', quantidade: 180, valor: 158 },
      { componente: 'FRETE_VALOR', nome: 'Frete valor (ad valorem)', base: 'VALOR', quantidade: 10000, valor: 30 },
      { componente: 'GRIS', nome: 'GRIS', base: 'VALOR', quantidade: 10000, valor: 30 },
      { componente: 'PEDAGIO', nome: 'Pedágio', base: 'FRACAO_100KG', quantidade: 2, valor: 13 },
      { componente: 'TAS', nome: 'TAS', base: 'VIAGEM', quantidade: 1, valor: 4.5 },
    ]);
    expect(res.body.data.origem).toMatchObject({ uf: 'SP', cep: '01310100' });
    expect(res.body.data.destino).toMatchObject({ uf: 'RJ', ibge: '3304557' });
  });
});
