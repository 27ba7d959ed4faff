import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { dadoCompartilhado } from '../../../test/support/dados-compartilhados.ts';
import { aguardarTarefa } from '../../../test/support/tarefas.ts';
import { campoCsv } from '../../framework/exportacao-lista.ts';

// Products: NCM/EAN/unit validation, m³ from the dimensions, duplicates naming the record, the
// selection list, and the CSV/XLSX import (items of a real NF-e from /work/shared/data).
let t: TestApp;
let admin: Api, outro: Api;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, outro] = await Promise.all(['admin@demo.com.br', 'admin@outro.com.br'].map((l) => as(t.app, l)));
  cookie = await (await import('../../../test/support/http.ts')).session(t.app, 'admin@demo.com.br');
});
afterAll(() => t?.close());

const base = '/api/v1/produtos';
let seq = 0;
const produto = (extra: Record<string, unknown> = {}) => ({
  codigo: `TST-${++seq}`,
  descricao: 'Café torrado e moído 500 g',
  ncm: '0901.21.00',
  unidade: 'cx',
  pesoBrutoKg: '10,500',
  pesoLiquidoKg: 10,
  comprimentoCm: 40,
  larguraCm: 30,
  alturaCm: 25,
  valorUnitario: '189,90',
  ean: '7891000100103',
  ...extra,
});

