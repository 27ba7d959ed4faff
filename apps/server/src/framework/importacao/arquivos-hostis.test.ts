import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ItemImportacaoEdi, itensImportacaoEdi } from '@fretio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { session } from '../../../test/support/http.ts';
import { csvPessoas, enviarArquivo } from '../../../test/support/planilhas.ts';
import { montarZip, xlsxCelulaDistante, xlsxCelulaDistanteSemDimensao, xlsxCom, zerosDeflated } from '../../../test/support/zip.ts';
import { AppError } from '../../lib/errors.ts';
import { LIMITES_PADRAO } from './limites.ts';
import { PoolLeitura, lerXmlSeguro, lerZipSeguro } from './pool.ts';

// Fault 3 of issue 7: an XLSX whose one cell inflates to ~1 GB killed the process (heap out of
// memory), and a 1.6 KB file with one cell at XFD1048576 blocked it for seconds. Every untrusted
// file is now read in a worker, after checking the ZIP's declared and actual sizes and the sheet's extent.
let t: TestApp;
let cookie: string;
const url = '/api/v1/pessoas/importar';
let bomba: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await session(t.app, 'admin@demo.com.br');
  // 200 MB of zeros deflate to ~200 KB; the directory claims 1,000 bytes (a lying bomb).
  bomba = xlsxCom({ nome: 'xl/worksheets/sheet1.xml', deflated: await zerosDeflated(200), declarado: 1_000 });
});
afterAll(() => t?.close());

const aindaServe = async () => {
  const r = await t.app.inject({ method: 'GET', url: '/api/v1/centros-custo?pps=5', headers: { cookie } });
  expect(r.statusCode).toBe(200);
};

describe('hostile files', () => {
  it('a zip bomb that lies about its size stops at the inflate limit: 400 with a clear message', async () => {
    expect(bomba.length).toBeLessThan(1024 * 1024);
    const res = await enviarArquivo(t.app, url, cookie, bomba, 'bomba.xlsx');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/se expande além de 50 MB/);
    expect(res.body.errors?.[0].field).toBe('file');
    await aindaServe();
  });

  it('a ZIP whose directory declares a huge entry is refused before anything is inflated', async () => {
    const honesta = xlsxCom({ nome: 'xl/worksheets/sheet1.xml', deflated: await zerosDeflated(1), declarado: 900 * 1024 * 1024 });
    const res = await enviarArquivo(t.app, url, cookie, honesta, 'grande.xlsx');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/sheet1\.xml" se expande além de 50 MB/);
  });

  it('one cell at XFD1048576 (with or without <dimension>) → 400 naming the extent', async () => {
    for (const arquivo of [xlsxCelulaDistante(), xlsxCelulaDistanteSemDimensao()]) {
      expect(arquivo.length).toBeLessThan(2_000);
      const res = await enviarArquivo(t.app, url, cookie, arquivo, 'distante.xlsx');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        'A aba "sheet1" ocupa 1.048.576 linhas × 16.384 colunas; o máximo aceito é 200.000 linhas × 200 colunas',
      );
    }
  });

  it('eight bombs at once each fail alone; the server keeps serving and imports still work', async () => {
    const respostas = await Promise.all(Array.from({ length: 8 }, () => enviarArquivo(t.app, url, cookie, bomba, 'bomba.xlsx')));
    expect(respostas.map((r) => r.status)).toEqual(Array(8).fill(400));
    await aindaServe();
    const ok = await enviarArquivo(t.app, url, cookie, csvPessoas(3, 900_000), 'pessoas.csv');
    expect(ok.body.data).toMatchObject({ total: 3, salvas: 3 });
  });
});

