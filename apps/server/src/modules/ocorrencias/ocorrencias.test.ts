import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OCORRENCIAS_PADRAO } from '@fretio/core';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { rows } from '../../../test/support/state.ts';
import { transportadores } from '../../db/schema/index.ts';
import { itensDoArquivo, processarItemEdi } from '../importacao-edi/service.ts';

let t: TestApp;
let admin: Api, outro: Api, transp: Api;
const uid: Record<string, string> = {};
let embarcadorDemo = '';
const OCOREN = readFileSync(resolve(__dirname, '../../../../../../shared/data/edi/luanfreitasdev__OCORREN020320082635.880.TXT'));

beforeAll(async () => {
  t = await createTestApp();
  [admin, outro, transp] = await Promise.all(['admin@demo.com.br', 'admin@outro.com.br', 'transportador@rapidosul.com.br'].map((l) => as(t.app, l)));
  for (const c of await t.db.select().from(transportadores)) uid[c.nomeFantasia as string] = c.uid;
  [{ uid: embarcadorDemo }] = await rows<{ uid: string }>(t.db, sql`select uid from embarcadores where cnpj = '11222333000181'`);
});
afterAll(() => t?.close());

const porCodigo = async (api: Api, codigo: string) => (await api.get('/api/v1/ocorrencias', { ftr_codigo: codigo })).body.data.data[0];

describe('catálogo de ocorrências', () => {
  it('every shipper starts with the 100 PROCEDA codes and their default action', async () => {
    const lista = (await admin.get('/api/v1/ocorrencias', { pps: 200 })).body.data;
    expect(lista.totalRecords).toBe(100);
    expect(lista.data.map((o: { codigo: string; acao: number }) => [o.codigo, o.acao])).toEqual(OCORRENCIAS_PADRAO.map((o) => [o.codigo, o.acao]));
    expect(await porCodigo(admin, '01')).toMatchObject({ descricao: 'Entrega Realizada Normalmente', acao: 1, acaoNome: 'Finaliza a entrega', tipoCobranca: null });
    expect(await porCodigo(admin, '19')).toMatchObject({ acao: 3, acaoNome: 'Cobrança adicional', tipoCobranca: 'P', valorCobranca: 50 });
    expect(await porCodigo(admin, '36')).toMatchObject({ descricao: 'Extravio de documentos pela cia. Aérea', transporteAereo: true });
    // A shipper created now gets its own copy (trigger on embarcadores).
    const [novo] = await rows<{ uid: string }>(t.db, sql`insert into embarcadores (nome, cnpj) values ('Novo Embarcador Ltda', '04252011000110') returning uid`);
    expect((await rows<{ n: number }>(t.db, sql`select count(*)::int as n from ocorrencias where embarcador_uid = ${novo.uid}`))[0].n).toBe(100);
  });

  it('an extra-charge kind needs its type and value; other kinds refuse them; codes are unique per shipper', async () => {
    const sem = await admin.post('/api/v1/ocorrencias', { codigo: 'RE1', descricao: 'Reentrega com custo', acao: 3 });
    expect(sem.status).toBe(400);
    expect(sem.body.errors).toEqual([
      { field: 'tipoCobranca', message: 'Informe o tipo e o valor da cobrança adicional' },
      { field: 'valorCobranca', message: 'A cobrança adicional deve ser maior que zero' },
    ]);
    const indevida = await admin.post('/api/v1/ocorrencias', { codigo: 'RE1', descricao: 'Entregue', acao: 1, valorCobranca: '10' });
    expect(indevida.body.errors).toEqual([{ field: 'valorCobranca', message: 'Só ocorrências de cobrança adicional têm cobrança' }]);
    const ok = await admin.post('/api/v1/ocorrencias', { codigo: 'RE1', descricao: 'Reentrega com custo', acao: 3, tipoCobranca: 'V', valorCobranca: '150,75' });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ codigo: 'RE1', acao: 3, tipoCobranca: 'V', valorCobranca: 150.75 });
    const dup = await admin.post('/api/v1/ocorrencias', { codigo: 'RE1', descricao: 'Outra', acao: 5 });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([{ field: 'codigo', message: 'Já existe uma ocorrência com este código.' }]);
    // Another shipper may use the code.
    expect((await outro.post('/api/v1/ocorrencias', { codigo: 'RE1', descricao: 'Reentrega', acao: 5 })).status).toBe(201);
  });

  it('selection list, actions', async () => {
    const lista = (await admin.get('/api/v1/ocorrencias/list', { q: 'roubo' })).body.data;
    expect(lista).toEqual([{ value: expect.any(String), label: '27 - Roubo de Carga', codigo: '27', acao: 4 }]);
    const acoes = (await admin.get('/api/v1/ocorrencias/acoes')).body.data;
    expect(acoes.map((a: { value: number; label: string }) => [a.value, a.label])).toEqual([
      [1, 'Finaliza a entrega'],
      [2, 'Tentativa de entrega'],
      [3, 'Cobrança adicional'],
      [4, 'Bloqueia o documento de frete'],
      [5, 'Apenas registra'],
    ]);
  });
});

