import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lerDocumentoFiscal, type NfeLida } from '@fretio/core/fiscal';
import { nfeXml } from '@fretio/core/fiscal/fixtures';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, api, as, createApiToken, session } from '../../../test/support/http.ts';
import { rows, watchWrites } from '../../../test/support/state.ts';
import { acordarTrabalhadores } from '../../framework/tarefas/sinal.ts';
import { transportadores } from '../../db/schema/index.ts';
import { enviar } from '../anexos/multipart-teste.ts';
import { salvarNfe } from '../nfes/service.ts';
import { atualizarRastreio } from '../tracking/service.ts';
import { aguardarTarefa, itensDaTarefa } from '../../../test/support/tarefas.ts';

// Occurrence events and tracking on real dates. Rápido Sul's registered deadline São Paulo → RJ is 2
// business days (seed/frete.ts). A note issued on Friday 17/04/2026 is due Wednesday 22/04/2026: Monday 20
// (1), Tuesday 21 is Tiradentes (national holiday), Wednesday 22 (2).
let t: TestApp;
let admin: Api, outro: Api, transp: Api;
let cookieTransp: string;
const uid: Record<string, string> = {};
let demo = '';
let nfAbril = '';
let nfMinas = '';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

async function importarNfe(numero: number, emissao: string, transportador: string, extra: Record<string, string> = {}) {
  const { xml } = nfeXml({ emitente: '11222333000181', numero, transportador, emissao, ...extra });
  return t.db.transaction(async (tx) => {
    const r = await salvarNfe(tx as never, { embarcadorUid: demo, usuarioUid: null }, { lida: lerDocumentoFiscal(xml) as NfeLida, assinaturaValida: false, xml: Buffer.from(xml), nome: `${numero}.xml` });
    return r.registroUid as string;
  });
}
const tipo = async (codigo: string) => (await admin.get('/api/v1/ocorrencias', { ftr_codigo: codigo })).body.data.data[0].uid as string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, outro, transp] = await Promise.all(['admin@demo.com.br', 'admin@outro.com.br', 'transportador@rapidosul.com.br'].map((l) => as(t.app, l)));
  cookieTransp = await session(t.app, 'transportador@rapidosul.com.br');
  for (const c of await t.db.select().from(transportadores)) uid[c.nomeFantasia as string] = c.uid;
  [{ uid: demo }] = await rows<{ uid: string }>(t.db, sql`select uid from embarcadores where cnpj = '11222333000181'`);
  const [minas] = await rows<{ cnpj: string }>(t.db, sql`select cnpj from transportadores where uid = ${uid.TransMinas}`);
  nfAbril = await importarNfe(7001, '2026-04-17T10:00:00-03:00', '60746948000112');
  nfMinas = await importarNfe(7002, '2026-04-17T10:00:00-03:00', minas.cnpj);
  for (const c of ['01', '05', '91']) uid[`oc${c}`] = await tipo(c);
});
afterAll(() => t?.close());

