import { readdirSync, readFileSync } from 'node:fs';
import { and, count, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { dadoCompartilhado } from '../../../test/support/dados-compartilhados.ts';
import { instrucoesDe } from '../../../test/support/plano-da-lista.ts';
import { feriados } from '../../db/schema/index.ts';
import { feriadosNacionaisDoAno, garantirFeriadosNacionais, hojeSaoPaulo } from './service.ts';

// Holidays: national ones pre-filled by the system (read-only), the shipper's state and municipal ones.
let t: TestApp;
let admin: Api, outro: Api;
const ano = Number(hojeSaoPaulo().slice(0, 4));
const DADOS = dadoCompartilhado('other/feriados');

beforeAll(async () => {
  t = await createTestApp();
  [admin, outro] = await Promise.all(['admin@demo.com.br', 'admin@outro.com.br'].map((l) => as(t.app, l)));
});
afterAll(() => t?.close());

const sistema = async (a: number) =>
  (await admin.get('/api/v1/feriados', { ftr_ano: a, ftr_sistema: 'true', pps: 100 })).body.data.data as {
    data: string;
    nome: string;
    facultativo: boolean;
    escopo: string;
  }[];

describe('national holidays', () => {
  it('are filled for the current and next years, Carnaval and Corpus Christi as facultativos', async () => {
    for (const a of [ano, ano + 1]) {
      const rows = await sistema(a);
      expect(rows.filter((r) => !r.facultativo).map((r) => r.data)).toEqual(
        expect.arrayContaining([`${a}-01-01`, `${a}-04-21`, `${a}-09-07`, `${a}-11-20`, `${a}-12-25`]),
      );
      expect(rows.every((r) => r.escopo === 'NACIONAL')).toBe(true);
      expect(rows.filter((r) => r.facultativo).map((r) => r.nome)).toEqual(['Carnaval (terça-feira)', 'Corpus Christi']);
    }
  });

  it('match the published national calendars (shared/data feriados CSVs)', async () => {
    const arquivos = readdirSync(DADOS).filter((f) => /^nacional_\d{4}\.csv$/.test(f));
    expect(arquivos.length).toBeGreaterThan(0);
    for (const f of arquivos) {
      const a = Number(f.slice(9, 13));
      await garantirFeriadosNacionais(t.db, [a]);
      const esperadas = readFileSync(`${DADOS}/${f}`, 'utf8')
        .split(/\r?\n/)
        .filter((l) => /^\d{2}\/\d{2}\/\d{4},/.test(l))
        // The calendar of year `a` (nacional_2024.csv dates Consciência Negra '20/11/2026': a typo of the file).
        .map((l) => `${a}-${l.slice(3, 5)}-${l.slice(0, 2)}`)
        .sort();
      const nossas = (await sistema(a))
        .filter((r) => !r.facultativo)
        .map((r) => r.data)
        .sort();
      expect(nossas, f).toEqual(esperadas);
    }
  });

  it('are read-only: PUT and DELETE answer 409', async () => {
    const [natal] = (await sistema(ano)).filter((r) => r.nome === 'Natal') as unknown as { uid: string }[];
    const put = await admin.put(`/api/v1/feriados/${natal.uid}`, { data: `${ano}-12-26`, nome: 'Natal', escopo: 'NACIONAL' });
    expect(put.status).toBe(409);
    expect(put.body.message).toBe('Registro padrão do sistema não pode ser alterado nem excluído.');
    expect((await admin.delete(`/api/v1/feriados/${natal.uid}`)).status).toBe(409);
    expect((await outro.get(`/api/v1/feriados/${natal.uid}`)).body.data).toMatchObject({ sistema: true, data: `${ano}-12-25` });
  });
});

describe('national holidays written once per year and database', () => {
  const doAno = async (a: number) =>
    Number((await t.db.select({ n: count() }).from(feriados).where(and(isNull(feriados.embarcadorUid), sql`extract(year from ${feriados.data}) = ${a}`)))[0]!.n);
  // the statements about holidays (node-postgres also logs the transaction's begin/commit)
  const sobreFeriados = async (p: Promise<[string, unknown[]][]>) => (await p).filter(([q]) => /"feriados"/.test(q));
  const emTransacao = (anos: number[]) => sobreFeriados(instrucoesDe(t.db, () => t.db.transaction((tx) => garantirFeriadosNacionais(tx, anos))));
  const insercoes = (ditas: [string, unknown[]][]) => ditas.filter(([q]) => /^insert into "feriados"/i.test(q)).length;

  it('the years written at start-up: a call in a later transaction sends no statement', async () => {
    expect(await doAno(ano)).toBeGreaterThan(0);
    expect(await emTransacao([ano, ano + 1])).toEqual([]);
  });

  it('a year first written in a transaction that rolls back is written again; once seen in the database, nothing is sent', async () => {
    const a = 2093;
    await t.db.transaction(async (tx) => {
      await garantirFeriadosNacionais(tx, [a]);
      tx.rollback();
    }).catch(() => undefined);
    expect(await doAno(a)).toBe(0);
    // written (and committed) in a transaction: trusted only there
    expect(insercoes(await emTransacao([a]))).toBe(1);
    const n = await doAno(a);
    expect(n).toBe(feriadosNacionaisDoAno(a).length);
    // the next transaction's insert finds every row: it writes nothing, and from then on nothing is sent
    expect(insercoes(await emTransacao([a]))).toBe(1);
    expect(await doAno(a)).toBe(n);
    expect(await emTransacao([a])).toEqual([]);
    expect(await sobreFeriados(instrucoesDe(t.db, () => garantirFeriadosNacionais(t.db, [a])))).toEqual([]);
  });
});

describe("the shipper's holidays", () => {
  it('state holiday needs a UF; municipal takes the UF of the municipality; both are the shipper own', async () => {
    const semUf = await admin.post('/api/v1/feriados', { data: '2031-07-09', nome: 'Revolução', escopo: 'UF' });
    expect(semUf.status).toBe(400);
    expect(semUf.body.errors).toEqual([{ field: 'uf', message: 'Informe a UF do feriado estadual' }]);
    const mun = await admin.post('/api/v1/feriados', {
      data: '2031-01-20',
      nome: 'São Sebastião',
      escopo: 'MUNICIPIO',
      municipioIbge: '3304557',
    });
    expect(mun.status).toBe(201);
    expect(mun.body.data).toMatchObject({ escopo: 'MUNICIPIO', uf: 'RJ', municipioIbge: '3304557', sistema: false, facultativo: false });
    const errada = await admin.post('/api/v1/feriados', {
      data: '2031-01-21',
      nome: 'X',
      escopo: 'MUNICIPIO',
      uf: 'SP',
      municipioIbge: '3304557',
    });
    expect(errada.status).toBe(400);
    expect(errada.body.errors[0].field).toBe('uf');
    const dup = await admin.post('/api/v1/feriados', {
      data: '2031-01-20',
      nome: 'Outro nome',
      escopo: 'MUNICIPIO',
      municipioIbge: '3304557',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([{ field: 'data', message: 'Já existe um feriado nesta data para este local.' }]);
    // Another shipper may have the same date; it never sees ours.
    expect(
      (await outro.post('/api/v1/feriados', { data: '2031-01-20', nome: 'São Sebastião', escopo: 'MUNICIPIO', municipioIbge: '3304557' }))
        .status,
    ).toBe(201);
    expect((await outro.get(`/api/v1/feriados/${mun.body.data.uid}`)).status).toBe(404);
    const lista = await admin.get('/api/v1/feriados', { ftr_ano: 2031, ftr_escopo: 'MUNICIPIO' });
    expect(lista.body.data.data.map((f: { nome: string }) => f.nome)).toEqual(['São Sebastião']);
    const nacionalDoEmbarcador = await admin.post('/api/v1/feriados', {
      data: '2031-12-24',
      nome: 'Véspera',
      escopo: 'NACIONAL',
      uf: 'SP',
      facultativo: true,
    });
    expect(nacionalDoEmbarcador.body.data).toMatchObject({ escopo: 'NACIONAL', uf: null, facultativo: true });
    expect((await admin.delete(`/api/v1/feriados/${nacionalDoEmbarcador.body.data.uid}`)).status).toBe(200);
  });
});
