import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ArquivoEdi, LAYOUTS, escreverEdi, lerEdi, notasNotfis } from '@fretio/core';
import { cteXml, nfeXml } from '@fretio/core/fiscal/fixtures';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as, session } from '../../../test/support/http.ts';
import { enviarArquivo } from '../../../test/support/planilhas.ts';
import { rows } from '../../../test/support/state.ts';
import { aguardarTarefa, itensDaTarefa } from '../../../test/support/tarefas.ts';

// POST /api/importar/edi/{layout}: the file becomes a task; OCOREN events land in the occurrences module.
const PASTA = resolve(__dirname, '../../../../../../shared/data/edi');
const amostra = (nome: string) => readFileSync(resolve(PASTA, nome));

let t: TestApp;
let admin: Api;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await as(t.app, 'admin@demo.com.br');
  cookie = await session(t.app, 'admin@demo.com.br');
});
afterAll(() => t?.close());

async function importar(layout: string, dados: Buffer, nome = 'arquivo.txt') {
  const res = await enviarArquivo(t.app, `/api/importar/edi/${layout}`, cookie, dados, nome);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.message).toBe('Importação iniciada.');
  const uid = res.body.data?.uid as string;
  return { uid, tarefa: await aguardarTarefa(admin, uid), itens: await itensDaTarefa(admin, uid) };
}
const eventosDa = (tarefaUid: string) =>
  rows<{ numero_nf: string; codigo_transportador: string; ocorrencia: string | null }>(
    t.db,
    sql`select e.numero_nf, e.codigo_transportador, o.codigo as ocorrencia from eventos_ocorrencia e left join ocorrencias o on o.uid = e.ocorrencia_uid where e.tarefa_uid = ${tarefaUid} order by e.linha`,
  );

/** An OCOREN 5.0 of Rápido Sul (filed by its Guarulhos unit's CNPJ) with two occurrences. */
function ocoren50(codigos: string[], data = (_i: number) => '2025-11-19') {
  const escrito = escreverEdi(LAYOUTS['OCOREN 5.0'], [
    { id: '000', valores: { remetente: 'RAPIDO SUL', destinatario: 'DEMO', data: '2025-11-20', hora: '10:30', intercambio: 'OCO50201130' } },
    { id: '540', valores: { identificacao: 'OCORR50201130' } },
    { id: '541', valores: { cnpjTransportadora: '60746948000201', razaoSocial: 'Rápido Sul - Guarulhos' } },
    ...codigos.map((c, i) => ({
      id: '542',
      valores: { cnpjEmissorNf: '11222333000181', serieNf: '1', numeroNf: String(1000 + i), codigoOcorrencia: c, dataOcorrencia: data(i), horaOcorrencia: '17:45' },
    })),
    { id: '549', valores: { quantidade: String(codigos.length) } },
  ]);
  if (!escrito.ok) throw new Error(JSON.stringify(escrito.erros.slice(0, 3)));
  return Buffer.from(escrito.texto, 'latin1');
}

