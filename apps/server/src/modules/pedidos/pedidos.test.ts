import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';

// Orders: simulate over the demo tables (ranked, cheapest first), select one (carrier + expected freight
// fixed, Frete Definido), link the real NF-e (Faturado, final), quotation when no table fits. Load
// planning: free documents, totals against the vehicle's capacity, finish into a shipment; a shipment
// makes a quotation.

let t: TestApp;
let admin: Api, outro: Api;
let demo: string;
const P = '/api/v1/documentos/pedidos';
const PL = '/api/v1/planejamento-carga';
const lugares = { origemMunicipioIbge: '3550308', destinoMunicipioIbge: '3304557' };
let seq = 0;

const linhas = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
async function nfe(peso: string, valor: string, uf = 'RJ', municipio: [string, string] = ['Rio de Janeiro', '3304557'], emitente = '11222333000181') {
  seq++;
  const chave = `3326${String(Date.now()).slice(-8)}${String(seq).padStart(4, '0')}`.padEnd(44, '1');
  const [r] = await linhas<{ uid: string }>(sql`insert into nfes (embarcador_uid, chave, numero, serie, emissao, emissao_texto, emitente_documento, emitente_nome, emitente_uf,
      destinatario_nome, destinatario_uf, destinatario_municipio, destinatario_municipio_ibge, valor_total, peso_bruto, volumes)
    values (${demo}, ${chave}, ${70000 + seq}, 1, '2026-11-20T10:00:00-03:00', '2026-11-20T10:00:00-03:00', ${emitente}, 'Emitente Teste', 'SP',
      'Cliente Rio', ${uf}, ${municipio[0]}, ${municipio[1]}, ${valor}, ${peso}, 10) returning uid`);
  return r.uid;
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, outro] = await Promise.all([as(t.app, 'admin@demo.com.br'), as(t.app, 'admin@outro.com.br')]);
  demo = (await linhas<{ uid: string }>(sql`select uid from embarcadores where uid in (select embarcador_uid from transportadores t join embarcador_transportador et on et.transportador_uid = t.uid where t.nome_fantasia = 'Rápido Sul') limit 1`))[0].uid;
});
afterAll(() => t?.close());

