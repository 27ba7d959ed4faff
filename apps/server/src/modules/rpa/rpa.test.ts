import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as, session } from '../../../test/support/http.ts';
import { embarcadores, unidadesTransportador } from '../../db/schema/index.ts';
import { carnaval, pascoa } from '../feriados/service.ts';
import { vencimentos } from '../faturamento/condicoes.ts';
import { dia20DoMesSeguinte, diaUtilAnterior, vencimentoDia20 } from './vencimentos.ts';

// RPA through the API: calculation with the month's INSS ceiling across receipts, issue (titles, locked),
// payment of a title, cancel; a carrier unit that is not autonomous and negative values refused.

let t: TestApp;
let admin: Api, outro: Api;
let autonomo: string, empresa: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, outro] = await Promise.all(['admin@demo.com.br', 'admin@outro.com.br'].map((l) => as(t.app, l)));
  const unidades = await t.db.select().from(unidadesTransportador);
  autonomo = unidades.find((u) => u.indicaAutonomo)!.uid;
  empresa = unidades.find((u) => !u.indicaAutonomo)!.uid;
});
afterAll(() => t?.close());

/** The text lines of a pdfkit PDF: each content stream inflated, each TJ array's hex strings decoded (WinAnsi ≈ latin1). */
function textoDoPdf(pdf: Buffer): string[] {
  const linhas: string[] = [];
  const bruto = pdf.toString('latin1');
  for (const m of bruto.matchAll(/stream\r?\n/g)) {
    const inicio = m.index! + m[0].length;
    const fim = bruto.indexOf('endstream', inicio);
    let conteudo: string;
    try {
      conteudo = inflateSync(pdf.subarray(inicio, fim)).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of conteudo.matchAll(/\[([^\]]*)\] TJ/g)) {
      linhas.push([...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''));
    }
  }
  return linhas;
}