describe('importar OCOREN', () => {
  it('the real 3.1 file: an unlinked carrier code goes to sem de-para with a warning on its item', async () => {
    const { uid, tarefa, itens } = await importar('ocoren', amostra('luanfreitasdev__OCORREN020320082635.880.TXT'), 'OCORREN.TXT');
    expect(tarefa).toMatchObject({ status: 3, total: 1, processados: 1, erros: 0, avisos: 1, tipoNome: 'Importação EDI PROCEDA' });
    expect(itens.map((i) => [i.nome, i.status, i.mensagem])).toEqual([
      [
        'Linha 4: NF 40935, ocorrência 01',
        3,
        'NF 23/40935: código 01 sem de-para para o CNPJ 48740351001641 (transportador não vinculado ao embarcador); evento guardado na fila "sem de-para".',
      ],
    ]);
    expect(await eventosDa(uid)).toEqual([{ numero_nf: '40935', codigo_transportador: '01', ocorrencia: null }]);
    expect((await admin.get('/api/v1/ocorrencias/sem-depara', { ftr_cnpjTransportador: '48740351001641' })).body.data.data[0]).toMatchObject({ codigoTransportador: '01', quantidade: 1 });
  });

  it('5.0 (Latin-1, a unit CNPJ): mapped codes become events of the kind, the rest wait; a second send repeats nothing', async () => {
    const entrega = (await admin.get('/api/v1/ocorrencias', { ftr_codigo: '01' })).body.data.data[0];
    const rapido = (await admin.get('/api/v1/transportadores', { ftr_cnpj: '60746948000112' })).body.data.data[0];
    expect((await admin.post('/api/v1/ocorrencias/depara', { transportadorUid: rapido.uid, codigoTransportador: '100', ocorrenciaUid: entrega.uid })).status).toBe(201);
    const { uid, tarefa, itens } = await importar('OCOREN', ocoren50(['100', '777']));
    expect(tarefa).toMatchObject({ status: 3, total: 2, erros: 0, avisos: 1 });
    expect(itens.map((i) => [i.status, i.mensagem])).toEqual([
      [2, 'NF 1/1000: 01 - Entrega Realizada Normalmente.'],
      [3, 'NF 1/1001: código 777 sem de-para para o transportador; evento guardado na fila "sem de-para".'],
    ]);
    expect(await eventosDa(uid)).toEqual([
      { numero_nf: '1000', codigo_transportador: '100', ocorrencia: '01' },
      { numero_nf: '1001', codigo_transportador: '777', ocorrencia: null },
    ]);
    const denovo = await importar('ocoren', ocoren50(['100', '777']));
    expect(denovo.itens.map((i) => i.status)).toEqual([4, 4]);
    expect(await eventosDa(denovo.uid)).toEqual([]);
  });

  it('the records go through in one transaction (up to 500), each reported alone: a bad one fails with its line, the others are saved', async () => {
    const { uid, tarefa, itens } = await importar('ocoren', ocoren50(['200', '201', '202'], (i) => (i === 1 ? '2099-01-01' : '2025-11-18')));
    expect(tarefa).toMatchObject({ status: 4, total: 3, processados: 3, erros: 1, avisos: 2 });
    expect(itens.map((i) => [i.nome, i.status, i.mensagem])).toEqual([
      ['Linha 4: NF 1000, ocorrência 200', 3, 'NF 1/1000: código 200 sem de-para para o transportador; evento guardado na fila "sem de-para".'],
      ['Linha 5: NF 1001, ocorrência 201', 5, 'Data da ocorrência no futuro (2099-01-01 17:45).'],
      ['Linha 6: NF 1002, ocorrência 202', 3, 'NF 1/1002: código 202 sem de-para para o transportador; evento guardado na fila "sem de-para".'],
    ]);
    expect((await eventosDa(uid)).map((e) => e.codigo_transportador)).toEqual(['200', '202']);
    // now() is the transaction's start: one value for the three items = one transaction.
    expect(await rows(t.db, sql`select count(distinct processado_em)::int as n from tarefa_itens where tarefa_uid = ${uid}`)).toEqual([{ n: 1 }]);
  });

  it('a file of 3,004 occurrences: saved in bulk statements of at most 500 events, one transaction per 500; every count right', async () => {
    const rapido = (await admin.get('/api/v1/transportadores', { ftr_cnpj: '60746948000112' })).body.data.data[0];
    const entrega = (await admin.get('/api/v1/ocorrencias', { ftr_codigo: '01' })).body.data.data[0];
    expect((await admin.post('/api/v1/ocorrencias/depara', { transportadorUid: rapido.uid, codigoTransportador: '301', ocorrenciaUid: entrega.uid })).status).toBe(201);
    const registro = (numeroNf: string, codigoOcorrencia: string, dataOcorrencia: string, horaOcorrencia: string) => ({
      id: '542',
      valores: { cnpjEmissorNf: '11222333000181', serieNf: '1', numeroNf, codigoOcorrencia, dataOcorrencia, horaOcorrencia },
    });
    // 3,000 notes (codes 301 mapped, 302/303 not), the first again (a repeat), two in the future, and the demo note 1003 delivered.
    const gerados = Array.from({ length: 3000 }, (_, i) =>
      registro(String(970000 + i), ['301', '302', '303'][i % 3], '2025-11-10', `${String(8 + (i % 10)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`),
    );
    const escrito = escreverEdi(LAYOUTS['OCOREN 5.0'], [
      { id: '000', valores: { remetente: 'RAPIDO SUL', destinatario: 'DEMO', data: '2025-11-20', hora: '10:30', intercambio: 'OCO50201131' } },
      { id: '540', valores: { identificacao: 'OCORR50201131' } },
      { id: '541', valores: { cnpjTransportadora: '60746948000201', razaoSocial: 'Rápido Sul - Guarulhos' } },
      ...gerados,
      gerados[0],
      registro('979998', '301', '2099-01-01', '10:00'),
      registro('979999', '302', '2099-01-01', '10:00'),
      registro('1003', '301', '2025-11-11', '15:20'),
      { id: '549', valores: { quantidade: '3004' } },
    ]);
    if (!escrito.ok) throw new Error(JSON.stringify(escrito.erros.slice(0, 3)));

    // Every statement the app sends while the file is imported (drizzle's logger, read by each new transaction).
    const opcoes = (t.db as unknown as { session: { options: { logger?: unknown } } }).session.options;
    const comandos: { sql: string; parametros: number }[] = [];
    opcoes.logger = { logQuery: (q: string, p: unknown[]) => comandos.push({ sql: q, parametros: p.length }) };
    let importado: Awaited<ReturnType<typeof importar>>;
    try {
      importado = await importar('ocoren', Buffer.from(escrito.texto, 'latin1'));
    } finally {
      opcoes.logger = undefined;
    }
    const { uid, tarefa } = importado;
    expect(tarefa).toMatchObject({ status: 4, total: 3004, processados: 3004, erros: 2, avisos: 2000 });
    const porStatus = await rows<{ status: number; n: number }>(t.db, sql`select status, count(*)::int as n from tarefa_itens where tarefa_uid = ${uid} group by status order by status`);
    expect(porStatus).toEqual([{ status: 2, n: 1001 }, { status: 3, n: 2000 }, { status: 4, n: 1 }, { status: 5, n: 2 }]);
    expect(await rows(t.db, sql`select count(*)::int as n, count(ocorrencia_uid)::int as com_tipo from eventos_ocorrencia where tarefa_uid = ${uid}`)).toEqual([{ n: 3001, com_tipo: 1001 }]);
    const fila = (await admin.get('/api/v1/ocorrencias/sem-depara', { ftr_cnpjTransportador: '60746948000201', pps: 100 })).body.data.data as { codigoTransportador: string; quantidade: number }[];
    expect(fila.filter((f) => f.codigoTransportador.startsWith('30')).map((f) => [f.codigoTransportador, f.quantidade]).sort()).toEqual([['302', 1000], ['303', 1000]]);
    // The imported note the file names is linked and delivered.
    expect(await rows(t.db, sql`select r.data_entrega is not null as entregue from rastreios r join nfes n on n.uid = r.nfe_uid
      where n.numero = 1003 and n.emitente_documento = '11222333000181' and n.substituida_por_uid is null`)).toEqual([{ entregue: true }]);
    // Bounded statements: 7 inserts of events (500 + … + 4 records), none over 500 rows; one transaction per group.
    const insercoes = comandos.filter((c) => c.sql.startsWith('insert into "eventos_ocorrencia"'));
    expect(insercoes).toHaveLength(7);
    expect(Math.max(...comandos.map((c) => c.parametros))).toBeLessThanOrEqual(500 * 15);
    expect(comandos.filter((c) => /eventos_ocorrencia|ocorrencias_sem_depara|ocorrencias_depara/.test(c.sql)).length).toBeLessThanOrEqual(7 * 4);
    expect(await rows(t.db, sql`select count(distinct processado_em)::int as n from tarefa_itens where tarefa_uid = ${uid}`)).toEqual([{ n: 7 }]);
  });

  it('a shifted record: one failing item per error (line and field), nothing stored', async () => {
    const linhas = amostra('luanfreitasdev__OCORREN020320082635.880.TXT').toString('utf8').split('\n');
    linhas[3] = `342${linhas[3].slice(4)}`;
    const { uid, tarefa, itens } = await importar('ocoren', Buffer.from(linhas.join('\n')));
    expect(tarefa.status).toBe(5);
    expect(itens.map((i) => [i.nome, i.status, i.mensagem])).toEqual([
      ['Linha 4, campo dataOcorrencia', 5, 'Linha 4, campo dataOcorrencia: Data da ocorrência (posições 31-38) não é uma data válida (DDMMAAAA): "80220201".'],
      ['Linha 4, campo codigoObservacao', 5, 'Linha 4, campo codigoObservacao: Código de observação (posições 43-44) deve ser numérico: "0 ".'],
    ]);
    expect(await eventosDa(uid)).toEqual([]);
  });
});

