import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as, session } from '../../../test/support/http.ts';
import { enviar } from '../anexos/multipart-teste.ts';
import { papeis, pessoas, transportadores } from '../../db/schema/index.ts';
import { calculoPelaTabela } from '../auditorias/calculo.ts';
import { cacheDe } from './service.ts';

// Issue 9 through the API: tables built with the API, quoted by POST /calculadora/calcular with the
// worked numbers (transport ICMS, ISS, importado, adicionais, validity by date) and the maker–checker.
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
const corpoTabela = (nome: string, extra: Record<string, unknown> = {}) => ({
  nome,
  transportadorUid: rapido,
  vigenciaInicio: '2026-01-01',
  fatorCubagem: 300,
  icmsIncluso: false,
  ...extra,
});

/** The table of fault 1 (SP → SP), built route, rules and ranges through the API, then activated. */
async function tabelaSp(nome: string, extra: Record<string, unknown> = {}) {
  const uid = criado(await admin.post('/api/v1/tabelasfrete', corpoTabela(nome, extra))).uid;
  const base = `/api/v1/tabelasfrete/${uid}`;
  const rota = criado(await admin.post(`${base}/rotas`, { origem: { tipo: 'UF', uf: 'SP' }, destino: { tipo: 'UF', uf: 'SP' }, prazoDiasUteis: 1 }));
  const regra = (corpo: Record<string, unknown>) => admin.post(`${base}/rotasComponente`, { tabelaRotaUid: rota.uid, ...corpo });
  criado(
    await regra({
      componente: 'FRETE_PESO',
      base: 'PESO',
      calculo: 'FAIXA',
      faixas: [
        { ate: 100, valor: 78, modo: 'FIXO' },
        { ate: null, valor: 0.62, modo: 'EXCEDENTE' },
      ],
    }),
  );
  criado(await regra({ componente: 'FRETE_VALOR', base: 'VALOR', calculo: 'PERCENTUAL', valor: 0.3 }));
  criado(await regra({ componente: 'GRIS', base: 'VALOR', calculo: 'PERCENTUAL', valor: 0.2, minimo: 5 }));
  criado(await regra({ componente: 'PEDAGIO', base: 'FRACAO_100KG', calculo: 'POR_UNIDADE', valor: 4.5 }));
  criado(await regra({ componente: 'TAS', base: 'VIAGEM', calculo: 'FIXO', valor: 12 }));
  return { uid, base };
}
const ativar = (base: string, api = admin) => api.put(`${base}/atualizarstatus`, { status: 1 });

const cotar = async (tabela: string, corpo: Record<string, unknown>) => {
  const res = await admin.post('/api/v1/calculadora/calcular', {
    pesoKg: 350,
    m3: 1.2,
    valorMercadoria: 18000,
    data: '2026-04-15',
    transportadorUids: [rapido],
    ...corpo,
  });
  expect(res.status, res.text).toBe(200);
  return {
    cotacao: res.body.data.cotacoes.find((c: { tabelaUid: string }) => c.tabelaUid === tabela),
    naoCotada: res.body.data.naoCotadas.find((c: { tabelaUid: string }) => c.tabelaUid === tabela),
  };
};

describe('tributos do frete', () => {
  let tabela: string;
  beforeAll(async () => {
    const t1 = await tabelaSp('Fracionado SP');
    tabela = t1.uid;
    const rj = criado(
      await admin.post(`${t1.base}/rotas`, { origem: { tipo: 'UF', uf: 'SP' }, destino: { tipo: 'UF', uf: 'RJ' }, prazoDiasUteis: 2 }),
    );
    criado(
      await admin.post(`${t1.base}/rotasComponente`, { tabelaRotaUid: rj.uid, componente: 'FRETE_PESO', base: 'PESO', calculo: 'POR_UNIDADE', valor: 1 }),
    );
    expect((await ativar(t1.base)).status).toBe(200);
  });

  it('1. São Paulo → Campinas: ICMS do transporte 12 % → 408,18 (ICMS 48,98), não 438,05', async () => {
    const { cotacao } = await cotar(tabela, { origem: { municipioIbge: '3550308' }, destino: { municipioIbge: '3509502' } });
    expect(cotacao).toMatchObject({ pesoTaxado: 360, valorSemIcms: 359.2, aliquotaIcms: 12, icms: 48.98, total: 408.18, tributo: 'ICMS' });
    // The breakdown says where the 12 % comes from.
    expect(cotacao.fonteAliquota).toBe('RICMS/SP (Decreto 45.490/2000), art. 54, I');
  });

  it('1. a alíquota do transporte é editável pelo embarcador (regra TRANSPORTE datada)', async () => {
    const regra = await admin.post('/api/v1/configuracoes/tributos', { tipo: 'TRANSPORTE', uf: 'SP', aliquota: 7, vigenciaInicio: '2026-04-01' });
    expect(regra.status, regra.text).toBe(201);
    const { cotacao } = await cotar(tabela, { origem: { municipioIbge: '3550308' }, destino: { municipioIbge: '3509502' } });
    expect(cotacao).toMatchObject({ aliquotaIcms: 7, total: 386.24, fonteAliquota: 'Regra tributária do embarcador (TRANSPORTE SP)' });
    // Before the rule's start the legal 12 % applies.
    expect((await cotar(tabela, { origem: { municipioIbge: '3550308' }, destino: { municipioIbge: '3509502' }, data: '2026-03-16' })).cotacao.total).toBe(408.18);
    const inativa = await admin.put(`/api/v1/configuracoes/tributos/${regra.body.data.uid}`, {
      tipo: 'TRANSPORTE',
      uf: 'SP',
      aliquota: 7,
      vigenciaInicio: '2026-04-01',
      ativo: false,
    });
    expect(inativa.status, inativa.text).toBe(200);
  });

  it('2. Campinas → Campinas: ISS de 3 % do cadastro (370,31, ISS 11,11), nunca ICMS', async () => {
    const { cotacao } = await cotar(tabela, { origem: { municipioIbge: '3509502' }, destino: { municipioIbge: '3509502' } });
    expect(cotacao).toMatchObject({ tributo: 'ISS', aliquotaIss: 3, iss: 11.11, aliquotaIcms: 0, icms: 0, total: 370.31, fonteAliquota: 'Cadastro de ISS do município (LC 116/2003, item 16.02)' });
  });

  it('3. importado não muda o ICMS do frete', async () => {
    // SP → RJ, 360 kg × R$ 1,00 = 360,00: 12 % (Res. SF 22/1989) with or without imported goods → 409,09.
    const corpo = { origem: { municipioIbge: '3550308' }, destino: { municipioIbge: '3304557' } };
    expect((await cotar(tabela, corpo)).cotacao).toMatchObject({ aliquotaIcms: 12, total: 409.09, fonteAliquota: 'Resolução do Senado Federal 22/1989 (alíquotas interestaduais)' });
    expect((await cotar(tabela, { ...corpo, importado: true })).cotacao).toMatchObject({ aliquotaIcms: 12, total: 409.09 });
  });
});