describe('the parse worker pool', () => {
  const csv = csvPessoas(2_000);
  it('a task over its deadline kills the worker (400) and the pool goes on with a new one', async () => {
    const pool = new PoolLeitura({ tamanho: 1, fila: 2, timeoutMs: 1, memoriaMb: 128, limites: LIMITES_PADRAO });
    try {
      const err = (await pool.executar({ tipo: 'planilha', dados: csv, csv: 'padrao' }).catch((e: AppError) => e)) as AppError;
      expect(err).toBeInstanceOf(AppError);
      expect(err.message).toMatch(/a leitura passou de 0 s/);
      pool.opcoes.timeoutMs = 60_000;
      const abas = await pool.executar<{ linhas: unknown[][] }[]>({ tipo: 'planilha', dados: csv, csv: 'padrao' });
      expect(abas[0].linhas).toHaveLength(2_001);
    } finally {
      await pool.encerrar();
    }
  });

  it('a full queue answers 429 "servidor ocupado" instead of piling up', async () => {
    const pool = new PoolLeitura({ tamanho: 1, fila: 0, timeoutMs: 60_000, memoriaMb: 128, limites: LIMITES_PADRAO });
    try {
      const [a, b] = await Promise.allSettled([
        pool.executar({ tipo: 'planilha', dados: csv, csv: 'padrao' }),
        pool.executar({ tipo: 'planilha', dados: csv, csv: 'padrao' }),
      ]);
      expect(a.status).toBe('fulfilled');
      expect(b.status === 'rejected' && (b.reason as AppError).status).toBe(429);
      expect(b.status === 'rejected' && (b.reason as AppError).message).toMatch(/Servidor ocupado/);
    } finally {
      await pool.encerrar();
    }
  });

  it('the fiscal API: ZIP entries and XML documents are read in the worker within the same limits', async () => {
    const nota = Buffer.from('<nfeProc><NFe><infNFe Id="NFe1"><ide><nNF>42</nNF></ide></infNFe></NFe></nfeProc>');
    const entradas = await lerZipSeguro(montarZip([{ nome: 'a.xml', dados: nota }, { nome: 'leia.txt', dados: Buffer.from('x') }]), ['.xml']);
    expect(entradas.map((e) => e.nome)).toEqual(['a.xml']);
    expect(Buffer.from(entradas[0].conteudo).toString()).toBe(nota.toString());
    const doc = await lerXmlSeguro(nota);
    // Values stay text (a '0001' series or a 44-digit key never becomes a number); prefixes are dropped.
    expect(doc).toMatchObject({ nfeProc: { NFe: { infNFe: { '@Id': 'NFe1', ide: { nNF: '42' } } } } });
    const doctype = (await lerXmlSeguro(Buffer.from('<!DOCTYPE a [<!ENTITY b "c">]><a>&b;</a>')).catch((e: AppError) => e)) as AppError;
    expect(doctype.status).toBe(400);
    expect(doctype.message).toMatch('DOCTYPE');
    const err = (await lerZipSeguro(bomba).catch((e: AppError) => e)) as AppError;
    expect(err.status).toBe(400);
  });
});

// A PROCEDA file is parsed in the worker too (a 50,000-event OCOREN is ~1 s of CPU): the same items as the
// in-process reader, and the worker's own size cap applies.
describe('EDI no worker', () => {
  const DADOS = join(process.cwd(), '../shared/data/edi');
  it('o OCOREN lido no worker dá os mesmos itens que o leitor do núcleo; acima do limite do worker, recusado', async () => {
    if (!existsSync(DADOS)) throw new Error(`../shared/data/edi não encontrado em ${DADOS}`);
    const ocoren = readFileSync(join(DADOS, 'luanfreitasdev__OCORREN020320082635.880.TXT'));
    const pool = new PoolLeitura({ tamanho: 1, fila: 2, timeoutMs: 60_000, memoriaMb: 128, limites: LIMITES_PADRAO });
    try {
      const itens = await pool.executar<ItemImportacaoEdi[]>({ tipo: 'edi', dados: ocoren, documento: 'OCOREN' });
      expect(itens.length).toBeGreaterThan(0);
      expect(itens).toEqual(itensImportacaoEdi(ocoren, 'OCOREN'));
      const pequeno = { ...LIMITES_PADRAO, bytesPorEntrada: 100 };
      const err = (await pool.executar({ tipo: 'edi', dados: ocoren, documento: 'OCOREN', limites: pequeno }).catch((e: AppError) => e)) as AppError;
      expect(err).toBeInstanceOf(AppError);
      expect(err.message).toBe('Arquivo EDI grande demais');
    } finally {
      await pool.encerrar();
    }
  });
});