describe('de-para por transportador', () => {
  it('maps a carrier code to a kind; duplicates, foreign kinds and unlinked carriers are refused', async () => {
    const entrega = await porCodigo(admin, '01');
    const res = await admin.post('/api/v1/ocorrencias/depara', { transportadorUid: uid['Rápido Sul'], codigoTransportador: 'ENT', descricaoTransportador: 'Entregue', ocorrenciaUid: entrega.uid });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ transportadorNome: 'Rápido Sul Transportes Ltda', codigoTransportador: 'ENT', ocorrenciaCodigo: '01' });
    const dup = await admin.post('/api/v1/ocorrencias/depara', { transportadorUid: uid['Rápido Sul'], codigoTransportador: 'ENT', ocorrenciaUid: entrega.uid });
    expect(dup.status).toBe(409);
    const deOutro = await porCodigo(outro, '01');
    const alheia = await admin.post('/api/v1/ocorrencias/depara', { transportadorUid: uid['Rápido Sul'], codigoTransportador: 'X1', ocorrenciaUid: deOutro.uid });
    expect(alheia.body.errors).toEqual([{ field: 'ocorrenciaUid', message: 'Ocorrência não encontrada' }]);
    const naoVinculado = await outro.post('/api/v1/ocorrencias/depara', { transportadorUid: uid['Rápido Sul'], codigoTransportador: 'X1', ocorrenciaUid: deOutro.uid });
    expect(naoVinculado.body.errors).toEqual([{ field: 'transportadorUid', message: 'Transportador não vinculado ao embarcador' }]);
    expect((await transp.post('/api/v1/ocorrencias/depara', { transportadorUid: uid['Rápido Sul'], codigoTransportador: 'X2', ocorrenciaUid: entrega.uid })).status).toBe(403);
  });

  it('lists a carrier mapping (list and selection); the carrier is required and must be visible', async () => {
    const lista = (await admin.get('/api/v1/ocorrencias/transportador', { transportadorUid: uid['Rápido Sul'] })).body.data;
    expect(lista.data.map((d: { codigoTransportador: string }) => d.codigoTransportador)).toEqual(['ENT']);
    const sel = (await admin.get('/api/v1/ocorrencias/transportador/list', { transportadorUid: uid['Rápido Sul'] })).body.data;
    expect(sel).toEqual([
      { value: lista.data[0].uid, label: 'ENT → 01 - Entrega Realizada Normalmente', codigoTransportador: 'ENT', ocorrenciaUid: lista.data[0].ocorrenciaUid, embarcadorNome: 'Demo Alimentos' },
    ]);
    const ruim = await admin.get('/api/v1/ocorrencias/transportador', { transportadorUid: 'abc' });
    expect(ruim.status).toBe(400);
    expect(ruim.body.message).toBe('Transportador não informado.');
    expect((await admin.get('/api/v1/ocorrencias/transportador/list', { transportadorUid: '1' })).body.message).toBe('Transportador não informado.');
    expect((await outro.get('/api/v1/ocorrencias/transportador', { transportadorUid: uid['Rápido Sul'] })).status).toBe(404);
  });

  it("a carrier's user: its own codes across the shippers that link it, its shipper's kinds, its own events only", async () => {
    const [{ uid: embarcadorOutro }] = await rows<{ uid: string }>(t.db, sql`select uid from embarcadores where cnpj = '45723174000110'`);
    await t.db.execute(sql`insert into embarcador_transportador (embarcador_uid, transportador_uid) values (${embarcadorOutro}, ${uid['Rápido Sul']})`);
    const entregaOutro = await porCodigo(outro, '01');
    for (const [transportadorUid, codigoTransportador] of [[uid['Rápido Sul'], 'E2'], [uid.TransMinas, 'TM1']]) {
      expect((await outro.post('/api/v1/ocorrencias/depara', { transportadorUid, codigoTransportador, ocorrenciaUid: entregaOutro.uid })).status).toBe(201);
    }
    const rotulos = async (query = {}) => ((await transp.get('/api/v1/ocorrencias/transportador/list', query)).body.data as { label: string }[]).map((o) => o.label);
    // Demo's ENT and Outro's E2, each naming its shipper; never TransMinas's TM1.
    expect(await rotulos()).toEqual(['E2 → 01 - Entrega Realizada Normalmente (Outro Atacado)', 'ENT → 01 - Entrega Realizada Normalmente (Demo Alimentos)']);
    expect(await rotulos({ transportadorUid: uid['Rápido Sul'] })).toHaveLength(2);
    expect((await transp.get('/api/v1/ocorrencias/transportador/list', { transportadorUid: uid.TransMinas })).status).toBe(404);
    // The event form's kinds: the active shipper's catalogue (the note's kinds are checked against it).
    const roubo = (await transp.get('/api/v1/ocorrencias/list', { q: 'roubo' })).body.data;
    expect(roubo).toEqual((await admin.get('/api/v1/ocorrencias/list', { q: 'roubo' })).body.data);
    expect(roubo).toHaveLength(1);
    // Events: its own carrier's, in both shippers; TransMinas's event at Outro stays out.
    const evento = (embarcador: string, transportador: string, cnpj: string, numero: string) =>
      t.db.execute(sql`insert into eventos_ocorrencia (embarcador_uid, transportador_uid, cnpj_transportador, codigo_transportador, cnpj_emissor_nf, serie_nf, numero_nf, data_hora, origem)
        values (${embarcador}, ${transportador}, ${cnpj}, 'E2', '45723174000110', '1', ${numero}, '2026-04-21T08:00:00-03:00', 'edi')`);
    await evento(embarcadorOutro, uid['Rápido Sul'], '60746948000112', '97101');
    await evento(embarcadorOutro, uid.TransMinas, '17184037000110', '97102');
    const eventos = (await transp.get('/api/v1/eventos-ocorrencia', { pps: 500 })).body.data.data as { transportadorUid: string; numeroNf: string }[];
    expect(eventos.map((e) => e.numeroNf)).toContain('97101');
    expect(eventos.every((e) => e.transportadorUid === uid['Rápido Sul'])).toBe(true);
    // Unlinked by Outro: Outro's mapping and events leave the carrier's lists.
    await t.db.execute(sql`delete from embarcador_transportador where embarcador_uid = ${embarcadorOutro} and transportador_uid = ${uid['Rápido Sul']}`);
    expect(await rotulos()).toEqual(['ENT → 01 - Entrega Realizada Normalmente (Demo Alimentos)']);
    expect(((await transp.get('/api/v1/eventos-ocorrencia', { pps: 500 })).body.data.data as { numeroNf: string }[]).map((e) => e.numeroNf)).not.toContain('97101');
    // The catalogue screen itself stays the shipper's.
    expect((await transp.get('/api/v1/ocorrencias')).status).toBe(403);
  });

  it('copies one carrier mapping to another: new codes created, existing kept unless substituir', async () => {
    const url = `/api/v1/ocorrencias/transportador/${uid['Rápido Sul']}/copiar`;
    const res = await admin.get(url, { destinoUid: uid.TransMinas });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ copiados: 1, atualizados: 0, mantidos: 0 });
    expect((await admin.get('/api/v1/ocorrencias/transportador', { transportadorUid: uid.TransMinas })).body.data.data[0]).toMatchObject({ codigoTransportador: 'ENT', ocorrenciaCodigo: '01' });
    expect((await admin.get(url, { destinoUid: uid.TransMinas })).body.data).toEqual({ copiados: 0, atualizados: 0, mantidos: 1 });
    const mesmo = await admin.get(url, { destinoUid: uid['Rápido Sul'] });
    expect(mesmo.body.errors).toEqual([{ field: 'destinoUid', message: 'Escolha um transportador diferente do de origem' }]);
    expect((await admin.get(url)).body.errors).toEqual([{ field: 'destinoUid', message: 'Informe o transportador de destino' }]);
    expect((await outro.get(url, { destinoUid: uid.TransMinas })).status).toBe(404);
  });
});