describe('4. avisos: rota mais específica sem o frete principal', () => {
  it('GET avisos nomeia as rotas pelos lugares; validar continua vazio (a tabela pode ser ativada)', async () => {
    const { base } = await tabelaSp('Aviso de TDE em rota');
    const cep = criado(
      await admin.post(`${base}/rotas`, { origem: { tipo: 'UF', uf: 'SP' }, destino: { tipo: 'FAIXA_CEP', de: '13000000', ate: '13139999' }, prazoDiasUteis: 1 }),
    );
    criado(await admin.post(`${base}/rotasComponente`, { tabelaRotaUid: cep.uid, componente: 'TDE', base: 'VIAGEM', calculo: 'FIXO', valor: 35 }));
    const avisos = await admin.get(`${base}/avisos`);
    expect(avisos.status, avisos.text).toBe(200);
    expect(avisos.body.data).toEqual([
      {
        field: `rotas[${cep.uid}]`,
        message:
          'Rota SP → CEP 13000-000 a 13139-999 é mais específica que a rota SP → SP e não tem FRETE_PESO: nas cargas dela esse frete não seria cobrado. Para cobrar só uma taxa no local, use um adicional por local.',
      },
    ]);
    expect((await admin.get(`${base}/validar`)).body.data).toEqual([]);
  });
});

describe('4. adicional por local e 9. vigência na data', () => {
  it('TDE por faixa de CEP soma à rota UF; fora da faixa, não; tabela de dezembro só cota em dezembro', async () => {
    const { uid, base } = await tabelaSp('Dezembro', { vigenciaInicio: '2026-12-01', vigenciaFim: '2026-12-31' });
    const tde = await admin.post(`${base}/adicionais`, {
      componente: 'TDE',
      base: 'VIAGEM',
      calculo: 'FIXO',
      valor: 35,
      destino: { tipo: 'FAIXA_CEP', de: '13000000', ate: '13139999' },
    });
    expect(tde.status, tde.text).toBe(201);
    expect(tde.body.data).toMatchObject({ escopo: 'ADICIONAL', componente: 'TDE', destino: { tipo: 'FAIXA_CEP', de: '13000000' } });
    expect((await ativar(base)).status).toBe(200);
    const completa = await admin.get(`${base}`, { par: 'cmp,full' });
    expect(completa.body.data.adicionais).toHaveLength(1);
    expect(completa.body.data.generalidades).toHaveLength(0);

    const campinas = { origem: { municipioIbge: '3550308' }, destino: { cep: '13010-000' }, data: '2026-12-15' };
    const { cotacao } = await cotar(uid, campinas);
    expect(cotacao.componentes.find((c: { componente: string }) => c.componente === 'TDE')).toMatchObject({ valor: 35 });
    expect(cotacao).toMatchObject({ valorSemIcms: 394.2, adicionais: ['TDE'] });
    const fora = await cotar(uid, { ...campinas, destino: { cep: '01310-100' } });
    expect(fora.cotacao.componentes.some((c: { componente: string }) => c.componente === 'TDE')).toBe(false);
    // A January shipment does not see December's table at all.
    const janeiro = await cotar(uid, { ...campinas, data: '2027-01-04' });
    expect(janeiro.cotacao).toBeUndefined();
    expect(janeiro.naoCotada).toBeUndefined();
  });
});

describe('pontos facultativos (configuracoes.pontosFacultativosUteis)', () => {
  it('Carnaval 2027 (terça, 09/02): dia útil por padrão; com a configuração desligada o prazo de 1 dia pula para 10/02', async () => {
    const { uid, base } = await tabelaSp('Facultativos');
    expect((await ativar(base)).status).toBe(200);
    const carga = { origem: { municipioIbge: '3550308' }, destino: { municipioIbge: '3509502' }, data: '2027-02-08' };
    expect((await cotar(uid, carga)).cotacao.dataPrevistaEntrega).toBe('2027-02-09');
    expect((await admin.put('/api/v1/configuracoes', { pontosFacultativosUteis: false })).status).toBe(200);
    try {
      expect((await cotar(uid, carga)).cotacao.dataPrevistaEntrega).toBe('2027-02-10');
    } finally {
      expect((await admin.put('/api/v1/configuracoes', { pontosFacultativosUteis: true })).status).toBe(200);
    }
  });
});

describe('aprovação de tabelas (maker–checker)', () => {
  it('com a aprovação ligada, quem criou não ativa; outro usuário com permissão ativa e fica registrado', async () => {
    expect((await admin.put('/api/v1/configuracoes', { aprovacaoTabelas: true })).status).toBe(200);
    const { base } = await tabelaSp('Aprovação');
    const propria = await ativar(base);
    expect(propria.status, propria.text).toBe(403);
    await t.db
      .update(papeis)
      .set({ permissoes: sql`${papeis.permissoes} || '{"tabelasfrete": ["ler", "alterar"]}'::jsonb` })
      .where(eq(papeis.nome, 'Operador'));
    const semAprovar = await ativar(base, await as(t.app, 'operador@demo.com.br'));
    expect(semAprovar.status, semAprovar.text).toBe(403);
    expect(semAprovar.body.message).toContain('permissão "Aprovar"');
    await t.db
      .update(papeis)
      .set({ permissoes: sql`${papeis.permissoes} || '{"tabelasfrete": ["ler", "alterar", "aprovar"]}'::jsonb` })
      .where(eq(papeis.nome, 'Operador'));
    const operador = await as(t.app, 'operador@demo.com.br');
    const aprovada = await ativar(base, operador);
    expect(aprovada.status, aprovada.text).toBe(200);
    const tabela = (await admin.get(base)).body.data;
    expect(tabela).toMatchObject({ status: 1, submetidoPorNome: expect.any(String), aprovadoPorNome: 'Olívia Operadora' });
    expect((await admin.put('/api/v1/configuracoes', { aprovacaoTabelas: false })).status).toBe(200);
  });
});

