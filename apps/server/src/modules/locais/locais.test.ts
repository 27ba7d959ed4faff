import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, api, as } from '../../../test/support/http.ts';
import { dadoCompartilhado } from '../../../test/support/dados-compartilhados.ts';
import { gerarSql } from '../../../scripts/gerar-locais-sql.ts';

// Reference data of places: states, the 5,571 IBGE municipalities, countries, the pickers.
let t: TestApp;
let admin: Api, transp: Api;

beforeAll(async () => {
  t = await createTestApp();
  [admin, transp] = await Promise.all(['admin@demo.com.br', 'transportador@rapidosul.com.br'].map((l) => as(t.app, l)));
});
afterAll(() => t?.close());

const KELVINS = dadoCompartilhado('ibge/kelvins__municipios.csv');

describe('municipios', () => {
  it('holds the 5,571 IBGE municipalities (Brasília, DF, included), paged with totalRecords', async () => {
    const res = await admin.get('/api/v1/locais/municipios', { pps: 10 });
    expect(res.status).toBe(200);
    expect(res.body.data.totalRecords).toBe(5571);
    expect(res.body.data.data).toHaveLength(10);
    const df = await admin.get('/api/v1/locais/municipios', { ftr_uf: 'DF' });
    expect(df.body.data).toEqual({ data: [{ ibge: '5300108', nome: 'Brasília', uf: 'DF', label: 'Brasília, DF - 5300108' }], totalRecords: 1 });
  });

  it('every municipality of the public IBGE list (kelvins/Municipios-Brasileiros) is there with the same name', async () => {
    const linhas = readFileSync(KELVINS, 'utf8').replace(/^\uFEFF/, '').trim().split('\n').slice(1);
    const esperados = new Map(linhas.map((l) => l.split(',')).map(([codigo, nome]) => [codigo, nome]));
    expect(esperados.size).toBe(5570);
    const nossos = new Map<string, string>();
    for (let pc = 1; ; pc++) {
      const res = await admin.get('/api/v1/locais/municipios', { pps: 500, pc, ssf: 'ibge' });
      for (const m of res.body.data.data) nossos.set(m.ibge, m.nome);
      if (res.body.data.data.length < 500) break;
    }
    expect(nossos.size).toBe(5571);
    // That list predates Boa Esperança do Norte (MT), the newest municipality: the one code it lacks.
    expect([...esperados.keys()].filter((c) => !nossos.has(c))).toEqual([]);
    expect([...nossos].filter(([c]) => !esperados.has(c))).toEqual([['5101837', 'Boa Esperança do Norte']]);
    // Names: IBGE's spelling updates since (Açu → Assú, Biritiba-Mirim → Biritiba Mirim...) and nothing else.
    const divergentes = [...esperados].filter(([codigo, nome]) => nossos.get(codigo)?.toLowerCase() !== nome.toLowerCase());
    expect(divergentes.length).toBeLessThanOrEqual(30);
    expect(nossos.get('2400208')).toBe('Assú');
  });

  it('filters: ftr_nome accent- and case-insensitive, ftr_uf, ftr_ibge; unknown filter 400', async () => {
    const sp = await admin.get('/api/v1/locais/municipios', { ftr_nome: 'SAO PAULO' });
    expect(sp.body.data.data.map((m: { label: string }) => m.label)).toEqual(
      expect.arrayContaining(['São Paulo, SP - 3550308', 'São Paulo de Olivença, AM - 1303908', 'São Paulo do Potengi, RN - 2412609']),
    );
    const sp2 = await admin.get('/api/v1/locais/municipios', { ftr_nome: 'são paulo', ftr_uf: 'sp' });
    expect(sp2.body.data).toEqual({ data: [{ ibge: '3550308', nome: 'São Paulo', uf: 'SP', label: 'São Paulo, SP - 3550308' }], totalRecords: 1 });
    const ibge = await admin.get('/api/v1/locais/municipios', { ftr_ibge: '3509502' });
    expect(ibge.body.data.data).toEqual([{ ibge: '3509502', nome: 'Campinas', uf: 'SP', label: 'Campinas, SP - 3509502' }]);
    const rs = await admin.get('/api/v1/locais/municipios', { ftr_uf: 'RS' });
    expect(rs.body.data.totalRecords).toBe(497);
    const bad = await admin.get('/api/v1/locais/municipios', { ftr_populacao: '1' });
    expect(bad.status).toBe(400);
  });

  it('is read by any signed-in user (a carrier user too), never without a session', async () => {
    expect((await transp.get('/api/v1/locais/municipios')).status).toBe(200);
    expect((await api(t.app).get('/api/v1/locais/municipios')).status).toBe(401);
  });
});