function multipart(file: { name: string; type: string; data: Buffer }) {
  const boundary = '----fretio-produtos';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie } };
}
async function importar(data: Buffer, name: string, apenasValidas = false) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${base}/importar?apenasValidas=${apenasValidas}`,
    ...multipart({ name, type: name.endsWith('.csv') ? 'text/csv' : 'application/octet-stream', data }),
  });
  return { status: res.statusCode, body: res.json() };
}
const contar = async (where = sql`true`) =>
  ((await t.db.execute(sql`select count(*)::int as n from produtos where ${where}`)) as unknown as { rows: { n: number }[] }).rows[0].n;

describe('produtos', () => {
  it('creates a product: NCM digits, unit upper-cased, m³ computed from the dimensions, money as a number', async () => {
    const res = await admin.post(base, produto({ codigo: 'TST-500' }));
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      codigo: 'TST-500',
      ncm: '09012100',
      unidade: 'CX',
      pesoBrutoKg: 10.5,
      pesoLiquidoKg: 10,
      comprimentoCm: 40,
      larguraCm: 30,
      alturaCm: 25,
      m3: 0.03,
      valorUnitario: 189.9,
      ean: '7891000100103',
      ativo: true,
    });
    // A given m³ is kept.
    const dado = await admin.post(base, produto({ m3: '0,045' }));
    expect(dado.body.data.m3).toBe(0.045);
  });

  it.each([
    ['ncm', { ncm: '1234.56.78' }, 'NCM inválido'],
    ['ncm', { ncm: '0901' }, 'NCM inválido'],
    ['ean', { ean: '7891000100104' }, 'EAN/GTIN inválido'],
    ['pesoLiquidoKg', { pesoLiquidoKg: 11 }, 'Peso líquido maior que o peso bruto'],
    ['pesoBrutoKg', { pesoBrutoKg: -1 }, 'Deve ser maior ou igual a 0'],
    ['valorUnitario', { valorUnitario: '1,234' }, 'Número inválido'],
  ])('invalid %s → 400 naming the field', async (field, extra, message) => {
    const res = await admin.post(base, produto(extra));
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field, message });
  });

  it('an unknown unit → 400 on unidade', async () => {
    const res = await admin.post(base, produto({ unidade: 'XYZ' }));
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['unidade']);
  });

  it('a duplicate code in the shipper → 409 naming the existing product; another shipper may use it', async () => {
    const first = await admin.post(base, produto({ codigo: 'DUP-1', descricao: 'Açúcar cristal 5 kg', ncm: '17019900' }));
    expect(first.status).toBe(201);
    const dup = await admin.post(base, produto({ codigo: 'DUP-1' }));
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(`Já existe um produto com este código: Açúcar cristal 5 kg (uid ${first.body.data.uid})`);
    expect(dup.body.errors[0].field).toBe('codigo');
    expect((await outro.post(base, produto({ codigo: 'DUP-1' }))).status).toBe(201);
    expect((await outro.get(`${base}/${first.body.data.uid}`)).status).toBe(404);
  });

  it("the selection list finds 'Café' by 'cafe' and codes by prefix", async () => {
    const res = await admin.get(`${base}/list`, { q: 'CAFE TORRADO' });
    expect(res.status).toBe(200);
    expect(res.body.data).toContainEqual(
      expect.objectContaining({ label: 'TST-500 - Café torrado e moído 500 g', ncm: '09012100', unidade: 'CX' }),
    );
    expect((await admin.get(`${base}/list`, { q: 'tst-50' })).body.data.map((p: { codigo: string }) => p.codigo)).toEqual(['TST-500']);
  });
});

// Items of a real NF-e (41 products of a natural-food distributor): code, EAN, description, NCM, unit, price.
const NFE = dadoCompartilhado('nfe/nfelib__35180834128745000152550010000476861118934859-nfe.xml');
const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"');
function itensNfe() {
  const xml = readFileSync(NFE, 'utf8');
  return [...xml.matchAll(/<prod>([\s\S]*?)<\/prod>/g)].map(([, p]) => {
    const g = (tag: string) => decode(p.match(new RegExp(`<${tag}>([^<]*)</${tag}>`))?.[1] ?? '');
    return {
      codigo: g('cProd'),
      ean: g('cEAN'),
      descricao: g('xProd'),
      ncm: g('NCM'),
      unidade: g('uCom'),
      valor: Number(g('vUnCom')).toFixed(2).replace('.', ','),
    };
  });
}
const csvDe = (rows: string[][]) =>
  Buffer.from(`${rows.map((r) => r.map((c) => (/[;"]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(';')).join('\r\n')}\r\n`);

describe('produtos/importar (CSV)', () => {
  const itens = itensNfe();
  const header = ['codigo', 'descricao', 'ncm', 'unidade', 'valorUnitario', 'ean'];
  const linhas = itens.map((i) => [`NF-${i.codigo}`, i.descricao, i.ncm, i.unidade, i.valor, i.ean]);

  it('a file with bad rows saves nothing and reports every error with line and field', async () => {
    // The note itself carries one EAN with a wrong check digit (item 2094, anonymised data): a row error too.
    expect(itens[0]).toMatchObject({ codigo: '2094', ean: '7997846900945' });
    const ruins = [['NF-X1', 'Produto com NCM errado', '99999999', 'UN', '1,00', ''], [...linhas[1]]];
    const res = await importar(csvDe([header, ...linhas, ...ruins]), 'produtos.csv');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toBe('Erro ao importar dados. Nenhum registro foi salvo: 3 linha(s) com erro.');
    expect(res.body.data).toEqual({
      total: itens.length + 2,
      validas: itens.length - 1,
      invalidas: 3,
      salvas: 0,
      erros: [
        { linha: 2, campo: 'ean', mensagem: 'EAN/GTIN inválido' },
        { linha: itens.length + 2, campo: 'ncm', mensagem: 'NCM inválido' },
        { linha: itens.length + 3, campo: 'codigo', mensagem: 'Código repetido no arquivo (mesmo da linha 3)' },
      ],
    });
    expect(await contar(sql`codigo like 'NF-%'`)).toBe(0);
  });

  it('with apenasValidas=true the valid rows are saved (and audited); a second import finds them duplicated', async () => {
    const ruins = [['NF-X1', 'Produto com NCM errado', '99999999', 'UN', '1,00', '']];
    const res = await importar(csvDe([header, ...linhas, ...ruins]), 'produtos.csv', true);
    const validas = itens.length - 1;
    expect(res.body).toMatchObject({ success: true, data: { total: itens.length + 1, validas, invalidas: 2, salvas: validas } });
    expect(res.body.message).toBe(`Importação concluída: ${validas} registro(s) salvo(s); 2 linha(s) com erro ignorada(s).`);
    expect(await contar(sql`codigo like 'NF-%'`)).toBe(validas);
    const aveia = (await admin.get(base, { ftr_codigo: 'NF-1018' })).body.data.data[0];
    expect(aveia).toMatchObject({
      descricao: 'AVEIA EM FLOCOS FINOS 500G (#)',
      ncm: '11041200',
      unidade: 'UN',
      valorUnitario: 4.36,
      ean: '7897846900181',
    });
    const audit = (await t.db.execute(
      sql`select count(*)::int as n from auditoria_sistema where recurso = 'produtos' and acao = 'importar'`,
    )) as unknown as { rows: { n: number }[] };
    expect(audit.rows[0].n).toBe(validas);

    const again = await importar(csvDe([header, linhas[1]]), 'produtos.csv', true);
    expect(again.body.data.salvas).toBe(0);
    expect(again.body.data.erros).toEqual([
      { linha: 2, campo: 'codigo', mensagem: `Já existe um produto com este código: AVEIA EM FLOCOS FINOS 500G (#) (uid ${aveia.uid})` },
    ]);
  });

  it('a header without the required columns, or no file, → 400', async () => {
    const semNcm = await importar(
      csvDe([
        ['codigo', 'descricao'],
        ['A', 'B'],
      ]),
      'x.csv',
    );
    expect(semNcm.status).toBe(400);
    expect(semNcm.body.errors).toEqual([{ field: 'file', message: 'Colunas obrigatórias ausentes: NCM' }]);
    const desconhecida = await importar(
      csvDe([
        ['codigo', 'descricao', 'ncm', 'cor'],
        ['A', 'B', '09012100', 'azul'],
      ]),
      'x.csv',
    );
    expect(desconhecida.body.errors).toEqual([{ field: 'file', message: 'Colunas desconhecidas: cor' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: `${base}/importar`,
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('produtos/modelo and XLSX import', () => {
  it('downloads the XLSX template, fills it and imports it back', async () => {
    const modelo = await t.app.inject({ method: 'GET', url: `${base}/modelo`, headers: { cookie } });
    expect(modelo.statusCode).toBe(200);
    expect(modelo.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(modelo.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    // The headers are the screen's labels (the codes stay accepted: see the CSV imports above).
    expect(header).toEqual([
      'Código',
      'Descrição',
      'NCM',
      'Unidade',
      'Peso bruto (kg)',
      'Peso líquido (kg)',
      'Comprimento (cm)',
      'Largura (cm)',
      'Altura (cm)',
      'Volume (m³ por unidade)',
      'Valor unitário',
      'EAN/GTIN',
      'Ativo',
      'Isento de cubagem',
    ]);
    // The instructions name each column and the code also accepted.
    const inst = wb.getWorksheet('instrucoes');
    if (!inst) throw new Error('sem a aba instrucoes');
    expect((inst.getRow(1).values as unknown[]).slice(1)).toEqual(['Coluna', 'Obrigatória', 'Descrição', 'Código (também aceito no cabeçalho)']);
    expect((inst.getRow(6).values as unknown[]).slice(1)).toEqual(['Peso bruto (kg)', 'não', 'Peso bruto por unidade, kg (até 3 casas; vírgula ou ponto)', 'pesoBrutoKg']);
    expect(wb.getWorksheet('instrucoes')).toBeTruthy();
    // The example row stays (with a code of its own); add rows typed as numbers, as Excel users do (NCM with a lost leading zero).
    ws.getCell('A2').value = 'XLS-0';
    ws.addRow(['XLS-1', 'Óleo de soja 900 ml', 15079011, 'CX', 9.6, 9, 30, 20, 25, null, 95.4, 7891107101621, 'sim']);
    ws.addRow(['XLS-2', 'Feijão carioca 1 kg', '0713.33.19', 'FD', '10,2', '10', null, null, null, '0,012', '79,90', null, 'N', 'S']);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await importar(buf, 'produtos.xlsx');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 3, validas: 3, invalidas: 0, salvas: 3, erros: [] });
    const [oleo] = (await admin.get(base, { ftr_codigo: 'XLS-1' })).body.data.data;
    expect(oleo).toMatchObject({
      descricao: 'Óleo de soja 900 ml',
      ncm: '15079011',
      pesoBrutoKg: 9.6,
      m3: 0.015,
      valorUnitario: 95.4,
      ean: '7891107101621',
      ativo: true,
      isentoCubagem: false,
    });
    const [feijao] = (await admin.get(base, { ftr_codigo: 'XLS-2' })).body.data.data;
    expect(feijao).toMatchObject({ ncm: '07133319', unidade: 'FD', m3: 0.012, valorUnitario: 79.9, ativo: false, isentoCubagem: true });
    expect((await admin.get(base, { ftr_codigo: 'TST-500', ftr_descricao: 'cafe' })).body.data.totalRecords).toBe(1);
  });

  it('the CSV template is importable as it comes', async () => {
    const modelo = await t.app.inject({ method: 'GET', url: `${base}/modelo?formato=csv`, headers: { cookie } });
    expect(modelo.headers['content-type']).toMatch(/^text\/csv/);
    const res = await importar(modelo.rawPayload, 'modelo.csv');
    expect(res.body.data).toMatchObject({ total: 1, salvas: 1 });
  });

  it('labels and codes mix in one header; a missing required column is named by its label', async () => {
    const csv = 'Código;descricao;NCM;pesoBrutoKg;Valor unitário\r\nMIX-1;Arroz 5 kg;1006.30.21;5,1;29,90\r\n';
    const res = await importar(Buffer.from(csv), 'misto.csv');
    expect(res.body.data).toMatchObject({ total: 1, salvas: 1 });
    const [arroz] = (await admin.get(base, { ftr_codigo: 'MIX-1' })).body.data.data;
    expect(arroz).toMatchObject({ descricao: 'Arroz 5 kg', ncm: '10063021', pesoBrutoKg: 5.1, valorUnitario: 29.9 });
    const sem = await importar(Buffer.from('Código;Descrição\r\nMIX-2;Sal 1 kg\r\n'), 'sem-ncm.csv');
    expect(sem.status).toBe(400);
    expect(sem.body.message).toBe('Colunas obrigatórias ausentes: NCM');
  });
});

// The screen's columns, as the web sends them (titles, and words for codes).
const colunas = [
  { campo: 'codigo', titulo: 'Código' },
  { campo: 'descricao', titulo: 'Descrição' },
  { campo: 'pesoBrutoKg', titulo: 'Peso bruto (kg)' },
  { campo: 'ativo', titulo: 'Situação', valores: { true: 'Ativo', false: 'Inativo' } },
  { campo: 'criadoEm', titulo: 'Criado em' },
];

describe('Exportar (the list export of every screen, framework/exportacao-lista.ts)', () => {
  it('the filtered, sorted list in an XLSX with the screen titles and words for codes; scoped; bad input 400', async () => {
    for (const [codigo, descricao, peso, ativo] of [['EXP-2', 'Banana passa 200 g', 0.2, false], ['EXP-1', 'Ameixa seca 500 g', 0.5, true]] as const)
      expect((await admin.post(base, produto({ codigo, descricao, pesoBrutoKg: peso, pesoLiquidoKg: peso, ativo }))).status).toBe(201);
    const r = await admin.post('/api/v1/exportar-lista', {
      lista: '/produtos',
      filtros: { ftr_codigo: 'EXP-', ssf: 'codigo', sso: 'ASC', pc: '3', pps: '1' },
      // A column the items do not carry (a screen's computed one) is left out.
      colunas: [...colunas, { campo: 'calculadaNaTela', titulo: 'Calculada' }],
      nome: 'Produtos',
    });
    expect(r.status, r.text).toBe(200);
    const tarefa = await aguardarTarefa(admin, r.body.data.uid);
    expect(tarefa).toMatchObject({ status: 3, arquivo: { nome: 'Produtos.xlsx' } });
    const down = await t.app.inject({ url: tarefa.arquivo.url, headers: { cookie } });
    expect(down.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(down.rawPayload as never);
    const ws = wb.worksheets[0];
    const linhas = (ws.getSheetValues() as unknown[][]).slice(1).map((l) => l.slice(1));
    // Every page (pc/pps of the screen ignored), in the screen's order, with its words.
    expect(linhas[0]).toEqual(['Código', 'Descrição', 'Peso bruto (kg)', 'Situação', 'Criado em']);
    expect(linhas.map((l) => l.slice(0, 4))).toEqual([
      ['Código', 'Descrição', 'Peso bruto (kg)', 'Situação'],
      ['EXP-1', 'Ameixa seca 500 g', 0.5, 'Ativo'],
      ['EXP-2', 'Banana passa 200 g', 0.2, 'Inativo'],
    ]);
    expect(String(linhas[1][4])).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    // Another shipper's export of the same list finds none of these; its task is not ours to read.
    const deOutro = await outro.post('/api/v1/exportar-lista', { lista: '/produtos', filtros: { ftr_codigo: 'EXP-' }, colunas });
    expect((await aguardarTarefa(outro, deOutro.body.data.uid)).mensagem).toContain('0 registro(s) exportado(s).');
    expect((await outro.get(`/api/v1/fila-tarefas/${r.body.data.uid}`)).status).toBe(404);
    // Unknown list, columns or filter: 400 naming them.
    const ruim = async (b: Record<string, unknown>) => (await admin.post('/api/v1/exportar-lista', { lista: '/produtos', colunas, ...b })).body;
    expect(await ruim({ lista: '/nada' })).toMatchObject({ success: false, message: 'Lista desconhecida: /nada' });
    expect(await ruim({ colunas: [{ campo: 'senha', titulo: 'Senha' }] })).toMatchObject({ message: 'Nenhuma coluna conhecida da lista: senha' });
    expect((await admin.post('/api/v1/exportar-lista', { lista: '/produtos', colunas, filtros: { ftr_xyz: '1' } })).status).toBe(400);
    expect((await admin.post('/api/v1/exportar-lista', { lista: '/produtos', colunas, formato: 'pdf' })).status).toBe(400);
  });

  it('CSV: ";" separated, UTF-8 with BOM, decimal comma and DD/MM/YYYY, the same rows and words', async () => {
    const r = await admin.post('/api/v1/exportar-lista', {
      lista: '/produtos',
      filtros: { ftr_codigo: 'EXP-', ssf: 'codigo', sso: 'ASC' },
      colunas,
      nome: 'Produtos',
      formato: 'csv',
    });
    expect(r.status, r.text).toBe(200);
    const tarefa = await aguardarTarefa(admin, r.body.data.uid);
    expect(tarefa).toMatchObject({ status: 3, arquivo: { nome: 'Produtos.csv' } });
    const down = await t.app.inject({ url: tarefa.arquivo.url, headers: { cookie } });
    expect(down.statusCode).toBe(200);
    const bytes = down.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const linhas = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(linhas[0]).toBe('Código;Descrição;Peso bruto (kg);Situação;Criado em');
    expect(linhas[1]).toMatch(/^EXP-1;Ameixa seca 500 g;0,5;Ativo;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(linhas[2]).toMatch(/^EXP-2;Banana passa 200 g;0,2;Inativo;/);
    expect(linhas.slice(3)).toEqual(['']);
    // Quoting, formulas kept as text, Brazilian numbers and days.
    expect(campoCsv('Caixa; "grande"')).toBe('"Caixa; ""grande"""');
    expect(campoCsv('=SOMA(A1:A9)')).toBe("'=SOMA(A1:A9)");
    expect(campoCsv('-5')).toBe('-5');
    expect(campoCsv(1234.56)).toBe('1234,56');
    expect(campoCsv(new Date('2026-03-05T00:00:00Z'))).toBe('05/03/2026');
    expect(campoCsv(null)).toBe('');
  });
});