const RAPIDO = '60746948000112';
const EMBARCADORA = '11222333000181';

/** A CONEMB 3.0 of Rápido Sul: one 322 per CT (series 1), each naming its NFs by series and number. */
function conemb(cts: { numero: number; valor: string; nfs: number[]; acao?: 'I' | 'E' }[]) {
  const escrito = escreverEdi(LAYOUTS['CONEMB 3.0'], [
    { id: '000', valores: { remetente: 'RAPIDO SUL', destinatario: 'DEMO', data: '2025-01-12', hora: '08:00', intercambio: 'CON12010800' } },
    { id: '320', valores: { identificacao: 'CONHE12010800' } },
    { id: '321', valores: { cnpjTransportadora: RAPIDO, razaoSocial: 'RAPIDO SUL TRANSPORTES' } },
    ...cts.map((c) => ({
      id: '322',
      valores: {
        filial: 'MATRIZ', serie: '1', numero: String(c.numero), emissao: '2025-01-11', condicaoFrete: 'C', peso: '120.50', valorFrete: c.valor,
        baseIcms: c.valor, aliquotaIcms: '12.00', valorIcms: '18.00', fretePeso: '120.00', pedagio: '30.00', cnpjEmissor: RAPIDO, cnpjEmbarcadora: EMBARCADORA,
        ...Object.fromEntries(c.nfs.flatMap((n, i) => [[`serieNf${i + 1}`, '1'], [`numeroNf${i + 1}`, String(n)]])), acao: c.acao ?? 'I', tipoConhecimento: 'N', cfop: '6353',
      },
    })),
    { id: '323', valores: { quantidade: String(cts.length), valorTotal: '0' } },
  ]);
  if (!escrito.ok) throw new Error(JSON.stringify(escrito.erros.slice(0, 3)));
  return Buffer.from(escrito.texto, 'latin1');
}

