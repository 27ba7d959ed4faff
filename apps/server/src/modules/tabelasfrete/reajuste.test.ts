import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { transportadores } from '../../db/schema/index.ts';

// POST /tabelasfrete/{uid}/reajustar: a new version for a new validity with money × (1 + p/100),
// half-up to centavos; the old version ends the day before and becomes read-only history.
let t: TestApp;
let admin: Api, outro: Api;
let rapido: string;
const T = '/api/v1/tabelasfrete';

beforeAll(async () => {
  t = await createTestApp();
  [admin, outro] = await Promise.all(['admin@demo.com.br', 'admin@outro.com.br'].map((l) => as(t.app, l)));
  rapido = (await t.db.select().from(transportadores)).find((c) => c.nomeFantasia === 'Rápido Sul')?.uid as string;
});
afterAll(() => t?.close());

const semIds = (full: Record<string, any>) => ({
  rotas: full.rotas.map((r: any) => ({
    origem: r.origem,
    destino: r.destino,
    prazo: r.prazoDiasUteis,
    freteMinimo: r.freteMinimo,
    regras: r.regras.map((g: any) => [
      g.componente,
      g.calculo,
      g.valor,
      g.minimo,
      g.maximo,
      g.faixas.map((f: any) => [f.ate, f.valor, f.modo]),
    ]),
  })),
  generalidades: full.generalidades.map((g: any) => [
    g.componente,
    g.calculo,
    g.valor,
    g.minimo,
    g.maximo,
    g.faixas.map((f: any) => [f.ate, f.valor, f.modo]),
  ]),
  restricoes: full.restricoes.map((x: any) => [x.componente, x.modo, x.destinatarios.map((p: any) => p.documento)]),
});