describe('eventos de ocorrência', () => {
  it('validations: NF-e required and found, no future date, scheduling kind needs its date, no duplicate in the same minute', async () => {
    const semNf = await admin.post('/api/v1/eventos-ocorrencia', { ocorrenciaUid: uid.oc01, dataHora: '2026-04-20T10:00:00-03:00' });
    expect(semNf.status).toBe(400);
    expect(semNf.body.errors).toEqual([{ field: 'chaveNfe', message: 'Informe a NF-e (chave de acesso, ou CNPJ do emissor e número)' }]);
    const inexistente = await admin.post('/api/v1/eventos-ocorrencia', { cnpjEmissorNf: '11222333000181', numeroNf: '999999', ocorrenciaUid: uid.oc01, dataHora: '2026-04-20T10:00:00-03:00' });
    expect(inexistente.body.errors).toEqual([{ field: 'numeroNf', message: 'NF-e não encontrada.' }]);
    const futuro = await admin.post('/api/v1/eventos-ocorrencia', { nfeUid: nfAbril, ocorrenciaUid: uid.oc01, dataHora: new Date(Date.now() + 3600_000).toISOString() });
    expect(futuro.status).toBe(400);
    expect(futuro.body.errors).toEqual([{ field: 'dataHora', message: 'A data da ocorrência não pode estar no futuro' }]);
    const agenda = await admin.post('/api/v1/eventos-ocorrencia', { nfeUid: nfAbril, ocorrenciaUid: uid.oc91, dataHora: '2026-04-20T09:00:00-03:00' });
    expect(agenda.status).toBe(400);
    expect(agenda.body.errors).toEqual([{ field: 'dataAgendamento', message: 'Informe a data agendada da entrega' }]);
    const ok = await admin.post('/api/v1/eventos-ocorrencia', { nfeUid: nfAbril, ocorrenciaUid: uid.oc91, dataHora: '2026-04-20T09:00:00-03:00', dataAgendamento: '2026-04-22T14:00:00-03:00' });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.data).toMatchObject({ numeroNf: '7001', serieNf: '1', origem: 'manual', transportadorNome: 'Rápido Sul Transportes Ltda', ocorrenciaCodigo: '91', usuarioNome: 'Administrador Demo' });
    // Same note, kind and minute (other seconds): 409.
    const dup = await admin.post('/api/v1/eventos-ocorrencia', { nfeUid: nfAbril, ocorrenciaUid: uid.oc91, dataHora: '2026-04-20T09:00:40-03:00', dataAgendamento: '2026-04-22T14:00:00-03:00' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([{ field: 'dataHora', message: 'Já existe um evento desta ocorrência nesta NF-e no mesmo minuto.' }]);
    // Through the API with a token (an ERP integration): origin 'api'.
    const { token } = await createApiToken(t.db, { login: 'admin@demo.com.br', embarcadorUid: demo });
    const porToken = await api(t.app, { bearer: token }).post('/api/v1/eventos-ocorrencia', {
      cnpjEmissorNf: '11222333000181',
      numeroNf: '7001',
      serieNf: '1',
      ocorrenciaUid: uid.oc05,
      dataHora: '2026-04-21T07:30:00-03:00',
    });
    expect(porToken.status, porToken.text).toBe(201);
    expect(porToken.body.data).toMatchObject({ origem: 'api', nfeUid: nfAbril });
    expect((await admin.delete(`/api/v1/eventos-ocorrencia/${porToken.body.data.uid}`)).status).toBe(200);
    // Another shipper sees nothing of it.
    expect((await outro.get(`/api/v1/eventos-ocorrencia/${ok.body.data.uid}`)).status).toBe(404);
    expect((await outro.post('/api/v1/eventos-ocorrencia', { nfeUid: nfAbril, ocorrenciaUid: uid.oc01, dataHora: '2026-04-20T10:00:00-03:00' })).status).toBe(400);
  });

  it('the carrier registers a delivery with a photo in its portal, only on its own notes; the shipper sees it', async () => {
    const alheia = await transp.post('/api/v1/eventos-ocorrencia', { nfeUid: nfMinas, ocorrenciaUid: uid.oc01, dataHora: '2026-04-22T10:00:00-03:00' });
    expect(alheia.status).toBe(400);
    expect(alheia.body.errors).toEqual([{ field: 'nfeUid', message: 'NF-e não encontrada.' }]);
    // A shipper's event on TransMinas' note is invisible to Rápido Sul's user.
    const doEmbarcador = await admin.post('/api/v1/eventos-ocorrencia', { nfeUid: nfMinas, ocorrenciaUid: uid.oc05, dataHora: '2026-04-20T11:00:00-03:00' });
    expect(doEmbarcador.status).toBe(201);
    expect((await transp.get(`/api/v1/eventos-ocorrencia/${doEmbarcador.body.data.uid}`)).status).toBe(404);

    const entrega = await transp.post('/api/v1/eventos-ocorrencia', {
      chaveNfe: (await admin.get(`/api/v1/tracking/${nfAbril}`)).body.data.chave,
      ocorrenciaUid: uid.oc01,
      dataHora: '2026-04-22T17:40:00-03:00',
      responsavel: 'Maria (portaria)',
      transportadorUid: uid.TransMinas, // ignored: the carrier's user is its own carrier
    });
    expect(entrega.status, entrega.text).toBe(201);
    expect(entrega.body.data).toMatchObject({ origem: 'portal', transportadorUid: uid['Rápido Sul'], nfeUid: nfAbril });
    const foto = await enviar(t.app, cookieTransp, `/api/v1/eventos-ocorrencia/${entrega.body.data.uid}/anexos`, { descricao: 'Canhoto assinado' }, { name: 'canhoto.png', type: 'image/png', data: PNG });
    expect(foto.status, foto.text).toBe(201);
    const anexos = (await admin.get(`/api/v1/eventos-ocorrencia/${entrega.body.data.uid}/anexos`)).body.data;
    expect(anexos).toMatchObject({ totalRecords: 1, data: [{ nome: 'canhoto.png', descricao: 'Canhoto assinado' }] });
    expect((await outro.get(`/api/v1/eventos-ocorrencia/${entrega.body.data.uid}/anexos`)).status).toBe(404);

    const doTransp = (await transp.get('/api/v1/eventos-ocorrencia', { pps: 100 })).body.data.data as { transportadorUid: string }[];
    expect(doTransp.length).toBeGreaterThan(0);
    expect(doTransp.every((e) => e.transportadorUid === uid['Rápido Sul'])).toBe(true);
  });

  it("the carrier edits events of the notes it carries for any shipper that links it; a shipper that does not link it: 404", async () => {
    // A note of shipper "Outro" carried by Rápido Sul, with an event (the carrier's session is Demo's).
    const [{ uid: outroUid }] = await rows<{ uid: string }>(t.db, sql`select uid from embarcadores where cnpj = '45723174000110'`);
    const [nf] = await rows<{ uid: string }>(t.db, sql`insert into nfes (embarcador_uid, chave, numero, serie, emissao, emissao_texto, emitente_documento, emitente_uf, destinatario_nome, destinatario_uf, valor_total, peso_bruto, transportador_uid)
      values (${outroUid}, '35260445723174000110550010000080011000000000', 8001, 1, '2026-04-17T10:00:00-03:00', '2026-04-17T10:00:00-03:00', '45723174000110', 'SP', 'Cliente', 'SP', '100.00', '10', ${uid['Rápido Sul']}) returning uid`);
    const [oc] = await rows<{ uid: string }>(t.db, sql`select uid from ocorrencias where embarcador_uid = ${outroUid} and codigo = '01'`);
    const [ev] = await rows<{ uid: string }>(t.db, sql`insert into eventos_ocorrencia (embarcador_uid, ocorrencia_uid, transportador_uid, cnpj_emissor_nf, serie_nf, numero_nf, nfe_uid, data_hora, origem)
      values (${outroUid}, ${oc.uid}, ${uid['Rápido Sul']}, '45723174000110', '1', '8001', ${nf.uid}, '2026-04-20T10:00:00-03:00', 'portal') returning uid`);
    const corpo = { nfeUid: nf.uid, ocorrenciaUid: oc.uid, dataHora: '2026-04-20T10:00:00-03:00', observacao: 'Recebido pelo porteiro' };
    // "Outro" does not link Rápido Sul yet: the event does not exist for it.
    expect((await transp.put(`/api/v1/eventos-ocorrencia/${ev.uid}`, corpo)).status).toBe(404);
    expect((await transp.get(`/api/v1/eventos-ocorrencia/${ev.uid}`)).status).toBe(404);
    await t.db.execute(sql`insert into embarcador_transportador (embarcador_uid, transportador_uid) values (${outroUid}, ${uid['Rápido Sul']})`);
    try {
      const r = await transp.put(`/api/v1/eventos-ocorrencia/${ev.uid}`, corpo);
      expect(r.status, r.text).toBe(200);
      expect(r.body.data).toMatchObject({ observacao: 'Recebido pelo porteiro', nfeUid: nf.uid, transportadorUid: uid['Rápido Sul'] });
      const [salvo] = await rows<{ embarcador_uid: string; observacao: string }>(t.db, sql`select embarcador_uid, observacao from eventos_ocorrencia where uid = ${ev.uid}`);
      expect(salvo).toEqual({ embarcador_uid: outroUid, observacao: 'Recebido pelo porteiro' });
      // Still only its own notes there: TransMinas' note of "Outro" stays out of reach.
      const [alheia] = await rows<{ uid: string }>(t.db, sql`insert into nfes (embarcador_uid, chave, numero, serie, emissao, emissao_texto, emitente_documento, emitente_uf, destinatario_nome, destinatario_uf, valor_total, peso_bruto, transportador_uid)
        values (${outroUid}, '35260445723174000110550010000080021000000000', 8002, 1, '2026-04-17T10:00:00-03:00', '2026-04-17T10:00:00-03:00', '45723174000110', 'SP', 'Cliente', 'SP', '100.00', '10', ${uid.TransMinas}) returning uid`);
      const mover = await transp.put(`/api/v1/eventos-ocorrencia/${ev.uid}`, { ...corpo, nfeUid: alheia.uid });
      expect(mover.status).toBe(400);
      expect(mover.body.errors).toEqual([{ field: 'nfeUid', message: 'NF-e não encontrada.' }]);
    } finally {
      await t.db.execute(sql`delete from embarcador_transportador where embarcador_uid = ${outroUid} and transportador_uid = ${uid['Rápido Sul']}`);
    }
  });

  it('display filter: A all (default), P without kind (no de-para), E exceptions', async () => {
    await t.db.execute(
      sql`insert into eventos_ocorrencia (embarcador_uid, cnpj_transportador, codigo_transportador, cnpj_emissor_nf, serie_nf, numero_nf, data_hora, origem)
          values (${demo}, '60746948000112', 'X9', '11222333000181', '1', '0007001', '2026-04-21T08:00:00-03:00', 'edi')`,
    );
    // An OCOREN event that arrived before its note is linked by issuer + series + number when the note's tracking updates.
    await t.db.transaction((tx) => atualizarRastreio(tx as never, nfAbril));
    const lista = async (filtro?: string) => (await admin.get('/api/v1/eventos-ocorrencia', { pps: 100, ...(filtro ? { filtro } : {}) })).body.data;
    const todos = await lista();
    expect((await lista('A')).totalRecords).toBe(todos.totalRecords);
    const p = await lista('P');
    expect(p.data.map((e: { codigoTransportador: string }) => e.codigoTransportador)).toEqual(['X9']);
    const e = await lista('E');
    expect(e.data.every((x: { acao: number }) => [2, 3, 4].includes(x.acao))).toBe(true);
    expect(e.data.map((x: { ocorrenciaCodigo: string }) => x.ocorrenciaCodigo).sort()).toEqual(['05', '05', '06']);
    expect((await admin.get('/api/v1/eventos-ocorrencia', { filtro: 'Z' })).status).toBe(400);
  });
});

describe('tracking', () => {
  it('promised date skips the weekend and Tiradentes; delivery on the promised day is on time, the day after is late', async () => {
    const d = (await admin.get(`/api/v1/tracking/${nfAbril}`)).body.data;
    expect(d).toMatchObject({ dataPrevista: '2026-04-22', prazoDiasUteis: 2, dataEntrega: '2026-04-22', status: 'E', statusNome: 'Entregue no prazo', diasAtraso: 0 });
    // The OCOREN-like event without kind (7001, same issuer) was linked to the note; the timeline is in order.
    expect(d.eventos.map((e: { ocorrenciaCodigo: string | null }) => e.ocorrenciaCodigo)).toEqual(['91', null, '01']);
    const entrega = d.eventos[2];
    const tarde = await admin.put(`/api/v1/eventos-ocorrencia/${entrega.uid}`, { nfeUid: nfAbril, ocorrenciaUid: uid.oc01, dataHora: '2026-04-23T08:10:00-03:00' });
    expect(tarde.status, tarde.text).toBe(200);
    expect((await admin.get(`/api/v1/tracking/${nfAbril}`)).body.data).toMatchObject({ status: 'D', statusNome: 'Entregue com atraso', diasAtraso: 1, dataEntrega: '2026-04-23' });
    // Deleting the delivery: the note is late again (today is after 22/04/2026).
    expect((await admin.delete(`/api/v1/eventos-ocorrencia/${entrega.uid}`)).status).toBe(200);
    const atrasada = (await admin.get(`/api/v1/tracking/${nfAbril}`)).body.data;
    expect(atrasada).toMatchObject({ status: 'A', dataEntrega: null });
    const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    expect(atrasada.diasAtraso).toBe(Math.round((Date.parse(hoje) - Date.parse('2026-04-22')) / 86_400_000));
  });

  it('seeded notes: on time, late, exception; the list shows late ones first and filters by status with the same rule', async () => {
    const l = (await admin.get('/api/v1/tracking', { pps: 100 })).body.data.data as { numero: number; status: string; dataPrevista: string | null; diasAtraso: number }[];
    const por = new Map(l.map((x) => [x.numero, x]));
    expect(por.get(1001)).toMatchObject({ status: 'E', dataPrevista: '2025-01-14' });
    expect(por.get(1003)).toMatchObject({ status: 'D', dataPrevista: '2025-01-13', diasAtraso: 2 });
    expect(por.get(1002)).toMatchObject({ status: 'X', dataPrevista: null });
    const ordem = ['A', 'X', 'S', 'T', 'D', 'E'];
    expect(l.map((x) => ordem.indexOf(x.status))).toEqual([...l.map((x) => ordem.indexOf(x.status))].sort((a, b) => a - b));
    // Control tower: the counts per status (same filters, whatever the status filter) are the tabs' totals.
    const todas = (await admin.get('/api/v1/tracking', { pps: 100 })).body.data;
    expect(Object.keys(todas.contagens).sort()).toEqual([...ordem].sort());
    expect(Object.values(todas.contagens as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(todas.totalRecords);
    for (const s of ordem) {
      const f = (await admin.get('/api/v1/tracking', { status: s, pps: 100 })).body.data;
      expect(f.data.every((x: { status: string }) => x.status === s)).toBe(true);
      expect(f.totalRecords).toBe(l.filter((x) => x.status === s).length);
      expect(f.totalRecords).toBe(todas.contagens[s]);
      expect(f.contagens).toEqual(todas.contagens);
    }
    expect(todas.semDepara).toBe((await admin.get('/api/v1/eventos-ocorrencia', { filtro: 'P' })).body.data.totalRecords);
    expect(todas.semDepara).toBeGreaterThan(0);
    const soRapido = (await admin.get('/api/v1/tracking', { ftr_transportadorUid: uid.TransMinas })).body.data;
    expect(Object.values(soRapido.contagens as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(soRapido.totalRecords);
    // The carrier sees only its notes.
    const doTransp = (await transp.get('/api/v1/tracking', { pps: 100 })).body.data.data as { transportadorUid: string }[];
    expect(doTransp.every((x) => x.transportadorUid === uid['Rápido Sul'])).toBe(true);
    expect((await outro.get(`/api/v1/tracking/${nfAbril}`)).status).toBe(404);
  });

  it('public link: no session, only non-personal data; unknown or malformed tokens 404', async () => {
    const { token } = (await admin.get(`/api/v1/tracking/${nfAbril}`)).body.data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const anonimo = api(t.app);
    const pub = await anonimo.get(`/api/public/rastreio/${token}`);
    expect(pub.status, pub.text).toBe(200);
    expect(pub.body.data).toMatchObject({ embarcadorNome: expect.any(String), numero: 7001, serie: 1, status: 'A', dataPrevista: '2026-04-22', dataEntrega: null, destino: 'Rio de Janeiro/RJ' });
    expect(pub.body.data.eventos.map((e: { descricao: string }) => e.descricao)).toEqual(['Entrega Programada']);
    // Nothing personal or commercial: no recipient, no values, no remarks, no other note.
    expect(Object.keys(pub.body.data).sort()).toEqual(['dataEntrega', 'dataPrevista', 'destino', 'embarcadorNome', 'emissao', 'eventos', 'logoUrl', 'numero', 'serie', 'status', 'statusNome', 'transportadorNome']);
    // The shipper's logo, through the same token only (no session); none yet.
    expect(pub.body.data.logoUrl).toBeNull();
    expect((await anonimo.get(`/api/public/rastreio/${token}/logo`)).status).toBe(404);
    const admCookie = await session(t.app, 'admin@demo.com.br');
    expect((await enviar(t.app, admCookie, `/api/v1/embarcadores/${demo}/logo`, {}, { name: 'logo.png', type: 'image/png', data: PNG })).status).toBe(200);
    const comLogo = (await anonimo.get(`/api/public/rastreio/${token}`)).body.data;
    expect(comLogo.logoUrl).toBe(`/api/public/rastreio/${token}/logo`);
    const logo = await t.app.inject({ url: comLogo.logoUrl });
    expect([logo.statusCode, logo.headers['content-type']]).toEqual([200, 'image/png']);
    expect(logo.rawPayload.equals(PNG)).toBe(true);
    expect((await anonimo.get(`/api/public/rastreio/${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}/logo`)).status).toBe(404);
    expect(pub.text).not.toMatch(/CLIENTE TESTE|44555666000100|valor|chave/i);
    const outroToken = (await admin.get(`/api/v1/tracking/${nfMinas}`)).body.data.token;
    expect(outroToken).not.toBe(token);
    expect((await anonimo.get(`/api/public/rastreio/${outroToken}`)).body.data.numero).toBe(7002);
    for (const falso of [`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, 'abc', '00000000-0000-0000-0000-000000000000']) {
      expect((await anonimo.get(`/api/public/rastreio/${falso}`)).status).toBe(404);
    }
  });

  it('recalcular-prazo-entrega is a task; a carrier user may not start it', async () => {
    await t.db.execute(sql`update rastreios set data_prevista = null, prazo_dias_uteis = null where nfe_uid = ${nfAbril}`);
    const r = await admin.post('/api/v1/tracking/recalcular-prazo-entrega', { nfeUids: [nfAbril] });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.uid).toMatch(/^[0-9a-f-]{36}$/);
    // The task runs: one item per note, the promised date written back (17/04 + 2 business days past Tiradentes).
    expect(await aguardarTarefa(admin, r.body.data.uid)).toMatchObject({ status: 3 });
    expect((await itensDaTarefa(admin, r.body.data.uid)).map((i) => [i.nome, i.mensagem])).toEqual([['NF-e 7001/1', 'Previsão de entrega 22/04/2026 (2 dia(s) úteis).']]);
    expect((await admin.get(`/api/v1/tracking/${nfAbril}`)).body.data).toMatchObject({ dataPrevista: '2026-04-22', prazoDiasUteis: 2 });
    expect((await transp.post('/api/v1/tracking/recalcular-prazo-entrega', {})).status).toBe(403);
    expect((await admin.post('/api/v1/tracking/recalcular-prazo-entrega', { dataInicio: '2026-05-01', dataFim: '2026-04-01' })).status).toBe(400);
  });

  it('agreed deadline: the approved quotation, else the selected order simulation; from a confirmed pickup; across Tiradentes', async () => {
    // Thursday 16/04/2026 to Rio with Rápido Sul: the register alone says 2 business days → Monday 20/04.
    const nota = await importarNfe(7003, '2026-04-16T10:00:00-03:00', '60746948000112');
    const ver = async () => (await admin.get(`/api/v1/tracking/${nota}`)).body.data as { dataPrevista: string; prazoDiasUteis: number };
    const recalcular = async (nfeUids: string[]) => {
      const r = await admin.post('/api/v1/tracking/recalcular-prazo-entrega', { nfeUids });
      expect(await aguardarTarefa(admin, r.body.data.uid)).toMatchObject({ status: 3 });
    };
    expect(await ver()).toMatchObject({ dataPrevista: '2026-04-20', prazoDiasUteis: 2 });
    // An approved quotation carrying the note, won by Rápido Sul with 3 business days: Fri 17, Mon 20, (Tue 21 Tiradentes), Wed 22.
    const [q] = await rows<{ uid: string }>(t.db, sql`insert into cotacoes_frete (embarcador_uid, status, vencedor_transportador_uid, aprovado_em)
      values (${demo}, 4, ${uid['Rápido Sul']}, now()) returning uid`);
    await t.db.execute(sql`insert into cotacao_transportadores (cotacao_uid, transportador_uid, respondido_em, valor_total, prazo_dias_uteis)
      values (${q.uid}, ${uid['Rápido Sul']}, now(), '500.00', 3), (${q.uid}, ${uid.TransMinas}, now(), '450.00', 1)`);
    await t.db.execute(sql`insert into carga_nfes (cotacao_uid, nfe_uid, chave, numero, serie, valor, peso_kg) select ${q.uid}, uid, chave, numero, serie, 1000, 100 from nfes where uid = ${nota}`);
    await recalcular([nota]);
    expect(await ver()).toMatchObject({ dataPrevista: '2026-04-22', prazoDiasUteis: 3 });
    // A pickup order carrying it, confirmed for Monday 20/04: the clock starts there — (21 Tiradentes) Wed 22, (Thu 23
    // São Jorge, a holiday of the destination's UF, RJ) Fri 24, Mon 27.
    const [o] = await rows<{ uid: string }>(t.db, sql`insert into ordens_coleta (embarcador_uid, status, transportador_uid, data_coleta_prevista, respondido_em)
      values (${demo}, 4, ${uid['Rápido Sul']}, '2026-04-20', now()) returning uid`);
    await t.db.execute(sql`insert into carga_nfes (ordem_coleta_uid, chave, numero, serie, valor, peso_kg) select ${o.uid}, chave, numero, serie, 1000, 100 from nfes where uid = ${nota}`);
    await recalcular([nota]);
    expect(await ver()).toMatchObject({ dataPrevista: '2026-04-27', prazoDiasUteis: 3 });
    // Still sent, not confirmed: the pickup date does not count yet.
    await t.db.execute(sql`update ordens_coleta set status = 3 where uid = ${o.uid}`);
    // An order naming another note (Friday 17/04) with its selected simulation of 4 business days: Mon 20, (21), 22, (23), 24, Mon 27.
    const outra = await importarNfe(7004, '2026-04-17T10:00:00-03:00', '60746948000112');
    await t.db.execute(sql`insert into pedidos (embarcador_uid, numero, peso_kg, valor, nfe_uid, transportador_uid, simulacao_frete_uid, frete_esperado, prazo_dias_uteis)
      values (${demo}, 'PED-7004', 100, 1000, ${outra}, ${uid['Rápido Sul']}, gen_random_uuid(), '321.00', 4)`);
    await recalcular([nota, outra]);
    expect(await ver()).toMatchObject({ dataPrevista: '2026-04-22', prazoDiasUteis: 3 });
    expect((await admin.get(`/api/v1/tracking/${outra}`)).body.data).toMatchObject({ dataPrevista: '2026-04-27', prazoDiasUteis: 4 });
  });

  it('approving a quotation, confirming a pickup and giving an order its NF-e recompute the promised date at once', async () => {
    const prevista = async (n: string) => ((await admin.get(`/api/v1/tracking/${n}`)).body.data as { dataPrevista: string; prazoDiasUteis: number });
    // Thursday 16/04/2026, register 2 business days → Mon 20/04.
    const nota = await importarNfe(7005, '2026-04-16T10:00:00-03:00', '60746948000112');
    expect(await prevista(nota)).toMatchObject({ dataPrevista: '2026-04-20', prazoDiasUteis: 2 });
    // A closed quotation carrying the note by its key only; approving Rápido Sul's 3 business days: Fri 17, Mon 20,
    // (Tue 21 Tiradentes) Wed 22 — no recalculation task.
    const [q] = await rows<{ uid: string }>(t.db, sql`insert into cotacoes_frete (embarcador_uid, status, situacao_aprovacao) values (${demo}, 3, 3) returning uid`);
    await t.db.execute(sql`insert into cotacao_transportadores (cotacao_uid, transportador_uid, respondido_em, valor_frete, valor_total, prazo_dias_uteis)
      values (${q.uid}, ${uid['Rápido Sul']}, now(), '500.00', '500.00', 3), (${q.uid}, ${uid.TransMinas}, now(), '450.00', '450.00', 1)`);
    await t.db.execute(sql`insert into carga_nfes (cotacao_uid, chave, numero, serie, valor, peso_kg) select ${q.uid}, chave, numero, serie, 1000, 100 from nfes where uid = ${nota}`);
    const ap = await admin.put(`/api/v1/cotacoesfrete/${q.uid}/aprovacao`, { aprovado: true, transportadorUid: uid['Rápido Sul'] });
    expect(ap.status, ap.text).toBe(200);
    expect(await prevista(nota)).toMatchObject({ dataPrevista: '2026-04-22', prazoDiasUteis: 3 });
    // Rápido Sul confirms a pickup for Wednesday 22/04 in its portal: 3 business days from there — Fri 24 (Thu 23 is
    // São Jorge in RJ, the destination's UF), Mon 27, Tue 28.
    const [o] = await rows<{ uid: string }>(t.db, sql`insert into ordens_coleta (embarcador_uid, status, transportador_uid) values (${demo}, 3, ${uid['Rápido Sul']}) returning uid`);
    await t.db.execute(sql`insert into carga_nfes (ordem_coleta_uid, nfe_uid, chave, numero, serie, valor, peso_kg) select ${o.uid}, uid, chave, numero, serie, 1000, 100 from nfes where uid = ${nota}`);
    const conf = await transp.put(`/api/v1/ordenscoleta/${o.uid}/confirmar`, { dataColetaPrevista: '2026-04-22' });
    expect(conf.status, conf.text).toBe(200);
    expect(await prevista(nota)).toMatchObject({ dataPrevista: '2026-04-28', prazoDiasUteis: 3 });
    // An order with its selected simulation of 4 business days gets its NF-e (Wednesday 29/04; register 2 days → Thu 30,
    // (Fri 01/05 Dia do Trabalho) Mon 04/05): Thu 30, Mon 04, Tue 05, Wed 06/05.
    const outra = await importarNfe(7006, '2026-04-29T10:00:00-03:00', '60746948000112');
    expect(await prevista(outra)).toMatchObject({ dataPrevista: '2026-05-04', prazoDiasUteis: 2 });
    const [p] = await rows<{ uid: string }>(t.db, sql`insert into pedidos (embarcador_uid, numero, peso_kg, valor, status, transportador_uid, simulacao_frete_uid, frete_esperado, prazo_dias_uteis)
      values (${demo}, 'PED-7006', 100, 1000, 3, ${uid['Rápido Sul']}, gen_random_uuid(), '321.00', 4) returning uid`);
    const fat = await admin.post(`/api/v1/documentos/pedidos/${p.uid}/definir-nfe`, { nfeUid: outra });
    expect(fat.status, fat.text).toBe(200);
    expect(await prevista(outra)).toMatchObject({ dataPrevista: '2026-05-06', prazoDiasUteis: 4 });
  });

  it('the public link is rate-limited: 60 a minute per address, the 61st answers 429', async () => {
    const anonimo = api(t.app);
    const status: number[] = [];
    for (let i = 0; i < 61; i++) status.push((await anonimo.get('/api/public/rastreio/abc', {}, { ip: '10.6.6.6' })).status);
    expect(status.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(status[60]).toBe(429);
    // Another address is not held by it.
    expect((await anonimo.get('/api/public/rastreio/abc', {}, { ip: '10.6.6.7' })).status).toBe(404);
  });
});

// The tracking row is written with the note (import, virtual note) and by its events, never by a read: a GET
// used to create it on the first look at a note (a write behind a link any site can open).
describe('tracking rows: born with the note, never written by a read', () => {
  const linhaDe = async (nfeUid: string) => (await rows<{ token: string; data_prevista: string | null }>(t.db, sql`select token, data_prevista::text from rastreios where nfe_uid = ${nfeUid}`))[0];
  const contar = async () => (await rows<{ n: number }>(t.db, sql`select count(*)::int as n from rastreios`))[0].n;
  const virtual = (numero: number, extra: Record<string, unknown> = {}) =>
    admin.post('/api/v1/documentos/nfe-virtual', { numero, serie: 1, emissao: '2026-04-17', emitenteDocumento: '11222333000181', emitenteNome: 'Demo', destinatarioDocumento: '33000167000101', destinatarioNome: 'Cliente', destinatarioUf: 'RJ', destinatarioMunicipioIbge: '3304557', valorTotal: '100,00', ...extra });
  /** The real note through the API's import (the group path hands a virtual note's replacement to the per-document one). */
  async function importarPelaApi(numero: number) {
    const { xml } = nfeXml({ emitente: '11222333000181', numero, transportador: '60746948000112', emissao: '2026-04-17T10:00:00-03:00' });
    const b = '----rastreio-nfe';
    const corpo = Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="${numero}.xml"\r\nContent-Type: application/xml\r\n\r\n${xml}\r\n--${b}--\r\n`);
    const imp = await t.app.inject({ method: 'POST', url: '/api/importar/documentos/import-nfe', payload: corpo, headers: { 'content-type': `multipart/form-data; boundary=${b}`, cookie: await session(t.app, 'admin@demo.com.br') } });
    expect(imp.statusCode, imp.body).toBe(200);
    expect((await aguardarTarefa(admin, imp.json().data.uid)).status).toBe(3);
    return (await rows<{ uid: string }>(t.db, sql`select uid from nfes where embarcador_uid = ${demo} and not virtual and numero = ${numero} and serie = 1`))[0].uid;
  }

  it('GET tracking/{uid} and the list write nothing, even for a note without its row (before: the first look created it)', async () => {
    const nota = await importarNfe(7010, '2026-04-17T10:00:00-03:00', '60746948000112');
    await t.db.execute(sql`delete from rastreios where nfe_uid = ${nota}`); // a note from before this rule
    const antes = await contar();
    const escritas = await watchWrites(t.db);
    const r = await admin.get(`/api/v1/tracking/${nota}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ uid: nota, token: null, dataPrevista: null });
    expect((await admin.get(`/api/v1/tracking/${nfAbril}`)).body.data.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await admin.get('/api/v1/tracking', { pps: 100 })).status).toBe(200);
    expect(await escritas()).toEqual([]);
    expect([await contar(), await linhaDe(nota)]).toEqual([antes, undefined]);
  });

  it('a new NF-e already has its tracking row: imported, and virtual (token at once, the same row when edited)', async () => {
    const nota = await importarNfe(7011, '2026-04-17T10:00:00-03:00', '60746948000112');
    expect(await linhaDe(nota)).toMatchObject({ token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/), data_prevista: '2026-04-22' });
    const v = await virtual(7012);
    expect(v.status, v.text).toBe(201);
    const linha = await linhaDe(v.body.data.uid);
    expect(linha).toMatchObject({ token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) });
    const pub = await api(t.app).get(`/api/public/rastreio/${linha.token}`);
    expect(pub.status, pub.text).toBe(200);
    // The typed note's city name comes from the IBGE register (it used to show the UF alone).
    expect(pub.body.data).toMatchObject({ numero: 7012, destino: 'Rio de Janeiro/RJ' });
    // Edited: the same row and token.
    const e = await admin.put(`/api/v1/documentos/nfe-virtual/${v.body.data.uid}`, { numero: 7012, serie: 1, emissao: '2026-04-20', emitenteDocumento: '11222333000181', emitenteNome: 'Demo', destinatarioDocumento: '33000167000101', destinatarioNome: 'Cliente', destinatarioUf: 'RJ', destinatarioMunicipioIbge: '3304557', valorTotal: '100,00', transportadorUid: uid['Rápido Sul'] });
    expect(e.status, e.text).toBe(200);
    // Same row and token; with a carrier the promised date is computed: the issuer (the shipper's own CNPJ)
    // has its place from the shipper's record (before, a typed note had no origin and never got a date).
    expect(await linhaDe(v.body.data.uid)).toMatchObject({ token: linha.token, data_prevista: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });

  it('virtual NF-e: city name from IBGE, issuer place from the shipper records; a city of another UF is refused', async () => {
    const [emb] = await rows<{ uf: string; municipio_ibge: string }>(t.db, sql`select uf, municipio_ibge from embarcadores where uid = ${demo}`);
    const v = await virtual(7017);
    expect(v.status, v.text).toBe(201);
    expect(v.body.data.destinatario).toMatchObject({ uf: 'RJ', municipioIbge: '3304557', municipio: 'Rio de Janeiro' });
    expect(v.body.data.emitente).toMatchObject({ uf: emb.uf, municipioIbge: emb.municipio_ibge, municipio: expect.any(String) });
    const outroUf = await virtual(7018, { destinatarioUf: 'SP' });
    expect([outroUf.status, outroUf.body.errors?.[0]?.field]).toEqual([400, 'destinatarioMunicipioIbge']);
    expect(outroUf.body.message).toContain('Rio de Janeiro é de RJ');
    const inexistente = await virtual(7018, { destinatarioMunicipioIbge: '9999999' });
    expect([inexistente.status, inexistente.body.message]).toEqual([400, 'Município não encontrado']);
    // An issuer the shipper has no record of: no place invented.
    const estranho = await virtual(7019, { emitenteDocumento: '33000167000101' });
    expect(estranho.body.data.emitente).toMatchObject({ uf: null, municipioIbge: null, municipio: null });
    expect((await rows(t.db, sql`select 1 from nfes where numero = 7018 and virtual`)).length).toBe(0);
  });

  it('the real NF-e keeps the public link of the virtual one it replaces (no look at the virtual one first)', async () => {
    const v = (await virtual(7013)).body.data.uid as string;
    const { token } = await linhaDe(v);
    const real = await importarPelaApi(7013);
    expect((await admin.get(`/api/v1/documentos/nfe-virtual/${v}`)).body.data.substituidaPorUid).toBe(real);
    expect((await linhaDe(real)).token).toBe(token);
    expect(await linhaDe(v)).toBeUndefined();
    expect((await admin.get(`/api/v1/tracking/${real}`)).body.data).toMatchObject({ token, dataPrevista: '2026-04-22' });
    const pub = await api(t.app).get(`/api/public/rastreio/${token}`);
    expect([pub.status, pub.body.data?.numero, pub.body.data?.transportadorNome]).toEqual([200, 7013, expect.any(String)]);
  });

  it('migration rastreios_faltantes: the missing rows with a token each, one promised-date task per shipper', async () => {
    const nota = await importarNfe(7014, '2026-04-17T10:00:00-03:00', '60746948000112');
    const cancelada = await importarNfe(7015, '2026-04-17T10:00:00-03:00', '60746948000112');
    await t.db.execute(sql`update nfes set cancelada = true where uid = ${cancelada}`);
    const v = (await virtual(7016)).body.data.uid as string;
    const substituida = (await rows<{ uid: string }>(t.db, sql`select uid from nfes where embarcador_uid = ${demo} and virtual and substituida_por_uid is not null limit 1`))[0].uid;
    const [outroEmb] = await rows<{ uid: string }>(t.db, sql`select uid from embarcadores where cnpj <> '11222333000181' order by nome limit 1`);
    const [deOutro] = await rows<{ uid: string }>(t.db, sql`insert into nfes (embarcador_uid, chave, numero, serie, emissao, emissao_texto, emitente_documento, emitente_nome)
      values (${outroEmb.uid}, '35250199888777000166550010000070171000070171', 7017, 1, now(), '2026-04-17T10:00:00-03:00', '99888777000166', 'Outro') returning uid`);
    const tokensAntes = new Set((await rows<{ token: string }>(t.db, sql`select token from rastreios`)).map((r) => r.token));
    await t.db.execute(sql`delete from rastreios where nfe_uid in (${nota}, ${cancelada}, ${v})`);
    const arquivo = readFileSync(new URL('../../../drizzle/0066_rastreios_faltantes.sql', import.meta.url), 'utf8');
    for (const s of arquivo.split('--> statement-breakpoint')) await t.db.execute(sql.raw(s));
    const novos = [nota, cancelada, v, deOutro.uid];
    const linhas = await Promise.all(novos.map(linhaDe));
    for (const l of linhas) expect(l).toMatchObject({ token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/), data_prevista: null });
    expect(new Set(linhas.map((l) => l.token)).size).toBe(4);
    expect(linhas.some((l) => tokensAntes.has(l.token))).toBe(false);
    expect(await linhaDe(substituida)).toBeUndefined(); // its tracking went to the real note
    // One task per shipper with a (non-cancelled) note filled in, for the notes without a promised date.
    const migracao = sql`select uid, embarcador_uid, tipo, parametros from tarefas where parametros->>'semPrevisao' = 'true' order by embarcador_uid`;
    const tarefas = await rows<{ uid: string; embarcador_uid: string; tipo: string; parametros: unknown }>(t.db, migracao);
    expect(tarefas.map((x) => [x.embarcador_uid, x.tipo, x.parametros]).sort()).toEqual(
      [[demo, 'recalcular-prazo-entrega', { semPrevisao: true }], [outroEmb.uid, 'recalcular-prazo-entrega', { semPrevisao: true }]].sort(),
    );
    acordarTrabalhadores();
    const daDemo = tarefas.find((x) => x.embarcador_uid === demo) as { uid: string };
    expect(await aguardarTarefa(admin, daDemo.uid)).toMatchObject({ status: 3 });
    const itens = await itensDaTarefa(admin, daDemo.uid);
    expect(itens.map((i) => i.nome)).toContain('NF-e 7014/1');
    expect(itens.map((i) => i.nome)).not.toContain('NF-e 7015/1'); // cancelled
    expect(itens.map((i) => i.nome)).not.toContain('NF-e 7011/1'); // had its promised date
    expect((await linhaDe(nota)).data_prevista).toBe('2026-04-22');
    // Run again: nothing is missing, nothing is queued.
    for (const s of arquivo.split('--> statement-breakpoint')) await t.db.execute(sql.raw(s));
    expect(await rows(t.db, migracao)).toHaveLength(2);
  });
});
