import { generateCnpj, generateCpf } from '@brazilian-utils/brazilian-utils';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';

// People: validation naming the field, duplicates naming the record, in-use deletion, the
// accent-insensitive selection list and tenant isolation.
let t: TestApp;
let admin: Api, outro: Api, operador: Api;

beforeAll(async () => {
  t = await createTestApp();
  [admin, outro, operador] = await Promise.all(
    ['admin@demo.com.br', 'admin@outro.com.br', 'operador@demo.com.br'].map((l) => as(t.app, l)),
  );
});
afterAll(() => t?.close());

const base = '/api/v1/pessoas';
const empresa = (extra: Record<string, unknown> = {}) => ({
  documento: generateCnpj(),
  nome: 'DISTRIBUIDORA são jorge de alimentos LTDA',
  nomeFantasia: 'são jorge',
  ie: 'ISENTO',
  cep: '30130-010',
  logradouro: 'Avenida Afonso Pena',
  numero: '1500',
  bairro: 'Centro',
  municipioIbge: '3106200',
  uf: 'MG',
  email: 'Compras@SaoJorge.com.br',
  telefone: '(31) 3222-1000',
  destinatario: true,
  ...extra,
});

describe('pessoas', () => {
  it('creates a company with CNPJ and CEP: digits stored, F/J derived, names capitalised, municipality joined', async () => {
    const doc = generateCnpj();
    const masked = doc.replace(/(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})/, '$1.$2.$3/$4-$5');
    const res = await admin.post(base, empresa({ documento: masked }));
    expect(res.status, res.text).toBe(201);
    expect(res.body.message).toBe('Registro salvo com sucesso.');
    expect(res.body.data).toMatchObject({
      tipoPessoa: 'J',
      documento: doc,
      nome: 'Distribuidora São Jorge de Alimentos Ltda',
      nomeFantasia: 'São Jorge',
      cep: '30130010',
      municipioIbge: '3106200',
      municipioNome: 'Belo Horizonte',
      uf: 'MG',
      ie: 'ISENTO',
      email: 'compras@saojorge.com.br',
      telefone: '3132221000',
      remetente: false,
      destinatario: true,
      tomador: false,
      ativo: true,
    });
    const get = await admin.get(`${base}/${res.body.data.uid}`);
    expect(get.status).toBe(200);
    expect(get.body.data.documento).toBe(doc);
  });

  it('a CPF makes a natural person (F); uf comes from the municipality when omitted', async () => {
    const cpf = generateCpf();
    const res = await admin.post(base, {
      documento: cpf,
      nome: 'maria das graças souza',
      municipioIbge: '3304557',
      cep: '20040-002',
      ie: null,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      tipoPessoa: 'F',
      documento: cpf,
      nome: 'Maria das Graças Souza',
      uf: 'RJ',
      municipioNome: 'Rio de Janeiro',
    });
  });

  it.each([
    ['documento', { documento: '11.111.111/1111-11' }, 'CPF/CNPJ inválido'],
    ['documento', { documento: '123.456.789-00' }, 'CPF/CNPJ inválido'],
    ['cep', { cep: '123' }, 'CEP inválido'],
    ['municipioIbge', { municipioIbge: '31062' }, 'Código IBGE inválido'],
    ['ie', { ie: '123456', uf: 'MG' }, 'Inscrição estadual inválida para MG'],
    ['email', { email: 'nao-e-email' }, 'E-mail inválido'],
  ])('invalid %s → 400 naming the field', async (field, extra, message) => {
    const res = await admin.post(base, empresa(extra));
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.errors).toContainEqual({ field, message });
  });

  it('a valid IE for the UF is accepted and stored without mask', async () => {
    const res = await admin.post(base, empresa({ ie: '110.042.490.114', cep: '01310-100', municipioIbge: '3550308', uf: 'SP' }));
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.ie).toBe('110042490114');
  });

  it("an IBGE code that is no municipality, a UF that is not the municipality's and a CEP of another UF → 400", async () => {
    const semMunicipio = await admin.post(base, empresa({ municipioIbge: '3199999' }));
    expect(semMunicipio.status).toBe(400);
    expect(semMunicipio.body.errors).toEqual([{ field: 'municipioIbge', message: 'Município não encontrado' }]);
    const outraUf = await admin.post(base, empresa({ uf: 'SP' }));
    expect(outraUf.status).toBe(400);
    expect(outraUf.body.errors).toContainEqual({ field: 'uf', message: 'UF diferente da UF do município (Belo Horizonte/MG)' });
    // Correios ranges of the UF (faixas_cep_uf): a São Paulo CEP is not in Minas Gerais.
    const cepSp = await admin.post(base, empresa({ cep: '01310-100' }));
    expect(cepSp.status).toBe(400);
    expect(cepSp.body.errors).toEqual([{ field: 'cep', message: 'CEP não pertence à UF MG' }]);
  });

  it('a duplicate document in the same shipper → 409 naming the existing record; another shipper may have it', async () => {
    const doc = generateCnpj();
    const first = await admin.post(base, empresa({ documento: doc, nome: 'Atacadão Primeiro Ltda' }));
    expect(first.status).toBe(201);
    const dup = await admin.post(base, empresa({ documento: doc, nome: 'Outro Nome' }));
    expect(dup.status).toBe(409);
    // Named by its name (never its uid) in the message; the uid goes in `registro`, for the form's link.
    const msg = 'Já existe uma pessoa com este documento: Atacadão Primeiro Ltda';
    expect(dup.body).toMatchObject({ success: false, errorCode: 409, message: msg });
    expect(dup.body.errors).toEqual([{ field: 'documento', message: msg, registro: { uid: first.body.data.uid, nome: 'Atacadão Primeiro Ltda' } }]);
    // Updating another person to that document is the same conflict; updating itself is fine.
    const second = await admin.post(base, empresa());
    expect((await admin.put(`${base}/${second.body.data.uid}`, empresa({ documento: doc }))).status).toBe(409);
    expect((await admin.put(`${base}/${first.body.data.uid}`, empresa({ documento: doc, nome: 'Atacadão Renomeado' }))).status).toBe(200);
    expect((await outro.post(base, empresa({ documento: doc }))).status).toBe(201);
  });

  it('deleting a person in use → 409 Registro em uso; unused → deleted', async () => {
    const usada = await admin.post(base, empresa());
    const livre = await admin.post(base, empresa());
    // A record of another module referring to the person (as freight requests will), FK restrict.
    await t.db.execute(
      sql`create table if not exists teste_uso_pessoa (pessoa_uid uuid not null references pessoas(uid) on delete restrict)`,
    );
    await t.db.execute(sql`insert into teste_uso_pessoa values (${usada.body.data.uid})`);
    const res = await admin.delete(`${base}/${usada.body.data.uid}`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, errorCode: 409, message: 'Registro em uso' });
    expect((await admin.get(`${base}/${usada.body.data.uid}`)).status).toBe(200);
    const ok = await admin.delete(`${base}/${livre.body.data.uid}`);
    expect(ok.status).toBe(200);
    expect((await admin.get(`${base}/${livre.body.data.uid}`)).status).toBe(404);
  });

  it("another shipper's administrator gets 404 on Demo's person (get, put, delete) and never lists it", async () => {
    const p = await admin.post(base, empresa({ nome: 'Pessoa Só da Demo' }));
    const url = `${base}/${p.body.data.uid}`;
    expect((await outro.get(url)).status).toBe(404);
    expect((await outro.put(url, empresa())).status).toBe(404);
    expect((await outro.delete(url)).status).toBe(404);
    const lista = await outro.get(`${base}/list`, { q: 'só da demo' });
    expect(lista.body.data).toEqual([]);
    expect((await outro.get(base, { ftr_nome: 'só da demo' })).body.data.totalRecords).toBe(0);
  });

  it('a read-only role cannot create (403)', async () => {
    expect((await operador.post(base, empresa())).status).toBe(403);
  });
});