/** A DOCCOB 3.0 of Rápido Sul: each cobrança lists its CT-es by key or by series + number. */
function doccob(cobrancas: { numero: string; valor: string; ctes: { numero: number; chave?: string; valor: string }[] }[]) {
  const escrito = escreverEdi(LAYOUTS['DOCCOB 3.0'], [
    { id: '000', valores: { data: '2025-01-20', hora: '09:00', intercambio: 'COB20010900' } },
    { id: '350', valores: { identificacao: 'COBRA20010900' } },
    { id: '351', valores: { cnpjTransportadora: RAPIDO, razaoSocial: 'RAPIDO SUL TRANSPORTES' } },
    ...cobrancas.flatMap((c) => [
      { id: '352', valores: { filial: 'MATRIZ', tipoDocumento: '0', numero: c.numero, emissao: '2025-01-20', vencimento: '2025-02-19', valor: c.valor, acao: 'I' } },
      ...c.ctes.map((k) => ({ id: '353', valores: { filial: 'MATRIZ', serie: '1', numero: String(k.numero), valorFrete: k.valor, emissao: '2025-01-11', cnpjEmissor: RAPIDO, chaveCte: k.chave } })),
    ]),
  ]);
  if (!escrito.ok) throw new Error(JSON.stringify(escrito.erros.slice(0, 3)));
  return Buffer.from(escrito.texto, 'latin1');
}

