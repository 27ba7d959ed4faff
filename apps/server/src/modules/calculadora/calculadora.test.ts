import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { pessoas, tabelasFrete, transportadores } from '../../db/schema/index.ts';
import { cacheDe } from './service.ts';

// POST /calculadora/calcular over the demo tables: ranking, reasons of the tables that did not quote,
// places (CEP, municipality, regions), restrictions, holidays, the per-table cache.
let t: TestApp;
let admin: Api, outro: Api, transp: Api;
const uid: Record<string, string> = {};
const URL = '/api/v1/calculadora/calcular';
const carga = {
  origem: { cep: '01310-100' },
  destino: { cep: '20040-002' },
  pesoKg: 150,
  m3: 0.6,
  valorMercadoria: 10000,
  data: '2026-04-17',
};
type Cotacao = {
  tabelaNome: string;
  total: number;
  prazoDiasUteis: number;
  prioridade: number;
  componentes: { componente: string; valor: number }[];
  dataPrevistaEntrega: string;
  tabelaUid: string;
};
const resumo = (cs: Cotacao[]) => cs.map((c) => [c.tabelaNome, c.total, c.prazoDiasUteis]);

beforeAll(async () => {
  t = await createTestApp();
  [admin, outro, transp] = await Promise.all(
    ['admin@demo.com.br', 'admin@outro.com.br', 'transportador@rapidosul.com.br'].map((l) => as(t.app, l)),
  );
  for (const c of await t.db.select().from(transportadores)) uid[c.nomeFantasia as string] = c.uid;
});
afterAll(() => t?.close());

async function calcular(extra: Record<string, unknown> = {}, quem: Api = admin) {
  const res = await quem.post(URL, { ...carga, ...extra });
  expect(res.status, res.text).toBe(200);
  return res.body.data as {
    cotacoes: Cotacao[];
    naoCotadas: { tabelaNome: string; transportadorNome: string; motivo: string }[];
    origem: Record<string, unknown>;
    destino: Record<string, unknown>;
  };
}

describe('ranking SP → RJ', () => {
  it('ranks the active, valid tables by total and explains the ones that did not quote', async () => {
    const r = await calcular();
    expect(resumo(r.cotacoes)).toEqual([
      ['Rápido Sul - Sudeste/Sul', 249.69, 2],
      ['TransMinas - SP/MG/RJ', 259.66, 3],
      ['Exemplo SP → RJ', 267.61, 2],
    ]);
    expect(r.naoCotadas.map((n) => [n.tabelaNome, n.motivo])).toEqual([
      [
        'Expresso Nordeste - SP → NE',
        'Nenhuma rota da tabela atende origem SP (IBGE 3550308, CEP 01310-100) → destino RJ (IBGE 3304557, CEP 20040-002).',
      ],
      [
        'João Autônomo - Lotação SP → RJ',
        expect.stringMatching(/^A tabela só atende origem SP .* com os tipos de veículo ".+"; a carga não informa o tipo de veículo\.$/),
      ],
    ]);
    // Inactive, in validation, history: never quoted nor listed.
    const todas = [...r.cotacoes.map((c) => c.tabelaNome), ...r.naoCotadas.map((n) => n.tabelaNome)];
    expect(todas).not.toContain('TransMinas - Promocional');
    expect(todas).not.toContain('Expresso Nordeste - Proposta');
    expect(r.origem).toEqual({ uf: 'SP', ibge: '3550308', cep: '01310100', regioes: [expect.any(String)] });
    expect(r.destino).toMatchObject({ uf: 'RJ', ibge: '3304557', cep: '20040002', regioes: [] });
  });

  it('a Truck makes the full-truck table quote (ICMS included in its price); transportadorUids filters', async () => {
    const [truck] = (
      (await t.db.execute(sql`select uid from tipos_veiculo where nome = 'Truck' and embarcador_uid is null`)) as unknown as {
        rows: { uid: string }[];
      }
    ).rows;
    const r = await calcular({ tipoVeiculoUid: truck.uid, transportadorUids: [uid['João Autônomo']] });
    expect(r.cotacoes).toEqual([
      expect.objectContaining({
        tabelaNome: 'João Autônomo - Lotação SP → RJ',
        valorSemIcms: 2980.6,
        total: 2980.6,
        icms: 357.67,
        aliquotaIcms: 12,
        prazoDiasUteis: 1,
        componentes: [
          { componente: 'FRETE_PESO', nome: 'Frete peso', base: 'VIAGEM', quantidade: 1, valor: 2800 },
          { componente: 'PEDAGIO', nome: 'Pedágio', base: 'KM', quantidade: 430, valor: 180.6 },
        ],
      }),
    ]);
    expect(r.naoCotadas).toEqual([]);
  });

  it('TDE applies only to the listed recipients (by CNPJ or by person uid)', async () => {
    const [paoDeMel] = await t.db.select().from(pessoas).where(eq(pessoas.nome, 'Supermercados Pão de Mel Ltda'));
    const rapido = (cs: Cotacao[]) => cs.find((c) => c.tabelaNome === 'Rápido Sul - Sudeste/Sul') as Cotacao;
    const sem = rapido((await calcular()).cotacoes);
    expect(sem.componentes.map((c) => c.componente)).not.toContain('TDE');
    for (const destinatario of [paoDeMel.documento, paoDeMel.uid]) {
      const com = rapido((await calcular({ destinatario })).cotacoes);
      expect(com.componentes.find((c) => c.componente === 'TDE')?.valor).toBe(47.7);
      expect(com.total).toBe(303.9);
    }
  });
});