describe('pessoas/list', () => {
  it("finds 'João' by 'joao' (accent/case-insensitive contains) with label 'Nome - documento'", async () => {
    const cpf = generateCpf();
    await admin.post(base, { documento: cpf, nome: 'JOÃO BATISTA DA CONCEIÇÃO', municipioIbge: '2611606', remetente: true });
    const res = await admin.get(`${base}/list`, { q: 'joao' });
    expect(res.status).toBe(200);
    const fmt = cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4');
    expect(res.body.data).toContainEqual({
      value: expect.any(String),
      label: `João Batista da Conceição - ${fmt}`,
      nome: 'João Batista da Conceição',
      documento: cpf,
      uf: 'PE',
    });
    expect((await admin.get(`${base}/list`, { q: 'CONCEICAO' })).body.data.map((p: { documento: string }) => p.documento)).toContain(cpf);
    // Prefix on document digits, with or without mask.
    expect((await admin.get(`${base}/list`, { q: cpf.slice(0, 6) })).body.data.map((p: { documento: string }) => p.documento)).toContain(
      cpf,
    );
    expect((await admin.get(`${base}/list`, { q: fmt.slice(0, 7) })).body.data.map((p: { documento: string }) => p.documento)).toContain(
      cpf,
    );
    // A middle slice of the document is not a prefix.
    expect(
      (await admin.get(`${base}/list`, { q: cpf.slice(3, 9) })).body.data.map((p: { documento: string }) => p.documento),
    ).not.toContain(cpf);
    // papel filter and the cap of 20.
    expect(
      (await admin.get(`${base}/list`, { q: 'joao', papel: 'tomador' })).body.data.map((p: { documento: string }) => p.documento),
    ).not.toContain(cpf);
    expect((await admin.get(`${base}/list`)).body.data.length).toBeLessThanOrEqual(20);
  });

  it('the framework list filters by name without accents too', async () => {
    const res = await admin.get(base, { ftr_nome: 'joao batista', pps: 5 });
    expect(res.status).toBe(200);
    expect(res.body.data.data[0].nome).toBe('João Batista da Conceição');
  });
});