describe('reajustar', () => {
  let antiga: string;
  let nova: Record<string, any>;
  let antes: Record<string, any>;

  beforeAll(async () => {
    const tab = await admin.post(T, {
      nome: 'Reajuste',
      transportadorUid: rapido,
      vigenciaInicio: '2026-01-01',
      vigenciaFim: '2026-12-31',
      status: 1,
    });
    antiga = tab.body.data.uid;
    const rota = (
      await admin.post(`${T}/${antiga}/rotas`, {
        origem: { tipo: 'UF', uf: 'SP' },
        destino: { tipo: 'UF', uf: 'RJ' },
        prazoDiasUteis: 2,
        freteMinimo: 80,
      })
    ).body.data;
    const r = (corpo: Record<string, unknown>) => admin.post(`${T}/${antiga}/rotasComponente`, { tabelaRotaUid: rota.uid, ...corpo });
    await r({
      componente: 'FRETE_PESO',
      base: 'PESO',
      calculo: 'FAIXA',
      faixas: [
        { ate: 10, valor: 30, modo: 'FIXO' },
        { ate: 30, valor: 45, modo: 'FIXO' },
        { ate: 100, valor: 90, modo: 'FIXO' },
        { ate: null, valor: 0.85, modo: 'EXCEDENTE' },
      ],
    });
    await r({ componente: 'FRETE_VALOR', base: 'VALOR', calculo: 'PERCENTUAL', valor: 0.3 });
    await r({ componente: 'GRIS', base: 'VALOR', calculo: 'PERCENTUAL', valor: 0.3, minimo: 3, maximo: 250 });
    await r({ componente: 'PEDAGIO', base: 'FRACAO_100KG', calculo: 'POR_UNIDADE', valor: 6.5 });
    await r({ componente: 'TAS', base: 'VIAGEM', calculo: 'FIXO', valor: 4.5 });
    await admin.post(`${T}/${antiga}/generalidades`, { componente: 'DESPACHO', base: 'DOCUMENTOS', calculo: 'POR_UNIDADE', valor: 2.5 });
    antes = (await admin.get(`${T}/${antiga}`, { par: 'cmp,full' })).body.data;
    const res = await admin.post(`${T}/${antiga}/reajustar`, { vigenciaInicio: '2027-01-01', vigenciaFim: null, percentual: 7.35 });
    expect(res.status, res.text).toBe(201);
    nova = res.body.data;
  });

  it('creates version 2 for the new validity, pointing at the old one', () => {
    expect(nova).toMatchObject({
      nome: 'Reajuste',
      versao: 2,
      tabelaOrigemUid: antiga,
      vigenciaInicio: '2027-01-01',
      vigenciaFim: null,
      status: 1,
      historica: false,
      quantidadeRotas: 1,
    });
  });

  it('money × 1.0735 half-up to the centavo; percentages stay', async () => {
    const full = (await admin.get(`${T}/${nova.uid}`, { par: 'full' })).body.data;
    const [rota] = full.rotas;
    // 80 × 1.0735 = 85.88
    expect(rota.freteMinimo).toBe(85.88);
    const porComponente = Object.fromEntries(rota.regras.map((g: any) => [g.componente, g]));
    // 30 → 32.205 → 32.21 (half-up, not half-even); 45 → 48.3075 → 48.31; 90 → 96.615 → 96.62; 0.85 → 0.912475 → 0.91
    expect(porComponente.FRETE_PESO.faixas.map((f: any) => [f.ate, f.valor])).toEqual([
      [10, 32.21],
      [30, 48.31],
      [100, 96.62],
      [null, 0.91],
    ]);
    expect(porComponente.FRETE_VALOR.valor).toBe(0.3);
    // GRIS stays 0.3 %; its minimum 3 → 3.2205 → 3.22; maximum 250 → 268.375 → 268.38
    expect(porComponente.GRIS).toMatchObject({ valor: 0.3, minimo: 3.22, maximo: 268.38 });
    // 6.5 → 6.97775 → 6.98; 4.5 → 4.83075 → 4.83
    expect(porComponente.PEDAGIO.valor).toBe(6.98);
    expect(porComponente.TAS.valor).toBe(4.83);
    // generalidade 2.5 → 2.68375 → 2.68
    expect(full.generalidades[0]).toMatchObject({ componente: 'DESPACHO', valor: 2.68 });
  });

  it('the old version keeps its data, ends the day before and is read-only history (409)', async () => {
    const velha = (await admin.get(`${T}/${antiga}`, { par: 'cmp,full' })).body.data;
    expect(velha).toMatchObject({ vigenciaFim: '2026-12-31', historica: true, versao: 1 });
    expect(semIds(velha)).toEqual(semIds(antes));
    const msg = 'Tabela histórica não pode ser alterada';
    const put = await admin.put(`${T}/${antiga}`, { nome: 'Mudou', transportadorUid: rapido, vigenciaInicio: '2026-01-01' });
    expect(put.status).toBe(409);
    expect(put.body.message).toBe(msg);
    expect(
      (await admin.post(`${T}/${antiga}/rotas`, { origem: { tipo: 'UF', uf: 'SP' }, destino: { tipo: 'UF', uf: 'MG' }, prazoDiasUteis: 2 }))
        .body,
    ).toMatchObject({ errorCode: 409, message: msg });
    const regra = velha.rotas[0].regras[0];
    expect(
      (
        await admin.put(`${T}/${antiga}/rotasComponente/${regra.uid}`, {
          tabelaRotaUid: velha.rotas[0].uid,
          componente: 'FRETE_PESO',
          base: 'PESO',
          calculo: 'FAIXA',
        })
      ).status,
    ).toBe(409);
    expect((await admin.delete(`${T}/${antiga}/faixasCalculo/${regra.faixas[0].uid}`)).status).toBe(409);
    expect((await admin.delete(`${T}/${antiga}`)).status).toBe(409);
    expect((await admin.post(`${T}/${antiga}/reajustar`, { vigenciaInicio: '2028-01-01', percentual: 1 })).status).toBe(409);
    expect((await admin.get(`${T}/${antiga}`)).body.data.nome).toBe('Reajuste');
  });

  it('comparacao: the same sample loads on both versions, % per route (worked by hand)', async () => {
    const res = await admin.get(`${T}/${nova.uid}/comparacao`);
    expect(res.status, res.text).toBe(200);
    const c = res.body.data;
    expect(c).toMatchObject({ tabelaUid: nova.uid, anterior: { uid: antiga, nome: 'Reajuste', versao: 1 }, fonte: 'AMOSTRA_FIXA' });
    const [rota] = c.rotas;
    expect(rota).toMatchObject({ origem: 'SP', destino: 'RJ' });
    // 50 kg, R$ 1.000: old 90 + 3 + 3 + 6,50 + 4,50 + 2,50 = 109,50; new 96,62 + 3 + 3,22 (GRIS min) + 6,98 + 4,83 + 2,68 = 117,33
    // 300 kg: 260 + 18 + 18 + 19,50 + 4,50 + 2,50 = 322,50 → 278,62 + 18 + 18 + 20,94 + 4,83 + 2,68 = 343,07
    // 1.000 kg: 855 + 60 + 60 + 65 + 4,50 + 2,50 = 1.047,00 → 915,62 + 60 + 60 + 69,80 + 4,83 + 2,68 = 1.112,93
    // 5.000 kg: 4.255 + 300 + 250 (GRIS max) + 325 + 4,50 + 2,50 = 5.137,00 → 4.555,62 + 300 + 268,38 + 349 + 4,83 + 2,68 = 5.480,51
    expect(rota.amostras.map((a: any) => [a.pesoKg, a.anterior, a.nova, a.variacaoPercentual])).toEqual([
      [50, 109.5, 117.33, 7.15],
      [300, 322.5, 343.07, 6.38],
      [1000, 1047, 1112.93, 6.3],
      [5000, 5137, 5480.51, 6.69],
    ]);
    // 6.616,00 → 7.053,84: +6,62 %
    expect(rota).toMatchObject({ totalAnterior: 6616, totalNova: 7053.84, variacaoPercentual: 6.62 });
    expect(c).toMatchObject({ totalAnterior: 6616, totalNova: 7053.84, variacaoPercentual: 6.62 });
    expect((await outro.get(`${T}/${nova.uid}/comparacao`)).status).toBe(404);
  });

  it('an earlier or equal start is 400; another shipper gets 404', async () => {
    const tab = (await admin.post(T, { nome: 'Curta', transportadorUid: rapido, vigenciaInicio: '2026-03-01', vigenciaFim: '2026-06-30' }))
      .body.data;
    const cedo = await admin.post(`${T}/${tab.uid}/reajustar`, { vigenciaInicio: '2026-03-01', percentual: 5 });
    expect(cedo.status).toBe(400);
    expect(cedo.body.errors).toEqual([
      { field: 'vigenciaInicio', message: 'A nova vigência deve começar depois do início da tabela atual (2026-03-01)' },
    ]);
    expect((await admin.post(`${T}/${tab.uid}/reajustar`, { vigenciaInicio: '2026-09-01', percentual: -100 })).status).toBe(400);
    expect((await outro.post(`${T}/${tab.uid}/reajustar`, { vigenciaInicio: '2026-09-01', percentual: 5 })).status).toBe(404);
    // An old version that already ended before the new start keeps its own end.
    const depois = await admin.post(`${T}/${tab.uid}/reajustar`, { vigenciaInicio: '2026-09-01', percentual: -10 });
    expect(depois.status).toBe(201);
    expect((await admin.get(`${T}/${tab.uid}`)).body.data).toMatchObject({ vigenciaFim: '2026-06-30', historica: true });
  });
});