describe('RPA', () => {
  it('calcula sem gravar; unidade não autônoma, frete negativo e unidade de outro embarcador são 400', async () => {
    const r = await admin.post('/api/v1/rpa/calcular', { unidadeTransportadorUid: autonomo, data: '2026-05-10', valorFrete: 5000 });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ baseInss: 1000, inss: 110, sest: 15, senat: 10, irrf: 0, valorLiquido: 4865, baseInssUtilizadaNoMes: 0 });
    const naoAutonomo = await admin.post('/api/v1/rpa/calcular', { unidadeTransportadorUid: empresa, data: '2026-05-10', valorFrete: 5000 });
    expect(naoAutonomo.status).toBe(400);
    expect(naoAutonomo.body.errors[0]).toMatchObject({ field: 'unidadeTransportadorUid' });
    expect((await admin.post('/api/v1/rpa/calcular', { unidadeTransportadorUid: autonomo, data: '2026-05-10', valorFrete: -10 })).status).toBe(400);
    expect((await outro.post('/api/v1/rpa/calcular', { unidadeTransportadorUid: autonomo, data: '2026-05-10', valorFrete: 10 })).status).toBe(400);
    // demo data: March 2025, 12.000,00 issued (base 2.400,00) and 3.500,00 calculated after it in the same month
    const demo = (await admin.get('/api/v1/rpa', { ftr_dataDe: '2025-03-01', ftr_dataAte: '2025-03-31', ssf: 'data', sso: 'ASC' })).body.data.data;
    expect(demo.map((r: { status: number; valorFrete: number; calculo: { baseInssUtilizadaNoMes: number } }) => [r.status, r.valorFrete, r.calculo.baseInssUtilizadaNoMes]))
      .toEqual([[2, 12000, 0], [1, 3500, 2400]]);
  });

  it('dois RPAs no mês dividem o teto do INSS; emitido trava e gera títulos; pagamento; cancelar', async () => {
    const a = await admin.post('/api/v1/rpa', { unidadeTransportadorUid: autonomo, data: '2026-06-05', valorFrete: 40000 });
    expect(a.status).toBe(201);
    expect(a.body.data.calculo).toMatchObject({ baseInssLimitada: 8000, inss: 880 });
    const b = await admin.post('/api/v1/rpa', { unidadeTransportadorUid: autonomo, data: '2026-06-25', valorFrete: 5000 });
    // 8.475,55 − 8.000 = 475,55 × 11 % = 52,31
    expect(b.body.data.calculo).toMatchObject({ baseInssUtilizadaNoMes: 8000, baseInssLimitada: 475.55, inss: 52.31 });
    const emitido = await admin.get(`/api/v1/rpa/${a.body.data.uid}/emitir`);
    expect(emitido.body.data).toMatchObject({ status: 2, statusLabel: 'Emitido' });
    expect((await admin.put(`/api/v1/rpa/${a.body.data.uid}`, { unidadeTransportadorUid: autonomo, data: '2026-06-05', valorFrete: 1 })).status).toBe(409);
    const titulos = (await admin.get('/api/v1/rpa/titulos', { ftr_rpaUid: a.body.data.uid })).body.data.data;
    // 40.000: INSS 880; SEST 120 + SENAT 80; IRRF (4.000 − 880 = 3.120 → 15 % − 394,16 = 73,84, zerado pela redução de 2026); líquido 38.920
    expect(titulos.map((x: { tipo: string; valor: number; vencimento: string }) => [x.tipo, x.valor, x.vencimento]).sort()).toEqual([
      ['INSS', 880, '2026-07-20'], ['LIQUIDO', 38920, '2026-06-05'], ['SEST_SENAT', 200, '2026-07-20'],
    ]);
    const liq = titulos.find((x: { tipo: string }) => x.tipo === 'LIQUIDO');
    const pago = await admin.put(`/api/v1/rpa/titulo/${liq.uid}`, { dataPagamento: '2026-06-06' });
    expect(pago.body.data).toMatchObject({ status: 2, statusLabel: 'Pago', valorPago: 38920, dataPagamento: '2026-06-06' });
    expect((await admin.get(`/api/v1/rpa/${a.body.data.uid}/cancelar`)).status).toBe(409);
    await admin.put(`/api/v1/rpa/titulo/${liq.uid}`, { dataPagamento: null });
    expect((await admin.get(`/api/v1/rpa/${a.body.data.uid}/cancelar`)).body.data.status).toBe(3);
    // cancelled: its base no longer counts in the month
    const c = await admin.post('/api/v1/rpa/calcular', { unidadeTransportadorUid: autonomo, data: '2026-06-28', valorFrete: 5000 });
    expect(c.body.data.baseInssUtilizadaNoMes).toBe(475.55);
    expect((await outro.get(`/api/v1/rpa/${a.body.data.uid}`)).status).toBe(404);
  });

  it('IRRF do mês: a 2ª RPA de out/2025 retém o imposto sobre a soma (4.000 − 880 = 3.120 → 73,84) e a 3ª o que falta (247,61 − 73,84)', async () => {
    const base = { unidadeTransportadorUid: autonomo, valorFrete: 20000 };
    expect((await admin.post('/api/v1/rpa', { ...base, data: '2025-10-03' })).body.data.calculo).toMatchObject({ irrf: 0, baseIrrf: 1560 });
    const r2 = (await admin.post('/api/v1/rpa', { ...base, data: '2025-10-17' })).body.data.calculo;
    expect(r2).toMatchObject({ baseIrrf: 3120, irrfDoMes: 73.84, irrfRetidoNoMes: 0, irrf: 73.84, valorLiquido: 19386.16 });
    const r3 = (await admin.post('/api/v1/rpa/calcular', { ...base, valorFrete: 10000, data: '2025-10-24' })).body.data;
    expect(r3).toMatchObject({ baseInssUtilizadaNoMes: 8000, inss: 17.32, baseIrrf: 4102.68, irrfDoMes: 247.61, irrfRetidoNoMes: 73.84, irrf: 173.77 });
  });

  it('o recibo emitido (PDF) imprime as retenções calculadas: 40.000,00 em nov/2025 com ISS 2 %', async () => {
    const criado = await admin.post('/api/v1/rpa', { unidadeTransportadorUid: autonomo, data: '2025-11-10', valorFrete: 40000, aliquotaIss: 2, descricao: 'Frete Curitiba → São Paulo' });
    const uid = criado.body.data.uid as string;
    // only calculated: nothing to print yet
    expect((await admin.get(`/api/v1/rpa/${uid}/pdf`)).status).toBe(409);
    // base 20 % = 8.000,00 (teto 2025: 8.157,41); INSS 11 % = 880,00; SEST 1,5 % = 120,00; SENAT 1 % = 80,00;
    // IRRF: 10 % = 4.000,00 − 880,00 = 3.120,00 → 15 % − 394,16 = 73,84; ISS 2 % = 800,00;
    // descontos 1.953,84; líquido 38.046,16; INSS patronal 20 % de 8.000,00 = 1.600,00
    expect(criado.body.data.calculo).toMatchObject({ baseInss: 8000, inss: 880, sest: 120, senat: 80, baseIrrf: 3120, irrf: 73.84, iss: 800, totalDescontos: 1953.84, valorLiquido: 38046.16 });
    await admin.get(`/api/v1/rpa/${uid}/emitir`);
    const r = await t.app.inject({ method: 'GET', url: `/api/v1/rpa/${uid}/pdf`, headers: { cookie: await session(t.app, 'admin@demo.com.br') } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    const texto = textoDoPdf(r.rawPayload);
    const junto = texto.join('\n');
    expect(junto).toContain(`Recibo de Pagamento a Autônomo (RPA) nº ${criado.body.data.numero}`);
    const linha = (rotulo: string) => {
      const i = texto.findIndex((l) => l.startsWith(rotulo));
      expect(i, `${rotulo} no PDF`).toBeGreaterThanOrEqual(0);
      return texto.slice(i, i + 3);
    };
    expect(linha('Valor bruto do frete')).toEqual(['Valor bruto do frete', '40.000,00', expect.anything()]);
    expect(linha('INSS retido')).toEqual(['INSS retido (11 % da base)', '8.000,00', '- 880,00']);
    expect(linha('SEST')).toEqual(['SEST (1,5 % da base de INSS)', '8.000,00', '- 120,00']);
    expect(linha('SENAT')).toEqual(['SENAT (1,0 % da base de INSS)', '8.000,00', '- 80,00']);
    expect(linha('IRRF')).toEqual(['IRRF (alíquota 15 %)', '3.120,00', '- 73,84']);
    expect(linha('ISS retido')).toEqual(['ISS retido (2 %)', '40.000,00', '- 800,00']);
    expect(linha('Total dos descontos').slice(0, 2)).toEqual(['Total dos descontos', '1.953,84']);
    expect(linha('Valor líquido a pagar').slice(0, 2)).toEqual(['Valor líquido a pagar', '38.046,16']);
    expect(junto).toContain('R$ 1.600,00');
    expect(junto).toContain('a importância líquida de R$ 38.046,16');
    expect(junto).toContain('Frete Curitiba -> São Paulo');
    // the memory, as printed (lines wrap at spaces)
    expect(texto.join(' ').replace(/\s+/g, ' ')).toContain('= base R$ 3.120,00; alíquota 15 % - R$ 394,16 = R$ 73,84.');
    expect((await outro.get(`/api/v1/rpa/${uid}/pdf`)).status).toBe(404);
  });

  it('tabela do embarcador a partir de 2027 vale pela data do RPA; editada, recalcula; vigências não se cruzam', async () => {
    const tabela = {
      vigenciaInicio: '2027-01-01', tetoInss: '9.000,00', deducaoDependente: 200, fonte: 'Tabela hipotética de teste',
      faixasIrrf: [{ ate: 3000, aliquota: 0, deducao: 0 }, { ate: 5000, aliquota: 10, deducao: 300 }, { ate: null, aliquota: 20, deducao: 800 }],
    };
    // the demo's own 2026 version (the legal values, up to 31/12/2026)
    expect((await admin.get('/api/v1/rpa/tabelas')).body.data.data.map((x: { vigenciaInicio: string; vigenciaFim: string; tetoInss: number }) => [x.vigenciaInicio, x.vigenciaFim, x.tetoInss]))
      .toEqual([['2026-01-01', '2026-12-31', 8475.55]]);
    const criada = await admin.post('/api/v1/rpa/tabelas', tabela);
    expect(criada.status, criada.text).toBe(201);
    expect(criada.body.data).toMatchObject({ tetoInss: 9000, aliquotaInss: 11, aliquotaSest: 1.5, percentualBaseInss: 20, vigenciaFim: null, reducaoAte: null });
    const calc = (data: string) => admin.post('/api/v1/rpa/calcular', { unidadeTransportadorUid: autonomo, data, valorFrete: 50000, dependentes: 1 });
    // 10/02/2027, 50.000,00, 1 dependente, tabela do embarcador: base 20 % = 10.000,00 limitada ao teto 9.000,00 → INSS 990,00;
    // SEST 1,5 % e SENAT 1 % de 10.000,00 = 150,00 e 100,00; IRRF: 5.000,00 − 990,00 − 200,00 = 3.810,00 → 10 % − 300,00 = 81,00;
    // descontos 1.321,00; líquido 48.679,00; patronal 2.000,00
    expect((await calc('2027-02-10')).body.data).toMatchObject({ vigenciaInicio: '2027-01-01', baseInss: 10000, baseInssLimitada: 9000, inss: 990, sest: 150, senat: 100,
      baseIrrf: 3810, aliquotaIrrf: 10, irrf: 81, inssPatronal: 2000, totalDescontos: 1321, valorLiquido: 48679 });
    // 10/12/2026 still the built-in 2026 table: teto 8.475,55 → INSS 932,31; IRRF zeroed by the Lei 15.270/2025 reduction (rendimento 5.000,00)
    expect((await calc('2026-12-10')).body.data).toMatchObject({ vigenciaInicio: '2026-01-01', inss: 932.31, irrf: 0 });
    // ceiling edited to 8.000,00: INSS 880,00; IRRF 5.000,00 − 880,00 − 200,00 = 3.920,00 → 392,00 − 300,00 = 92,00;
    // descontos 880,00 + 150,00 + 100,00 + 92,00 = 1.222,00; líquido 48.778,00
    const editada = await admin.put(`/api/v1/rpa/tabelas/${criada.body.data.uid}`, { ...tabela, tetoInss: 8000 });
    expect(editada.status, editada.text).toBe(200);
    expect((await calc('2027-02-10')).body.data).toMatchObject({ baseInssLimitada: 8000, inss: 880, baseIrrf: 3920, irrf: 92, valorLiquido: 48778 });
    const cruza = await admin.post('/api/v1/rpa/tabelas', { ...tabela, vigenciaInicio: '2027-06-01' });
    expect([cruza.status, cruza.body.errors?.[0]?.field, cruza.body.errors?.[0]?.message]).toEqual([400, 'vigenciaInicio', 'A vigência cruza a da tabela de 01/01/2027 a sem fim.']);
    const fimAntes = await admin.post('/api/v1/rpa/tabelas', { ...tabela, vigenciaInicio: '2028-06-01', vigenciaFim: '2028-01-01' });
    expect([fimAntes.status, fimAntes.body.errors?.[0]?.field]).toEqual([400, 'vigenciaFim']);
    const faixas = await admin.post('/api/v1/rpa/tabelas', { ...tabela, vigenciaInicio: '2020-01-01', vigenciaFim: '2020-12-31', faixasIrrf: [{ ate: 5000, aliquota: 0, deducao: 0 }, { ate: 3000, aliquota: 10, deducao: 0 }, { ate: null, aliquota: 20, deducao: 0 }] });
    expect([faixas.status, faixas.body.errors?.[0]?.field]).toEqual([400, 'faixasIrrf']);
    expect((await outro.get(`/api/v1/rpa/tabelas/${criada.body.data.uid}`)).status).toBe(404);
    expect((await outro.get('/api/v1/rpa/tabelas')).body.data.data.map((x: { uid: string }) => x.uid)).not.toContain(criada.body.data.uid);
    // removed: the built-in table again (2026's, open-ended)
    expect((await admin.delete(`/api/v1/rpa/tabelas/${criada.body.data.uid}`)).status).toBe(200);
    expect((await calc('2027-02-10')).body.data).toMatchObject({ vigenciaInicio: '2026-01-01', inss: 932.31 });
  });
});

