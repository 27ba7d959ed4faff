import ExcelJS from 'exceljs';
import { generateCnpj } from '@brazilian-utils/brazilian-utils';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as, session } from '../../../test/support/http.ts';
import { enviar } from '../anexos/multipart-teste.ts';
import { ROTULOS_CAMPOS_TABELA, ROTULOS_COLUNAS } from './rotulos-planilha.ts';

// XLSX export and import: the round trip keeps a table identical; a bad file reports every bad cell
// {aba, linha, campo, mensagem} and saves nothing.
let t: TestApp;
let admin: Api;
let cookie: string;
const T = '/api/v1/tabelasfrete';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  t = await createTestApp();
  admin = await as(t.app, 'admin@demo.com.br');
  cookie = await session(t.app, 'admin@demo.com.br');
});
afterAll(() => t?.close());

async function exportar(uid: string) {
  const res = await t.app.inject({ method: 'GET', url: `${T}/${uid}/exportar`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe(XLSX);
  expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="tabela-frete-.+\.xlsx"$/);
  return res.rawPayload;
}
async function planilhas(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return Object.fromEntries(
    wb.worksheets.map((ws) => [ws.name, (ws.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1))]),
  );
}
const contarTabelas = async () =>
  Number(((await t.db.execute(sql`select count(*)::int as n from tabelas_frete`)) as unknown as { rows: { n: number }[] }).rows[0].n);
const importar = (buf: Buffer, nome = 'tabela.xlsx') => enviar(t.app, cookie, `${T}/importar`, {}, { name: nome, type: XLSX, data: buf });

/** The table as the user sees it, without identifiers, timestamps and version data. */
function conteudo(full: Record<string, any>) {
  const regra = (g: any) => ({
    ...g,
    uid: undefined,
    tabelaFreteUid: undefined,
    tabelaRotaUid: undefined,
    criadoEm: undefined,
    atualizadoEm: undefined,
    // The restriction the rule follows and the one it links, by position in the table's list.
    restricao: g.restricao ? [g.restricao.modo, full.restricoes.findIndex((x: any) => x.uid === g.restricao.uid)] : null,
    restricaoUid: g.restricaoUid ? full.restricoes.findIndex((x: any) => x.uid === g.restricaoUid) : null,
    faixas: g.faixas.map((f: any) => [f.ordem, f.ate, f.valor, f.modo]),
  });
  return {
    campos: [
      full.nome,
      full.transportadorUid,
      full.modalUid,
      full.vigenciaInicio,
      full.vigenciaFim,
      full.fatorCubagem,
      full.icmsIncluso,
      full.prioridade,
      full.observacoes,
      full.status,
      full.densidadeIsencaoCubagem,
      full.isencaoCubagemProdutos,
      full.isencaoCubagemDestinatarios,
    ],
    rotas: full.rotas.map((r: any) => ({
      ...r,
      uid: undefined,
      tabelaFreteUid: undefined,
      criadoEm: undefined,
      atualizadoEm: undefined,
      regras: r.regras.map(regra),
    })),
    generalidades: full.generalidades.map(regra),
    adicionais: full.adicionais.map((g: any) => ({ ...regra(g), origem: g.origem, destino: g.destino })),
    prioridades: full.prioridades.map((p: any) => ({
      ...p,
      uid: undefined,
      tabelaFreteUid: undefined,
      criadoEm: undefined,
      atualizadoEm: undefined,
    })),
    restricoes: full.restricoes.map((x: any) => ({
      componente: x.componente,
      modo: x.modo,
      descricao: x.descricao,
      remetentes: x.remetentes.map((p: any) => p.pessoaUid),
      destinatarios: x.destinatarios.map((p: any) => p.pessoaUid),
    })),
  };
}