describe('tabela derivada (vínculo)', () => {
  const CLIENTE = '11.222.333/0001-81';
  const spCampinas = { origem: { municipioIbge: '3550308' }, destino: { municipioIbge: '3509502' } };
  let base: { uid: string; base: string };
  let derivada: string;
  beforeAll(async () => {
    base = await tabelaSp('Base do vínculo');
    expect((await ativar(base.base)).status).toBe(200);
    const d = criado(
      await admin.post(
        '/api/v1/tabelasfrete',
        corpoTabela('Cliente Demo (+5 % frete peso)', {
          tabelaBaseUid: base.uid,
          ajustesBase: [{ componente: 'FRETE_PESO', tipo: 'PERCENTUAL', valor: 5, destinatarios: [CLIENTE] }],
        }),
      ),
    );
    expect(d).toMatchObject({
      tabelaBaseUid: base.uid,
      tabelaBaseNome: 'Base do vínculo',
      ajustesBase: [{ componente: 'FRETE_PESO', tipo: 'PERCENTUAL', valor: 5, rotaUid: null, destinatarios: ['11222333000181'] }],
    });
    derivada = d.uid;
    const ativada = await ativar(`/api/v1/tabelasfrete/${derivada}`);
    expect(ativada.status, ativada.text).toBe(200);
  });

  it('FRETE_PESO +5 % para o cliente: 239,20 → 251,16; 371,16 ÷ 0,88 = 421,77 (ICMS 50,61); os outros pagam a base', async () => {
    const { cotacao } = await cotar(derivada, { ...spCampinas, destinatario: '11222333000181' });
    expect(cotacao).toMatchObject({ valorSemIcms: 371.16, icms: 50.61, total: 421.77, derivadaDe: { uid: base.uid, nome: 'Base do vínculo' }, ajustados: ['FRETE_PESO'] });
    expect(cotacao.componentes.find((c: { componente: string }) => c.componente === 'FRETE_PESO').valor).toBe(251.16);
    const outro = (await cotar(derivada, spCampinas)).cotacao;
    expect(outro).toMatchObject({ valorSemIcms: 359.2, total: 408.18, derivadaDe: { nome: 'Base do vínculo' }, ajustados: [] });
  });

  it('segue a base: TAS 12,00 → 15,00 na base muda a derivada (374,16 ÷ 0,88 = 425,18)', async () => {
    const full = (await admin.get(base.base, { par: 'full' })).body.data;
    const tas = full.rotas[0].regras.find((g: { componente: string }) => g.componente === 'TAS');
    const put = await admin.put(`${base.base}/rotasComponente/${tas.uid}`, {
      tabelaRotaUid: full.rotas[0].uid,
      componente: 'TAS',
      base: 'VIAGEM',
      calculo: 'FIXO',
      valor: 15,
    });
    expect(put.status, put.text).toBe(200);
    const { cotacao } = await cotar(derivada, { ...spCampinas, destinatario: CLIENTE });
    expect(cotacao).toMatchObject({ valorSemIcms: 374.16, total: 425.18 });
  });

  it('validação: ciclo, a própria tabela, base inexistente ou inativa (400); rotas na derivada e excluir a base (409)', async () => {
    const d = `/api/v1/tabelasfrete/${derivada}`;
    const ciclo = await admin.put(base.base, corpoTabela('Base do vínculo', { tabelaBaseUid: derivada }));
    expect(ciclo.status).toBe(400);
    expect(ciclo.body.errors[0]).toMatchObject({ field: 'tabelaBaseUid', message: expect.stringContaining('Ciclo de vínculos') });
    const propria = await admin.put(d, corpoTabela('Cliente Demo (+5 % frete peso)', { tabelaBaseUid: derivada }));
    expect(propria.body.errors?.[0]).toMatchObject({ field: 'tabelaBaseUid', message: 'Uma tabela não pode ser base de si mesma' });
    const nenhuma = await admin.post('/api/v1/tabelasfrete', corpoTabela('X', { tabelaBaseUid: '00000000-0000-4000-8000-000000000000' }));
    expect(nenhuma.body.errors?.[0]).toMatchObject({ field: 'tabelaBaseUid', message: 'Tabela base não encontrada' });
    const inativa = criado(await admin.post('/api/v1/tabelasfrete', corpoTabela('Inativa', { status: 2 })));
    const comInativa = await admin.post('/api/v1/tabelasfrete', corpoTabela('Y', { tabelaBaseUid: inativa.uid }));
    expect(comInativa.body.errors?.[0]?.message).toBe('A tabela base "Inativa" precisa estar Ativa ou em Validação');
    const rota = await admin.post(`${d}/rotas`, { origem: { tipo: 'UF', uf: 'SP' }, destino: { tipo: 'UF', uf: 'MG' }, prazoDiasUteis: 2 });
    expect(rota.status).toBe(409);
    expect((await admin.delete(base.base)).status).toBe(409);
    // A PUT without the derived fields keeps them.
    const semCampos = await admin.put(d, corpoTabela('Cliente Demo (+5 % frete peso)'));
    expect(semCampos.status, semCampos.text).toBe(200);
    expect(semCampos.body.data).toMatchObject({ tabelaBaseUid: base.uid, ajustesBase: [{ componente: 'FRETE_PESO' }] });
    // An adjustment naming a route outside the base: the active derived table would be invalid (400).
    const rotaErrada = await admin.put(d, corpoTabela('Cliente Demo (+5 % frete peso)', {
      ajustesBase: [{ componente: 'TAS', tipo: 'VALOR', valor: 10, rotaUid: '00000000-0000-4000-8000-000000000000' }],
    }));
    expect(rotaErrada.status).toBe(400);
  });
});

