import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { hashSenha } from '../../lib/crypto.ts';

// Pickup orders through the API: the status machine (send for release, release item by item, the last
// release sends it to the carrier), the carrier portal (sees only what was sent to its carrier, never
// drafts; confirms with its own fleet or refuses with a reason; any other write 403), tenancy,
// notifications, the timeline, the PDF and the order generated from a shipment.

let t: TestApp;
let admin: Api, outro: Api, operador: Api, rapidoUser: Api, nordesteUser: Api;
let rapido: string, nordeste: string, pessoa: string;
const O = '/api/v1/ordenscoleta';
const SP = '3550308';
const RJ = '3304557';

async function rows<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
}

async function usuarioTransportador(login: string, transportadorUid: string) {
  const [papel] = await rows<{ uid: string; embarcador_uid: string }>(
    sql`select p.uid, p.embarcador_uid from papeis p join embarcadores e on e.uid = p.embarcador_uid where p.tipo = 2 and e.cnpj = '11222333000181' limit 1`,
  );
  const [u] = await rows<{ uid: string }>(sql`insert into usuarios (login, nome, senha_hash, tipo_usuario, status_usuario, transportador_uid)
    values (${login}, 'Usuária Nordeste', ${await hashSenha('demo1234')}, 2, 2, ${transportadorUid}) returning uid`);
  await rows(sql`insert into usuario_embarcador (usuario_uid, embarcador_uid, papel_uid) values (${u.uid}, ${papel.embarcador_uid}, ${papel.uid}) returning uid`);
}

async function notificacoesDe(login: string, tipo: string, uid: string) {
  return rows<{ mensagem: string }>(sql`select n.mensagem from notificacoes n join usuarios u on u.uid = n.usuario_uid
    where u.login = ${login} and n.tipo = ${tipo} and n.registro_uid = ${uid}`);
}

beforeAll(async () => {
  t = await createTestApp();
  const ids = await rows<{ uid: string; nome_fantasia: string }>(sql`select uid, nome_fantasia from transportadores`);
  const id = (n: string) => ids.find((r) => r.nome_fantasia === n)?.uid as string;
  [rapido, nordeste] = [id('Rápido Sul'), id('Expresso Nordeste')];
  await usuarioTransportador('nordeste.coleta@expresso.com.br', nordeste);
  [admin, outro, operador, rapidoUser, nordesteUser] = await Promise.all(
    ['admin@demo.com.br', 'admin@outro.com.br', 'operador@demo.com.br', 'transportador@rapidosul.com.br', 'nordeste.coleta@expresso.com.br'].map((l) => as(t.app, l)),
  );
  [{ uid: pessoa }] = await rows<{ uid: string }>(
    sql`select p.uid from pessoas p join embarcadores e on e.uid = p.embarcador_uid where e.cnpj = '11222333000181' order by p.nome limit 1`,
  );
});
afterAll(() => t?.close());

/** A draft for Rápido Sul with one product line (1.000 kg, R$ 50.000,00) and one NF-e (600 kg, R$ 30.000,00). */
async function rascunho(transportadorUid = rapido) {
  const o = await admin.post(O, { origemMunicipioIbge: SP, destinoMunicipioIbge: RJ, remetenteUid: pessoa, transportadorUid, dataColetaDesejada: '2026-12-03' });
  expect(o.status, o.text).toBe(201);
  const uid = o.body.data.uid as string;
  const p = await admin.post(`${O}/${uid}/produtos`, { descricao: 'Café torrado', quantidade: 100, pesoKg: '1.000,000', valor: 50000 });
  expect(p.status, p.text).toBe(201);
  const n = await admin.post(`${O}/${uid}/nfes`, { numero: 321, serie: 1, valor: '30000,00', pesoKg: 600, volumes: 60 });
  expect(n.status, n.text).toBe(201);
  return { uid, produto: p.body.data.uid as string, nfe: n.body.data.uid as string };
}