async function importarXml(rota: 'import-nfe' | 'import-cte', xml: string, nome: string) {
  const res = await enviarArquivo(t.app, `/api/importar/documentos/${rota}`, cookie, Buffer.from(xml), nome);
  expect(res.status).toBe(200);
  const uid = res.body.data?.uid as string;
  await aguardarTarefa(admin, uid);
  return itensDaTarefa(admin, uid);
}
const ctesNumero = (numero: number) =>
  rows<{ uid: string; chave: string; origem_documento: string }>(t.db, sql`select uid, chave, origem_documento from ctes where numero = ${numero} and emitente_documento = ${RAPIDO}`);

describe('CONEMB → CT-e records (origem EDI), completed by the XML', () => {
  const nf = nfeXml({ emitente: EMBARCADORA, numero: 5001, transportador: RAPIDO });
  const cte1 = cteXml({ emitente: RAPIDO, numero: 7001, nfes: [nf.chave] });

  it('CONEMB first: a CT-e without XML, its known NF linked; the same file again adds nothing; the XML completes the same record', async () => {
    await importarXml('import-nfe', nf.xml, 'nf5001.xml');
    const { itens } = await importar('conemb', conemb([{ numero: 7001, valor: '150.00', nfs: [5001, 5002] }]));
    expect(itens.map((i) => [i.nome, i.status, i.mensagem])).toEqual([
      ['Linha 4: CT 1/7001', 3, 'CT 1/7001 de R$ 150,00: NF 1/5002 não encontrada(s): o XML do CT-e as vinculará pela chave'],
    ]);
    const uid = itens[0].registroUid as string;
    const edi = (await admin.get(`/api/v1/documentos/ctes/${uid}`)).body.data;
    expect(edi).toMatchObject({
      origemDocumento: 'EDI', chave: `EDI${RAPIDO}001000007001`, chaveValida: false, assinaturaValida: false, protocolo: null, numero: 7001, serie: 1,
      emissao: '2025-01-11T00:00:00-03:00', valorPrestacao: 150, pesoCarga: 120.5, cfop: '6353', situacao: '03', quantidadeNfes: 2,
      emitente: { documento: RAPIDO, nome: 'RAPIDO SUL TRANSPORTES' }, icms: { base: 150, aliquota: 12, valor: 18 },
      componentes: [{ nome: 'FRETE PESO', valor: 120 }, { nome: 'PEDAGIO', valor: 30 }],
      nfesVinculadas: [{ chave: nf.chave, numero: 5001 }],
    });
    expect(edi.transportadorUid).toBe((await admin.get('/api/v1/transportadores', { ftr_cnpj: RAPIDO })).body.data.data[0].uid);

    const denovo = await importar('conemb', conemb([{ numero: 7001, valor: '150.00', nfs: [5001, 5002] }]));
    expect(denovo.itens.map((i) => [i.status, i.mensagem])).toEqual([[4, 'CT 1/7001 de R$ 150,00: CT-e já recebido por CONEMB']]);

    const xml = await importarXml('import-cte', cte1.xml, 'cte7001.xml');
    expect(xml[0].mensagem).toContain('CT-e recebido antes pelo CONEMB: completado com o XML');
    expect(xml[0].registroUid).toBe(uid);
    expect(await ctesNumero(7001)).toEqual([{ uid, chave: cte1.chave, origem_documento: 'XML' }]);
    expect((await admin.get(`/api/v1/documentos/ctes/${uid}`)).body.data).toMatchObject({ origemDocumento: 'XML', chaveValida: true, protocolo: '1352500000777001', situacao: '00', quantidadeNfes: 1 });
  });

  it('XML first: the CONEMB finds it by issuer, series and number and changes nothing', async () => {
    await importarXml('import-cte', cteXml({ emitente: RAPIDO, numero: 7002 }).xml, 'cte7002.xml');
    const { itens } = await importar('conemb', conemb([{ numero: 7002, valor: '150.00', nfs: [] }]));
    expect(itens.map((i) => [i.status, i.mensagem])).toEqual([[4, 'CT 1/7002 de R$ 150,00: CT-e já importado pelo XML']]);
    expect(await ctesNumero(7002)).toMatchObject([{ origem_documento: 'XML' }]);
  });

  it('exclusion records (ação E): a CT known from CONEMB alone is removed; one whose XML came, or unknown, is left as is', async () => {
    const incluido = await importar('conemb', conemb([{ numero: 7003, valor: '99.90', nfs: [] }]));
    const uid = incluido.itens[0].registroUid as string;
    const { itens } = await importar('conemb', conemb([
      { numero: 7003, valor: '99.90', nfs: [], acao: 'E' },
      { numero: 7002, valor: '150.00', nfs: [], acao: 'E' },
      { numero: 7999, valor: '10.00', nfs: [], acao: 'E' },
    ]));
    expect(itens.map((i) => [i.status, i.mensagem])).toEqual([
      [2, 'Linha 4: CT 1/7003 excluído (exclusão do CONEMB)'],
      [4, 'Linha 5: exclusão do CT 1/7002 não aplicada: o CT-e já chegou pelo XML (cancele-o pelo evento da SEFAZ)'],
      [4, 'Linha 6: exclusão do CT 1/7999: CT-e não encontrado, nada a excluir'],
    ]);
    expect(await ctesNumero(7003)).toEqual([]);
    expect((await admin.get(`/api/v1/documentos/ctes/${uid}`)).status).toBe(404);
    expect(await ctesNumero(7002)).toMatchObject([{ origem_documento: 'XML' }]);
  });

  it('the real CONEMB: its carrier is not linked to the shipper, so each CT is kept with a warning; a second send adds nothing', async () => {
    const { tarefa, itens } = await importar('conemb', amostra('viniciuslpi__CONEMB.txt'));
    expect(tarefa).toMatchObject({ total: 21, erros: 0, avisos: 21 });
    expect(itens[0]).toMatchObject({
      nome: 'Linha 4: CT 0/89135',
      mensagem: 'CT 0/89135 de R$ 24,62: emitente 18484199000136 não é um transportador cadastrado/vinculado ao embarcador; NF 11/381419 não encontrada(s): o XML do CT-e as vinculará pela chave',
    });
    const denovo = await importar('conemb', amostra('viniciuslpi__CONEMB.txt'));
    expect(denovo.itens.every((i) => i.status === 4)).toBe(true);
  });
});