describe('várias restrições do mesmo componente (GRIS por destinatário)', () => {
  const spCampinas = { origem: { municipioIbge: '3550308' }, destino: { municipioIbge: '3509502' } };
  let tab: { uid: string; base: string };
  let a: string, b: string;
  let clienteA: string;
  let restricoes: Record<string, string>;
  beforeAll(async () => {
    const demo = (await admin.get('/api/v1/perfil')).body.data.embarcadorAtivo.uid;
    const pj = await t.db
      .select({ uid: pessoas.uid, documento: pessoas.documento })
      .from(pessoas)
      .where(and(eq(pessoas.embarcadorUid, demo), eq(pessoas.tipoPessoa, 'J')))
      .orderBy(pessoas.nome)
      .limit(2);
    [a, b] = pj.map((p) => p.documento);
    clienteA = pj[0].uid;
    tab = await tabelaSp('GRIS por cliente');
    const rota = (await admin.get(tab.base, { par: 'full' })).body.data.rotas[0].uid;
    restricoes = {};
    for (const [nome, pessoa] of [
      ['A', pj[0]],
      ['B', pj[1]],
    ] as const) {
      const x = criado(await admin.post(`${tab.base}/restricoes-componentes`, { componente: 'GRIS', modo: 'SOMENTE', descricao: `GRIS do cliente ${nome}` }));
      criado(await admin.post(`${tab.base}/restricoes-componentes/${x.uid}/destinatarios/${pessoa.uid}`));
      restricoes[nome] = x.uid;
    }
    const gris = (valor: number, restricaoUid: string) =>
      admin.post(`${tab.base}/rotasComponente`, { tabelaRotaUid: rota, componente: 'GRIS', base: 'VALOR', calculo: 'PERCENTUAL', valor, minimo: 5, restricaoUid });
    const ga = criado(await gris(0.1, restricoes.A));
    expect(ga.restricao).toEqual({ uid: restricoes.A, modo: 'SOMENTE' });
    expect(ga.restricaoUid).toBe(restricoes.A);
    // A PUT without restricaoUid keeps the link.
    const put = await admin.put(`${tab.base}/rotasComponente/${ga.uid}`, { tabelaRotaUid: rota, componente: 'GRIS', base: 'VALOR', calculo: 'PERCENTUAL', valor: 0.1, minimo: 5 });
    expect(put.status, put.text).toBe(200);
    expect(put.body.data.restricaoUid).toBe(restricoes.A);
    criado(await gris(0.35, restricoes.B));
    // The same restriction twice in one place: 409; a restriction of another component: 400.
    expect((await gris(0.5, restricoes.B)).status).toBe(409);
    const tas = criado(await admin.post(`${tab.base}/restricoes-componentes`, { componente: 'TAS', modo: 'EXCETO' }));
    const errada = await gris(0.5, tas.uid);
    expect(errada.status).toBe(400);
    expect(errada.body.errors).toEqual([{ field: 'restricaoUid', message: 'A restrição é do componente TAS, não de GRIS' }]);
    // A linked restriction cannot be deleted (409 em uso) nor change component (400).
    expect((await admin.delete(`${tab.base}/restricoes-componentes/${restricoes.A}`)).status).toBe(409);
    expect((await admin.put(`${tab.base}/restricoes-componentes/${restricoes.A}`, { componente: 'TDE', modo: 'SOMENTE' })).status).toBe(400);
    expect((await admin.delete(`${tab.base}/restricoes-componentes/${tas.uid}`)).status).toBe(200);
    expect((await ativar(tab.base)).status).toBe(200);
  });

  it('GRIS 0,10 % para A (18,00 → 341,20 ÷ 0,88 = 387,73), 0,35 % para B (63,00 → 438,86), 0,20 % para os demais (408,18)', async () => {
    const gris = (c: { componentes: { componente: string; valor: number }[] }) => c.componentes.find((x) => x.componente === 'GRIS')?.valor;
    const ca = (await cotar(tab.uid, { ...spCampinas, destinatario: a })).cotacao;
    expect(ca).toMatchObject({ valorSemIcms: 341.2, icms: 46.53, total: 387.73 });
    expect(gris(ca)).toBe(18);
    const cb = (await cotar(tab.uid, { ...spCampinas, destinatario: b })).cotacao;
    expect(cb).toMatchObject({ valorSemIcms: 386.2, icms: 52.66, total: 438.86 });
    expect(gris(cb)).toBe(63);
    const outro = (await cotar(tab.uid, spCampinas)).cotacao;
    expect(outro).toMatchObject({ valorSemIcms: 359.2, total: 408.18 });
    expect(gris(outro)).toBe(36);
  });

  it('a simulação do pedido aplica a restrição pelo cliente do pedido (A: 387,73) e calcula na data prevista', async () => {
    const P = '/api/v1/documentos/pedidos';
    const pedido = (numero: string, extra: Record<string, unknown>) =>
      admin.post(P, { numero, origemMunicipioIbge: '3550308', destinoMunicipioIbge: '3509502', pesoKg: 350, volumeM3: '1,2', valor: '18.000,00', ...extra });
    const linha = async (uid: string) => {
      const s = await admin.get(`${P}/${uid}/simular-frete`);
      expect(s.status, s.text).toBe(200);
      return (s.body.data.data as { tabelaUid: string; total: number }[]).find((l) => l.tabelaUid === tab.uid);
    };
    const doA = criado(await pedido('PV-GRIS-A', { clienteUid: clienteA, dataPrevista: '2026-04-15' })).uid;
    expect((await linha(doA))?.total).toBe(387.73);
    const semCliente = criado(await pedido('PV-GRIS-0', { dataPrevista: '2026-04-15' })).uid;
    expect((await linha(semCliente))?.total).toBe(408.18);
    // Planned before the table's validity (01/01/2026): the table does not quote.
    const antes = criado(await pedido('PV-GRIS-2025', { clienteUid: clienteA, dataPrevista: '2025-12-15' })).uid;
    expect(await linha(antes)).toBeUndefined();
  });

  it('duplicar, reajustar (+10 %) e derivar levam as ligações às restrições', async () => {
    const copia = criado(await admin.post(`${tab.base}/duplicar`, {}));
    const full = (await admin.get(`/api/v1/tabelasfrete/${copia.uid}`, { par: 'full' })).body.data;
    const porDescricao = Object.fromEntries(full.restricoes.map((x: { uid: string; descricao: string }) => [x.descricao, x.uid]));
    const grisCopia = full.rotas[0].regras.filter((g: { componente: string }) => g.componente === 'GRIS');
    expect(grisCopia.map((g: { valor: number; restricaoUid: string | null }) => [g.valor, g.restricaoUid])).toEqual([
      [0.2, null],
      [0.1, porDescricao['GRIS do cliente A']],
      [0.35, porDescricao['GRIS do cliente B']],
    ]);
    expect(Object.values(restricoes)).not.toContain(porDescricao['GRIS do cliente A']);
    expect((await ativar(`/api/v1/tabelasfrete/${copia.uid}`)).status).toBe(200);
    expect((await cotar(copia.uid, { ...spCampinas, destinatario: a })).cotacao.total).toBe(387.73);

    // Derived from the copy, FRETE_PESO +5 % for all: 239,20 → 251,16; A: 353,16 ÷ 0,88 = 401,32.
    const d = criado(
      await admin.post('/api/v1/tabelasfrete', corpoTabela('Derivada GRIS por cliente', { tabelaBaseUid: copia.uid, ajustesBase: [{ componente: 'FRETE_PESO', tipo: 'PERCENTUAL', valor: 5 }] })),
    );
    expect((await ativar(`/api/v1/tabelasfrete/${d.uid}`)).status).toBe(200);
    expect((await cotar(d.uid, { ...spCampinas, destinatario: a })).cotacao).toMatchObject({ valorSemIcms: 353.16, total: 401.32 });

    // Readjusted +10 % from 2027: FRETE_PESO 85,80 + 0,68 × 260 = 262,60; FRETE_VALOR 54,00; GRIS A 18,00
    // (minimum 5,50); PEDAGIO 4,95 × 4 = 19,80; TAS 13,20 → 367,60 ÷ 0,88 = 417,73. B: 412,60 → 468,86.
    const r = await admin.post(`${tab.base}/reajustar`, { vigenciaInicio: '2027-01-01', vigenciaFim: null, percentual: 10 });
    expect(r.status, r.text).toBe(201);
    const data = '2027-03-15';
    expect((await cotar(r.body.data.uid, { ...spCampinas, destinatario: a, data })).cotacao).toMatchObject({ valorSemIcms: 367.6, total: 417.73 });
    expect((await cotar(r.body.data.uid, { ...spCampinas, destinatario: b, data })).cotacao).toMatchObject({ valorSemIcms: 412.6, total: 468.86 });
  });
});