describe('pedidos', () => {
  it('simulates over the demo tables, selects the cheapest and keeps it as the expected freight', async () => {
    const c = await admin.post(P, { numero: 'PV-1001', ...lugares, pesoKg: 1000, valor: '50.000,00', volumes: 10, dataPrevista: '2026-12-01' });
    expect(c.status, c.text).toBe(201);
    expect(c.body.data).toMatchObject({ status: 1, pesoKg: 1000, valor: 50000, freteEsperado: null, destinoUf: 'RJ' });
    const uid = c.body.data.uid as string;
    const s = await admin.get(`${P}/${uid}/simular-frete`);
    expect(s.status, s.text).toBe(200);
    const sims = s.body.data.data as { uid: string; posicao: number; transportadorNome: string; tabelaNome: string; total: number; selecionada: boolean }[];
    // Worked by hand (1.000 kg, R$ 50.000,00, SP → RJ, ICMS 12 % "por dentro": total = soma ÷ 0,88):
    //  Rápido Sul - Sudeste/Sul: 855,10 + 125,00 + 100,00 + 62,50 + 4,13 = 1.146,73 → 1.303,10
    //  TransMinas - SP/MG/RJ:    905,00 + 100,00 + 125,00 + 60,00 + 4,50 = 1.194,50 → 1.357,39
    //  Exemplo SP → RJ:          855,00 + 150,00 + 150,00 + 65,00 + 4,50 = 1.224,50 → 1.391,48
    expect(sims.map((x) => [x.posicao, x.tabelaNome, x.total])).toEqual([
      [1, 'Rápido Sul - Sudeste/Sul', 1303.1],
      [2, 'TransMinas - SP/MG/RJ', 1357.39],
      [3, 'Exemplo SP → RJ', 1391.48],
    ]);
    expect(sims.every((x) => !x.selecionada)).toBe(true);

    const sel = await admin.post(`${P}/${uid}/selecionar-calculo`, { simulacaoFreteUid: sims[0].uid });
    expect(sel.status, sel.text).toBe(200);
    expect(sel.body.data).toMatchObject({ status: 3, freteEsperado: 1303.1, transportadorNome: 'Rápido Sul Transportes Ltda', simulacaoFreteUid: sims[0].uid, prazoDiasUteis: 2 });
    const lista = (await admin.get(`${P}/${uid}/simulacoes`)).body.data.data as { uid: string; selecionada: boolean }[];
    expect(lista.filter((x) => x.selecionada).map((x) => x.uid)).toEqual([sims[0].uid]);
    // Choosing another line of the same order is allowed while not invoiced.
    expect((await admin.post(`${P}/${uid}/selecionar-calculo`, { simulacaoFreteUid: sims[1].uid })).body.data.freteEsperado).toBe(1357.39);

    // Another shipper sees nothing; a line of another order is a bad reference.
    expect((await outro.get(`${P}/${uid}`)).status).toBe(404);
    expect((await outro.get(`${P}/${uid}/simulacoes`)).status).toBe(404);
    expect((await outro.get(`${P}/${uid}/simular-frete`)).status).toBe(404);
    expect((await outro.post(`${P}/${uid}/selecionar-calculo`, { simulacaoFreteUid: sims[0].uid })).status).toBe(404);
    const outroPedido = (await admin.post(P, { numero: 'PV-1002', ...lugares, pesoKg: 10, valor: 100 })).body.data.uid as string;
    expect((await admin.post(`${P}/${outroPedido}/selecionar-calculo`, { simulacaoFreteUid: sims[0].uid })).body.errors).toEqual([
      { field: 'simulacaoFreteUid', message: 'Simulação não encontrada neste pedido' },
    ]);

    // The invoice arrives: Faturado, and nothing changes after that.
    expect((await admin.post(`${P}/${uid}/definir-nfe`, { nfeUid: '00000000-0000-4000-8000-000000000000' })).body.errors).toEqual([{ field: 'nfeUid', message: 'NF-e não encontrada' }]);
    const n = await nfe('1000', '50000');
    const fat = await admin.post(`${P}/${uid}/definir-nfe`, { nfeUid: n });
    expect(fat.status, fat.text).toBe(200);
    expect(fat.body.data).toMatchObject({ status: 4, nfeUid: n, freteEsperado: 1357.39 });
    const de_novo = await admin.post(`${P}/${uid}/selecionar-calculo`, { simulacaoFreteUid: sims[0].uid });
    expect(de_novo.status).toBe(409);
    expect(de_novo.body.message).toBe("Não é permitido mudar o status de 'Faturado' para 'Frete Definido'.");
    expect((await admin.put(`${P}/${uid}`, { numero: 'PV-1001', ...lugares, pesoKg: 1, valor: 1 })).status).toBe(409);
    expect((await admin.delete(`${P}/${uid}`)).status).toBe(409);
    expect((await admin.post(`${P}/${outroPedido}/definir-nfe`, { nfeUid: n })).body.message).toBe('Esta NF-e já está vinculada ao pedido PV-1001.');
  });

  it('refuses bad input: duplicate number, negative weight, unlinked carrier', async () => {
    await admin.post(P, { numero: 'PV-2001', ...lugares, pesoKg: 10, valor: 100 });
    const dup = await admin.post(P, { numero: 'PV-2001', ...lugares, pesoKg: 10, valor: 100 });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([{ field: 'numero', message: 'Já existe um pedido com este número.' }]);
    const neg = await admin.post(P, { numero: 'PV-2002', ...lugares, pesoKg: -1, valor: 100 });
    expect(neg.status).toBe(400);
    expect(neg.body.errors[0].field).toBe('pesoKg');
    const semLugar = await admin.post(P, { numero: 'PV-2003', pesoKg: 1, valor: 1 });
    expect(semLugar.body.errors.map((e: { field: string }) => e.field)).toEqual(['origemCep', 'destinoCep']);
    const uid = (await admin.post(P, { numero: 'PV-2004', ...lugares, pesoKg: 10, valor: 100 })).body.data.uid as string;
    const [avulsa] = await linhas<{ uid: string }>(sql`insert into transportadores (nome, cnpj, uf) values ('Avulsa Pedidos Ltda', '45997418000153', 'SP') returning uid`);
    expect((await admin.post(`${P}/${uid}/definir-transportador`, { transportadorUid: avulsa.uid })).body.errors).toEqual([
      { field: 'transportadorUid', message: 'Transportador não vinculado ao embarcador' },
    ]);
  });

  it('makes a spot quotation from an order, once', async () => {
    const uid = (await admin.post(P, { numero: 'PV-3001', ...lugares, pesoKg: '2.500,5', valor: '12.000,00', dataPrevista: '2026-12-10' })).body.data.uid as string;
    const g = await admin.get(`${P}/${uid}/gerar-cotacao`);
    expect(g.status, g.text).toBe(201);
    expect(g.body.data).toMatchObject({ status: 1, origemMunicipioIbge: '3550308', destinoMunicipioIbge: '3304557', dataColetaDesejada: '2026-12-10', pesoTotalKg: 2500.5, valorTotal: 12000 });
    expect((await admin.get(`${P}/${uid}`)).body.data).toMatchObject({ status: 2, cotacaoUid: g.body.data.uid, cotacaoNumero: g.body.data.numero });
    const again = await admin.get(`${P}/${uid}/gerar-cotacao`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Este pedido já gerou a cotação nº ${g.body.data.numero}.`);
  });
});

describe('planejamento-carga', () => {
  it('documentos/filter by destination region and by sender', async () => {
    const [rj, ba] = [await nfe('10', '100'), await nfe('20', '200', 'BA', ['Salvador', '2927408'])];
    const [outroEmit] = await linhas<{ uid: string }>(sql`insert into nfes (embarcador_uid, chave, numero, serie, emissao, emissao_texto, emitente_documento, emitente_nome, emitente_uf,
        destinatario_nome, destinatario_uf, destinatario_municipio, destinatario_municipio_ibge, valor_total, peso_bruto, volumes)
      values (${demo}, ${'3326'.padEnd(43, '7') + '9'}, 79999, 1, '2026-11-20T10:00:00-03:00', '2026-11-20T10:00:00-03:00', '45723174000110', 'Filial', 'SP',
        'Cliente Rio', 'RJ', 'Rio de Janeiro', '3304557', 50, 5, 1) returning uid`);
    const ped = (await admin.post(P, { numero: 'PV-9101', ...lugares, pesoKg: '5', valor: '10,00' })).body.data.uid as string;
    const uids = async (body: Record<string, unknown>) => {
      const r = await admin.post(`${PL}/documentos/filter`, { limite: 2000, ...body });
      expect(r.status, r.text).toBe(200);
      return (r.body.data.data as { uid: string; destinoUf: string }[]);
    };
    const sudeste = await uids({ destinoRegiao: 'SE' });
    expect(sudeste.map((d) => d.uid)).toEqual(expect.arrayContaining([rj, outroEmit.uid, ped]));
    expect(sudeste.map((d) => d.uid)).not.toContain(ba);
    expect(sudeste.every((d) => ['SP', 'RJ', 'MG', 'ES'].includes(d.destinoUf))).toBe(true);
    const nordeste = (await uids({ destinoRegiao: 'NE' })).map((d) => d.uid);
    expect(nordeste).toContain(ba);
    expect(nordeste).not.toContain(rj);
    // Sender: the NF-e's issuer; an order's sender is the shipper (Demo, 11.222.333/0001-81).
    const daFilial = (await uids({ remetenteDocumento: '45.723.174/0001-10' })).map((d) => d.uid);
    expect(daFilial).toEqual([outroEmit.uid]);
    const daDemo = (await uids({ remetenteDocumento: '11222333000181', destinoRegiao: 'SE' })).map((d) => d.uid);
    expect(daDemo).toEqual(expect.arrayContaining([rj, ped]));
    expect(daDemo).not.toContain(outroEmit.uid);
    const ruim = await admin.post(`${PL}/documentos/filter`, { destinoRegiao: 'XX', remetenteDocumento: '123' });
    expect(ruim.status).toBe(400);
    expect(ruim.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['destinoRegiao', 'remetenteDocumento']);
    await t.db.execute(sql`delete from pedidos where uid = ${ped}`);
    await t.db.execute(sql`delete from nfes where uid in (${rj}, ${ba}, ${outroEmit.uid})`);
  });

  it('plans two NF-es and an order on a Toco, warns over capacity, finishes into a shipment', async () => {
    const [n1, n2] = [await nfe('4500.5', '30000.10'), await nfe('3000', '15000.25')];
    const ped = (await admin.post(P, { numero: 'PV-4001', ...lugares, pesoKg: '250', volumeM3: '1,5', valor: '999,99', volumes: 3 })).body.data.uid as string;
    const livres = await admin.post(`${PL}/documentos/filter`, { destinoUf: 'RJ' });
    expect(livres.status, livres.text).toBe(200);
    const uids = (livres.body.data.data as { uid: string }[]).map((d) => d.uid);
    expect(uids).toEqual(expect.arrayContaining([n1, n2, ped]));
    const [toco] = await linhas<{ uid: string }>(sql`select uid from tipos_veiculo where nome = 'Toco' and embarcador_uid is null`);

    const c = await admin.post(PL, { descricao: 'Rota Rio', ...lugares, tipoVeiculoUid: toco.uid, documentos: [{ nfeUid: n1 }, { nfeUid: n2 }, { pedidoUid: ped }] });
    expect(c.status, c.text).toBe(201);
    // 4.500,5 + 3.000 + 250 = 7.750,5 kg on a Toco of 7.000 kg (110,7 %); R$ 30.000,10 + 15.000,25 + 999,99.
    expect(c.body.data).toMatchObject({
      status: 1,
      quantidadeDocumentos: 3,
      pesoTotalKg: 7750.5,
      volumeTotalM3: 1.5,
      valorTotal: 46000.34,
      volumes: 23,
      capacidadeKg: 7000,
      ocupacaoPesoPct: 110.7,
      avisos: ['Peso total de 7.750,500 kg excede a capacidade do veículo (7.000,00 kg) em 750,500 kg.'],
    });
    const uid = c.body.data.uid as string;
    // Planned documents leave the free list; a document is in one plan at a time.
    const depois = ((await admin.post(`${PL}/documentos/filter`, { destinoUf: 'RJ' })).body.data.data as { uid: string }[]).map((d) => d.uid);
    expect(depois).not.toContain(n1);
    const dois = await admin.post(PL, { descricao: 'Outra', ...lugares, documentos: [{ nfeUid: n1 }] });
    expect(dois.status).toBe(409);
    // Dropping the order fits the Toco.
    const put = await admin.put(`${PL}/${uid}`, { descricao: 'Rota Rio', ...lugares, tipoVeiculoUid: toco.uid, documentos: [{ nfeUid: n1 }, { nfeUid: n2 }] });
    expect(put.body.data).toMatchObject({ pesoTotalKg: 7500.5, avisos: ['Peso total de 7.500,500 kg excede a capacidade do veículo (7.000,00 kg) em 500,500 kg.'] });
    expect((await outro.get(`${PL}/${uid}`)).status).toBe(404);
    expect((await outro.get(`${PL}/${uid}/finish`)).status).toBe(404);
    expect((await outro.post(`${PL}/documentos/filter`, {})).body.data.data.map((d: { uid: string }) => d.uid)).not.toContain(n2);

    const fim = await admin.get(`${PL}/${uid}/finish`);
    expect(fim.status, fim.text).toBe(201);
    expect(fim.body.data).toMatchObject({ status: 1, quantidadeNfes: 2, pesoTotalKg: 7500.5, valorTotal: 45000.35, tipoVeiculoUid: toco.uid });
    const plano = (await admin.get(`${PL}/${uid}`)).body.data;
    expect(plano).toMatchObject({ status: 2, embarqueUid: fim.body.data.uid, embarqueNumero: fim.body.data.numero });
    const f2 = await admin.get(`${PL}/${uid}/finish`);
    expect(f2.status).toBe(409);
    expect(f2.body.message).toBe("O planejamento está 'Finalizado': só um planejamento 'Aberto' pode ser finalizado.");
    expect((await admin.put(`${PL}/${uid}`, { descricao: 'x', ...lugares })).status).toBe(409);

    // The shipment makes a spot quotation with its NF-es, once.
    const E = `/api/v1/embarque/${fim.body.data.uid}`;
    const g = await admin.post(`${E}/gerar-cotacao`);
    expect(g.status, g.text).toBe(201);
    expect(g.body.data).toMatchObject({ status: 1, quantidadeNfes: 2, pesoTotalKg: 7500.5, valorTotal: 45000.35 });
    expect((await admin.get(E)).body.data.cotacaoUid).toBe(g.body.data.uid);
    expect((await admin.post(`${E}/gerar-cotacao`)).status).toBe(409);
    expect((await outro.post(`${E}/gerar-cotacao`)).status).toBe(404);
  });

  it('filters the free documents by destination region and by sender', async () => {
    const reg = (await admin.post('/api/v1/regioes', { nome: 'Planejamento Campinas + MG', descricao: 'filtro' })).body.data.uid as string;
    expect((await admin.post(`/api/v1/regioes/${reg}/locais`, { tipo: 'MUNICIPIO', ibge: '3509502' })).status).toBe(201);
    expect((await admin.post(`/api/v1/regioes/${reg}/locais`, { tipo: 'UF', uf: 'MG' })).status).toBe(201);
    const campinas = await nfe('100', '1000', 'SP', ['Campinas', '3509502']);
    const bh = await nfe('200', '2000', 'MG', ['Belo Horizonte', '3106200']);
    const rio = await nfe('300', '3000');
    const outroRemetente = await nfe('50', '500', 'RJ', ['Rio de Janeiro', '3304557'], '45997418000153');
    const pedCampinas = (await admin.post(P, { numero: 'PV-5001', origemMunicipioIbge: '3550308', destinoMunicipioIbge: '3509502', pesoKg: 10, valor: 100 })).body.data.uid as string;
    const pedRio = (await admin.post(P, { numero: 'PV-5002', ...lugares, pesoKg: 10, valor: 100 })).body.data.uid as string;
    const uids = async (filtro: object) => {
      const r = await admin.post(`${PL}/documentos/filter`, filtro);
      expect(r.status, r.text).toBe(200);
      return (r.body.data.data as { uid: string }[]).map((d) => d.uid);
    };

    const naRegiao = await uids({ regiaoDestinoUid: reg });
    expect(naRegiao).toEqual(expect.arrayContaining([campinas, bh, pedCampinas]));
    expect(naRegiao).not.toContain(rio);
    expect(naRegiao).not.toContain(pedRio);
    // The sender is the NF-e's issuer (an order's is the shipper itself, not this CNPJ).
    const doRemetente = await uids({ remetenteDocumento: '45.997.418/0001-53' });
    expect(doRemetente).toEqual([outroRemetente]);
    expect(await uids({ remetenteDocumento: '45997418000153', regiaoDestinoUid: reg })).toEqual([]);

    // Another shipper cannot filter by (nor learn about) this shipper's region; a bad CNPJ names the field.
    const alheia = await outro.post(`${PL}/documentos/filter`, { regiaoDestinoUid: reg });
    expect(alheia.status).toBe(400);
    expect(alheia.body.errors).toEqual([{ field: 'regiaoDestinoUid', message: 'Região não encontrada' }]);
    const doc = await admin.post(`${PL}/documentos/filter`, { remetenteDocumento: '11111111111111' });
    expect(doc.status).toBe(400);
    expect(doc.body.errors[0].field).toBe('remetenteDocumento');
  });

  it('refuses an empty plan at finish and unknown documents', async () => {
    const vazio = (await admin.post(PL, { descricao: 'Vazio', ...lugares })).body.data.uid as string;
    expect((await admin.get(`${PL}/${vazio}/finish`)).body.errors).toEqual([{ field: 'documentos', message: 'Inclua ao menos um documento antes de finalizar o planejamento' }]);
    const r = await admin.post(PL, { descricao: 'X', ...lugares, documentos: [{ nfeUid: '00000000-0000-4000-8000-000000000000' }] });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ field: 'documentos.0.nfeUid', message: 'NF-e não encontrada' }]);
    expect((await admin.post(PL, { descricao: 'X', ...lugares, documentos: [{}] })).body.errors[0].field).toBe('documentos.0.nfeUid');
  });
});

describe('planejamento-carga: proposta, mover documentos, consolidado × separado', () => {
  const vitoria: [string, string] = ['Vitória', '3205309'];
  const vilaVelha: [string, string] = ['Vila Velha', '3205200'];
  const toco = async () => (await linhas<{ uid: string }>(sql`select uid from tipos_veiculo where nome = 'Toco' and embarcador_uid is null`))[0].uid;
  const filtroEs = { tipo: 'nfe', destinoUf: 'ES', origemMunicipioIbge: '3550308' };

  it('propõe cargas por UF e por município na capacidade do Toco (7.000 kg) e move documentos entre elas', async () => {
    const [a, b, c, d] = [await nfe('4000', '1000', 'ES', vitoria), await nfe('3000', '1000', 'ES', vitoria), await nfe('2500', '1000', 'ES', vitoria), await nfe('1000', '1000', 'ES', vilaVelha)];
    const tipoVeiculoUid = await toco();
    // By municipality: Vila Velha alone; Vitória 4.000 + 3.000 = 7.000 (fits exactly), 2.500 opens a second load.
    const m = await admin.post(`${PL}/propor`, { ...filtroEs, tipoVeiculoUid, agrupamento: 'municipio' });
    expect(m.status, m.text).toBe(201);
    expect(m.body.data.cargas.map((x: { descricao: string; pesoTotalKg: number }) => [x.descricao, x.pesoTotalKg])).toEqual([
      ['Proposta ES/3205200', 1000],
      ['Proposta ES/3205309 — carga 1 de 2', 7000],
      ['Proposta ES/3205309 — carga 2 de 2', 2500],
    ]);
    // The documents are now planned: a second proposal finds nothing free.
    const nada = await admin.post(`${PL}/propor`, { ...filtroEs, tipoVeiculoUid });
    expect(nada.status).toBe(400);
    expect(nada.body.errors).toEqual([{ field: 'documentos', message: 'Nenhum documento livre (sem planejamento nem embarque) com esses filtros' }]);
    for (const x of m.body.data.cargas) expect((await admin.delete(`${PL}/${x.uid}`)).status).toBe(200);

    // By UF: 4.000 + 3.000 in the first load; 2.500 + 1.000 in the second; destination = the heaviest's city.
    const u = await admin.post(`${PL}/propor`, { ...filtroEs, tipoVeiculoUid, dataEmbarque: '2026-12-01' });
    expect(u.status, u.text).toBe(201);
    const [c1, c2] = u.body.data.cargas;
    expect([c1.descricao, c1.documentos.map((x: { uid: string }) => x.uid).sort(), c1.destinoMunicipioIbge, c1.ocupacaoPesoPct]).toEqual(['Proposta ES — carga 1 de 2', [a, b].sort(), '3205309', 100]);
    expect([c2.descricao, c2.documentos.map((x: { uid: string }) => x.uid).sort(), c2.pesoTotalKg, c2.status, c2.dataEmbarque]).toEqual(['Proposta ES — carga 2 de 2', [c, d].sort(), 3500, 1, '2026-12-01']);
    expect(u.body.data.documentosSemDestino).toBe(0);

    // Moving Vila Velha's NF-e into the full load: allowed, with the capacity warning.
    const mv = await admin.post(`${PL}/${c2.uid}/mover`, { destinoUid: c1.uid, documentos: [{ nfeUid: d }] });
    expect(mv.status, mv.text).toBe(200);
    expect(mv.body.data).toMatchObject({ quantidadeDocumentos: 1, pesoTotalKg: 2500 });
    expect((await admin.get(`${PL}/${c1.uid}`)).body.data).toMatchObject({
      quantidadeDocumentos: 3, pesoTotalKg: 8000, avisos: ['Peso total de 8.000,000 kg excede a capacidade do veículo (7.000,00 kg) em 1.000,000 kg.'],
    });
    const fora = await admin.post(`${PL}/${c2.uid}/mover`, { destinoUid: c1.uid, documentos: [{ nfeUid: d }] });
    expect(fora.body.errors).toEqual([{ field: 'documentos.0', message: 'O documento não está neste planejamento' }]);
    expect((await admin.post(`${PL}/${c2.uid}/mover`, { destinoUid: c2.uid, documentos: [{ nfeUid: c }] })).body.errors[0].field).toBe('destinoUid');
    expect((await outro.post(`${PL}/${c2.uid}/mover`, { destinoUid: c1.uid, documentos: [{ nfeUid: c }] })).status).toBe(404);
    const alheio = (await outro.post(PL, { descricao: 'Do outro', ...lugares })).body.data.uid as string;
    const paraAlheio = await admin.post(`${PL}/${c2.uid}/mover`, { destinoUid: alheio, documentos: [{ nfeUid: c }] });
    expect(paraAlheio.body.errors).toEqual([{ field: 'destinoUid', message: 'Planejamento de destino não encontrado' }]);
    // A finished plan neither gives nor takes documents (409 naming its status).
    expect((await admin.get(`${PL}/${c2.uid}/finish`)).status).toBe(201);
    const fin = await admin.post(`${PL}/${c1.uid}/mover`, { destinoUid: c2.uid, documentos: [{ nfeUid: a }] });
    expect(fin.status).toBe(409);
    expect(fin.body.message).toBe("O planejamento nº " + c2.numero + " está 'Finalizado': só um planejamento 'Aberto' muda de documentos.");
  });

  it('propõe checando uma vez o que as cargas têm em comum, com uma linha de auditoria por carga', async () => {
    const tipoVeiculoUid = await toco();
    const n = await nfe('500', '100', 'ES', vitoria);
    // A destination the municipality register does not know stays out of the proposal and is counted.
    await nfe('200', '100', 'ES', ['Lugar Nenhum', '3299999']);
    const ruim = await admin.post(`${PL}/propor`, { ...filtroEs, tipoVeiculoUid, transportadorUid: '00000000-0000-4000-8000-000000000000' });
    expect(ruim.status).toBe(400);
    expect(ruim.body.errors[0].field).toBe('transportadorUid');
    const r = await admin.post(`${PL}/propor`, { ...filtroEs, tipoVeiculoUid });
    expect(r.status, r.text).toBe(201);
    expect(r.body.data.cargas.map((x: { descricao: string; documentos: { uid: string }[] }) => [x.descricao, x.documentos.map((d) => d.uid)])).toEqual([['Proposta ES', [n]]]);
    expect(r.body.data.documentosSemDestino).toBe(1);
    const uid = r.body.data.cargas[0].uid as string;
    const trilha = (await admin.get(`/api/v1/auditoria-sistema?ftr_recurso=planejamento-carga&ftr_registroUid=${uid}`)).body.data.data;
    expect(trilha.map((h: { acao: string; depois: { descricao: string; status: number } }) => [h.acao, h.depois.descricao, h.depois.status])).toEqual([['criar', 'Proposta ES', 1]]);
    expect((await admin.delete(`${PL}/${uid}`)).status).toBe(200);
  });

  it('compara a carga consolidada com os documentos enviados separados (motor de frete, tabelas vigentes)', async () => {
    const [n1, n2] = [await nfe('1000', '50000', 'RJ'), await nfe('1000', '50000', 'RJ')];
    const tipoVeiculoUid = await toco();
    const p = (await admin.post(PL, { descricao: 'Comparar', ...lugares, tipoVeiculoUid, documentos: [{ nfeUid: n1 }, { nfeUid: n2 }] })).body.data.uid as string;
    const r = await admin.get(`${PL}/${p}/comparacao`);
    expect(r.status, r.text).toBe(200);
    const cmp = r.body.data;
    // Each NF-e alone is the order of the first test: 1.000 kg, R$ 50.000,00, SP → RJ = 1.303,10 (Rápido Sul).
    expect(cmp.separado).toMatchObject({ total: 2606.2, semCotacao: 0 });
    expect(cmp.separado.documentos.map((x: { total: number; transportadorNome: string }) => [x.total, x.transportadorNome])).toEqual([
      [1303.1, 'Rápido Sul Transportes Ltda'],
      [1303.1, 'Rápido Sul Transportes Ltda'],
    ]);
    // Consolidated: the engine's cheapest quote for 2.000 kg, R$ 100.000,00 and 2 NF-es on the Toco.
    const calc = await admin.post('/api/v1/calculadora/calcular', {
      origem: { municipioIbge: '3550308' }, destino: { municipioIbge: '3304557' }, pesoKg: 2000, valorMercadoria: 100000, volumes: 20, documentos: 2, tipoVeiculoUid,
    });
    const melhor = [...calc.body.data.cotacoes].sort((x: { total: number }, y: { total: number }) => x.total - y.total)[0];
    expect(cmp.consolidado).toMatchObject({ total: melhor.total, transportadorNome: melhor.transportadorNome, destinoMunicipioIbge: '3304557' });
    expect(cmp.economia).toBe(Math.round((2606.2 - melhor.total) * 100) / 100);
    expect(cmp.economia).toBeGreaterThan(0);
    expect((await outro.get(`${PL}/${p}/comparacao`)).status).toBe(404);
  });

  it('prices a load with two destinations as one run: one table covering both, at its dearest drop', async () => {
    const rio = await nfe('1000', '50000', 'RJ');
    const bh = await nfe('500', '20000', 'MG', ['Belo Horizonte', '3106200']);
    const tipoVeiculoUid = await toco();
    const p = (await admin.post(PL, { descricao: 'Rio e BH', ...lugares, tipoVeiculoUid, documentos: [{ nfeUid: rio }, { nfeUid: bh }] })).body.data.uid as string;
    const cmp = (await admin.get(`${PL}/${p}/comparacao`)).body.data;
    // The whole load (1.500 kg, R$ 70.000,00, 2 NF-es) to each city; per table the dearer city; the cheapest table.
    const cotar = async (ibge: string) =>
      (await admin.post('/api/v1/calculadora/calcular', {
        origem: { municipioIbge: '3550308' }, destino: { municipioIbge: ibge }, pesoKg: 1500, valorMercadoria: 70000, volumes: 20, documentos: 2, tipoVeiculoUid,
      })).body.data.cotacoes as { tabelaUid: string; total: number; transportadorNome: string }[];
    const [aRio, aBh] = [await cotar('3304557'), await cotar('3106200')];
    const rotas = aRio
      .map((r) => ({ r, b: aBh.find((x) => x.tabelaUid === r.tabelaUid) }))
      .filter((x) => x.b)
      .map(({ r, b }) => ({ nome: r.transportadorNome, rio: r.total, bh: (b as { total: number }).total, total: Math.max(r.total, (b as { total: number }).total) }))
      .sort((x, y) => x.total - y.total);
    expect(rotas.length).toBeGreaterThan(0);
    const m = rotas[0];
    // TransMinas: Rio 2.005,11, BH 1.806,25 → 2.005,11; Rápido Sul: Rio 1.923,84 (cheaper there), BH 2.027,73 → 2.027,73.
    expect(rotas.map((r) => [r.nome, r.rio, r.bh, r.total])).toEqual([
      ['TransMinas Cargas S.A.', 2005.11, 1806.25, 2005.11],
      ['Rápido Sul Transportes Ltda', 1923.84, 2027.73, 2027.73],
    ]);
    expect(cmp.consolidado).toMatchObject({ total: m.total, transportadorNome: m.nome, destinoMunicipioIbge: m.bh >= m.rio ? '3106200' : '3304557' });
    expect(cmp.consolidado.paradas).toEqual([
      { destinoMunicipioIbge: '3304557', documentos: 1, pesoKg: 1000, total: m.rio },
      { destinoMunicipioIbge: '3106200', documentos: 1, pesoKg: 500, total: m.bh },
    ]);
    // Separately 1.303,10 (Rio, Rápido Sul) + 596,02 (BH, TransMinas) = 1.899,12: here one run costs 105,99 more.
    expect([cmp.separado.total, cmp.economia]).toEqual([1899.12, -105.99]);
  });
});