describe('DOCCOB → invoices (the fatura rules)', () => {
  const faturaNumero = async (numero: string) => (await admin.get('/api/v1/fatura', { ftr_numero: numero })).body.data.data;

  it('one invoice per cobrança with its number, due date, value and CT-es (by key and by series + number); again: já existe', async () => {
    const chave7001 = cteXml({ emitente: RAPIDO, numero: 7001 }).chave;
    const arquivo = doccob([{ numero: '0000009001', valor: '300.00', ctes: [{ numero: 7001, chave: chave7001, valor: '150.00' }, { numero: 7002, valor: '150.00' }] }]);
    const { itens } = await importar('doccob', arquivo);
    expect(itens.map((i) => [i.nome, i.status, i.mensagem])).toEqual([['Linha 4: cobrança 9001', 2, 'Fatura 9001 criada: 2 CT-e(s), R$ 300,00, vencimento 19/02/2025.']]);
    expect(await faturaNumero('9001')).toMatchObject([{ numero: '9001', emissao: '2025-01-20', vencimento: '2025-02-19', valor: 300, valorCtes: 300, quantidadeCtes: 2, status: 1 }]);
    const denovo = await importar('doccob', arquivo);
    expect(denovo.itens.map((i) => [i.status, i.mensagem])).toEqual([[4, 'Fatura 9001 já existe para o transportador.']]);
  });

  it('a cobrança with problems fails whole, each problem naming its line; nothing written', async () => {
    await importarXml('import-cte', cteXml({ emitente: RAPIDO, numero: 7003 }).xml, 'cte7003.xml');
    const { itens } = await importar('doccob', doccob([
      { numero: '9002', valor: '300.00', ctes: [{ numero: 7001, valor: '150.00' }, { numero: 7999, valor: '150.00' }] },
      { numero: '9003', valor: '150.01', ctes: [{ numero: 7003, valor: '150.00' }] },
    ]));
    expect(itens.map((i) => [i.nome, i.status, i.mensagem])).toEqual([
      ['Linha 4: cobrança 9002', 5, 'Linha 5: CT-e 1/7001 já está na fatura 9001. Linha 6: CT-e 1/7999 não encontrado.'],
      ['Linha 7: cobrança 9003', 5, 'Linha 7: o valor da cobrança (R$ 150,01) difere da soma dos CT-es (R$ 150,00).'],
    ]);
    expect(await faturaNumero('9002')).toEqual([]);
    expect(await faturaNumero('9003')).toEqual([]);
    expect((await admin.get('/api/v1/documentos/ctes', { ftr_numero: 7003 })).body.data.data[0].faturaUid).toBeNull();
  });

  it('the real DOCCOB: a carrier not linked to the shipper is an error on its line', async () => {
    const { itens } = await importar('doccob', amostra('felipekarah__DOCCOB30_steellog.txt'));
    expect(itens.map((i) => [i.status, i.mensagem])).toEqual([[5, 'Linha 4: transportador de CNPJ 12260426000325 não está vinculado ao embarcador.']]);
  });
});

