import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nfeXml } from '@fretio/core/fiscal/fixtures';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as, session } from '../../../test/support/http.ts';
import { aguardarTarefa } from '../../../test/support/tarefas.ts';

// Shipments: made from an approved quotation (carrier, agreed freight and NF-es come along, the request
// goes Em Andamento, then Finalizada when the shipment is concluded), status commands by the machine,
// and the freight simulation over the shipper's tables, kept with its component breakdown.

let t: TestApp;
let admin: Api, outro: Api;
let rapido: string, minas: string;
const E = '/api/v1/embarque';
const C = '/api/v1/cotacoesfrete';
const S = '/api/v1/solicitacoesfrete';
const lugares = { origemMunicipioIbge: '3550308', destinoMunicipioIbge: '3304557' };

beforeAll(async () => {
  t = await createTestApp();
  [admin, outro] = await Promise.all([as(t.app, 'admin@demo.com.br'), as(t.app, 'admin@outro.com.br')]);
  const r = (await t.db.execute(sql`select uid from transportadores where nome_fantasia = 'Rápido Sul'`)) as unknown as { rows: { uid: string }[] };
  rapido = r.rows[0].uid;
  const m = (await t.db.execute(sql`select uid from transportadores where nome_fantasia = 'TransMinas'`)) as unknown as { rows: { uid: string }[] };
  minas = m.rows[0].uid;
});
afterAll(() => t?.close());

async function cotacaoAprovada() {
  const s = (await admin.post(S, lugares)).body.data.uid as string;
  await admin.post(`${S}/${s}/nfes`, { numero: 501, valor: 7500, pesoKg: 700, volumes: 70 });
  await admin.post(`${S}/${s}/nfes`, { numero: 502, valor: 2500, pesoKg: 300, volumes: 30 });
  const c = (await admin.post(`${C}/from-solicitacao/${s}`)).body.data.uid as string;
  await admin.post(`${C}/${c}/transportadores`, { transportadorUid: rapido });
  await admin.put(`${C}/${c}/atualizarstatus`, { status: 2 });
  await admin.put(`${C}/${c}/transportadores/${rapido}`, { valorTotal: '1.000,01', prazoDiasUteis: 2, validade: '2026-12-31' });
  await admin.put(`${C}/${c}/fechar-cotacao`);
  expect((await admin.put(`${C}/${c}/aprovacao`, { aprovado: true, transportadorUid: rapido })).body.data.status).toBe(4);
  return { s, c };
}