describe('OCOREN → eventos e fila sem de-para', () => {
  const importar = (dados: Buffer) =>
    itensDoArquivo(dados, 'ocoren').then((itens) => Promise.all(itens.map((i) => t.db.transaction((tx) => processarItemEdi(tx, embarcadorDemo, null, i.ref)))));

  it('an unknown carrier code is kept and queued; the same file again stores nothing; the de-para resolves it', async () => {
    const [r] = await importar(OCOREN);
    expect(r).toMatchObject({ situacao: 'aviso', mensagem: 'NF 23/40935: código 01 sem de-para para o CNPJ 48740351001641 (transportador não vinculado ao embarcador); evento guardado na fila "sem de-para".' });
    const fila = (await admin.get('/api/v1/ocorrencias/sem-depara')).body.data.data;
    expect(fila).toMatchObject([{ cnpjTransportador: '48740351001641', nomeTransportador: 'BRASPRESS TRANSPORTES URGENTES LTDA', codigoTransportador: '01', quantidade: 1, transportadorUid: null }]);
    expect((await outro.get('/api/v1/ocorrencias/sem-depara')).body.data.totalRecords).toBe(0);
    const evento = await rows(t.db, sql`select cnpj_emissor_nf, serie_nf, numero_nf, codigo_transportador, ocorrencia_uid, origem, to_char(data_hora at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as utc from eventos_ocorrencia where uid = ${r.registroUid as string}`);
    expect(evento).toEqual([{ cnpj_emissor_nf: '02101894001880', serie_nf: '23', numero_nf: '40935', codigo_transportador: '01', ocorrencia_uid: null, origem: 'edi', utc: '2020-02-28 15:00' }]);

    expect((await importar(OCOREN))[0]).toEqual({ situacao: 'ignorado', mensagem: 'Ocorrência 01 da NF 23/40935 em 2020-02-28 já importada.' });
    expect((await admin.get('/api/v1/ocorrencias/sem-depara')).body.data.data[0].quantidade).toBe(1);

    // The shipper registers BRASPRESS and maps its code 01: the waiting event gets its kind, the queue empties.
    const braspress = await admin.post('/api/v1/transportadores', { nome: 'Braspress Transportes Urgentes Ltda', cnpj: '48740351001641', uf: 'SP' });
    expect(braspress.status).toBe(201);
    const entrega = await porCodigo(admin, '01');
    const dp = await admin.post('/api/v1/ocorrencias/depara', { transportadorUid: braspress.body.data.uid, codigoTransportador: '01', ocorrenciaUid: entrega.uid });
    expect(dp.status).toBe(201);
    expect((await admin.get('/api/v1/ocorrencias/sem-depara')).body.data.totalRecords).toBe(0);
    const [resolvido] = await rows<{ ocorrencia_uid: string; transportador_uid: string }>(t.db, sql`select ocorrencia_uid, transportador_uid from eventos_ocorrencia where uid = ${r.registroUid as string}`);
    expect(resolvido).toEqual({ ocorrencia_uid: entrega.uid, transportador_uid: braspress.body.data.uid });
  });

  it('a malformed file becomes one failing item per error and stores nothing', async () => {
    const linhas = OCOREN.toString('utf8').split('\n');
    linhas[3] = `${linhas[3].slice(0, 30)}31022020${linhas[3].slice(38)}`;
    const itens = await itensDoArquivo(Buffer.from(linhas.join('\n')), 'ocoren');
    expect(itens.map((i) => i.nome)).toEqual(['Linha 4, campo dataOcorrencia']);
    await expect(t.db.transaction((tx) => processarItemEdi(tx, embarcadorDemo, null, itens[0].ref))).rejects.toMatchObject({
      message: 'Linha 4, campo dataOcorrencia: Data da ocorrência (posições 31-38) não é uma data válida (DDMMAAAA): "31022020".',
    });
    expect((await itensDoArquivo(OCOREN, 'conemb')).map((i) => i.nome)).toEqual(['Linha 2, campo identificador']);
  });
});