describe('places', () => {
  it('a Northeast capital quotes by the region route; Recife by its own capital route; Feira de Santana not at all', async () => {
    const salvador = await calcular({ destino: { municipioIbge: '2927408' } });
    // 160 + 1.45 × 80 kg excess + 40 ad valorem + 30 GRIS + 15 toll + 4.50 TAS + 2.50 dispatch = 368.00; ICMS SP → BA 7 %
    expect(resumo(salvador.cotacoes)).toEqual([['Expresso Nordeste - SP → NE', 395.7, 6]]);
    const recife = await calcular({ destino: { cep: '50030-230' } });
    expect(recife.destino).toMatchObject({ uf: 'PE', ibge: '2611606' });
    // 150 + 1.35 × 80 + 92.00 = 350.00 / 0.93
    expect(resumo(recife.cotacoes)).toEqual([['Expresso Nordeste - SP → NE', 376.34, 5]]);
    const feira = await calcular({ destino: { municipioIbge: '2910800' } });
    expect(feira.cotacoes).toEqual([]);
    expect(feira.naoCotadas.find((n) => n.transportadorNome === 'Expresso Nordeste Logística Ltda')?.motivo).toBe(
      'Nenhuma rota da tabela atende origem SP (IBGE 3550308, CEP 01310-100) → destino BA (IBGE 2910800).',
    );
  });

  it('a CEP outside the shipper ranges resolves by the Correios ranges of each UF; unknown places are 400', async () => {
    const am = await calcular({ destino: { cep: '69005-000' } });
    expect(am.destino).toEqual({ uf: 'AM', ibge: null, cep: '69005000', regioes: [] });
    const semMun = await admin.post(URL, { ...carga, destino: { municipioIbge: '3599999' } });
    expect(semMun.status).toBe(400);
    expect(semMun.body.errors).toEqual([
      { field: 'destino.municipioIbge', message: 'Município 3599999 não encontrado no cadastro do IBGE' },
    ]);
    const semCep = await admin.post(URL, { ...carga, destino: { cep: '00999-999' } });
    expect(semCep.body.errors).toEqual([{ field: 'destino.cep', message: 'CEP 00999999 não pertence a nenhuma faixa de CEP conhecida' }]);
    const vazio = await admin.post(URL, { ...carga, destino: {} });
    expect(vazio.body.errors).toEqual([{ field: 'destino', message: 'Informe o CEP ou o código IBGE do município' }]);
  });
});