/** Sent to the carrier: for release, then both items released. */
async function enviada(transportadorUid = rapido) {
  const o = await rascunho(transportadorUid);
  expect((await admin.put(`${O}/${o.uid}/atualizarstatus`, { status: 2 })).status).toBe(200);
  expect((await admin.put(`${O}/${o.uid}/liberacaoitem`, { itemUid: o.produto })).body.data.status).toBe(2);
  expect((await admin.put(`${O}/${o.uid}/liberacaoitem`, { itemUid: o.nfe })).body.data.status).toBe(3);
  return o;
}

describe('ordem de coleta: máquina de status', () => {
  it('goes Rascunho → Aguardando Liberação → (items released) Enviada, with totals, timeline and notification', async () => {
    const { uid, produto, nfe } = await rascunho();
    const o = (await admin.get(`${O}/${uid}`)).body.data;
    // NF-es win over product lines for the totals (like requests and quotations).
    expect(o).toMatchObject({ status: 1, transportadorNome: 'Rápido Sul Transportes Ltda', origemMunicipioNome: 'São Paulo', destinoUf: 'RJ', pesoTotalKg: 600, valorTotal: 30000, quantidadeNfes: 1, itensTotal: 2, itensLiberados: 0 });

    const proibida = await admin.put(`${O}/${uid}/atualizarstatus`, { status: 4 });
    expect(proibida.status).toBe(409);
    expect(proibida.body).toMatchObject({ code: 'TRANSICAO_INVALIDA', message: "Não é permitido mudar o status de 'Rascunho' para 'Confirmada'." });
    expect((await admin.put(`${O}/${uid}/liberacaoitem`, { itemUid: produto })).status).toBe(409);

    expect((await admin.put(`${O}/${uid}/atualizarstatus`, { status: 2 })).body.data).toMatchObject({ status: 2, itensLiberados: 0 });
    // Not sent while an item waits for release; the cargo no longer changes.
    const cedo = await admin.put(`${O}/${uid}/atualizarstatus`, { status: 3 });
    expect(cedo.status).toBe(409);
    expect(cedo.body.message).toBe('Libere todos os itens antes de enviar a ordem de coleta (0 de 2 liberados).');
    expect((await admin.post(`${O}/${uid}/produtos`, { descricao: 'X', quantidade: 1, pesoKg: 1, valor: 1 })).status).toBe(409);
    expect((await admin.put(`${O}/${uid}`, { origemMunicipioIbge: SP, destinoMunicipioIbge: RJ })).status).toBe(409);
    // The carrier does not see it yet.
    expect((await rapidoUser.get(`${O}/${uid}`)).status).toBe(404);

    expect((await admin.put(`${O}/${uid}/liberacaoitem`, { itemUid: produto })).body.data).toMatchObject({ status: 2, itensLiberados: 1 });
    const dup = await admin.put(`${O}/${uid}/liberacaoitem`, { itemUid: produto });
    expect(dup.status).toBe(409);
    expect((await admin.put(`${O}/${uid}/liberacaoitem`, { itemUid: '00000000-0000-4000-8000-000000000000' })).body.errors).toEqual([
      { field: 'itemUid', message: 'Item não encontrado nesta ordem de coleta' },
    ]);
    const ultima = await admin.put(`${O}/${uid}/liberacaoitem`, { itemUid: nfe });
    expect(ultima.body.data).toMatchObject({ status: 3, itensLiberados: 2 });
    expect(ultima.body.data.enviadoEm).not.toBeNull();
    expect((await admin.get(`${O}/${uid}/nfes`)).body.data.data[0].liberadoEm).not.toBeNull();

    const msg = await notificacoesDe('transportador@rapidosul.com.br', 'ordem-coleta-enviada', uid);
    expect(msg).toHaveLength(1);
    expect(msg[0].mensagem).toContain(`enviou a ordem de coleta nº ${o.numero} para sua transportadora. Coleta desejada em 03/12/2026.`);
    expect(await notificacoesDe('nordeste.coleta@expresso.com.br', 'ordem-coleta-enviada', uid)).toHaveLength(0);

    const hist = (await admin.get(`${O}/${uid}/historico`)).body.data.data as { acao: string; statusAntes: number | null; statusDepois: number | null; usuarioNome: string }[];
    expect(hist.filter((e) => e.statusAntes !== e.statusDepois).map((e) => [e.acao, e.statusAntes, e.statusDepois])).toEqual([
      ['criar', null, 1],
      ['status', 1, 2],
      ['liberacaoitem', 2, 3],
    ]);
  });

  it('needs a carrier and an item to go for release; cancels with a justification and tells the carrier only when sent', async () => {
    const semNada = (await admin.post(O, { origemCep: '01310100', destinoCep: '20040002' })).body.data.uid as string;
    expect((await admin.put(`${O}/${semNada}/atualizarstatus`, { status: 2 })).body.errors).toEqual([
      { field: 'transportadorUid', message: 'Informe o transportador antes de enviar a ordem de coleta' },
    ]);
    await admin.put(`${O}/${semNada}`, { origemCep: '01310100', destinoCep: '20040002', transportadorUid: rapido });
    expect((await admin.put(`${O}/${semNada}/atualizarstatus`, { status: 2 })).body.errors[0].field).toBe('itens');
    const sem = await admin.put(`${O}/${semNada}/atualizarstatus`, { status: 6 });
    expect(sem.status).toBe(400);
    expect(sem.body.errors[0]).toMatchObject({ field: 'justificativa' });
    expect((await admin.put(`${O}/${semNada}/atualizarstatus`, { status: 6, justificativa: 'Desistência' })).body.data).toMatchObject({ status: 6, justificativa: 'Desistência' });
    expect(await notificacoesDe('transportador@rapidosul.com.br', 'ordem-coleta-cancelada', semNada)).toHaveLength(0);
    expect((await rapidoUser.get(`${O}/${semNada}`)).status).toBe(404);

    const { uid } = await enviada();
    expect((await admin.put(`${O}/${uid}/atualizarstatus`, { status: 6, justificativa: 'Carga adiada' })).body.data.status).toBe(6);
    expect((await notificacoesDe('transportador@rapidosul.com.br', 'ordem-coleta-cancelada', uid))[0].mensagem).toMatch(/cancelou a ordem de coleta nº \d+: Carga adiada$/);
    // The cancelled order stays visible to the carrier it had been sent to; confirming it now is 409.
    expect((await rapidoUser.get(`${O}/${uid}`)).body.data.status).toBe(6);
    const tarde = await rapidoUser.put(`${O}/${uid}/confirmar`, {});
    expect(tarde.status).toBe(409);
    expect(tarde.body.message).toBe("Não é permitido mudar o status de 'Cancelada' para 'Confirmada'.");
    expect((await admin.put(`${O}/${uid}/atualizarstatus`, { status: 1 })).status).toBe(409);
  });
});