describe('pessoas/importar', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await (await import('../../../test/support/http.ts')).session(t.app, 'admin@demo.com.br');
  });
  async function importar(data: Buffer, name: string, apenasValidas?: boolean) {
    const boundary = '----fretio-pessoas';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const url = `${base}/importar${apenasValidas === undefined ? '' : `?apenasValidas=${apenasValidas}`}`;
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    return { status: res.statusCode, body: res.json() };
  }
  const docs = [generateCnpj(), generateCpf(), generateCnpj()];
  const csv = (linhas: string[]) =>
    Buffer.from(`\uFEFFDocumento;Nome;Nome Fantasia;CEP;Municipio IBGE;UF;Destinatario;Remetente\r\n${linhas.join('\r\n')}\r\n`);
  const boas = [
    `${docs[0]};"FRIGORÍFICO BOI GORDO; FILIAL SUL";Boi Gordo;90010-000;4314902;RS;S;N`,
    `${docs[1]};ana paula ferreira;;40010-000;2927408;;sim;não`,
    `${docs[2]};Cerealista Vale do Ivaí Ltda;Vale do Ivaí;86010-000;4113700;PR;x;`,
  ];
  const ruins = [
    `${docs[0]};Repetida no Arquivo;;;;;S;N`,
    '123;Documento Ruim;;;;;S;N',
    `${generateCnpj()};Cidade Errada;;;3550308;RJ;S;N`,
  ];

  it('a CSV with bad rows saves nothing (default apenasValidas=false) and names line and field', async () => {
    const res = await importar(csv([...boas, ...ruins]), 'pessoas.csv');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(false);
    expect(res.body.data).toEqual({
      total: 6,
      validas: 3,
      invalidas: 3,
      salvas: 0,
      erros: [
        { linha: 5, campo: 'documento', mensagem: 'Documento repetido no arquivo (mesmo da linha 2)' },
        { linha: 6, campo: 'documento', mensagem: 'CPF/CNPJ inválido' },
        { linha: 7, campo: 'uf', mensagem: 'UF diferente da UF do município (São Paulo/SP)' },
      ],
    });
    expect((await admin.get(`${base}/list`, { q: docs[0] })).body.data).toEqual([]);
  });

  it('with apenasValidas=true saves the valid rows, in the same shape as the API', async () => {
    const res = await importar(csv([...boas, ...ruins]), 'pessoas.csv', true);
    expect(res.body).toMatchObject({ success: true, data: { total: 6, validas: 3, invalidas: 3, salvas: 3 } });
    const frigo = (await admin.get(base, { ftr_documento: docs[0] })).body.data.data[0];
    expect(frigo).toMatchObject({
      tipoPessoa: 'J',
      nome: 'Frigorífico Boi Gordo; Filial Sul',
      cep: '90010000',
      municipioNome: 'Porto Alegre',
      uf: 'RS',
      destinatario: true,
      remetente: false,
    });
    const ana = (await admin.get(base, { ftr_documento: docs[1] })).body.data.data[0];
    expect(ana).toMatchObject({ tipoPessoa: 'F', nome: 'Ana Paula Ferreira', uf: 'BA', municipioNome: 'Salvador', destinatario: true });
    // Importing again: every row now collides with the database, naming the record.
    const again = await importar(csv([boas[0]]), 'pessoas.csv', true);
    expect(again.body.data.erros).toEqual([
      { linha: 2, campo: 'documento', mensagem: `Já existe uma pessoa com este documento: ${frigo.nome}` },
    ]);
  });

  it('an XLSX with a CPF typed as a number (leading zero lost) imports through the template', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const modelo = await t.app.inject({ method: 'GET', url: `${base}/modelo`, headers: { cookie } });
    expect(modelo.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(modelo.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const campos = (ws.getRow(1).values as string[]).slice(1);
    expect(campos.slice(0, 3)).toEqual(['CPF/CNPJ', 'Inscrição estadual', 'Nome / razão social']);
    expect(campos).toContain('Município (código IBGE)');
    let cpf = generateCpf();
    while (!cpf.startsWith('0')) cpf = generateCpf();
    ws.spliceRows(2, 1);
    const row: Record<string, unknown> = {
      'CPF/CNPJ': Number(cpf),
      'Nome / razão social': 'josé da silva',
      'Município (código IBGE)': 3550308,
      CEP: 1310100,
      Tomador: true,
      'Isento de cubagem': 'S',
    };
    ws.addRow(campos.map((c) => row[c] ?? null));
    const res = await importar(Buffer.from(await wb.xlsx.writeBuffer()), 'pessoas.xlsx');
    expect(res.body.data, JSON.stringify(res.body)).toMatchObject({ total: 1, salvas: 1, erros: [] });
    const jose = (await admin.get(`${base}/list`, { q: 'jose da silva', papel: 'tomador' })).body.data;
    expect(jose).toEqual([
      {
        value: expect.any(String),
        label: `José da Silva - ${cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4')}`,
        nome: 'José da Silva',
        documento: cpf,
        uf: 'SP',
      },
    ]);
    expect((await admin.get(`/api/v1/pessoas/${jose[0].value}`)).body.data.isentoCubagem).toBe(true);
  });
});