describe('input', () => {
  it('dimensions give the volume; m3 and dimensions together, negatives and bad documents are 400', async () => {
    const r = await calcular({
      m3: undefined,
      dimensoes: [{ comprimentoCm: 100, larguraCm: 60, alturaCm: 50, quantidade: 2 }],
      transportadorUids: [uid['Rápido Sul']],
    });
    expect(r.cotacoes.find((c) => c.tabelaNome === 'Exemplo SP → RJ')).toMatchObject({ pesoTaxado: 180, total: 267.61 });
    const ambos = await admin.post(URL, { ...carga, dimensoes: [{ comprimentoCm: 1, larguraCm: 1, alturaCm: 1 }] });
    expect(ambos.body.errors).toEqual([{ field: 'dimensoes', message: 'Informe m3 ou dimensoes, não ambos' }]);
    const neg = await admin.post(URL, { ...carga, pesoKg: -1, valorMercadoria: -5 });
    expect(neg.body.errors).toEqual([
      { field: 'pesoKg', message: 'Peso não pode ser negativo' },
      { field: 'valorMercadoria', message: 'Valor da mercadoria não pode ser negativo' },
    ]);
    const doc = await admin.post(URL, { ...carga, remetente: '11.222.333/0001-80' });
    expect(doc.body.errors).toEqual([{ field: 'remetente', message: 'CPF/CNPJ inválido' }]);
    const [alheia] = await t.db.select().from(pessoas).where(eq(pessoas.nome, 'Mercadinho Copacabana Ltda'));
    const pessoaAlheia = await admin.post(URL, { ...carga, destinatario: alheia.uid });
    expect(pessoaAlheia.body.errors).toEqual([{ field: 'destinatario', message: 'Pessoa não encontrada' }]);
    expect((await transp.post(URL, carga)).status).toBe(403);
  });

  it('another shipper quotes only its own tables', async () => {
    const r = await calcular({ origem: { uf: 'RJ' }, destino: { uf: 'MG' } }, outro);
    expect(r.cotacoes.map((c) => c.tabelaNome)).toEqual(['TransMinas - Rio → MG']);
    expect(r.naoCotadas).toEqual([]);
  });
});