describe('NOTFIS → virtual NF-es', () => {
  it('the real NOTFIS: one virtual note per NF; again: já existe; the real NF-e replaces its virtual note', async () => {
    const { tarefa, itens } = await importar('notfis', amostra('marceloluk__NOTFIS31_redacted.txt'));
    expect(tarefa).toMatchObject({ total: 43, erros: 0 });
    expect(itens[0]).toMatchObject({ nome: 'Linha 5: NF 20/16437', status: 2, mensagem: 'NF 20/16437 de R$ 62,35 criada como NF-e virtual.' });
    const virtual = (await admin.get(`/api/v1/documentos/nfe-virtual/${itens[0].registroUid}`)).body.data;
    expect(virtual).toMatchObject({
      virtual: true, chave: null, numero: 16437, serie: 20, valorTotal: 62.35,
      emitente: { documento: '15427207000203', nome: 'INFRACOMMERCE NEGÓCIOS E SOLUÇÕES LTDA' },
      destinatario: { documento: '12345678909', nome: 'DESTINATARIO PF 001', uf: 'SP' },
    });
    const denovo = await importar('notfis', amostra('marceloluk__NOTFIS31_redacted.txt'));
    expect(denovo.itens[0]).toMatchObject({ status: 4, mensagem: 'NF 20/16437 já existe (NF-e virtual).' });
    expect(denovo.tarefa).toMatchObject({ total: 43, erros: 0 });
    await importarXml('import-nfe', nfeXml({ emitente: '15427207000203', serie: 20, numero: 16437 }).xml, 'nf16437.xml');
    expect((await admin.get(`/api/v1/documentos/nfe-virtual/${itens[0].registroUid}`)).body.data.substituidaPorUid).toEqual(expect.any(String));
  });
});