describe('ibge/lista (cidadesIBGE)', () => {
  it("answers {value, cidade, uf, label 'Cidade, UF - código'}, names starting with q first", async () => {
    const res = await admin.get('/api/v1/locais/ibge/lista', { q: 'campinas', uf: 'SP' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ value: '3509502', cidade: 'Campinas', uf: 'SP', label: 'Campinas, SP - 3509502' }]);
    const sao = await admin.get('/api/v1/locais/ibge/lista', { q: 'sao jose' });
    expect(sao.body.data.length).toBe(50);
    expect(sao.body.data.every((c: { cidade: string }) => /^São José/.test(c.cidade))).toBe(true);
    const codigo = await admin.get('/api/v1/locais/ibge/lista', { q: '3304557' });
    expect(codigo.body.data).toEqual([{ value: '3304557', cidade: 'Rio de Janeiro', uf: 'RJ', label: 'Rio de Janeiro, RJ - 3304557' }]);
    expect((await admin.get('/api/v1/locais/ibge/lista', { uf: 'XYZ' })).status).toBe(400);
  });
});

describe('estados, paises, localidades', () => {
  it('estados/lista: the 27 UFs with sigla, nome, cod (IBGE) and region', async () => {
    const res = await admin.get('/api/v1/locais/estados/lista');
    expect(res.body.data).toHaveLength(27);
    expect(res.body.data).toContainEqual({ sigla: 'SP', nome: 'São Paulo', cod: 35, regiao: 'SE' });
    expect(res.body.data).toContainEqual({ sigla: 'DF', nome: 'Distrito Federal', cod: 53, regiao: 'CO' });
  });

  it('paises/lista: Brazil (BACEN 1058) first; search by name, ISO code or BACEN code', async () => {
    const res = await admin.get('/api/v1/locais/paises/lista');
    expect(res.body.data[0]).toEqual({ codigo: '1058', nome: 'Brasil', sigla: 'BR', value: '1058', label: 'Brasil (BR)' });
    const codigos = res.body.data.map((p: { codigo: string }) => p.codigo);
    expect(codigos).toEqual(expect.arrayContaining(['0639', '5860', '8451', '0973', '1589', '2496', '1600']));
    expect((await admin.get('/api/v1/locais/paises/lista', { q: 'paraguai' })).body.data.map((p: { sigla: string }) => p.sigla)).toEqual(['PY']);
    expect((await admin.get('/api/v1/locais/paises/lista', { q: 'us' })).body.data.map((p: { codigo: string }) => p.codigo)).toContain('2496');
    expect((await admin.get('/api/v1/locais/paises/lista', { q: '639' })).body.data.map((p: { nome: string }) => p.nome)).toEqual(['Argentina']);
  });

  it('localidades: macro-regions, then UFs, then municipalities matching q', async () => {
    const res = await admin.get('/api/v1/locais/localidades', { q: 'sudeste' });
    expect(res.body.data).toEqual([{ tipo: 'MACRORREGIAO', value: 'SE', label: 'Região Sudeste (SE)', uf: null, regiao: 'SE' }]);
    const parana = await admin.get('/api/v1/locais/localidades', { q: 'parana' });
    const tipos = parana.body.data.map((l: { tipo: string }) => l.tipo);
    expect(parana.body.data[0]).toEqual({ tipo: 'UF', value: 'PR', label: 'Paraná (PR)', uf: 'PR', regiao: 'S' });
    expect(tipos.lastIndexOf('UF')).toBeLessThan(tipos.indexOf('MUNICIPIO'));
    expect(parana.body.data).toContainEqual({ tipo: 'MUNICIPIO', value: '4118204', label: 'Paranaguá, PR - 4118204', uf: 'PR', regiao: 'S' });
    // Without q: the 5 regions and 27 UFs (municipalities need a search text or a UF).
    const tudo = await admin.get('/api/v1/locais/localidades');
    expect(tudo.body.data).toHaveLength(32);
    const so = await admin.get('/api/v1/locais/localidades', { q: 'campinas', tipos: 'MUNICIPIO', uf: 'SP' });
    expect(so.body.data).toEqual([{ tipo: 'MUNICIPIO', value: '3509502', label: 'Campinas, SP - 3509502', uf: 'SP', regiao: 'SE' }]);
    expect((await admin.get('/api/v1/locais/localidades', { tipos: 'PAIS' })).status).toBe(400);
  });
});

describe('reference-data migration', () => {
  it('the generator script reproduces the committed migration exactly', () => {
    const arquivo = new URL('../../../drizzle/0004_locais_dados.sql', import.meta.url);
    const { sql, contagem } = gerarSql();
    expect(contagem).toEqual({ estados: 27, municipios: 5571, paises: contagem.paises, faixas: 31 });
    expect(sql).toBe(readFileSync(arquivo, 'utf8'));
  });
});