describe('ordem de coleta: portal do transportador', () => {
  it('the carrier confirms with its own fleet; the shipper is told and sees it confirmed', async () => {
    const draft = await rascunho();
    const { uid } = await enviada();
    const lista = (await rapidoUser.get(O)).body.data.data as { uid: string; status: number }[];
    expect(lista.map((o) => o.uid)).toContain(uid);
    expect(lista.map((o) => o.uid)).not.toContain(draft.uid);
    expect(lista.every((o) => o.status >= 3)).toBe(true);
    expect((await rapidoUser.get(`${O}/${uid}/nfes`)).body.data.totalRecords).toBe(1);
    expect((await nordesteUser.get(`${O}/${uid}`)).status).toBe(404);
    expect((await nordesteUser.put(`${O}/${uid}/confirmar`, {})).status).toBe(404);

    const [v] = await rows<{ uid: string; placa: string }>(sql`select uid, placa from veiculos where transportador_uid = ${rapido} limit 1`);
    const [m] = await rows<{ uid: string; nome: string }>(sql`select uid, nome from motoristas where transportador_uid = ${rapido} limit 1`);
    const [alheio] = await rows<{ uid: string }>(sql`select uid from veiculos where transportador_uid <> ${rapido} limit 1`);
    if (alheio) {
      const r = await rapidoUser.put(`${O}/${uid}/confirmar`, { veiculoUid: alheio.uid });
      expect(r.body.errors).toEqual([{ field: 'veiculoUid', message: 'Veículo não encontrado na frota do transportador' }]);
    }
    const ok = await rapidoUser.put(`${O}/${uid}/confirmar`, { dataColetaPrevista: '2026-12-04', veiculoUid: v.uid, motoristaUid: m.uid, observacao: 'Chegamos às 8h' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 4, dataColetaPrevista: '2026-12-04', veiculoPlaca: v.placa, motoristaNome: m.nome, respondidoPorNome: 'Tiago da Rápido Sul', observacaoTransportador: 'Chegamos às 8h' });
    expect((await admin.get(`${O}/${uid}`)).body.data.status).toBe(4);
    expect((await notificacoesDe('admin@demo.com.br', 'ordem-coleta-confirmada', uid))[0].mensagem).toMatch(/confirmou a ordem de coleta nº \d+ para 04\/12\/2026\.$/);
    expect((await rapidoUser.put(`${O}/${uid}/confirmar`, {})).status).toBe(409);
    expect((await rapidoUser.put(`${O}/${uid}/recusar`, { justificativa: 'x' })).status).toBe(409);
  });

  it('the carrier refuses with a reason; the shipper sends the order to another carrier', async () => {
    const { uid, produto } = await enviada();
    expect((await rapidoUser.put(`${O}/${uid}/recusar`, {})).body.errors[0]).toMatchObject({ field: 'justificativa' });
    const r = await rapidoUser.put(`${O}/${uid}/recusar`, { justificativa: 'Sem veículo na data' });
    expect(r.body.data).toMatchObject({ status: 5, justificativa: 'Sem veículo na data' });
    expect((await notificacoesDe('admin@demo.com.br', 'ordem-coleta-recusada', uid))[0].mensagem).toMatch(/recusou a ordem de coleta nº \d+: Sem veículo na data$/);
    const hist = (await admin.get(`${O}/${uid}/historico`)).body.data.data;
    expect(hist.at(-1)).toMatchObject({ acao: 'recusar', statusAntes: 3, statusDepois: 5, justificativa: 'Sem veículo na data', usuarioNome: 'Tiago da Rápido Sul' });

    expect((await admin.put(`${O}/${uid}/atualizarstatus`, { status: 1 })).body.data).toMatchObject({ status: 1, enviadoEm: null });
    expect((await rapidoUser.get(`${O}/${uid}`)).status).toBe(404);
    expect((await admin.put(`${O}/${uid}`, { origemMunicipioIbge: SP, destinoMunicipioIbge: RJ, transportadorUid: nordeste })).status).toBe(200);
    await admin.put(`${O}/${uid}/atualizarstatus`, { status: 2 });
    expect((await admin.get(`${O}/${uid}`)).body.data.itensLiberados).toBe(0);
    await admin.put(`${O}/${uid}/liberacaoitem`, { itemUid: produto });
    const nfe = (await admin.get(`${O}/${uid}/nfes`)).body.data.data[0].uid;
    expect((await admin.put(`${O}/${uid}/liberacaoitem`, { itemUid: nfe })).body.data.status).toBe(3);
    expect((await nordesteUser.put(`${O}/${uid}/confirmar`, {})).body.data).toMatchObject({ status: 4, transportadorNome: 'Expresso Nordeste Logística Ltda' });
    expect((await rapidoUser.get(`${O}/${uid}`)).status).toBe(404);
  });

  it('any other write by a carrier user is 403; a read-only shipper user may not answer for the carrier', async () => {
    const { uid, produto } = await enviada();
    const tentativas = [
      await rapidoUser.post(O, { origemCep: '01310100', destinoCep: '20040002' }),
      await rapidoUser.put(`${O}/${uid}`, { origemCep: '01310100', destinoCep: '20040002' }),
      await rapidoUser.delete(`${O}/${uid}`),
      await rapidoUser.put(`${O}/${uid}/atualizarstatus`, { status: 6, justificativa: 'x' }),
      await rapidoUser.put(`${O}/${uid}/liberacaoitem`, { itemUid: produto }),
      await rapidoUser.post(`${O}/${uid}/produtos`, { descricao: 'X', quantidade: 1, pesoKg: 1, valor: 1 }),
      await rapidoUser.delete(`${O}/${uid}/produtos/${produto}`),
    ];
    expect(tentativas.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403, 403]);
    expect((await operador.put(`${O}/${uid}/confirmar`, {})).status).toBe(403);
    // The shipper may confirm on the carrier's behalf.
    expect((await admin.put(`${O}/${uid}/confirmar`, { dataColetaPrevista: '2026-12-05' })).body.data).toMatchObject({ status: 4, respondidoPorNome: 'Administrador Demo' });
  });
});