describe('pedágio por eixo (eixos do tipo de veículo)', () => {
  let tab: string;
  let truck: string;
  let carreta: string;
  beforeAll(async () => {
    const tipos = (
      (await t.db.execute(sql`select uid, nome from tipos_veiculo where nome in ('Carreta', 'Truck') and embarcador_uid is null`)) as unknown as {
        rows: { uid: string; nome: string }[];
      }
    ).rows;
    carreta = tipos.find((x) => x.nome === 'Carreta')?.uid as string;
    truck = tipos.find((x) => x.nome === 'Truck')?.uid as string;
    tab = criado(await admin.post('/api/v1/tabelasfrete', corpoTabela('Lotação por eixo'))).uid;
    const base = `/api/v1/tabelasfrete/${tab}`;
    const rj = criado(
      await admin.post(`${base}/rotas`, {
        origem: { tipo: 'UF', uf: 'SP' },
        destino: { tipo: 'UF', uf: 'RJ' },
        prazoDiasUteis: 1,
        distanciaKm: 430,
        tipoVeiculoUid: carreta,
      }),
    );
    const mg = criado(
      await admin.post(`${base}/rotas`, { origem: { tipo: 'UF', uf: 'SP' }, destino: { tipo: 'UF', uf: 'MG' }, prazoDiasUteis: 2, distanciaKm: 586 }),
    );
    for (const rota of [rj.uid, mg.uid]) {
      criado(await admin.post(`${base}/rotasComponente`, { tabelaRotaUid: rota, componente: 'FRETE_PESO', base: 'KM', calculo: 'POR_UNIDADE', valor: 6.5 }));
      criado(await admin.post(`${base}/rotasComponente`, { tabelaRotaUid: rota, componente: 'PEDAGIO', base: 'EIXOS', calculo: 'POR_UNIDADE', valor: 57.4 }));
    }
    expect((await ativar(base)).status).toBe(200);
  });

  it('rota de Carreta (5 eixos): 430 km × 6,50 = 2.795,00 + 5 × 57,40 = 287,00 → 3.082,00 ÷ 0,88 = 3.502,27', async () => {
    const { cotacao } = await cotar(tab, { origem: { municipioIbge: '3550308' }, destino: { municipioIbge: '3304557' }, pesoKg: 20_000, m3: 60, tipoVeiculoUid: carreta });
    // A route of a vehicle type quotes loads that ask for it: a Truck load does not reach it.
    expect((await cotar(tab, { origem: { municipioIbge: '3550308' }, destino: { municipioIbge: '3304557' }, tipoVeiculoUid: truck })).naoCotada).toBeTruthy();
    expect(cotacao).toMatchObject({ valorSemIcms: 3082, aliquotaIcms: 12, icms: 420.27, total: 3502.27 });
    expect(cotacao.componentes.find((c: { componente: string }) => c.componente === 'PEDAGIO')).toMatchObject({ base: 'EIXOS', quantidade: 5, valor: 287 });
  });

  it('rota sem veículo: os eixos do Truck da carga (3 × 57,40 = 172,20; 586 km × 6,50 = 3.809,00 → 4.524,09); sem veículo não cota', async () => {
    const bh = { origem: { municipioIbge: '3550308' }, destino: { municipioIbge: '3106200' }, pesoKg: 10_000, m3: 40 };
    const { cotacao } = await cotar(tab, { ...bh, tipoVeiculoUid: truck });
    expect(cotacao).toMatchObject({ valorSemIcms: 3981.2, aliquotaIcms: 12, total: 4524.09 });
    expect(cotacao.componentes.find((c: { componente: string }) => c.componente === 'PEDAGIO')).toMatchObject({ quantidade: 3, valor: 172.2 });
    const { naoCotada } = await cotar(tab, bh);
    expect(naoCotada.motivo).toBe('PEDAGIO: a base EIXOS exige um tipo de veículo com a quantidade de eixos.');
  });
});

