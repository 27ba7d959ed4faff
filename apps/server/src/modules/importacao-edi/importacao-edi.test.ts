import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAYOUTS, escreverEdi } from '@fretio/core';
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
function ocoren50(codigos: string[]) {
  const escrito = escreverEdi(LAYOUTS['OCOREN 5.0'], [
    { id: '000', valores: { remetente: 'RAPIDO SUL', destinatario: 'DEMO', data: '2025-11-20', hora: '10:30', intercambio: 'OCO50201130' } },
    { id: '540', valores: { identificacao: 'OCORR50201130' } },
    { id: '541', valores: { cnpjTransportadora: '60746948000201', razaoSocial: 'Rápido Sul - Guarulhos' } },
    ...codigos.map((c, i) => ({
      id: '542',
      valores: { cnpjEmissorNf: '11222333000181', serieNf: '1', numeroNf: String(1000 + i), codigoOcorrencia: c, dataOcorrencia: '2025-11-19', horaOcorrencia: '17:45' },
    })),
    { id: '549', valores: { quantidade: String(codigos.length) } },
  ]);
  if (!escrito.ok) throw new Error(JSON.stringify(escrito.erros));
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

describe('CONEMB, DOCCOB, NOTFIS: read and reported, not applied', () => {
  it.each([
    ['conemb', 'viniciuslpi__CONEMB.txt', 21, 'Recebido, não aplicado: CT 0/89135 de 2023-10-11, frete R$ 24.62. O CONEMB ainda não é aplicado por o cadastro de CT-e (módulo fiscal).'],
    ['doccob', 'felipekarah__DOCCOB30_steellog.txt', 1, 'Recebido, não aplicado: Documento de cobrança /0000232366, vencimento 2021-07-01, valor R$ 22813.04. O DOCCOB ainda não é aplicado por as faturas de frete.'],
    ['notfis', 'marceloluk__NOTFIS31_redacted.txt', 43, 'Recebido, não aplicado: NF 20/16437 de 2016-08-11, valor R$ 62.35. O NOTFIS ainda não é aplicado por o cadastro de NF-e (módulo fiscal).'],
  ])('%s', async (layout, arquivo, n, primeira) => {
    const { tarefa, itens } = await importar(layout, amostra(arquivo));
    expect(tarefa).toMatchObject({ total: n, processados: n, erros: 0 });
    expect(itens.every((i) => i.status === 4)).toBe(true);
    expect(itens[0].mensagem).toBe(primeira);
  });

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