describe('ordem de coleta: inquilinos, entrada inválida, PDF e embarque', () => {
  it("another shipper's order is 404 everywhere; bad input names the field", async () => {
    const { uid } = await rascunho();
    expect((await outro.get(`${O}/${uid}`)).status).toBe(404);
    expect((await outro.put(`${O}/${uid}/atualizarstatus`, { status: 2 })).status).toBe(404);
    expect((await outro.get(`${O}/${uid}/pdf`)).status).toBe(404);
    expect((await outro.post(`${O}/${uid}/nfes`, { numero: 1, valor: 1, pesoKg: 1 })).status).toBe(404);
    expect((await outro.get(O)).body.data.data.map((o: { uid: string }) => o.uid)).not.toContain(uid);
    const [alheio] = await rows<{ uid: string }>(sql`select t.uid from transportadores t where not exists (select 1 from embarcador_transportador et join embarcadores e on e.uid = et.embarcador_uid where et.transportador_uid = t.uid and e.cnpj = '11222333000181') limit 1`);
    if (alheio) {
      expect((await admin.post(O, { origemCep: '01310100', destinoCep: '20040002', transportadorUid: alheio.uid })).body.errors).toEqual([
        { field: 'transportadorUid', message: 'Transportador não vinculado ao embarcador' },
      ]);
    }
    expect((await admin.post(O, { origemCep: '01310100' })).body.errors).toEqual([{ field: 'destinoCep', message: 'Informe o CEP ou o município de destino' }]);
    expect((await admin.post(`${O}/${uid}/produtos`, { descricao: 'X', quantidade: 1, pesoKg: -5, valor: 10 })).body.errors[0].field).toBe('pesoKg');
    expect((await admin.put(`${O}/${uid}/atualizarstatus`, { status: 9 })).body.errors[0].field).toBe('status');
  });

  it('prints the order as a PDF', async () => {
    const { uid } = await rascunho();
    const r = await admin.get(`${O}/${uid}/pdf`);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.text.startsWith('%PDF-')).toBe(true);
  });

  it('creates an order from an approved quotation: places, winner and cargo (with the agreed freight) copied', async () => {
    const C = '/api/v1/cotacoesfrete';
    const c = (await admin.post(C, { origemMunicipioIbge: SP, destinoMunicipioIbge: RJ, remetenteUid: pessoa, dataColetaDesejada: '2026-12-08' })).body.data.uid as string;
    await admin.post(`${C}/${c}/produtos`, { descricao: 'Café torrado', quantidade: 10, pesoKg: 500, valor: 10000 });
    await admin.post(`${C}/${c}/nfes`, { numero: 777, valor: 10000, pesoKg: 500, volumes: 10 });
    await admin.post(`${C}/${c}/transportadores`, { transportadorUid: rapido });
    expect((await admin.put(`${C}/${c}/atualizarstatus`, { status: 2 })).status).toBe(200);
    const antesUid = (await admin.post(C, { origemCep: '01310100', destinoCep: '20040002' })).body.data.uid as string;
    const antes = await admin.post(O, { cotacaoUid: c });
    expect(antes.status).toBe(409);
    expect(antes.body.message).toBe("A cotação está 'Aberta': só uma cotação finalizada gera ordem de coleta.");
    expect((await rapidoUser.put(`${C}/${c}/transportadores/${rapido}`, { valorTotal: 450, prazoDiasUteis: 2, validade: '2026-12-31' })).status).toBe(200);
    expect((await admin.put(`${C}/${c}/fechar-cotacao`)).status).toBe(200);
    expect((await admin.put(`${C}/${c}/aprovacao`, { aprovado: true, transportadorUid: rapido })).body.data.status).toBe(4);
    const o = await admin.post(O, { cotacaoUid: c });
    expect(o.status, o.text).toBe(201);
    expect(o.body.data).toMatchObject({ status: 1, cotacaoUid: c, transportadorUid: rapido, origemMunicipioIbge: SP, destinoMunicipioIbge: RJ, dataColetaDesejada: '2026-12-08', itensTotal: 2, pesoTotalKg: 500 });
    // Editing it (the form sends no cotacaoUid) keeps the quotation; naming another one is refused.
    const edit = await admin.put(`${O}/${o.body.data.uid}`, { origemMunicipioIbge: SP, destinoMunicipioIbge: RJ, transportadorUid: rapido, observacao: 'Doca 3' });
    expect(edit.body.data).toMatchObject({ cotacaoUid: c, observacao: 'Doca 3' });
    expect((await admin.put(`${O}/${o.body.data.uid}`, { origemCep: '01310100', destinoCep: '20040002', cotacaoUid: antesUid })).body.errors[0].field).toBe('cotacaoUid');
    const nfes = (await admin.get(`${O}/${o.body.data.uid}/nfes`)).body.data.data;
    expect(nfes).toMatchObject([{ numero: 777, freteEsperado: 450 }]);
    expect((await admin.post(O, { cotacaoUid: '00000000-0000-4000-8000-000000000000' })).body.errors).toEqual([{ field: 'cotacaoUid', message: 'Cotação não encontrada' }]);
  });

  it('generates an order from a shipment (carrier, places, NF-es) and links back to it', async () => {
    const e = await admin.post('/api/v1/embarque', { origemMunicipioIbge: SP, destinoMunicipioIbge: RJ, transportadorUid: rapido, dataEmbarque: '2026-12-06' });
    expect(e.status, e.text).toBe(201);
    const eUid = e.body.data.uid as string;
    await admin.post(`/api/v1/embarque/${eUid}/nfes`, { numero: 501, valor: '12345,67', pesoKg: 250, volumes: 5 });
    await admin.post(`/api/v1/embarque/${eUid}/nfes`, { numero: 502, valor: 1000, pesoKg: 50, volumes: 1 });
    const g = await admin.post(`/api/v1/embarque/${eUid}/gerar-ordem-coleta`);
    expect(g.status, g.text).toBe(201);
    expect(g.body.data).toMatchObject({ status: 1, embarqueUid: eUid, transportadorUid: rapido, dataColetaDesejada: '2026-12-06', quantidadeNfes: 2, pesoTotalKg: 300, valorTotal: 13345.67, itensTotal: 2 });
    const oUid = g.body.data.uid as string;
    expect((await admin.get(`${O}/${oUid}/embarque`)).body.data).toMatchObject({ uid: eUid });
    expect((await admin.post(`/api/v1/embarque/${eUid}/gerar-ordem-coleta`)).status).toBe(409);
    expect((await outro.post(`/api/v1/embarque/${eUid}/gerar-ordem-coleta`)).status).toBe(404);
    expect((await rapidoUser.post(`/api/v1/embarque/${eUid}/gerar-ordem-coleta`)).status).toBe(403);
    const semEmbarque = (await rascunho()).uid;
    expect((await admin.get(`${O}/${semEmbarque}/embarque`)).status).toBe(404);
  });
});