describe('XLSX round trip', () => {
  let origem: string;
  beforeAll(async () => {
    origem = (await admin.get(T, { ftr_nome: 'Sudeste/Sul' })).body.data.data[0].uid;
    // Every kind of place and an optional field or two, to cover the whole layout.
    await admin.post(`${T}/${origem}/prioridades`, {
      destino: { tipo: 'UF', uf: 'PR' },
      prioridade: 1,
      observacao: 'Preferencial no Paraná',
    });
    await admin.post(`${T}/${origem}/prioridades`, { origem: { tipo: 'FAIXA_CEP', de: '01000000', ate: '05999999' }, prioridade: 2 });
    const [truck] = (
      (await t.db.execute(sql`select uid from tipos_veiculo where nome = 'Truck' and embarcador_uid is null`)) as unknown as {
        rows: { uid: string }[];
      }
    ).rows;
    const rota = await admin.post(`${T}/${origem}/rotas`, {
      origem: { tipo: 'FAIXA_CEP', de: '13000000', ate: '13139999' },
      destino: { tipo: 'MUNICIPIO', ibge: '3304557' },
      prazoDiasUteis: 3,
      distanciaKm: 490.5,
      tipoVeiculoUid: truck.uid,
    });
    expect(rota.status, rota.text).toBe(201);
    await admin.post(`${T}/${origem}/rotasComponente`, {
      tabelaRotaUid: rota.body.data.uid,
      componente: 'PEDAGIO',
      base: 'KM',
      calculo: 'POR_UNIDADE',
      valor: 0.4125,
      minimo: 10,
      aposMinimo: true,
    });
    // Issue 9's fields: route cubage factor, next-range comparison, outside the tax base, comparison
    // modality, location surcharges and the cubage exemption.
    await admin.put(`${T}/${origem}/rotas/${rota.body.data.uid}`, {
      origem: { tipo: 'FAIXA_CEP', de: '13000000', ate: '13139999' },
      destino: { tipo: 'MUNICIPIO', ibge: '3304557' },
      prazoDiasUteis: 3,
      distanciaKm: 490.5,
      tipoVeiculoUid: truck.uid,
      fatorCubagem: 250,
    });
    const novas = [
      { componente: 'VALE_PEDAGIO', base: 'VIAGEM', calculo: 'FIXO', valor: 285, foraBaseTributo: true },
      { componente: 'FRETE_VALOR', base: 'PESO', calculo: 'COMPARATIVO', valor: 0.5, percentualValor: 1.2, minimo: 90 },
      {
        componente: 'DESCARGA',
        base: 'PESO',
        calculo: 'FAIXA',
        comparaFaixaSeguinte: true,
        faixas: [
          { ate: 500, valor: 0.7, modo: 'POR_UNIDADE' },
          { ate: null, valor: 0.6, modo: 'POR_UNIDADE' },
        ],
      },
    ];
    for (const r of novas) {
      const res = await admin.post(`${T}/${origem}/rotasComponente`, { tabelaRotaUid: rota.body.data.uid, ...r });
      expect(res.status, res.text).toBe(201);
    }
    const tde = await admin.post(`${T}/${origem}/adicionais`, {
      componente: 'TDE',
      base: 'VIAGEM',
      calculo: 'FIXO',
      valor: 35,
      destino: { tipo: 'FAIXA_CEP', de: '13000000', ate: '13139999' },
    });
    expect(tde.status, tde.text).toBe(201);
    await t.db.execute(sql`update tabelas_frete set densidade_isencao_cubagem = 250,
      isencao_cubagem_produtos = '["PAL-01","ISOPOR-2"]'::jsonb, isencao_cubagem_destinatarios = '["11222333000181"]'::jsonb where uid = ${origem}`);
  });

  it('exports the table and imports it back identical (status, places, rules, ranges, restrictions, priorities)', async () => {
    const a = await exportar(origem);
    const sheets = await planilhas(a);
    expect(Object.keys(sheets)).toEqual(['Tabela', 'Rotas', 'Regras', 'Generalidades', 'Adicionais', 'Faixas', 'Restrições', 'Prioridades', 'Ajustes']);
    expect(sheets.Adicionais[1]).toEqual(['A1', undefined, undefined, 'Faixa de CEP', '13000000-13139999', 'TDE', 'Por CT-e/viagem', 'Valor fixo', 35, undefined, undefined, 'Não', 'Não', 'Não']);
    // Headers and enum cells in the screens' words (rotulos-planilha.ts), not camelCase keys and codes.
    expect(sheets.Rotas[0]).toEqual([
      'Identificador',
      'Tipo de origem',
      'Origem',
      'Tipo de destino',
      'Destino',
      'Prazo (dias úteis)',
      'Frete mínimo',
      'Distância (km)',
      'Tipo de veículo (identificador)',
      'Rota do cadastro (identificador)',
      'Fator de cubagem (kg/m³)',
    ]);
    expect(sheets.Tabela).toContainEqual(['Status', 'Ativo']);
    expect(sheets.Tabela).toContainEqual(['CNPJ do transportador', expect.any(String)]);
    expect(sheets.Rotas).toContainEqual(['R5', 'Região', 'Grande São Paulo', 'Região', 'Sul', 3, 100.7]);
    expect(sheets.Rotas.at(-1)?.slice(0, 8)).toEqual(['R6', 'Faixa de CEP', '13000000-13139999', 'Município', '3304557', 3, undefined, 490.5]);
    const antes = await contarTabelas();
    const res = await importar(a);
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ status: 1, versao: 1, historica: false, tabelaOrigemUid: null, quantidadeRotas: 6 });
    expect(await contarTabelas()).toBe(antes + 1);
    // Identical: the same workbook out of the copy, and the same content through the API.
    expect(await planilhas(await exportar(res.body.data.uid))).toEqual(sheets);
    const [fa, fb] = await Promise.all(
      [origem, res.body.data.uid].map(async (u) => (await admin.get(`${T}/${u}`, { par: 'cmp,full' })).body.data),
    );
    expect(conteudo(fb)).toEqual(conteudo(fa));
    expect(fb.restricoes.find((x: any) => x.componente === 'TDE').destinatarios).toHaveLength(2);
    expect(fb.densidadeIsencaoCubagem).toBe(250);
    // The table's cubage exemption lists, one cell each ("a; b").
    expect(sheets.Tabela).toContainEqual(['Produtos isentos de cubagem', 'PAL-01; ISOPOR-2']);
    expect(sheets.Tabela).toContainEqual(['Destinatários isentos de cubagem (CPF/CNPJ)', '11222333000181']);
    expect(fb).toMatchObject({ isencaoCubagemProdutos: ['PAL-01', 'ISOPOR-2'], isencaoCubagemDestinatarios: ['11222333000181'] });
    expect(fb.adicionais).toHaveLength(1);
    // Several restrictions of one component: the demo's GRIS for one customer links its own (column restricao).
    const grisCliente = fb.restricoes.find((x: any) => x.componente === 'GRIS');
    expect(grisCliente).toMatchObject({ modo: 'SOMENTE', descricao: 'GRIS negociado com o Mercado Carioca', quantidadeDestinatarios: 1 });
    expect(fb.generalidades.filter((g: any) => g.componente === 'GRIS').map((g: any) => [g.valor, g.restricaoUid])).toEqual([
      [0.2, null],
      [0.12, grisCliente.uid],
    ]);
    expect(sheets['Restrições'][0]).toEqual(['Componente', 'Modo', 'Descrição', 'Papel', 'Documento', 'Restrição']);
    expect(fb.rotas.at(-1)).toMatchObject({ fatorCubagem: 250 });
    expect(fb.rotas.at(-1).regras).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ componente: 'VALE_PEDAGIO', foraBaseTributo: true }),
        expect.objectContaining({ componente: 'FRETE_VALOR', calculo: 'COMPARATIVO', percentualValor: 1.2 }),
        expect.objectContaining({ componente: 'DESCARGA', comparaFaixaSeguinte: true }),
      ]),
    );
  });

  it('a derived table round-trips its base (aba Tabela) and its adjustments (aba Ajustes)', async () => {
    const base = (await admin.get(`${T}/${origem}`, { par: 'full' })).body.data;
    const d = await admin.post(T, {
      nome: 'Derivada XLSX',
      transportadorUid: base.transportadorUid,
      vigenciaInicio: '2026-01-01',
      tabelaBaseUid: origem,
      ajustesBase: [
        { componente: 'FRETE_PESO', tipo: 'PERCENTUAL', valor: 5, destinatarios: ['11.222.333/0001-81', '45723174000110'] },
        { componente: 'TDE', tipo: 'VALOR', valor: 20, rotaUid: base.rotas[0].uid },
      ],
    });
    expect(d.status, d.text).toBe(201);
    const a = await exportar(d.body.data.uid);
    const sheets = await planilhas(a);
    expect(sheets.Tabela).toContainEqual(['Tabela base (identificador)', origem]);
    expect(sheets.Ajustes).toEqual([
      ['Componente', 'Tipo', 'Valor', 'Rota', 'Destinatários'],
      ['FRETE_PESO', '% sobre o valor da base', 5, undefined, '11222333000181, 45723174000110'],
      ['TDE', 'Valor fixo (substitui)', 20, base.rotas[0].uid],
    ]);
    const res = await importar(a);
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ tabelaBaseUid: origem, ajustesBase: d.body.data.ajustesBase, quantidadeRotas: 0 });
    expect(await planilhas(await exportar(res.body.data.uid))).toEqual(sheets);
    // Adjustments without a base, or an unknown component: cell errors.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(a as unknown as ArrayBuffer);
    (wb.getWorksheet('Ajustes') as ExcelJS.Worksheet).getRow(2).getCell(1).value = 'XPTO';
    const ruim = await importar(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(ruim.status).toBe(400);
    expect(ruim.body.errors.map((e: any) => [e.aba, e.linha, e.campo, e.mensagem])).toEqual([
      ['Ajustes', 2, 'Componente', 'Componente desconhecido: "XPTO" não está no catálogo'],
    ]);
  });

  it('reports every bad cell {aba, linha, campo, mensagem} and saves nothing', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await exportar(origem)) as unknown as ArrayBuffer);
    const aba = (n: string) => wb.getWorksheet(n) as ExcelJS.Worksheet;
    aba('Tabela').getRow(3).getCell(2).value = generateCnpj(); // a carrier that does not serve the shipper
    aba('Rotas').getRow(2).getCell(3).value = 'XX'; // origem of R1: UF XX
    aba('Rotas').getRow(3).getCell(6).value = -2; // prazo of R2
    aba('Regras').getRow(2).getCell(3).value = 'XPTO'; // componente
    aba('Faixas').getRow(3).getCell(2).value = 5; // second range of R1.1 below the first (10)
    aba('Generalidades').getRow(2).getCell(5).value = 'abc'; // valor
    aba('Restrições').getRow(2).getCell(5).value = '11222333000181'; // not a person of the shipper
    const antes = await contarTabelas();
    const res = await importar(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toMatch(/^Erro ao importar dados\. O arquivo tem \d+ erro\(s\); nada foi gravado\.$/);
    const erros = res.body.errors.map((e: any) => [e.aba, e.linha, e.campo]);
    expect(erros).toEqual(
      expect.arrayContaining([
        ['Tabela', 3, 'CNPJ do transportador'],
        ['Rotas', 2, 'Origem'],
        ['Rotas', 3, 'Prazo (dias úteis)'],
        ['Regras', 2, 'Componente'],
        ['Faixas', 3, 'Até'],
        ['Generalidades', 2, 'Valor'],
        ['Restrições', 2, 'Documento'],
      ]),
    );
    const faixa = res.body.errors.find((e: any) => e.aba === 'Faixas');
    expect(faixa).toMatchObject({
      mensagem: 'Faixa 2: fora de ordem ou sobreposta — vai até 5, mas a faixa 1 já vai até 10',
      field: 'Faixas!3.ate',
      message: faixa.mensagem,
    });
    expect(res.body.errors.find((e: any) => e.aba === 'Rotas' && e.campo === 'Origem').mensagem).toBe('UF desconhecida: "XX"');
    expect(await contarTabelas()).toBe(antes);
  });

  it('a file of the older layout (camelCase headers, Tabela keys, codes in the cells) still imports, identical', async () => {
    const a = await exportar(origem);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(a as unknown as ArrayBuffer);
    const codigos: Record<string, string> = {
      'Faixa de CEP': 'FAIXA_CEP', Região: 'REGIAO', Município: 'MUNICIPIO', 'Por CT-e/viagem': 'VIAGEM', 'Valor fixo': 'FIXO',
      'Por unidade': 'POR_UNIDADE', 'Distância (km)': 'KM', 'Peso taxado (kg)': 'PESO', Sim: 'S', Não: 'N', 'Somente para': 'SOMENTE',
      Destinatário: 'DESTINATARIO', Ativo: '1',
    };
    for (const ws of wb.worksheets) {
      if (ws.name === 'Restrições') ws.name = 'Restricoes';
      const chaves = Object.fromEntries(Object.entries(ROTULOS_COLUNAS).map(([k, v]) => [v, k]));
      const campos = Object.fromEntries(Object.entries(ROTULOS_CAMPOS_TABELA).map(([k, v]) => [v, k]));
      ws.eachRow((row, n) =>
        row.eachCell((c) => {
          const v = String(c.value ?? '');
          if (n === 1) c.value = chaves[v] ?? v;
          else if (ws.name === 'Tabela' && Number(c.col) === 1) c.value = campos[v] ?? v;
          else if (codigos[v] !== undefined) c.value = codigos[v];
        }),
      );
    }
    const velho = await planilhas(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(velho.Rotas[0][1]).toBe('origemTipo');
    expect(velho.Tabela).toContainEqual(['status', '1']);
    const res = await importar(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.status, res.text).toBe(201);
    expect(await planilhas(await exportar(res.body.data.uid))).toEqual(await planilhas(a));
  });

  it('a file that is not XLSX, or no file, is 400', async () => {
    const txt = await importar(Buffer.from('nome;valor\n'), 'tabela.csv');
    expect(txt.status).toBe(400);
    expect(txt.body.errors).toEqual([{ field: 'file', message: 'Arquivo XLSX inválido ou corrompido' }]);
    const nada = await enviar(t.app, cookie, `${T}/importar`, { descricao: 'sem arquivo' });
    expect(nada.status).toBe(400);
    expect(nada.body.message).toBe('Arquivo não foi fornecido');
  });
});
