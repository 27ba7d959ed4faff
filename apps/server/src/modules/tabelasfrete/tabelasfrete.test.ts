import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '@fretio/core';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { transportadores } from '../../db/schema/index.ts';
import { hojeSaoPaulo } from '../feriados/service.ts';

// Freight tables: CRUD, validity filter, status machine, the engine's validation (400 per field),
// children across shippers (404), the whole table in one reply (par=cmp,full).
let t: TestApp;
let admin: Api, outro: Api, operador: Api;
const uid: Record<string, string> = {};
const hoje = hojeSaoPaulo();
const ano = Number(hoje.slice(0, 4));
const T = '/api/v1/tabelasfrete';

beforeAll(async () => {
  t = await createTestApp();
  [admin, outro, operador] = await Promise.all(
    ['admin@demo.com.br', 'admin@outro.com.br', 'operador@demo.com.br'].map((l) => as(t.app, l)),
  );
  for (const c of await t.db.select().from(transportadores)) uid[c.nomeFantasia as string] = c.uid;
});
afterAll(() => t?.close());

const corpo = (extra: Record<string, unknown> = {}) => ({
  nome: 'Tabela de Teste',
  transportadorUid: uid['Rápido Sul'],
  vigenciaInicio: `${ano}-01-01`,
  ...extra,
});
async function novaTabela(extra: Record<string, unknown> = {}) {
  const res = await admin.post(T, corpo(extra));
  expect(res.status, res.text).toBe(201);
  return res.body.data as { uid: string; status: number };
}
async function novaRota(tabela: string, extra: Record<string, unknown> = {}) {
  const res = await admin.post(`${T}/${tabela}/rotas`, {
    origem: { tipo: 'UF', uf: 'SP' },
    destino: { tipo: 'UF', uf: 'RJ' },
    prazoDiasUteis: 2,
    ...extra,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { uid: string };
}
const dia = (n: number) => new Date(Date.parse(`${hoje}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('tables', () => {
  it('creates in Validação with the road cubage factor; the carrier must serve the shipper', async () => {
    const res = await admin.post(T, corpo({ observacoes: 'Proposta' }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      nome: 'Tabela de Teste',
      transportadorNome: 'Rápido Sul Transportes Ltda',
      status: 3,
      statusLabel: 'Validação',
      fatorCubagem: 300,
      icmsIncluso: false,
      prioridade: 0,
      versao: 1,
      historica: false,
      tabelaOrigemUid: null,
      quantidadeRotas: 0,
      situacaoVigencia: 'Vigente',
    });
    const naoVinc = await outro.post(T, corpo());
    expect(naoVinc.status).toBe(400);
    expect(naoVinc.body.errors).toEqual([{ field: 'transportadorUid', message: 'Transportador não vinculado ao embarcador' }]);
    expect((await operador.post(T, corpo())).status).toBe(403);
    expect((await outro.get(`${T}/${res.body.data.uid}`)).status).toBe(404);
  });

  it('a validity that ends before it starts is 400 (vigenciaFim)', async () => {
    const res = await admin.post(T, corpo({ vigenciaInicio: '2026-05-01', vigenciaFim: '2026-04-30' }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'vigenciaFim', message: 'A vigência termina antes de começar: Vigência: fim deve ser igual ou posterior a Vigência: início' },
    ]);
  });

  it("ftr_vigencia: 'vigente' by default, 'futura', 'expirada', 'todas'; situacaoVigencia follows today", async () => {
    const futura = await novaTabela({ nome: 'Vigência futura', vigenciaInicio: dia(10) });
    const expirada = await novaTabela({ nome: 'Vigência expirada', vigenciaInicio: dia(-60), vigenciaFim: dia(-1) });
    const ateHoje = await novaTabela({ nome: 'Vigência até hoje', vigenciaInicio: dia(-60), vigenciaFim: hoje });
    const nomes = async (q: Record<string, string>) =>
      (await admin.get(T, { pps: 100, ftr_nome: 'vigência', ...q })).body.data.data.map((x: { nome: string }) => x.nome);
    expect(await nomes({})).toEqual(['Vigência até hoje']);
    expect(await nomes({ ftr_vigencia: 'vigente' })).toEqual(['Vigência até hoje']);
    expect(await nomes({ ftr_vigencia: 'futura' })).toEqual(['Vigência futura']);
    expect(await nomes({ ftr_vigencia: 'expirada' })).toEqual(['Vigência expirada']);
    expect(await nomes({ ftr_vigencia: 'todas' })).toEqual(['Vigência até hoje', 'Vigência expirada', 'Vigência futura']);
    expect((await admin.get(`${T}/${futura.uid}`)).body.data.situacaoVigencia).toBe('Futura');
    expect((await admin.get(`${T}/${expirada.uid}`)).body.data.situacaoVigencia).toBe('Expirada');
    expect((await admin.get(`${T}/${ateHoje.uid}`)).body.data.situacaoVigencia).toBe('Vigente');
    expect((await admin.get(T, { ftr_vigencia: 'sempre' })).status).toBe(400);
    // The seeded history (last year's version) is expired; the list of another shipper has none of ours.
    const outros = (await outro.get(T, { ftr_vigencia: 'todas', pps: 100 })).body.data.data.map((x: { nome: string }) => x.nome);
    expect(outros).toEqual(['TransMinas - Rio → MG']);
  });

  it('status changes follow STATUS.tabelaFrete; activating validates the whole table', async () => {
    const tab = await novaTabela({ nome: 'Status' });
    const rota = await novaRota(tab.uid);
    await admin.post(`${T}/${tab.uid}/rotasComponente`, {
      tabelaRotaUid: rota.uid,
      componente: 'FRETE_PESO',
      base: 'PESO',
      calculo: 'FAIXA',
    });
    // FAIXA without ranges: the engine refuses the table, naming the field.
    const ativa = await admin.put(`${T}/${tab.uid}`, corpo({ nome: 'Status', status: 1 }));
    expect(ativa.status).toBe(400);
    expect(ativa.body.message).toBe('A tabela tem erros e não pode ser ativada: FRETE_PESO: o cálculo FAIXA exige ao menos uma faixa');
    expect(ativa.body.errors).toEqual([
      { field: `rotas[${rota.uid}].regras[0].faixas`, message: 'FRETE_PESO: o cálculo FAIXA exige ao menos uma faixa' },
    ]);
    const regra = (await admin.get(`${T}/${tab.uid}/rotasComponente`)).body.data.data[0];
    await admin.post(`${T}/${tab.uid}/faixasCalculo`, { regraUid: regra.uid, ate: null, valor: 0.5, modo: 'POR_UNIDADE' });
    expect((await admin.get(`${T}/${tab.uid}/validar`)).body.data).toEqual([]);
    for (const [status, label] of [
      [1, 'Ativo'],
      [2, 'Inativo'],
      [3, 'Validação'],
      [2, 'Inativo'],
      [1, 'Ativo'],
      [3, 'Validação'],
    ] as const) {
      const res = await admin.put(`${T}/${tab.uid}`, corpo({ nome: 'Status', status }));
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({ status, statusLabel: label });
    }
    // PUT without status keeps it.
    expect((await admin.put(`${T}/${tab.uid}`, corpo({ nome: 'Status' }))).body.data.status).toBe(3);
    expect((await admin.put(`${T}/${tab.uid}`, corpo({ nome: 'Status', status: 9 }))).status).toBe(400);
  });

  it('a transition the machine forbids is 409 naming both statuses', async () => {
    // Every pair is allowed by the shipped machine; tighten it (Inativo → Validação forbidden) to
    // prove PUT consults it.
    const inativo = STATUS.tabelaFrete.values[1] as unknown as { next: number[] };
    const antes = inativo.next;
    inativo.next = [1];
    try {
      const tab = await novaTabela({ nome: 'Máquina', status: 2 });
      const res = await admin.put(`${T}/${tab.uid}`, corpo({ nome: 'Máquina', status: 3 }));
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        success: false,
        errorCode: 409,
        message: "Não é permitido mudar o status de 'Inativo' para 'Validação'.",
      });
      expect(res.body.errors).toEqual([{ field: 'status', message: "Não é permitido mudar o status de 'Inativo' para 'Validação'." }]);
      expect((await admin.get(`${T}/${tab.uid}`)).body.data.status).toBe(2);
    } finally {
      inativo.next = antes;
    }
  });

  it('deletes a table with its children; another shipper gets 404', async () => {
    const tab = await novaTabela({ nome: 'Para excluir' });
    await novaRota(tab.uid);
    expect((await outro.delete(`${T}/${tab.uid}`)).status).toBe(404);
    expect((await admin.delete(`${T}/${tab.uid}`)).status).toBe(200);
    expect((await admin.get(`${T}/${tab.uid}`)).status).toBe(404);
  });
});

describe('children', () => {
  let tab: string;
  let rota: string;
  beforeAll(async () => {
    tab = (await novaTabela({ nome: 'Filhos' })).uid;
    rota = (await novaRota(tab, { freteMinimo: 80 })).uid;
  });

  it('routes: duplicate place pair is 409; a bad CEP range or negative deadline is 400', async () => {
    const dup = await admin.post(`${T}/${tab}/rotas`, {
      origem: { tipo: 'UF', uf: 'sp' },
      destino: { tipo: 'UF', uf: 'RJ' },
      prazoDiasUteis: 3,
    });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([
      { field: 'destino', message: 'A tabela já tem uma rota com esta origem, destino e tipo de veículo.' },
    ]);
    const cep = await admin.post(`${T}/${tab}/rotas`, {
      origem: { tipo: 'FAIXA_CEP', de: '05999999', ate: '01000000' },
      destino: { tipo: 'UF', uf: 'RJ' },
      prazoDiasUteis: 2,
    });
    expect(cep.status).toBe(400);
    expect(cep.body.errors).toEqual([{ field: 'origem.ate', message: 'CEP final deve ser maior ou igual ao CEP inicial' }]);
    const neg = await admin.post(`${T}/${tab}/rotas`, {
      origem: { tipo: 'UF', uf: 'SP' },
      destino: { tipo: 'UF', uf: 'MG' },
      prazoDiasUteis: -1,
      freteMinimo: -5,
    });
    expect(neg.body.errors).toEqual([
      { field: 'prazoDiasUteis', message: 'Prazo não pode ser negativo' },
      { field: 'freteMinimo', message: 'Frete mínimo não pode ser negativo' },
    ]);
    // From the route register: places and distance come from it.
    const [cadastro] = (await admin.get('/api/v1/rotas/lista')).body.data.filter(
      (r: { nome: string }) => r.nome === 'São Paulo → Curitiba',
    );
    const daLista = await admin.post(`${T}/${tab}/rotas`, { rotaUid: cadastro.value, prazoDiasUteis: 1 });
    expect(daLista.status, daLista.text).toBe(201);
    expect(daLista.body.data).toMatchObject({
      rotaNome: 'São Paulo → Curitiba',
      origem: { tipo: 'MUNICIPIO', ibge: '3550308' },
      destino: { descricao: 'Curitiba/PR (4106902)' },
      distanciaKm: 408,
    });
  });

  it('rules: unknown component, negative value, min above max, KM without distance, repeated component', async () => {
    const base = { tabelaRotaUid: rota, base: 'VALOR', calculo: 'PERCENTUAL' };
    const desconhecido = await admin.post(`${T}/${tab}/rotasComponente`, { ...base, componente: 'SEGURO_LUNAR', valor: 1 });
    expect(desconhecido.status).toBe(400);
    expect(desconhecido.body.errors).toEqual([
      { field: 'componente', message: 'Componente desconhecido: "SEGURO_LUNAR" não está no catálogo' },
    ]);
    const negativo = await admin.post(`${T}/${tab}/rotasComponente`, { ...base, componente: 'GRIS', valor: -0.3 });
    expect(negativo.body.errors).toEqual([{ field: 'valor', message: 'Valor não pode ser negativo' }]);
    const minMax = await admin.post(`${T}/${tab}/rotasComponente`, { ...base, componente: 'GRIS', valor: 0.3, minimo: 10, maximo: 5 });
    expect(minMax.body.errors).toEqual([{ field: 'maximo', message: 'GRIS: o valor máximo (5) é menor que o mínimo (10)' }]);
    const semValor = await admin.post(`${T}/${tab}/rotasComponente`, { ...base, componente: 'GRIS' });
    expect(semValor.body.errors).toEqual([{ field: 'valor', message: 'GRIS: o cálculo PERCENTUAL exige um valor' }]);
    const km = await admin.post(`${T}/${tab}/rotasComponente`, {
      tabelaRotaUid: rota,
      componente: 'PEDAGIO',
      base: 'KM',
      calculo: 'POR_UNIDADE',
      valor: 0.3,
    });
    expect(km.body.errors).toEqual([{ field: 'base', message: 'A rota não informa a distância (distanciaKm), necessária para a base KM' }]);
    expect((await admin.post(`${T}/${tab}/rotasComponente`, { ...base, componente: 'GRIS', valor: 0.3 })).status).toBe(201);
    const rep = await admin.post(`${T}/${tab}/rotasComponente`, { ...base, componente: 'gris', valor: 0.2 });
    expect(rep.status).toBe(409);
    expect(rep.body.errors).toEqual([{ field: 'componente', message: 'O componente GRIS já tem regra nesta rota.' }]);
    const outraTabela = (await novaTabela({ nome: 'Outra' })).uid;
    const rotaAlheia = await admin.post(`${T}/${outraTabela}/rotasComponente`, { ...base, componente: 'GRIS', valor: 0.3 });
    expect(rotaAlheia.body.errors).toEqual([{ field: 'tabelaRotaUid', message: 'Rota não encontrada nesta tabela' }]);
  });

  it('ranges: unordered, overlapping, after an open-ended one, negative → 400; inline ranges replace', async () => {
    const regra = (await admin.post(`${T}/${tab}/generalidades`, { componente: 'FRETE_PESO', base: 'PESO', calculo: 'FAIXA' })).body.data;
    const faixa = (f: Record<string, unknown>) => admin.post(`${T}/${tab}/faixasCalculo`, { regraUid: regra.uid, ...f });
    expect((await faixa({ ate: 30, valor: 45, modo: 'FIXO' })).status).toBe(201);
    const fora = await faixa({ ate: 10, valor: 30, modo: 'FIXO' });
    expect(fora.status).toBe(400);
    expect(fora.body.errors).toEqual([
      { field: 'ate', message: 'Faixa 2: fora de ordem ou sobreposta — vai até 10, mas a faixa 1 já vai até 30' },
    ]);
    const igual = await faixa({ ate: 30, valor: 50, modo: 'FIXO' });
    expect(igual.body.errors).toEqual([{ field: 'ate', message: 'Faixa 2: sobrepõe a faixa 1 (ambas vão até 30)' }]);
    expect((await faixa({ ate: null, valor: 0.85, modo: 'EXCEDENTE' })).status).toBe(201);
    const depois = await faixa({ ate: 500, valor: 1, modo: 'FIXO' });
    expect(depois.body.errors).toEqual([
      { field: 'ate', message: 'Faixa 3: nenhuma faixa pode vir depois de uma faixa sem limite superior (faixa 2)' },
    ]);
    const neg = await faixa({ ate: -1, valor: -2, modo: 'FIXO', ordem: 0 });
    expect(neg.body.errors).toEqual([
      { field: 'ate', message: 'Limite da faixa (ate) não pode ser negativo' },
      { field: 'valor', message: 'Valor da faixa não pode ser negativo' },
    ]);
    // An earlier position (ordem) is validated in place.
    expect((await faixa({ ate: 10, valor: 30, modo: 'FIXO', ordem: 0 })).status).toBe(201);
    const lista = await admin.get(`${T}/${tab}/faixasCalculo`, { ftr_regraUid: regra.uid });
    expect(lista.body.data.data.map((f: { ate: number | null }) => f.ate)).toEqual([10, 30, null]);
    const semFaixa = await admin.post(`${T}/${tab}/faixasCalculo`, {
      regraUid: (await admin.get(`${T}/${tab}/rotasComponente`)).body.data.data[0].uid,
      ate: 1,
      valor: 1,
      modo: 'FIXO',
    });
    expect(semFaixa.body.errors).toEqual([{ field: 'regraUid', message: 'A regra não usa o cálculo FAIXA' }]);
    const inline = await admin.put(`${T}/${tab}/generalidades/${regra.uid}`, {
      componente: 'FRETE_PESO',
      base: 'PESO',
      calculo: 'FAIXA',
      faixas: [
        { ate: 100, valor: 90, modo: 'FIXO' },
        { ate: 50, valor: 1, modo: 'FIXO' },
      ],
    });
    expect(inline.status).toBe(400);
    expect(inline.body.errors).toEqual([
      { field: 'faixas.1.ate', message: 'Faixa 2: fora de ordem ou sobreposta — vai até 50, mas a faixa 1 já vai até 100' },
    ]);
    const ok = await admin.put(`${T}/${tab}/generalidades/${regra.uid}`, {
      componente: 'FRETE_PESO',
      base: 'PESO',
      calculo: 'FAIXA',
      faixas: [
        { ate: 100, valor: 90, modo: 'FIXO' },
        { ate: null, valor: 0.8, modo: 'EXCEDENTE' },
      ],
    });
    expect(ok.body.data.faixas.map((f: { ate: number | null; valor: number }) => [f.ate, f.valor])).toEqual([
      [100, 90],
      [null, 0.8],
    ]);
  });

  it('an active table stays valid: a change that would break it is 400 and nothing changes', async () => {
    const ativa = (await novaTabela({ nome: 'Ativa' })).uid;
    const r = await novaRota(ativa);
    const regra = (
      await admin.post(`${T}/${ativa}/rotasComponente`, {
        tabelaRotaUid: r.uid,
        componente: 'FRETE_PESO',
        base: 'PESO',
        calculo: 'FAIXA',
        faixas: [{ ate: null, valor: 1, modo: 'POR_UNIDADE' }],
      })
    ).body.data;
    expect((await admin.put(`${T}/${ativa}`, corpo({ nome: 'Ativa', status: 1 }))).status).toBe(200);
    const semFaixas = await admin.post(`${T}/${ativa}/generalidades`, { componente: 'ENTREGA', base: 'PESO', calculo: 'FAIXA' });
    expect(semFaixas.status).toBe(400);
    expect(semFaixas.body.errors).toEqual([{ field: 'faixas', message: 'ENTREGA: o cálculo FAIXA exige ao menos uma faixa' }]);
    const ultima = regra.faixas[0].uid;
    const del = await admin.delete(`${T}/${ativa}/faixasCalculo/${ultima}`);
    expect(del.status).toBe(400);
    expect(del.body.message).toBe('A tabela está ativa e a regra FAIXA precisa de ao menos uma faixa');
    const kmGeral = await admin.post(`${T}/${ativa}/generalidades`, {
      componente: 'PEDAGIO',
      base: 'KM',
      calculo: 'POR_UNIDADE',
      valor: 0.2,
    });
    expect(kmGeral.status).toBe(400);
    expect(kmGeral.body.errors).toEqual([
      { field: `rotas[${r.uid}].distanciaKm`, message: 'Rota SP → RJ: informe a distância, pois a generalidade PEDAGIO usa a base KM' },
    ]);
    expect((await admin.get(`${T}/${ativa}/generalidades`)).body.data.totalRecords).toBe(0);
  });

  it("another shipper's table children answer 404; a child read through another table's path is 404", async () => {
    for (const filho of ['rotas', 'generalidades', 'rotasComponente', 'faixasCalculo', 'prioridades', 'restricoes-componentes', 'anexos']) {
      expect((await outro.get(`${T}/${tab}/${filho}`)).status, filho).toBe(404);
    }
    expect(
      (await outro.post(`${T}/${tab}/rotas`, { origem: { tipo: 'UF', uf: 'SP' }, destino: { tipo: 'UF', uf: 'AM' }, prazoDiasUteis: 9 }))
        .status,
    ).toBe(404);
    const outraTabela = (await novaTabela({ nome: 'Alheia' })).uid;
    expect((await admin.get(`${T}/${outraTabela}/rotas/${rota}`)).status).toBe(404);
    expect((await admin.delete(`${T}/${outraTabela}/rotas/${rota}`)).status).toBe(404);
    expect((await admin.get(`${T}/${tab}/rotas/${rota}`)).status).toBe(200);
  });

  it('priorities and restrictions: places validated, several restrictions per component', async () => {
    const p = await admin.post(`${T}/${tab}/prioridades`, { destino: { tipo: 'UF', uf: 'RJ' }, prioridade: 1 });
    expect(p.status).toBe(201);
    expect(p.body.data).toMatchObject({ origem: null, destino: { tipo: 'UF', uf: 'RJ', descricao: 'RJ' }, prioridade: 1 });
    const x = await admin.post(`${T}/${tab}/restricoes-componentes`, {
      componente: 'tde',
      modo: 'SOMENTE',
      descricao: 'Clientes com agendamento',
    });
    expect(x.status).toBe(201);
    expect(x.body.data).toMatchObject({
      componente: 'TDE',
      componenteNome: 'TDE',
      modo: 'SOMENTE',
      quantidadeRemetentes: 0,
      quantidadeDestinatarios: 0,
    });
    // A second restriction of the same component (rules link the one they follow: regras.restricaoUid).
    const segunda = await admin.post(`${T}/${tab}/restricoes-componentes`, { componente: 'TDE', modo: 'EXCETO' });
    expect(segunda.status).toBe(201);
    expect((await admin.delete(`${T}/${tab}/restricoes-componentes/${segunda.body.data.uid}`)).status).toBe(200);
    expect((await admin.post(`${T}/${tab}/restricoes-componentes`, { componente: 'XYZ', modo: 'SOMENTE' })).status).toBe(400);
    expect((await admin.post(`${T}/${tab}/restricoes-componentes`, { componente: 'TAS', modo: 'TALVEZ' })).status).toBe(400);
  });

  it('par=cmp,full: the whole table in one reply', async () => {
    const simples = await admin.get(`${T}/${tab}`);
    expect(simples.body.data.rotas).toBeUndefined();
    const res = await admin.get(`${T}/${tab}`, { par: 'cmp,full' });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ uid: tab, nome: 'Filhos', quantidadeRotas: 2 });
    expect(d.rotas).toHaveLength(2);
    expect(d.rotas[0]).toMatchObject({
      uid: rota,
      origem: { tipo: 'UF', uf: 'SP', descricao: 'SP' },
      prazoDiasUteis: 2,
      freteMinimo: 80,
      quantidadeRegras: 1,
    });
    expect(d.rotas[0].regras).toEqual([
      expect.objectContaining({ componente: 'GRIS', escopo: 'ROTA', tabelaRotaUid: rota, valor: 0.3, restricao: null, faixas: [] }),
    ]);
    expect(d.generalidades).toEqual([
      expect.objectContaining({
        componente: 'FRETE_PESO',
        escopo: 'GENERALIDADE',
        faixas: [expect.objectContaining({ ate: 100, valor: 90 }), expect.objectContaining({ ate: null, valor: 0.8, modo: 'EXCEDENTE' })],
      }),
    ]);
    expect(d.prioridades).toEqual([expect.objectContaining({ prioridade: 1, destino: expect.objectContaining({ uf: 'RJ' }) })]);
    expect(d.restricoes).toEqual([expect.objectContaining({ componente: 'TDE', modo: 'SOMENTE', remetentes: [], destinatarios: [] })]);
    expect((await admin.get(`${T}/${tab}`, { par: 'full' })).body.data.rotas).toHaveLength(2);
    const alheio = await admin.get(`${T}/${tab}`, { par: 'cmp,full', ftr_embarcador: '5b0c7b52-8d4b-4b8e-9b1a-0a6f4f3c2d10' });
    expect(alheio.status).toBe(404);
    expect(alheio.body.message).toBe('Embarcador não localizado');
  });

  it('tiposfaixacalculo: the range modes', async () => {
    const res = await admin.get(`${T}/tiposfaixacalculo`);
    expect(res.body.data.map((x: { value: string }) => x.value)).toEqual(['FIXO', 'POR_UNIDADE', 'EXCEDENTE']);
  });
});