describe('restrição por produto / NCM (a carga leva a mercadoria)', () => {
  // Demo products: CHO-90 (chocolate, NCM 1806.32.10), CAF-500 (coffee, NCM 0901.21.00).
  // GRIS 0,50 % only for loads carrying NCM 1806*; PALETIZACAO 40,00 only for loads carrying CAF-500.
  const spCampinas = { origem: { municipioIbge: '3550308' }, destino: { municipioIbge: '3509502' } };
  let tab: { uid: string; base: string };
  beforeAll(async () => {
    tab = await tabelaSp('GRIS por mercadoria');
    const rota = (await admin.get(tab.base, { par: 'full' })).body.data.rotas[0].uid;
    const restricao = (corpo: Record<string, unknown>) => admin.post(`${tab.base}/restricoes-componentes`, corpo);
    // Bad input: unknown product, malformed NCM → 400 naming the field.
    const semProduto = await restricao({ componente: 'GRIS', modo: 'SOMENTE', produtos: ['NAO-EXISTE'] });
    expect(semProduto.status).toBe(400);
    expect(semProduto.body.errors).toEqual([{ field: 'produtos', message: 'Produto não cadastrado: NAO-EXISTE' }]);
    expect((await restricao({ componente: 'GRIS', modo: 'SOMENTE', ncms: ['18.06'] })).status).toBe(400);
    const chocolate = criado(await restricao({ componente: 'GRIS', modo: 'SOMENTE', ncms: ['1806'], descricao: 'Chocolates' }));
    expect(chocolate).toMatchObject({ produtos: [], ncms: ['1806'] });
    // Codes are matched without case and stored as registered.
    const cafe = criado(await restricao({ componente: 'PALETIZACAO', modo: 'SOMENTE', produtos: ['caf-500'] }));
    expect(cafe.produtos).toEqual(['CAF-500']);
    // The screen sends null for lists left empty: a restriction by people only, with no goods criterion.
    const soPessoas = criado(await restricao({ componente: 'TAS', modo: 'SOMENTE', produtos: null, ncms: null }));
    expect(soPessoas).toMatchObject({ produtos: [], ncms: [] });
    // Leaving the lists out of a change keeps them; null clears them.
    expect((await admin.put(`${tab.base}/restricoes-componentes/${cafe.uid}`, { componente: 'PALETIZACAO', modo: 'SOMENTE', descricao: 'Café' })).body.data.produtos).toEqual(['CAF-500']);
    expect((await admin.put(`${tab.base}/restricoes-componentes/${soPessoas.uid}`, { componente: 'TAS', modo: 'SOMENTE', produtos: null })).status).toBe(200);
    expect((await admin.delete(`${tab.base}/restricoes-componentes/${soPessoas.uid}`)).status).toBe(200);
    const regra = (corpo: Record<string, unknown>) => admin.post(`${tab.base}/rotasComponente`, { tabelaRotaUid: rota, ...corpo });
    criado(await regra({ componente: 'GRIS', base: 'VALOR', calculo: 'PERCENTUAL', valor: 0.5, restricaoUid: chocolate.uid }));
    criado(await regra({ componente: 'PALETIZACAO', base: 'VIAGEM', calculo: 'FIXO', valor: 40, restricaoUid: cafe.uid }));
    expect((await ativar(tab.base)).status).toBe(200);
  });

  it('chocolate: GRIS 0,50 % = 90,00 → 413,20 ÷ 0,88 = 469,55; café: PALETIZACAO 40,00 → 399,20 ÷ 0,88 = 453,64; sem produtos: 408,18', async () => {
    const valor = (c: { componentes: { componente: string; valor: number }[] }, k: string) => c.componentes.find((x) => x.componente === k)?.valor;
    const choc = (await cotar(tab.uid, { ...spCampinas, produtos: ['CHO-90'] })).cotacao;
    expect(choc).toMatchObject({ valorSemIcms: 413.2, icms: 56.35, total: 469.55 });
    expect([valor(choc, 'GRIS'), valor(choc, 'PALETIZACAO')]).toEqual([90, undefined]);
    const cafe = (await cotar(tab.uid, { ...spCampinas, produtos: ['CAF-500'] })).cotacao;
    expect(cafe).toMatchObject({ valorSemIcms: 399.2, icms: 54.44, total: 453.64 });
    expect(valor(cafe, 'GRIS')).toBe(36);
    // Both: 359,20 − 36,00 + 90,00 + 40,00 = 453,20 ÷ 0,88 = 515,00.
    expect((await cotar(tab.uid, { ...spCampinas, produtos: ['cho-90', 'CAF-500'] })).cotacao).toMatchObject({ valorSemIcms: 453.2, total: 515 });
    expect((await cotar(tab.uid, spCampinas)).cotacao).toMatchObject({ valorSemIcms: 359.2, total: 408.18 });
    const ruim = await admin.post('/api/v1/calculadora/calcular', { ...spCampinas, pesoKg: 1, valorMercadoria: 1, produtos: ['XPTO'] });
    expect(ruim.status).toBe(400);
    expect(ruim.body.errors).toEqual([{ field: 'produtos', message: 'Produto não cadastrado: XPTO' }]);
  });

  it('a planilha XLSX leva os produtos e NCMs (papel PRODUTO / NCM) e volta igual', async () => {
    const cookie = await session(t.app, 'admin@demo.com.br');
    const exp = await t.app.inject({ method: 'GET', url: `${tab.base}/exportar`, headers: { cookie } });
    expect(exp.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exp.rawPayload as unknown as ArrayBuffer);
    const linhas = ((wb.getWorksheet('Restrições') as ExcelJS.Worksheet).getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    expect(linhas.slice(1).map((r) => [r[0], r[3], r[4]])).toEqual([
      ['GRIS', 'NCM', '1806'],
      ['PALETIZACAO', 'Produto', 'CAF-500'],
    ]);
    const imp = await enviar(t.app, cookie, '/api/v1/tabelasfrete/importar', {}, {
      name: 'tabela.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      data: exp.rawPayload,
    });
    expect(imp.status, imp.text).toBe(201);
    const full = (await admin.get(`/api/v1/tabelasfrete/${imp.body.data.uid}`, { par: 'full' })).body.data;
    expect(full.restricoes.map((x: { componente: string; produtos: string[]; ncms: string[] }) => [x.componente, x.produtos, x.ncms])).toEqual([
      ['GRIS', [], ['1806']],
      ['PALETIZACAO', ['CAF-500'], []],
    ]);
    if (imp.body.data.status !== 1) expect((await ativar(`/api/v1/tabelasfrete/${imp.body.data.uid}`)).status).toBe(200);
    expect((await cotar(imp.body.data.uid, { ...spCampinas, produtos: ['CHO-90'] })).cotacao.total).toBe(469.55);
  });
});

describe('piso mínimo ANTT (coeficientes datados por embarcador) e transportador autônomo (TAC)', () => {
  // Coefficients typed for the test (not official figures): CARGA_GERAL, 5 axles, CCD 7,0000 R$/km, CC 700,00.
  // SP → RJ by Carreta (5 axles), 430 km: floor 430 × 7,00 + 700,00 = 3.710,00.
  const rio = { origem: { municipioIbge: '3550308' }, destino: { municipioIbge: '3304557' }, pesoKg: 20_000, m3: 60 };
  let carreta: string;
  let autonomo: string;
  let tabRapido: string;
  let tabAutonomo: string;
  beforeAll(async () => {
    [{ uid: carreta }] = (
      (await t.db.execute(sql`select uid from tipos_veiculo where nome = 'Carreta' and embarcador_uid is null`)) as unknown as { rows: { uid: string }[] }
    ).rows;
    [{ uid: autonomo }] = await t.db.select({ uid: transportadores.uid }).from(transportadores).where(eq(transportadores.nomeFantasia, 'João Autônomo'));
    const piso = (corpo: Record<string, unknown>) =>
      admin.post('/api/v1/pisos-antt', { tipoCarga: 'CARGA_GERAL', eixos: 5, fonte: 'Digitado para o teste', ...corpo });
    criado(await piso({ ccd: 7, cc: 700, vigenciaInicio: '2026-01-01' }));
    // An older version, ended before: never used for 2026 loads.
    criado(await piso({ ccd: 3, cc: 100, vigenciaInicio: '2025-01-01', vigenciaFim: '2025-12-31' }));
    expect((await piso({ ccd: 7, cc: 700, vigenciaInicio: '2026-01-01' })).status).toBe(409);
    const ruim = await piso({ ccd: 7, cc: 700, vigenciaInicio: '2026-02-01', eixos: 10 });
    expect(ruim.status).toBe(400);
    expect(ruim.body.errors[0].field).toBe('eixos');
    const tabela = async (transportadorUid: string, nome: string) => {
      const uid = criado(await admin.post('/api/v1/tabelasfrete', corpoTabela(nome, { transportadorUid }))).uid;
      const base = `/api/v1/tabelasfrete/${uid}`;
      const r = criado(
        await admin.post(`${base}/rotas`, { origem: { tipo: 'UF', uf: 'SP' }, destino: { tipo: 'UF', uf: 'RJ' }, prazoDiasUteis: 1, distanciaKm: 430, tipoVeiculoUid: carreta }),
      );
      criado(await admin.post(`${base}/rotasComponente`, { tabelaRotaUid: r.uid, componente: 'FRETE_PESO', base: 'KM', calculo: 'POR_UNIDADE', valor: 6.5 }));
      criado(await admin.post(`${base}/rotasComponente`, { tabelaRotaUid: r.uid, componente: 'PEDAGIO', base: 'EIXOS', calculo: 'POR_UNIDADE', valor: 57.4 }));
      expect((await ativar(base)).status).toBe(200);
      return uid;
    };
    tabRapido = await tabela(rapido, 'Lotação Rio (ETC)');
    tabAutonomo = await tabela(autonomo, 'Lotação Rio (TAC)');
  });

  const cotarRio = async (tabela: string, transportador: string, extra: Record<string, unknown> = {}) => {
    const res = await admin.post('/api/v1/calculadora/calcular', {
      ...rio,
      valorMercadoria: 18000,
      data: '2026-04-15',
      tipoVeiculoUid: carreta,
      transportadorUids: [transportador],
      ...extra,
    });
    expect(res.status, res.text).toBe(200);
    return res.body.data.cotacoes.find((c: { tabelaUid: string }) => c.tabelaUid === tabela);
  };

  it('empresa (ETC): 3.082,00 abaixo do piso de 3.710,00 é só sinalizado (total 3.502,27)', async () => {
    const c = await cotarRio(tabRapido, rapido);
    expect(c).toMatchObject({ valorSemIcms: 3082, total: 3502.27 });
    expect(c.pisoAntt).toMatchObject({ valor: 3710, abaixo: true });
    expect(c.pisoAntt.ajuste).toBeUndefined();
    expect(c.pisoAntt.fonte).toBe('Digitado para o teste (vigência desde 01/01/2026)');
    // Another cargo type without coefficients: no floor.
    expect((await cotarRio(tabRapido, rapido, { tipoCargaAntt: 'GRANEL_SOLIDO' })).pisoAntt).toBeUndefined();
  });

  it('autônomo (TAC): o frete sobe ao piso (+628,00): 3.710,00 ÷ 0,88 = 4.215,91 (ICMS 505,91)', async () => {
    const c = await cotarRio(tabAutonomo, autonomo);
    expect(c.pisoAntt).toMatchObject({ valor: 3710, abaixo: true, obrigatorio: true, ajuste: 628 });
    expect(c).toMatchObject({ valorSemIcms: 3710, icms: 505.91, total: 4215.91 });
  });

  it('unidade TAC: CPF e RNTRC obrigatórios; indicaAutonomo acompanha o tipo', async () => {
    const base = `/api/v1/transportadores/${autonomo}/unidades`;
    const corpo = { nome: 'Motorista TAC', tipo: 'TAC', uf: 'SP', municipioIbge: '3550308', ativo: true };
    const cnpj = await admin.post(base, { ...corpo, documento: '27865757000102', rntrc: '12345678' });
    expect(cnpj.status).toBe(400);
    expect(cnpj.body.errors).toEqual([{ field: 'documento', message: 'Transportador autônomo (TAC): informe o CPF do motorista' }]);
    const semRntrc = await admin.post(base, { ...corpo, documento: '52998224725' });
    expect(semRntrc.status).toBe(400);
    expect(semRntrc.body.errors).toEqual([{ field: 'rntrc', message: 'Transportador autônomo (TAC): informe o RNTRC (8 dígitos)' }]);
    const ok = criado(await admin.post(base, { ...corpo, documento: '52998224725', rntrc: '1234.5678' }));
    expect(ok).toMatchObject({ tipo: 'TAC', rntrc: '12345678', indicaAutonomo: true });
    // A unit of a company kind is not autonomous, whatever the legacy flag says.
    const etc = await admin.put(`${base}/${ok.uid}`, { ...corpo, tipo: 'ETC', indicaAutonomo: true, documento: '52998224725', rntrc: null });
    expect(etc.status, etc.text).toBe(200);
    expect(etc.body.data).toMatchObject({ tipo: 'ETC', indicaAutonomo: false });
  });
});

describe('tabela derivada segue a versão reajustada da base (vigente na data da carga)', () => {
  // Derived: TAS +10 % (12,00 → 13,20): 360,40 ÷ 0,88 = 409,55. The base readjusted +10 % from 01/07/2026
  // (money rounded to centavos: FRETE_PESO 85,80 + 260 × 0,68 = 262,60; FRETE_VALOR 54,00 and GRIS 36,00
  // are percentages; PEDAGIO 4 × 4,95 = 19,80; TAS 13,20): the base gives 385,60 ÷ 0,88 = 438,18 and the
  // derived table, with TAS 14,52, 386,92 ÷ 0,88 = 439,68 — it used to keep pricing from the old, historic
  // version (409,55).
  const spCampinas = { origem: { municipioIbge: '3550308' }, destino: { municipioIbge: '3509502' } };
  it('antes do reajuste 409,55; depois, 439,68 derivada da nova versão; a versão nova sozinha 438,18', async () => {
    const base = await tabelaSp('Base reajustável');
    expect((await ativar(base.base)).status).toBe(200);
    const derivada = criado(
      await admin.post('/api/v1/tabelasfrete', corpoTabela('Derivada TAS +10 %', { tabelaBaseUid: base.uid, ajustesBase: [{ componente: 'TAS', tipo: 'PERCENTUAL', valor: 10 }] })),
    ).uid;
    expect((await ativar(`/api/v1/tabelasfrete/${derivada}`)).status).toBe(200);
    expect((await cotar(derivada, spCampinas)).cotacao).toMatchObject({ valorSemIcms: 360.4, total: 409.55, derivadaDe: { uid: base.uid } });
    // The same adjustment tied to the base's route: route uids change with a readjust, so it keeps the named base.
    const rotaBase = (await admin.get(base.base, { par: 'full' })).body.data.rotas[0].uid;
    const porRota = criado(
      await admin.post('/api/v1/tabelasfrete', corpoTabela('Derivada TAS +10 % na rota', { tabelaBaseUid: base.uid, ajustesBase: [{ componente: 'TAS', tipo: 'PERCENTUAL', valor: 10, rotaUid: rotaBase }] })),
    ).uid;
    expect((await ativar(`/api/v1/tabelasfrete/${porRota}`)).status).toBe(200);
    const r = await admin.post(`${base.base}/reajustar`, { vigenciaInicio: '2026-07-01', vigenciaFim: null, percentual: 10 });
    expect(r.status, r.text).toBe(201);
    const nova = r.body.data.uid as string;
    expect(nova).not.toBe(base.uid);
    const julho = { ...spCampinas, data: '2026-07-15' };
    expect((await cotar(nova, julho)).cotacao).toMatchObject({ valorSemIcms: 385.6, total: 438.18 });
    const d = (await cotar(derivada, julho)).cotacao;
    expect(d).toMatchObject({ valorSemIcms: 386.92, total: 439.68, derivadaDe: { uid: nova, nome: 'Base reajustável' } });
    expect(d.componentes.find((c: { componente: string }) => c.componente === 'TAS').valor).toBe(14.52);
    // A load of April still uses the version valid then.
    expect((await cotar(derivada, spCampinas)).cotacao).toMatchObject({ total: 409.55, derivadaDe: { uid: base.uid } });
    expect((await cotar(porRota, julho)).cotacao).toMatchObject({ total: 409.55, derivadaDe: { uid: base.uid } });
  });
});

describe('um só motor: calculadora, simulação do embarque e auditoria usam as mesmas opções (calculadora/opcoes.ts)', () => {
  // SP → Campinas, 350 kg (no m³: the CT-e has none), NF R$ 18.000,00: FRETE_PESO 78,00 + 250 × 0,62 = 233,00;
  // FRETE_VALOR 54,00; GRIS 36,00; PEDAGIO 4 × 4,50 = 18,00; TAS 12,00 → 353,00 ÷ (1 − 12 %) = 401,14 (ICMS 48,14).
  // The audit used the goods rate (18 %): 353,00 ÷ 0,82 = 430,49 — a correct CT-e of 401,14 came out divergent.
  let carrier: string;
  let tab: { uid: string; base: string };
  let tas: { uid: string; tabelaRotaUid: string };
  const E = '/api/v1/embarque';
  const spCampinas = { origemMunicipioIbge: '3550308', destinoMunicipioIbge: '3509502' };
  beforeAll(async () => {
    carrier = criado(await admin.post('/api/v1/transportadores', { nome: 'Três Caminhos Ltda', cnpj: '11444777000161', uf: 'SP' })).uid;
    tab = await tabelaSp('Três caminhos', { transportadorUid: carrier });
    const rota = (await admin.get(tab.base, { par: 'full' })).body.data.rotas[0].uid;
    const cafe = criado(await admin.post(`${tab.base}/restricoes-componentes`, { componente: 'PALETIZACAO', modo: 'SOMENTE', produtos: ['CAF-500'] }));
    criado(await admin.post(`${tab.base}/rotasComponente`, { tabelaRotaUid: rota, componente: 'PALETIZACAO', base: 'VIAGEM', calculo: 'FIXO', valor: 40, restricaoUid: cafe.uid }));
    tas = (await admin.get(`${tab.base}/rotasComponente`)).body.data.data.find((r: { componente: string }) => r.componente === 'TAS');
    expect((await ativar(tab.base)).status).toBe(200);
  });

  const simular = async (extra: Record<string, unknown> = {}, produto?: string) => {
    const uid = criado(await admin.post(E, { ...spCampinas, dataEmbarque: '2026-04-15', ...extra })).uid;
    criado(await admin.post(`${E}/${uid}/nfes`, { numero: 1, valor: 18000, pesoKg: 350, volumes: 1 }));
    if (produto) {
      const prod = ((await t.db.execute(sql`select uid from produtos where codigo = ${produto}`)) as unknown as { rows: { uid: string }[] }).rows[0];
      criado(await admin.post(`${E}/${uid}/produtos`, { produtoUid: prod.uid, descricao: 'Café', quantidade: 1, pesoKg: 350, valor: 18000 }));
    }
    const sim = await admin.post(`${E}/${uid}/simular-frete`);
    expect(sim.status, sim.text).toBe(201);
    const r = sim.body.data.resultado;
    return { cotacao: r.cotacoes.find((c: { tabelaUid: string }) => c.tabelaUid === tab.uid), naoCotada: r.naoCotadas.find((c: { tabelaUid: string }) => c.tabelaUid === tab.uid) };
  };
  const auditar = () =>
    calculoPelaTabela(t.db, demoUid, {
      uid: '00000000-0000-4000-8000-000000000001',
      transportadorUid: carrier,
      unidadeTransportadorUid: null,
      cteOriginalUid: null,
      pesoNfes: null,
      valorNfes: null,
      volumesNfes: null,
      quantidadeNfes: 0,
      faturaUid: null,
      cte: {
        chave: '35260411444777000161570010000000011000000010',
        numero: 1,
        serie: 1,
        emissao: '2026-04-15T10:00:00-03:00',
        tipoCte: 'NORMAL',
        emitente: { documento: '11444777000161' },
        origem: { municipioIbge: '3550308', uf: 'SP' },
        destino: { municipioIbge: '3509502', uf: 'SP' },
        valorPrestacao: '401.14',
        componentes: [],
        icms: null,
        nfes: [],
        pesoCarga: '350',
        valorCarga: '18000',
        cancelado: false,
      },
    } as never, false);
  let demoUid: string;

  it('o mesmo total (401,14, ICMS do transporte 12 %) pela calculadora, pelo simular-frete do embarque e pela auditoria do CT-e', async () => {
    [{ uid: demoUid }] = ((await t.db.execute(sql`select embarcador_uid as uid from tabelas_frete where uid = ${tab.uid}`)) as unknown as { rows: { uid: string }[] }).rows;
    const calc = await admin.post('/api/v1/calculadora/calcular', {
      origem: { municipioIbge: '3550308' },
      destino: { municipioIbge: '3509502' },
      pesoKg: 350,
      valorMercadoria: 18000,
      documentos: 1,
      data: '2026-04-15',
      transportadorUids: [carrier],
    });
    expect(calc.status, calc.text).toBe(200);
    expect(calc.body.data.cotacoes[0]).toMatchObject({ tabelaUid: tab.uid, valorSemIcms: 353, aliquotaIcms: 12, icms: 48.14, total: 401.14 });
    expect((await simular()).cotacao).toMatchObject({ valorSemIcms: 353, aliquotaIcms: 12, icms: 48.14, total: 401.14 });
    expect(await auditar()).toMatchObject({ calculado: true, fonte: 'TABELA', referenciaUid: tab.uid, valorSemIcms: 353, aliquotaIcms: 12, icms: 48.14, total: 401.14 });
  });

  it('a simulação do embarque calcula na data do embarque e aplica a restrição por produto (café: PALETIZACAO 40,00 → 393,00 ÷ 0,88 = 446,59)', async () => {
    expect((await simular({}, 'CAF-500')).cotacao).toMatchObject({ valorSemIcms: 393, total: 446.59 });
    // Shipped before the table's validity (01/01/2026): the table does not quote at all.
    const antes = await simular({ dataEmbarque: '2025-12-15' });
    expect([antes.cotacao, antes.naoCotada]).toEqual([undefined, undefined]);
  });

  it('uma alteração da tabela é vista pela simulação seguinte (cache por banco, compartilhado pelas transações)', async () => {
    // A simulation runs in a transaction: it fills the database's cache (it used to get an empty one of its own).
    cacheDe(t.db).limpar();
    await simular();
    expect(cacheDe(t.db).tamanho).toBeGreaterThan(0);
    const put = await admin.put(`${tab.base}/rotasComponente/${tas.uid}`, { tabelaRotaUid: tas.tabelaRotaUid, componente: 'TAS', base: 'VIAGEM', calculo: 'FIXO', valor: 20 });
    expect(put.status, put.text).toBe(200);
    // TAS 12,00 → 20,00: 361,00 ÷ 0,88 = 410,23, in the simulation and in the audit alike.
    expect((await simular()).cotacao).toMatchObject({ valorSemIcms: 361, total: 410.23 });
    expect(await auditar()).toMatchObject({ total: 410.23 });
  });
});