describe('POST documentos/export-notfis', () => {
  it('NOTFIS 3.1 of the chosen NF-es for a carrier, as a task with a download, read back by the parser', async () => {
    const rapido = (await admin.get('/api/v1/transportadores', { ftr_cnpj: RAPIDO })).body.data.data[0].uid as string;
    const nf = (await admin.get('/api/v1/documentos/nfes', { ftr_numero: 5001 })).body.data.data[0];
    const res = await admin.post('/api/v1/documentos/export-notfis', { nfeUids: [nf.uid], transportadorUid: rapido, versao: '3.1' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const uid = res.body.data.uid as string;
    const tarefa = await aguardarTarefa(admin, uid);
    expect(tarefa).toMatchObject({ status: 3, tipoNome: 'Exportação NOTFIS', mensagem: expect.stringContaining('1 NF-e no NOTFIS 3.1 para ') });
    expect(tarefa.arquivo.nome).toMatch(/^NOTFIS31_60746948000112_\d{8}\.txt$/);
    const arquivo = await t.app.inject({ method: 'GET', url: tarefa.arquivo.url, headers: { cookie } });
    expect(arquivo.statusCode).toBe(200);
    const lido = lerEdi(arquivo.rawPayload, 'NOTFIS');
    expect(lido.erros).toEqual([]);
    expect(notasNotfis(lido.arquivo as ArquivoEdi)).toEqual([
      {
        linha: 5, emitente: { documento: EMBARCADORA, nome: 'EMITENTE TESTE LTDA', uf: 'SP' },
        destinatario: { documento: '44555666000100', nome: 'CLIENTE TESTE & CIA', uf: 'RJ', municipioIbge: '3304557', cidade: 'Rio de Janeiro' },
        serie: '1', numero: '5001', emissao: '2025-01-10', valorTotal: '100.00', peso: '10.50', volumes: '2.00',
      },
    ]);
    expect(lido.arquivo?.registros.at(-1)?.valores).toMatchObject({ valorTotal: '100.00', pesoTotal: '10.50', volumesTotal: '2.00' });
  });

  it('an empty selection or a carrier not linked is 400 with the field; a note not of the shipper is 404', async () => {
    const rapido = (await admin.get('/api/v1/transportadores', { ftr_cnpj: RAPIDO })).body.data.data[0].uid as string;
    const vazio = await admin.post('/api/v1/documentos/export-notfis', { nfeUids: [], transportadorUid: rapido });
    expect([vazio.status, vazio.body.errors]).toEqual([400, [{ field: 'nfeUids', message: 'Selecione ao menos uma NF-e.' }]]);
    const nada = await admin.post('/api/v1/documentos/export-notfis', { filtros: { ftr_numero: '999999' }, transportadorUid: rapido });
    expect([nada.status, nada.body.errors?.[0]?.field]).toEqual([400, 'nfeUids']);
    const alheia = await admin.post('/api/v1/documentos/export-notfis', { nfeUids: ['00000000-0000-4000-8000-000000000001'], transportadorUid: rapido });
    expect(alheia.status).toBe(404);
    const semVinculo = await admin.post('/api/v1/documentos/export-notfis', { nfeUids: ['00000000-0000-4000-8000-000000000001'], transportadorUid: '00000000-0000-4000-8000-000000000002' });
    expect([semVinculo.status, semVinculo.body.errors]).toEqual([400, [{ field: 'transportadorUid', message: 'Transportador não vinculado ao embarcador' }]]);
  });
});

describe('EDI files that are not what the layout says', () => {
  it('the wrong document for the layout fails its item; an unknown layout and a missing file are 400', async () => {
    const { itens } = await importar('conemb', amostra('luanfreitasdev__OCORREN020320082635.880.TXT'));
    expect(itens.map((i) => i.mensagem)).toEqual(['Linha 2, campo identificador: O arquivo é um OCOREN 3.1, não um CONEMB.']);
    const ruim = await enviarArquivo(t.app, '/api/importar/edi/edifact', cookie, Buffer.from('x'), 'a.txt');
    expect(ruim.status).toBe(400);
    expect(ruim.body.errors).toEqual([{ field: 'layout', message: 'Leiaute EDI inválido: use ocoren, conemb, doccob, notfis' }]);
    const vazio = await enviarArquivo(t.app, '/api/importar/edi/ocoren', cookie, Buffer.alloc(0), 'a.txt');
    expect(vazio.status).toBe(400);
  });
});