describe('vencimento do dia 20 (INSS, IRRF, SEST/SENAT)', () => {
  it('dia 20 em fim de semana ou feriado vai para o dia útil anterior', () => {
    expect(dia20DoMesSeguinte('2026-12-10')).toBe('2027-01-20');
    expect(diaUtilAnterior('2026-07-20', [])).toBe('2026-07-20'); // segunda-feira
    expect(diaUtilAnterior('2026-09-20', [])).toBe('2026-09-18'); // domingo → sexta
    expect(diaUtilAnterior('2027-02-20', [])).toBe('2027-02-19'); // sábado → sexta
    expect(diaUtilAnterior('2026-11-20', ['2026-11-20'])).toBe('2026-11-19'); // Consciência Negra (sexta) → quinta
    // sábado, sexta feriado → quinta
    expect(diaUtilAnterior('2027-03-20', ['2027-03-19'])).toBe('2027-03-18');
  });

  it('os títulos do RPA emitido vencem no dia útil anterior ao dia 20 (feriados do cadastro)', async () => {
    const venc = async (data: string) => {
      const r = await admin.post('/api/v1/rpa', { unidadeTransportadorUid: autonomo, data, valorFrete: 3000 });
      expect(r.status, r.text).toBe(201);
      expect((await admin.get(`/api/v1/rpa/${r.body.data.uid}/emitir`)).status).toBe(200);
      const titulos = (await admin.get('/api/v1/rpa/titulos', { ftr_rpaUid: r.body.data.uid })).body.data.data as { tipo: string; vencimento: string }[];
      return [...new Set(titulos.filter((x) => x.tipo !== 'LIQUIDO').map((x) => x.vencimento))];
    };
    // 20/09/2026 is a Sunday → Friday 18/09
    expect(await venc('2026-08-10')).toEqual(['2026-09-18']);
    // 20/11/2026 is Consciência Negra (national holiday, Friday) → Thursday 19/11
    expect(await venc('2026-10-10')).toEqual(['2026-11-19']);
  });
});