describe('embarque', () => {
  it('a pickup order made from the approved quotation carries the request: Em Andamento, in its timeline', async () => {
    const { s, c } = await cotacaoAprovada();
    const o = await admin.post('/api/v1/ordenscoleta', { cotacaoUid: c });
    expect(o.status, o.text).toBe(201);
    expect((await admin.get(`${S}/${s}`)).body.data.status).toBe(4);
    const ultima = ((await admin.get(`${S}/${s}/historico`)).body.data.data as { acao: string; statusAntes: number; statusDepois: number }[]).filter((h) => h.acao === 'status').at(-1);
    expect(ultima).toMatchObject({ statusAntes: 2, statusDepois: 4, usuarioNome: 'Administrador Demo' });
  });

  it('comes from an approved quotation with the carrier, the agreed freight and the NF-es', async () => {
    const { s, c } = await cotacaoAprovada();
    const res = await admin.post(E, { cotacaoUid: c });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ status: 1, transportadorUid: rapido, freteAcordado: 1000.01, quantidadeNfes: 2, pesoTotalKg: 1000, volumes: 100 });
    const uid = res.body.data.uid as string;
    const nfes = (await admin.get(`${E}/${uid}/list`)).body.data.data as { numero: number; freteEsperado: number }[];
    expect(nfes.map((n) => [n.numero, n.freteEsperado])).toEqual([
      [501, 750.01],
      [502, 250],
    ]);
    expect((await admin.get(`${S}/${s}`)).body.data.status).toBe(4);
    expect((await admin.get(`${C}/${c}/embarque`)).body.data.uid).toBe(uid);
    const de_novo = await admin.post(E, { cotacaoUid: c });
    expect(de_novo.status).toBe(409);
    expect(de_novo.body.message).toBe('Esta cotação já gerou um embarque.');

    expect((await admin.put(`${E}/${uid}/concluir`)).body).toMatchObject({ code: 'TRANSICAO_INVALIDA', message: "Não é permitido mudar o status de 'Aberto' para 'Concluído'." });
    expect((await admin.put(`${E}/${uid}/embarcado`)).body.data.status).toBe(2);
    expect((await admin.post(`${E}/${uid}/nfes`, { numero: 9, valor: 1, pesoKg: 1 })).status).toBe(409);
    expect((await admin.put(`${E}/${uid}/concluir`)).body.data.status).toBe(3);
    expect((await admin.get(`${S}/${s}`)).body.data.status).toBe(5);
    // Each move of the request is in its timeline, written in the transaction that moved it (same now()).
    const mudancas = ((await admin.get(`${S}/${s}/historico`)).body.data.data as { acao: string }[]).filter((h) => h.acao === 'status');
    expect(mudancas.map((h) => h as unknown as { statusAntes: number; statusDepois: number }).map((h) => [h.statusAntes, h.statusDepois])).toEqual([[1, 2], [2, 4], [4, 5]]);
    const mesmaTransacao = (await t.db.execute(sql`select a.depois->>'status' as para, a.em = coalesce(e.criado_em, a.em) as junto_do_embarque
      from auditoria_sistema a left join embarques e on e.uid = (a.depois->>'embarqueUid')::uuid and a.depois->>'status' = '4'
      where a.recurso = 'solicitacoesfrete' and a.registro_uid = ${s} and a.acao = 'status' order by a.em`)) as unknown as { rows: { para: string; junto_do_embarque: boolean }[] };
    expect(mesmaTransacao.rows).toEqual([{ para: '2', junto_do_embarque: true }, { para: '4', junto_do_embarque: true }, { para: '5', junto_do_embarque: true }]);
    expect((await admin.put(`${E}/${uid}/cancel`, { justificativaStatus: 'x' })).status).toBe(409);
    expect((await admin.put(`${E}/${uid}/reabrir`, {})).body.errors[0].field).toBe('justificativaStatus');
    expect((await admin.put(`${E}/${uid}/reabrir`, { justificativaStatus: 'Faltou uma nota' })).body.data).toMatchObject({ status: 1, justificativaStatus: 'Faltou uma nota' });
    expect((await outro.get(`${E}/${uid}`)).status).toBe(404);
    expect((await outro.put(`${E}/${uid}/embarcado`)).status).toBe(404);
  });

  it('refuses a quotation that is not approved, and shipping without NF-es', async () => {
    const c = (await admin.post(C, lugares)).body.data.uid as string;
    const r = await admin.post(E, { cotacaoUid: c });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe("A cotação está 'Rascunho': só uma cotação finalizada gera embarque.");
    expect((await admin.post(E, { cotacaoUid: '00000000-0000-4000-8000-000000000000' })).body.errors).toEqual([{ field: 'cotacaoUid', message: 'Cotação não encontrada' }]);
    const vazio = (await admin.post(E, lugares)).body.data.uid as string;
    expect((await admin.put(`${E}/${vazio}/embarcado`)).body.errors).toEqual([{ field: 'nfes', message: 'Inclua ao menos uma NF-e antes de marcar como embarcado' }]);
    expect((await admin.put(`${E}/${vazio}/cancel`, { justificativaStatus: 'Desistência' })).body.data.status).toBe(4);
  });

  it('simulates the freight over the tables and keeps the ranked result with its components', async () => {
    const uid = (await admin.post(E, lugares)).body.data.uid as string;
    await admin.post(`${E}/${uid}/nfes`, { numero: 1, valor: 50000, pesoKg: 1000, volumes: 10 });
    const sim = await admin.post(`${E}/${uid}/simular-frete`);
    expect(sim.status, sim.text).toBe(201);
    const calc = await admin.post('/api/v1/calculadora/calcular', {
      origem: { municipioIbge: '3550308' },
      destino: { municipioIbge: '3304557' },
      pesoKg: 1000,
      valorMercadoria: 50000,
      volumes: 10,
      documentos: 1,
    });
    const totais = (calc.body.data.cotacoes as { total: number }[]).map((q) => q.total);
    expect(totais.length).toBeGreaterThan(0);
    expect(sim.body.data.resultado.cotacoes.map((q: { total: number }) => q.total)).toEqual(totais);
    expect(sim.body.data).toMatchObject({ quantidadeCotacoes: totais.length, melhorValor: Math.min(...totais), pesoKg: 1000 });
    expect(sim.body.data.resultado.cotacoes[0].componentes.length).toBeGreaterThan(0);
    const lista = (await admin.get(`${E}/${uid}/simulacoes`)).body.data.data;
    expect(lista).toHaveLength(1);
    const um = (await admin.get(`${E}/${uid}/simulacoes/${lista[0].uid}`)).body.data;
    expect(um.resultado).toEqual(sim.body.data.resultado);
    expect((await outro.get(`${E}/${uid}/simulacoes/${lista[0].uid}`)).status).toBe(404);
  });

  it('copies the approved winner, value and deadline of the quotation it generated, in the approval', async () => {
    const uid = (await admin.post(E, lugares)).body.data.uid as string;
    await admin.post(`${E}/${uid}/nfes`, { numero: 601, valor: 7500, pesoKg: 700, volumes: 70 });
    await admin.post(`${E}/${uid}/nfes`, { numero: 602, valor: 2500, pesoKg: 300, volumes: 30 });
    const g = await admin.post(`${E}/${uid}/gerar-cotacao`);
    expect(g.status, g.text).toBe(201);
    const c = g.body.data.uid as string;
    // Before the approval the shipment's carrier may still be typed.
    const antes = (await admin.get(`${E}/${uid}`)).body.data;
    expect((await admin.put(`${E}/${uid}`, { ...antes, transportadorUid: minas })).body.data.transportadorUid).toBe(minas);
    await admin.post(`${C}/${c}/transportadores`, { transportadorUid: rapido });
    await admin.put(`${C}/${c}/atualizarstatus`, { status: 2 });
    await admin.put(`${C}/${c}/transportadores/${rapido}`, { valorTotal: '1.000,01', prazoDiasUteis: 3, validade: '2026-12-31' });
    await admin.put(`${C}/${c}/fechar-cotacao`);
    expect((await admin.put(`${C}/${c}/aprovacao`, { aprovado: true, transportadorUid: rapido })).body.data.status).toBe(4);
    const e = (await admin.get(`${E}/${uid}`)).body.data;
    expect(e).toMatchObject({ transportadorUid: rapido, transportadorNome: expect.any(String), freteAcordado: 1000.01, prazoAcordadoDiasUteis: 3, cotacaoUid: c });
    // 1.000,01 × 7.500/10.000 = 750,0075 → 750,01; the other takes the rest, 250,00.
    const nfes = (await admin.get(`${E}/${uid}/list`)).body.data.data as { numero: number; freteEsperado: number }[];
    expect(nfes.map((n) => [n.numero, n.freteEsperado]).sort()).toEqual([
      [601, 750.01],
      [602, 250],
    ]);
    // After the approval the carrier and agreed value stay the quotation's.
    const depois = await admin.put(`${E}/${uid}`, { ...e, transportadorUid: minas, observacao: 'Doca 3' });
    expect(depois.status, depois.text).toBe(200);
    expect(depois.body.data).toMatchObject({ transportadorUid: rapido, freteAcordado: 1000.01, prazoAcordadoDiasUteis: 3, observacao: 'Doca 3' });
  });

  it('links a pickup order NF-e typed by key or number to the shipper\'s imported NF-e', async () => {
    const r = (await t.db.execute(
      sql`select n.uid, n.chave, n.numero, n.serie from nfes n join embarcadores e on e.uid = n.embarcador_uid
          where e.cnpj = '11222333000181' and not n.virtual and not n.cancelada and n.emitente_documento = '11222333000181' order by n.numero limit 2`,
    )) as unknown as { rows: { uid: string; chave: string; numero: number; serie: number }[] };
    const [a, b] = r.rows;
    const O = '/api/v1/ordenscoleta';
    const o = (await admin.post(O, lugares)).body.data.uid as string;
    const porChave = await admin.post(`${O}/${o}/nfes`, { chave: a.chave, numero: a.numero, serie: a.serie, valor: 100, pesoKg: 10 });
    expect(porChave.status, porChave.text).toBe(201);
    expect(porChave.body.data).toMatchObject({ nfeUid: a.uid, virtual: false });
    const porNumero = await admin.post(`${O}/${o}/nfes`, { numero: b.numero, serie: b.serie, emitenteCnpj: '11.222.333/0001-81', valor: 100, pesoKg: 10 });
    expect(porNumero.body.data).toMatchObject({ nfeUid: b.uid, virtual: false });
    const semNota = await admin.post(`${O}/${o}/nfes`, { numero: 987654, valor: 100, pesoKg: 10 });
    expect(semNota.body.data).toMatchObject({ nfeUid: null, virtual: true });
    // Another shipper's reference to the same number never links to the demo shipper's note.
    const oo = (await outro.post(O, lugares)).body.data.uid as string;
    expect((await outro.post(`${O}/${oo}/nfes`, { chave: a.chave, numero: a.numero, valor: 1, pesoKg: 1 })).body.data.nfeUid).toBeNull();
  });

  it('links NF-es typed before the import to the real ones when their XML arrives, keeping the history and the tracking link', async () => {
    const emit = '11222333000181';
    const [a, b, c] = [930001, 930002, 930003].map((numero) => ({ numero, ...nfeXml({ numero, serie: 2, emitente: emit }) }));
    const uid = (await admin.post(E, lugares)).body.data.uid as string;
    const linha = async (api: Api, e: string, corpo: object) => (await api.post(`${E}/${e}/nfes`, { serie: 2, pesoKg: 10, ...corpo })).body.data as { uid: string; nfeUid: string | null };
    const porChave = await linha(admin, uid, { chave: a.chave, numero: a.numero, valor: 100 });
    const porEmitente = await linha(admin, uid, { numero: b.numero, emitenteCnpj: emit, valor: 200 });
    const soNumero = await linha(admin, uid, { numero: c.numero, valor: 300 });
    const outroEmitente = await linha(admin, uid, { numero: b.numero, emitenteCnpj: '33000167000101', valor: 400 });
    expect([porChave, porEmitente, soNumero, outroEmitente].map((l) => l.nfeUid)).toEqual([null, null, null, null]);
    const eOutro = (await outro.post(E, lugares)).body.data.uid as string;
    const deOutro = await linha(outro, eOutro, { chave: a.chave, numero: a.numero, valor: 1 });
    // An order invoiced with a virtual note of the same issuer, series and number as c.
    const virtual = (await admin.post('/api/v1/documentos/nfe-virtual', { numero: c.numero, serie: 2, emissao: '2025-01-10', emitenteDocumento: emit, emitenteNome: 'Demo', destinatarioDocumento: '33000167000101', destinatarioNome: 'Cliente', destinatarioUf: 'RJ', valorTotal: '300,00' })).body.data.uid as string;
    const P = '/api/v1/documentos/pedidos';
    const pedido = (await admin.post(P, { numero: 'PV-9300', ...lugares, pesoKg: 10, valor: 300 })).body.data.uid as string;
    expect((await admin.post(`${P}/${pedido}/definir-nfe`, { nfeUid: virtual })).body.data.nfeUid).toBe(virtual);
    // The virtual note is tracked: the customer got its public link, a promised date and an event.
    const token = (await admin.get(`/api/v1/tracking/${virtual}`)).body.data.token as string;
    await t.db.execute(sql`update rastreios set data_prevista = '2025-01-15' where nfe_uid = ${virtual}`);
    const [oc] = ((await t.db.execute(sql`select o.uid from ocorrencias o join embarcadores e on e.uid = o.embarcador_uid where e.cnpj = ${emit} and o.codigo = '05'`)) as unknown as { rows: { uid: string }[] }).rows;
    const ev = await admin.post('/api/v1/eventos-ocorrencia', { nfeUid: virtual, ocorrenciaUid: oc.uid, dataHora: '2025-01-13T11:00:00-03:00', local: 'Rio de Janeiro/RJ' });
    expect(ev.status, ev.text).toBe(201);
    const publico = async () => (await t.app.inject({ method: 'GET', url: `/api/public/rastreio/${token}` })).json().data as { numero: number; dataPrevista: string; eventos: unknown[] };
    expect(await publico()).toMatchObject({ numero: c.numero, dataPrevista: '2025-01-15', eventos: [{ dataHora: expect.any(String) }] });

    const b_ = '----embarque-nfe';
    const corpo = Buffer.concat([
      ...[a, b, c].flatMap((n) => [Buffer.from(`--${b_}\r\nContent-Disposition: form-data; name="file"; filename="${n.numero}.xml"\r\nContent-Type: application/xml\r\n\r\n${n.xml}\r\n`)]),
      Buffer.from(`--${b_}--\r\n`),
    ]);
    const imp = await t.app.inject({ method: 'POST', url: '/api/importar/documentos/import-nfe', payload: corpo, headers: { 'content-type': `multipart/form-data; boundary=${b_}`, cookie: await session(t.app, 'admin@demo.com.br') } });
    expect(imp.statusCode, imp.body).toBe(200);
    expect((await aguardarTarefa(admin, imp.json().data.uid)).status).toBe(3);
    const reais = (await t.db.execute(sql`select n.numero, n.uid from nfes n join embarcadores e on e.uid = n.embarcador_uid
      where e.cnpj = ${emit} and not n.virtual and n.numero in (${a.numero}, ${b.numero}, ${c.numero})`)) as unknown as { rows: { numero: number; uid: string }[] };
    const real = Object.fromEntries(reais.rows.map((r) => [r.numero, r.uid]));

    const linhas = (await admin.get(`${E}/${uid}/list`)).body.data.data as { uid: string; nfeUid: string | null; valor: number; virtual: boolean }[];
    const de = (l: { uid: string }) => linhas.find((x) => x.uid === l.uid);
    expect(de(porChave)).toMatchObject({ nfeUid: real[a.numero], virtual: false, valor: 100 });
    expect(de(porEmitente)).toMatchObject({ nfeUid: real[b.numero], virtual: false, valor: 200 });
    expect(de(soNumero)).toMatchObject({ nfeUid: real[c.numero], virtual: false, valor: 300 });
    expect(de(outroEmitente)).toMatchObject({ nfeUid: null, virtual: true });
    expect((await outro.get(`${E}/${eOutro}/nfes/${deOutro.uid}`)).body.data.nfeUid).toBeNull();
    expect((await admin.get(`${P}/${pedido}`)).body.data).toMatchObject({ nfeUid: real[c.numero], nfeNumero: c.numero, status: 4 });
    expect((await admin.get(`/api/v1/documentos/nfe-virtual/${virtual}`)).body.data.substituidaPorUid).toBe(real[c.numero]);
    // Its tracking moved to the real note: the same public link, promised date and events; one history row.
    const rastreio = (await admin.get(`/api/v1/tracking/${real[c.numero]}`)).body.data;
    expect(rastreio).toMatchObject({ token, dataPrevista: '2025-01-15', eventos: [{ uid: ev.body.data.uid, nfeUid: real[c.numero] }] });
    expect(await publico()).toMatchObject({ numero: c.numero, dataPrevista: '2025-01-15', eventos: [{ dataHora: expect.any(String) }] });
    expect((await admin.get(`/api/v1/tracking/${virtual}`)).body.data).toMatchObject({ token: null, eventos: [] });
    const trilha = (await admin.get(`/api/v1/auditoria-sistema?ftr_recurso=tracking&ftr_registroUid=${real[c.numero]}`)).body.data.data;
    expect(trilha.map((h: { acao: string; antes: unknown; depois: unknown }) => [h.acao, h.antes, h.depois])).toEqual([
      ['transferir-rastreio', { nfeUid: virtual }, { nfeUid: real[c.numero], linkPublico: true, dataPrevista: '2025-01-15', eventos: 1, justificativa: 'NF-e 930003 série 2 importada: rastreamento da NF-e virtual transferido' }],
    ]);
    const hist = (await admin.get(`${E}/${uid}/historico`)).body.data.data as { acao: string; justificativa: string | null }[];
    expect(hist.filter((h) => h.acao === 'vincular-nfe').map((h) => h.justificativa).sort()).toEqual([
      'NF-e 930001 série 2 importada: vinculada à nota digitada',
      'NF-e 930002 série 2 importada: vinculada à nota digitada',
      'NF-e 930003 série 2 importada: vinculada à nota digitada',
    ]);
  });

  it('keeps product lines: totals and simulation from them until the NF-es come, copied to the pickup order', async () => {
    const uid = (await admin.post(E, lugares)).body.data.uid as string;
    const cadeiras = await admin.post(`${E}/${uid}/produtos`, { descricao: 'Cadeira', quantidade: 10, pesoKg: '120,5', volumeM3: '0,8', valor: '1.500,00' });
    expect(cadeiras.status, cadeiras.text).toBe(201);
    await admin.post(`${E}/${uid}/produtos`, { descricao: 'Mesa', quantidade: 5, pesoKg: '79,5', valor: '500,50' });
    expect((await admin.post(`${E}/${uid}/produtos`, { descricao: 'X', quantidade: 1, pesoKg: -1, valor: 1 })).body.errors[0].field).toBe('pesoKg');
    expect((await admin.get(`${E}/${uid}`)).body.data).toMatchObject({ pesoTotalKg: 200, valorTotal: 2000.5, volumeTotalM3: 0.8, quantidadeNfes: 0 });
    const sim = await admin.post(`${E}/${uid}/simular-frete`);
    expect(sim.status, sim.text).toBe(201);
    expect(sim.body.data).toMatchObject({ pesoKg: 200, valorMercadoria: 2000.5 });
    // With an NF-e, the totals are the NF-es'.
    await admin.post(`${E}/${uid}/nfes`, { numero: 701, valor: 2500, pesoKg: 300, volumes: 3 });
    expect((await admin.get(`${E}/${uid}`)).body.data).toMatchObject({ pesoTotalKg: 300, valorTotal: 2500, quantidadeNfes: 1 });
    const o = await admin.post(`${E}/${uid}/gerar-ordem-coleta`);
    expect(o.status, o.text).toBe(201);
    const itens = (await admin.get(`/api/v1/ordenscoleta/${o.body.data.uid}/produtos`)).body.data.data as { descricao: string; pesoKg: number; valor: number }[];
    expect(itens.map((i) => [i.descricao, i.pesoKg, i.valor]).sort()).toEqual([
      ['Cadeira', 120.5, 1500],
      ['Mesa', 79.5, 500.5],
    ]);
    expect((await outro.get(`${E}/${uid}/produtos`)).status).toBe(404);
    expect((await admin.put(`${E}/${uid}/embarcado`)).body.data.status).toBe(2);
    const depois = await admin.put(`${E}/${uid}/produtos/${cadeiras.body.data.uid}`, { descricao: 'Cadeira', quantidade: 11, pesoKg: 1, valor: 1 });
    expect(depois.status).toBe(409);
  });
});