describe('deadline', () => {
  it("counts business days without the destination's holidays (not the facultativos)", async () => {
    const exemplo = async () =>
      (await calcular({ transportadorUids: [uid['Rápido Sul']] })).cotacoes.find((c) => c.tabelaNome === 'Exemplo SP → RJ') as Cotacao;
    expect((await exemplo()).dataPrevistaEntrega).toBe('2026-04-22');
    expect(
      (
        await admin.post('/api/v1/feriados', {
          data: '2026-04-20',
          nome: 'Feriado municipal de teste',
          escopo: 'MUNICIPIO',
          municipioIbge: '3304557',
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await admin.post('/api/v1/feriados', {
          data: '2026-04-22',
          nome: 'Ponto facultativo de teste',
          escopo: 'UF',
          uf: 'RJ',
          facultativo: true,
        })
      ).status,
    ).toBe(201);
    // 20 (municipal), 21 (Tiradentes) and 23 (São Jorge, RJ) are skipped; 22 and 24 count.
    expect((await exemplo()).dataPrevistaEntrega).toBe('2026-04-24');
    // Another shipper's holidays never apply.
    expect(
      (await outro.post('/api/v1/feriados', { data: '2026-04-24', nome: 'Do outro', escopo: 'MUNICIPIO', municipioIbge: '3304557' }))
        .status,
    ).toBe(201);
    expect((await exemplo()).dataPrevistaEntrega).toBe('2026-04-24');
  });
});

describe('priority and cache', () => {
  let a: string;
  let b: string;
  beforeAll(async () => {
    const criar = async (nome: string, prioridade: number) => {
      const tab = (
        await admin.post('/api/v1/tabelasfrete', { nome, transportadorUid: uid.TransMinas, vigenciaInicio: '2026-01-01', prioridade })
      ).body.data.uid;
      const rota = (
        await admin.post(`/api/v1/tabelasfrete/${tab}/rotas`, {
          origem: { tipo: 'UF', uf: 'SP' },
          destino: { tipo: 'UF', uf: 'RJ' },
          prazoDiasUteis: 2,
          freteMinimo: 100,
        })
      ).body.data;
      await admin.post(`/api/v1/tabelasfrete/${tab}/rotasComponente`, {
        tabelaRotaUid: rota.uid,
        componente: 'FRETE_PESO',
        base: 'PESO',
        calculo: 'POR_UNIDADE',
        valor: 1,
      });
      const ativa = await admin.put(`/api/v1/tabelasfrete/${tab}`, {
        nome,
        transportadorUid: uid.TransMinas,
        vigenciaInicio: '2026-01-01',
        prioridade,
        status: 1,
      });
      expect(ativa.status, ativa.text).toBe(200);
      return tab;
    };
    a = await criar('Empate A', 5);
    b = await criar('Empate B', 1);
  });
  const empates = async () =>
    (await calcular({ transportadorUids: [uid.TransMinas] })).cotacoes.filter((c) => c.tabelaNome.startsWith('Empate'));

  it('equal totals and deadlines rank by priority (lower first); a lane priority overrides the table one', async () => {
    expect((await empates()).map((c) => [c.tabelaNome, c.total, c.prioridade])).toEqual([
      ['Empate B', 204.55, 1],
      ['Empate A', 204.55, 5],
    ]);
    expect((await admin.post(`/api/v1/tabelasfrete/${a}/prioridades`, { destino: { tipo: 'UF', uf: 'RJ' }, prioridade: 0 })).status).toBe(
      201,
    );
    expect((await empates()).map((c) => [c.tabelaNome, c.prioridade])).toEqual([
      ['Empate A', 0],
      ['Empate B', 1],
    ]);
  });

  it('a change of a table is seen by the next quote (cache keyed by revisao)', async () => {
    await empates();
    const cache = cacheDe(t.db);
    expect(cache.tamanho).toBeGreaterThan(0);
    const [regra] = (await admin.get(`/api/v1/tabelasfrete/${b}/rotasComponente`)).body.data.data;
    const put = await admin.put(`/api/v1/tabelasfrete/${b}/rotasComponente/${regra.uid}`, {
      tabelaRotaUid: regra.tabelaRotaUid,
      componente: 'FRETE_PESO',
      base: 'PESO',
      calculo: 'POR_UNIDADE',
      valor: 2,
    });
    expect(put.status, put.text).toBe(200);
    expect((await empates()).map((c) => [c.tabelaNome, c.total])).toEqual([
      ['Empate A', 204.55],
      ['Empate B', 409.09],
    ]);
    await admin.put(`/api/v1/tabelasfrete/${b}`, {
      nome: 'Empate B',
      transportadorUid: uid.TransMinas,
      vigenciaInicio: '2026-01-01',
      prioridade: 1,
      status: 2,
    });
    expect((await empates()).map((c) => c.tabelaNome)).toEqual(['Empate A']);
  });

  it('a stored table the engine refuses does not quote and says why; an inactive carrier neither', async () => {
    const [g] = (
      (await t.db.execute(
        sql`insert into regras (tabela_frete_uid, escopo, componente, base, calculo) values (${a}, 'GENERALIDADE', 'ENTREGA', 'VIAGEM', 'FAIXA') returning uid`,
      )) as unknown as { rows: { uid: string }[] }
    ).rows;
    await t.db
      .update(tabelasFrete)
      .set({ revisao: sql`${tabelasFrete.revisao} + 1` } as never)
      .where(eq(tabelasFrete.uid, a));
    const r = await calcular({ transportadorUids: [uid.TransMinas] });
    expect(r.naoCotadas.find((n) => n.tabelaNome === 'Empate A')?.motivo).toBe(
      'A tabela tem erros de cadastro (generalidades[0].faixas): ENTREGA: o cálculo FAIXA exige ao menos uma faixa',
    );
    expect(g.uid).toBeTruthy();
    await t.db.update(transportadores).set({ ativo: false }).where(eq(transportadores.uid, uid.TransMinas));
    const inativo = await calcular({ transportadorUids: [uid.TransMinas] });
    expect(inativo.cotacoes).toEqual([]);
    expect(new Set(inativo.naoCotadas.map((n) => n.motivo))).toEqual(new Set(['O transportador está inativo.']));
  });
});

describe('motivos de não cotação nomeiam a rota pelos lugares, nunca pelo uid', () => {
  it('rota repetida gravada direto no banco: "Rota São Paulo/SP → Campinas/SP repete…"', async () => {
    const ex = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
    const [tab] = await ex<{ uid: string }>(sql`
      insert into tabelas_frete (embarcador_uid, nome, transportador_uid, vigencia_inicio, status)
      select e.uid, 'Rotas repetidas', ${uid['Rápido Sul']}, '2020-01-01', 1 from embarcadores e where e.cnpj = '11222333000181'
      returning uid`);
    for (const ordem of [0, 1])
      await t.db.execute(sql`
        insert into tabela_frete_rotas (tabela_frete_uid, origem_tipo, origem_ibge, destino_tipo, destino_ibge, prazo_dias_uteis, ordem)
        values (${tab.uid}, 'MUNICIPIO', '3550308', 'MUNICIPIO', '3509502', 1, ${ordem})`);
    const r = await calcular({ transportadorUids: [uid['Rápido Sul']] });
    const motivo = r.naoCotadas.find((n) => n.tabelaNome === 'Rotas repetidas')?.motivo;
    expect(motivo).toBe(
      'A tabela tem erros de cadastro: Rota São Paulo/SP → Campinas/SP repete a origem, o destino e o tipo de veículo da rota 1 e nunca seria escolhida',
    );
    expect(motivo).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
    await t.db.execute(sql`delete from tabelas_frete where uid = ${tab.uid}`);
  });
});