describe('Carnaval e o vencimento do ISS', () => {
  it('Carnaval pela Páscoa: segunda e terça 48 e 47 dias antes', () => {
    // Páscoa 2023-04-09, 2025-04-20, 2026-04-05, 2027-03-28, 2038-04-25 (a mais tardia do século)
    expect(['2023', '2025', '2026', '2027', '2038'].map((a) => pascoa(Number(a)))).toEqual(['2023-04-09', '2025-04-20', '2026-04-05', '2027-03-28', '2038-04-25']);
    expect(carnaval(2023)).toEqual(['2023-02-20', '2023-02-21']);
    expect(carnaval(2026)).toEqual(['2026-02-16', '2026-02-17']);
    expect(carnaval(2027)).toEqual(['2027-02-08', '2027-02-09']);
    expect(carnaval(2038)).toEqual(['2038-03-08', '2038-03-09']);
  });

  it('INSS do dia 20 na segunda de Carnaval (fev/2023, fora do cadastro de feriados) vence na sexta 17/02', async () => {
    const embarcadorUid = (await t.db.select({ uid: embarcadores.uid }).from(embarcadores))[0]!.uid;
    expect(await vencimentoDia20(t.db, embarcadorUid, '2023-01-15')).toBe('2023-02-17');
    // 20/03/2023 segunda comum
    expect(await vencimentoDia20(t.db, embarcadorUid, '2023-02-15')).toBe('2023-03-20');
  });

  it('condição de pagamento: vencimento na segunda ou terça de Carnaval vai para a quarta de Cinzas', () => {
    // 17/01/2026 + 30 = 16/02 (segunda de Carnaval) → 18/02; 18/01 + 30 = 17/02 (terça) → 18/02; 19/01 + 30 = 18/02 fica
    expect(vencimentos([30], '2026-01-17')).toEqual(['2026-02-18']);
    expect(vencimentos([30], '2026-01-18')).toEqual(['2026-02-18']);
    expect(vencimentos([30], '2026-01-19')).toEqual(['2026-02-18']);
    // 2027: 09/01 + 30 = 08/02 (segunda) → 10/02; com 60 dias, 10/03 (quarta comum)
    expect(vencimentos([30, 60], '2027-01-09')).toEqual(['2027-02-10', '2027-03-10']);
  });

  it('ISS do RPA: dia 10 do mês seguinte (ou o parâmetro rpaIssDiaVencimento), antecipado para o dia útil anterior', async () => {
    const issDe = async (data: string) => {
      const r = await admin.post('/api/v1/rpa', { unidadeTransportadorUid: autonomo, data, valorFrete: 1000, aliquotaIss: 5 });
      expect(r.status, r.text).toBe(201);
      expect((await admin.get(`/api/v1/rpa/${r.body.data.uid}/emitir`)).status).toBe(200);
      const titulos = (await admin.get('/api/v1/rpa/titulos', { ftr_rpaUid: r.body.data.uid })).body.data.data as { tipo: string; valor: number; vencimento: string }[];
      return titulos.filter((x) => x.tipo === 'ISS' || x.tipo === 'INSS').map((x) => [x.tipo, x.valor, x.vencimento]).sort();
    };
    // 1.000,00: ISS 5 % = 50,00; INSS 11 % de 200,00 = 22,00. 10/01/2026 é sábado → sexta 09/01; 20/01/2026 terça
    expect(await issDe('2025-12-05')).toEqual([['INSS', 22, '2026-01-20'], ['ISS', 50, '2026-01-09']]);
    // 10/02/2026 terça: fica
    expect(await issDe('2026-01-05')).toEqual([['INSS', 22, '2026-02-20'], ['ISS', 50, '2026-02-10']]);
    // dia 17: 17/02/2026 é a terça de Carnaval, 16 a segunda → sexta 13/02 (o cadastro não tem a segunda; a terça é facultativo)
    const put = await admin.put('/api/v1/administracao/parametros', { rpaIssDiaVencimento: 17 });
    expect(put.status, put.text).toBe(200);
    try {
      expect(await issDe('2026-01-06')).toEqual([['INSS', 22, '2026-02-20'], ['ISS', 50, '2026-02-13']]);
      const ruim = await admin.put('/api/v1/administracao/parametros', { rpaIssDiaVencimento: 31 });
      expect([ruim.status, ruim.body.errors?.[0]?.field]).toEqual([400, 'rpaIssDiaVencimento']);
    } finally {
      await admin.put('/api/v1/administracao/parametros', { rpaIssDiaVencimento: null });
    }
  });
});
