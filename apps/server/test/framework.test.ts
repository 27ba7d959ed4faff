import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fretio/core';
import { DEMO } from '../src/db/seed/demo.ts';
import { type TestApp, createTestApp } from './support/db.ts';
import { type Api, as } from './support/http.ts';
import { rows } from './support/state.ts';

// The resource framework as a user of a list screen and a form sees it, on centros de custo and
// departamentos: paging, sorting, filters, duplicates, audit trail, records in use.

let t: TestApp;
let admin: Api;
let outro: Api;
let embarcadorA: string;
const CC = '/api/v1/centros-custo';
const DEP = '/api/v1/departamentos';

type Centro = { uid: string; codigo: string; nome: string; ativo: boolean; criadoEm: string; atualizadoEm: string };
type Lista<T> = { success: boolean; data: { data: T[]; totalRecords: number } };

beforeAll(async () => {
  t = await createTestApp();
  [admin, outro] = await Promise.all([as(t.app, DEMO.admin.login), as(t.app, DEMO.outro.login)]);
  const [r] = await rows<{ uid: string }>(t.db, sql`select uid from embarcadores where cnpj = '11222333000181'`);
  embarcadorA = r.uid;
});
afterAll(() => t?.close());

async function listar(query: Record<string, string | number>, url = CC) {
  const res = await admin.get<Lista<Centro>>(url, query);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

/** Rows straight into the table: a register with many records. */
async function inserirCentros(prefixo: string, nomes: string[], ativo = true) {
  const values = nomes.map((nome, i) => sql`(${embarcadorA}, ${`${prefixo}${String(i).padStart(3, '0')}`}, ${nome}, ${ativo})`);
  await t.db.execute(sql`insert into centros_custo (embarcador_uid, codigo, nome, ativo) values ${sql.join(values, sql`, `)}`);
}

describe('CRUD round trip', () => {
  it('creates, reads, updates and deletes a centro de custo with the reply envelope', async () => {
    const criado = await admin.post(CC, { codigo: '  CRUD-1 ', nome: 'Centro de ida e volta' });
    expect(criado.status, criado.text).toBe(201);
    expect(criado.body).toMatchObject({
      success: true,
      message: MSG.salvoComSucesso,
      data: { codigo: 'CRUD-1', nome: 'Centro de ida e volta', ativo: true },
    });
    const c = criado.body.data as Centro;
    expect(new Date(c.criadoEm).toISOString()).toBe(c.criadoEm);

    const lido = await admin.get(`${CC}/${c.uid}`);
    expect(lido.status).toBe(200);
    expect(lido.body.data).toEqual(c);

    const alterado = await admin.put(`${CC}/${c.uid}`, { codigo: 'CRUD-1', nome: 'Centro alterado', ativo: false });
    expect(alterado.status, alterado.text).toBe(200);
    expect(alterado.body.data).toMatchObject({ uid: c.uid, nome: 'Centro alterado', ativo: false, criadoEm: c.criadoEm });
    expect(Date.parse(alterado.body.data.atualizadoEm)).toBeGreaterThanOrEqual(Date.parse(c.atualizadoEm));

    const excluido = await admin.delete(`${CC}/${c.uid}`);
    expect(excluido.status).toBe(200);
    expect(excluido.body).toEqual({ success: true, message: MSG.excluidoComSucesso, data: null });
    const depois = await admin.get(`${CC}/${c.uid}`);
    expect(depois.status).toBe(404);
    expect(depois.body).toEqual({ success: false, message: MSG.naoEncontrado, errorCode: 404, code: 'NOT_FOUND' });
    expect((await admin.delete(`${CC}/${c.uid}`)).status).toBe(404);
  });
});

describe('list: paging', () => {
  const nomes = Array.from({ length: 47 }, (_, i) => `Paginacao ${String(i).padStart(2, '0')}`);
  beforeAll(() => inserirCentros('PG', nomes));

  it('pc/pps walk every record once, and totalRecords counts them all', async () => {
    const vistos: string[] = [];
    for (let pc = 1; pc <= 5; pc++) {
      const page = await listar({ ftr_nome: 'paginacao', pps: 10, pc, ssf: 'nome' });
      expect(page.totalRecords).toBe(47);
      expect(page.data.length).toBe(pc < 5 ? 10 : 7);
      vistos.push(...page.data.map((c) => c.nome));
    }
    expect(vistos).toEqual(nomes);
  });

  it('defaults to page 1 of 20', async () => {
    const page = await listar({ ftr_nome: 'paginacao' });
    expect(page.data.length).toBe(20);
    expect(page.totalRecords).toBe(47);
  });

  it('a page past the end is empty and still carries the total', async () => {
    const page = await listar({ ftr_nome: 'paginacao', pps: 10, pc: 6 });
    expect(page).toEqual({ data: [], totalRecords: 47 });
    const longe = await listar({ ftr_nome: 'paginacao', pps: 10, pc: 1000 });
    expect(longe).toEqual({ data: [], totalRecords: 47 });
  });

  it('an empty result has total 0', async () => {
    expect(await listar({ ftr_nome: 'nada-com-este-nome' })).toEqual({ data: [], totalRecords: 0 });
  });

  it('records with the same sort value are neither repeated nor skipped across pages', async () => {
    await inserirCentros(
      'EQ',
      Array.from({ length: 23 }, () => 'Nome Repetido'),
    );
    const uids = new Set<string>();
    let total = 0;
    for (let pc = 1; pc <= 4; pc++) {
      const page = await listar({ ftr_nome: 'nome repetido', pps: 7, pc, ssf: 'nome' });
      total += page.data.length;
      for (const c of page.data) uids.add(c.uid);
    }
    expect(total).toBe(23);
    expect(uids.size).toBe(23);
  });
});

describe('list: maintained total of an unfiltered list (framework/contagem.ts)', () => {
  const contar = async (embarcador: string) =>
    Number((await rows<{ n: unknown }>(t.db, sql`select count(*) as n from centros_custo where embarcador_uid = ${embarcador}`))[0].n);
  const contarNaLista = async (api: Api) => {
    const [sem, contada] = [(await api.get<Lista<Centro>>(CC, { pps: 3 })).body.data, await comContagem(() => api.get<Lista<Centro>>(CC, { pps: 3 }))];
    expect(sem.totalRecords, 'total mantido = count(*)').toBe(contada.body.data.totalRecords);
    return sem.totalRecords;
  };
  async function comContagem<T>(f: () => Promise<T>) {
    process.env.LISTA_CONTAGEM = 'contar';
    try {
      return await f();
    } finally {
      delete process.env.LISTA_CONTAGEM;
    }
  }
  let embarcadorB: string;
  beforeAll(async () => {
    [{ uid: embarcadorB }] = await rows<{ uid: string }>(
      t.db,
      sql`select ue.embarcador_uid as uid from usuario_embarcador ue join usuarios u on u.uid = ue.usuario_uid where u.login = ${DEMO.outro.login} limit 1`,
    );
  });

  it('stays exact through API creates and deletes, bulk inserts, deletes and a move between shippers', async () => {
    const antes = await contar(embarcadorA);
    expect(await contarNaLista(admin)).toBe(antes);
    const criados = [];
    for (const i of [1, 2, 3]) criados.push((await admin.post(CC, { codigo: `MT${i}`, nome: `Mantido ${i}` })).body.data.uid as string);
    expect(await contarNaLista(admin)).toBe(antes + 3);
    expect((await admin.delete(`${CC}/${criados[0]}`)).status).toBe(200);
    await inserirCentros('MT', Array.from({ length: 120 }, (_, i) => `Mantido lote ${i}`));
    await t.db.execute(sql`delete from centros_custo where embarcador_uid = ${embarcadorA} and codigo like 'MT0%'`); // MT000–MT099
    expect(await contarNaLista(admin)).toBe(antes + 2 + 20);
    expect(await contar(embarcadorA)).toBe(antes + 22);
    // An update that moves rows to another shipper moves their count; other updates leave it alone.
    const b = await contar(embarcadorB);
    await t.db.execute(sql`update centros_custo set embarcador_uid = ${embarcadorB}, codigo = 'MV' || codigo where embarcador_uid = ${embarcadorA} and codigo like 'MT1%'`);
    await t.db.execute(sql`update centros_custo set nome = nome || ' (alterado)' where embarcador_uid = ${embarcadorA} and codigo like 'MT%'`);
    expect(await contarNaLista(admin)).toBe(antes + 2);
    expect(await contarNaLista(outro)).toBe(b + 20);
    expect(await contar(embarcadorB)).toBe(b + 20);
    await t.db.execute(sql`delete from centros_custo where embarcador_uid = ${embarcadorB} and codigo like 'MV%'`);
    expect(await contarNaLista(outro)).toBe(b);
    // A page past the end still carries the total; a filtered list is counted as before.
    expect((await admin.get<Lista<Centro>>(CC, { pps: 5, pc: 10_000 })).body.data).toEqual({ data: [], totalRecords: antes + 2 });
    expect((await admin.get<Lista<Centro>>(CC, { ftr_nome: 'mantido', pps: 1 })).body.data.totalRecords).toBe(2);
  });

  it('folding the deltas into one row keeps the total', async () => {
    const total = await contarNaLista(admin);
    await t.db.execute(sql`select contagem_compactar('centros_custo', ${embarcadorA})`);
    const linhas = await rows<{ n: unknown }>(t.db, sql`select n from contagem_linhas where tabela = 'centros_custo' and embarcador_uid = ${embarcadorA}`);
    expect(linhas.map((l) => Number(l.n))).toEqual([total]);
    expect(await contarNaLista(admin)).toBe(total);
  });

  it('every counted table has its four triggers', async () => {
    const { TABELAS_CONTADAS } = await import('../src/framework/contagem.ts');
    const gatilhos = await rows<{ tabela: string; n: unknown }>(
      t.db,
      sql`select c.relname as tabela, count(*) as n from pg_trigger g join pg_class c on c.oid = g.tgrelid
          where g.tgname in ('contagem_insert', 'contagem_update', 'contagem_delete', 'contagem_truncate') group by 1`,
    );
    expect(Object.fromEntries(gatilhos.map((g) => [g.tabela, Number(g.n)]))).toEqual(Object.fromEntries([...TABELAS_CONTADAS].map((n) => [n, 4])));
  });
});

describe('list: sorting', () => {
  // ASCII names of one case: the expected order is the same under any collation (PGlite, C.UTF-8, pt_BR).
  beforeAll(async () => {
    for (const [codigo, nome] of [
      ['ORD-3', 'Ordem Alfa'],
      ['ORD-1', 'Ordem Delta'],
      ['ORD-4', 'Ordem Charlie'],
      ['ORD-2', 'Ordem Bravo'],
    ]) {
      await t.db.execute(sql`insert into centros_custo (embarcador_uid, codigo, nome) values (${embarcadorA}, ${codigo}, ${nome})`);
    }
  });

  it('ssf=nome, ASC and DESC', async () => {
    const asc = await listar({ ftr_nome: 'ordem', ssf: 'nome', sso: 'ASC' });
    expect(asc.data.map((c) => c.nome)).toEqual(['Ordem Alfa', 'Ordem Bravo', 'Ordem Charlie', 'Ordem Delta']);
    const desc = await listar({ ftr_nome: 'ordem', ssf: 'nome', sso: 'DESC' });
    expect(desc.data.map((c) => c.nome)).toEqual(['Ordem Delta', 'Ordem Charlie', 'Ordem Bravo', 'Ordem Alfa']);
  });

  it('ssf=codigo, and the antd spellings ascend/descend', async () => {
    expect((await listar({ ftr_nome: 'ordem', ssf: 'codigo', sso: 'ascend' })).data.map((c) => c.codigo)).toEqual([
      'ORD-1',
      'ORD-2',
      'ORD-3',
      'ORD-4',
    ]);
    expect((await listar({ ftr_nome: 'ordem', ssf: 'codigo', sso: 'descend' })).data.map((c) => c.codigo)).toEqual([
      'ORD-4',
      'ORD-3',
      'ORD-2',
      'ORD-1',
    ]);
  });

  it('the default order is by nome', async () => {
    expect((await listar({ ftr_nome: 'ordem' })).data.map((c) => c.nome)).toEqual([
      'Ordem Alfa',
      'Ordem Bravo',
      'Ordem Charlie',
      'Ordem Delta',
    ]);
  });

  it('a field that is not sortable → 400 naming ssf', async () => {
    const res = await admin.get(CC, { ssf: 'embarcadorUid' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: MSG.parametrosInvalidos, errors: [{ field: 'ssf' }] });
  });
});

describe('list: filters', () => {
  it("ftr_nome is case- and accent-insensitive: 'logistica' finds 'Logística de Distribuição'", async () => {
    for (const termo of ['logistica', 'LOGÍSTICA', 'Logistica de distribuicao', 'distribuição', 'STRIBU']) {
      const page = await listar({ ftr_nome: termo });
      expect(
        page.data.map((c) => c.nome),
        termo,
      ).toEqual(['Logística de Distribuição']);
      expect(page.totalRecords).toBe(1);
    }
  });

  it('ftr_codigo filters by code (contains)', async () => {
    expect((await listar({ ftr_codigo: '1.0' })).data.map((c) => c.codigo).sort()).toEqual(['1.01', '1.02']);
  });

  it('ftr_ativo=false lists only inactive records, ftr_ativo=true only active ones', async () => {
    const inativos = await listar({ ftr_ativo: 'false', pps: 500 });
    expect(inativos.data.map((c) => c.nome)).toEqual(['Projetos Encerrados']);
    const ativos = await listar({ ftr_ativo: 'true', pps: 500 });
    expect(ativos.data.length).toBeGreaterThan(3);
    expect(ativos.data.every((c) => c.ativo)).toBe(true);
    expect(ativos.data.map((c) => c.nome)).not.toContain('Projetos Encerrados');
    const todos = await listar({ pps: 500 });
    expect(todos.totalRecords).toBe(ativos.totalRecords + inativos.totalRecords);
  });

  it('ftr_ativo that is not a flag → 400 naming the filter', async () => {
    const res = await admin.get(CC, { ftr_ativo: 'talvez' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'ftr_ativo', message: MSG.parametrosInvalidos }]);
  });

  it("'%' and '_' in a filter are literal characters, not LIKE wildcards", async () => {
    await inserirCentros('LK', ['Desconto 100% frete', 'Custo_fixo mensal', 'Custo variavel mensal']);
    expect((await listar({ ftr_nome: '%' })).data.map((c) => c.nome)).toEqual(['Desconto 100% frete']);
    expect((await listar({ ftr_nome: '100%' })).data.map((c) => c.nome)).toEqual(['Desconto 100% frete']);
    expect((await listar({ ftr_nome: 'o_f' })).data.map((c) => c.nome)).toEqual(['Custo_fixo mensal']);
    expect((await listar({ ftr_nome: 'custo%mensal' })).data).toEqual([]);
    expect((await listar({ ftr_nome: '\\' })).data).toEqual([]);
  });

  it('a NUL character in a text filter → 400, not 500', async () => {
    const res = await admin.get(CC, { ftr_nome: 'a\u0000b' });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({ success: false, errorCode: 400 });
  });

  it('filter values never reach SQL as text', async () => {
    const page = await listar({ ftr_nome: "' or '1'='1" });
    expect(page).toEqual({ data: [], totalRecords: 0 });
  });

  it("only this shipper's records are listed", async () => {
    const nomesB = (await outro.get<Lista<Centro>>(CC, { pps: 500 })).body.data.data.map((c) => c.nome);
    expect(nomesB).toEqual(['Operações Rio']);
    const nomesA = (await listar({ pps: 500 })).data.map((c) => c.nome);
    expect(nomesA).not.toContain('Operações Rio');
  });
});

describe('list: date ranges (ftr_criadoEmDe / ftr_criadoEmAte)', () => {
  // Dates on the wire are days in America/Sao_Paulo (CONVENTIONS, Formats): 'Datado C' was created
  // on 05/03/2024 at 23:30 there, which is already 06/03 in UTC.
  beforeAll(async () => {
    for (const [codigo, nome, em] of [
      ['DT-A', 'Datado A', '2024-01-10T12:00:00-03:00'],
      ['DT-B', 'Datado B', '2024-02-20T12:00:00-03:00'],
      ['DT-C', 'Datado C', '2024-03-05T23:30:00-03:00'],
    ]) {
      await t.db.execute(
        sql`insert into centros_custo (embarcador_uid, codigo, nome, criado_em) values (${embarcadorA}, ${codigo}, ${nome}, ${em}::timestamptz)`,
      );
    }
  });
  const nomesEntre = async (q: Record<string, string>) =>
    (await listar({ ftr_nome: 'datado', ssf: 'codigo', ...q })).data.map((c) => c.nome);

  it('a lower bound keeps that day on', async () => {
    expect(await nomesEntre({ ftr_criadoEmDe: '2024-02-01' })).toEqual(['Datado B', 'Datado C']);
    expect(await nomesEntre({ ftr_criadoEmDe: '2024-02-20' })).toEqual(['Datado B', 'Datado C']);
  });

  it('a date-only upper bound includes that whole day', async () => {
    expect(await nomesEntre({ ftr_criadoEmAte: '2024-02-20' })).toEqual(['Datado A', 'Datado B']);
    expect(await nomesEntre({ ftr_criadoEmDe: '2024-02-01', ftr_criadoEmAte: '2024-02-29' })).toEqual(['Datado B']);
  });

  it("days are São Paulo days: created 05/03 at 23:30 is in 'até 05/03', not in 'de 06/03'", async () => {
    expect(await nomesEntre({ ftr_criadoEmAte: '2024-03-05' })).toEqual(['Datado A', 'Datado B', 'Datado C']);
    expect(await nomesEntre({ ftr_criadoEmDe: '2024-03-06' })).toEqual([]);
  });

  it('a date that is not ISO, or a day that does not exist → 400 naming the filter', async () => {
    for (const dia of ['31/12/2024', '2025-02-30']) {
      const res = await admin.get(CC, { ftr_criadoEmDe: dia });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'ftr_criadoEmDe', message: 'data inválida' }]);
    }
  });
});

describe('list: declared period (periodo → dataInicioFiltro / dataFimFiltro)', () => {
  const LISTAS = ['/api/v1/documentos/nfes', '/api/v1/documentos/ctes', '/api/v1/eventos-ocorrencia', '/api/v1/tracking'];

  it("keeps the São Paulo days from start to end, both included (NF-e emission)", async () => {
    const [n] = await rows<{ chave: string; dia: string; seguinte: string }>(
      t.db,
      sql`select chave, (emissao at time zone 'America/Sao_Paulo')::date::text as dia, ((emissao at time zone 'America/Sao_Paulo')::date + 1)::text as seguinte
          from nfes where embarcador_uid = ${embarcadorA} and not virtual order by emissao limit 1`,
    );
    const chaves = async (q: Record<string, string>) =>
      ((await admin.get('/api/v1/documentos/nfes', { ...q, ftr_chave: n.chave, pps: 5 })).body.data.data as { chave: string }[]).map((x) => x.chave);
    expect(await chaves({ dataInicioFiltro: n.dia, dataFimFiltro: n.dia })).toEqual([n.chave]);
    expect(await chaves({ dataFimFiltro: n.dia })).toEqual([n.chave]);
    expect(await chaves({ dataInicioFiltro: n.seguinte })).toEqual([]);
  });

  it('an end before the start, or an impossible day → 400 in pt-BR on every list that declares it', async () => {
    for (const url of LISTAS) {
      const invertido = await admin.get(url, { dataInicioFiltro: '2025-03-10', dataFimFiltro: '2025-03-09' });
      expect(invertido.status, `${url} ${invertido.text}`).toBe(400);
      expect(invertido.body.errors).toEqual([{ field: 'dataFimFiltro', message: 'A data final deve ser igual ou posterior à inicial' }]);
      const impossivel = await admin.get(url, { dataInicioFiltro: '2025-02-30' });
      expect(impossivel.status, `${url} ${impossivel.text}`).toBe(400);
      expect(impossivel.body.errors).toEqual([{ field: 'dataInicioFiltro', message: 'data inválida' }]);
      expect((await admin.get(url, { dataInicioFiltro: '2025-03-10', dataFimFiltro: '2025-03-10' })).status).toBe(200);
    }
  });
});

describe('duplicates', () => {
  it('a duplicate codigo → 409 naming codigo, and nothing is written', async () => {
    const antes = await listar({ pps: 1 });
    const res = await admin.post(CC, { codigo: '1.01', nome: 'Outro nome' });
    expect(res.status, res.text).toBe(409);
    expect(res.body).toEqual({
      success: false,
      message: 'Já existe um centro de custo com este código.',
      errorCode: 409,
      code: 'DUPLICADO',
      errors: [{ field: 'codigo', message: 'Já existe um centro de custo com este código.' }],
    });
    expect((await listar({ pps: 1 })).totalRecords).toBe(antes.totalRecords);
  });

  it('the code is trimmed before the comparison', async () => {
    expect((await admin.post(CC, { codigo: '  1.01  ', nome: 'Com espaços' })).status).toBe(409);
  });

  it('changing a record to an existing code → 409, the record is unchanged', async () => {
    const c = (await admin.post(CC, { codigo: 'DUP-A', nome: 'Duplicável' })).body.data as Centro;
    const res = await admin.put(`${CC}/${c.uid}`, { codigo: '1.02', nome: 'Duplicável' });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual([{ field: 'codigo', message: 'Já existe um centro de custo com este código.' }]);
    expect((await admin.get(`${CC}/${c.uid}`)).body.data.codigo).toBe('DUP-A');
  });

  it('the same code in another shipper is not a duplicate', async () => {
    const res = await outro.post(CC, { codigo: '1.01', nome: 'Logística Rio' });
    expect(res.status, res.text).toBe(201);
  });
});

describe('audit trail', () => {
  type Auditoria = { embarcador_uid: string; usuario_uid: string; recurso: string; acao: string; antes: any; depois: any };
  const trilha = async (uid: string) => {
    const r = await rows<Auditoria>(
      t.db,
      sql`select embarcador_uid, usuario_uid, recurso, acao, antes, depois from auditoria_sistema where registro_uid = ${uid} order by em, acao`,
    );
    return r.map((x) => ({
      ...x,
      antes: typeof x.antes === 'string' ? JSON.parse(x.antes) : x.antes,
      depois: typeof x.depois === 'string' ? JSON.parse(x.depois) : x.depois,
    }));
  };

  it('create, update and delete each write one row with who, before and after', async () => {
    const [adminUid] = await rows<{ uid: string }>(t.db, sql`select uid from usuarios where login = ${DEMO.admin.login}`);
    const c = (await admin.post(CC, { codigo: 'AUD-1', nome: 'Auditado' })).body.data as Centro;
    await admin.put(`${CC}/${c.uid}`, { codigo: 'AUD-1', nome: 'Auditado e alterado' });
    await admin.delete(`${CC}/${c.uid}`);

    const linhas = await trilha(c.uid);
    expect(linhas.map((l) => l.acao)).toEqual(['criar', 'alterar', 'excluir']);
    for (const l of linhas) expect(l).toMatchObject({ embarcador_uid: embarcadorA, usuario_uid: adminUid.uid, recurso: 'centros-custo' });
    const [criar, alterar, excluir] = linhas;
    expect(criar.antes).toBeNull();
    expect(criar.depois).toMatchObject({ uid: c.uid, codigo: 'AUD-1', nome: 'Auditado' });
    expect(alterar.antes).toMatchObject({ nome: 'Auditado' });
    expect(alterar.depois).toMatchObject({ nome: 'Auditado e alterado' });
    expect(excluir.antes).toMatchObject({ uid: c.uid, nome: 'Auditado e alterado' });
    expect(excluir.depois).toBeNull();
  });

  it('a refused write leaves no audit row', async () => {
    const [{ n: antes }] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from auditoria_sistema`);
    expect((await admin.post(CC, { codigo: '1.01', nome: 'Duplicado' })).status).toBe(409);
    expect((await admin.post(CC, { codigo: '', nome: '' })).status).toBe(400);
    const [{ n: depois }] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from auditoria_sistema`);
    expect(Number(depois)).toBe(Number(antes));
  });

  it('the trail is readable through the API, newest first, only for this shipper', async (ctx) => {
    if (!t.routes.some((r) => r.method === 'GET' && r.url === '/api/v1/auditoria-sistema'))
      return ctx.skip('sem GET /api/v1/auditoria-sistema');
    const c = (await admin.post(CC, { codigo: 'AUD-2', nome: 'Auditado via API' })).body.data as Centro;
    await admin.put(`${CC}/${c.uid}`, { codigo: 'AUD-2', nome: 'Auditado via API 2' });
    const res = await admin.get('/api/v1/auditoria-sistema', { ftr_registroUid: c.uid });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.data.map((x: { acao: string }) => x.acao)).toEqual(['alterar', 'criar']);
    const deB = await outro.get('/api/v1/auditoria-sistema', { ftr_registroUid: c.uid });
    expect(deB.body.data).toEqual({ data: [], totalRecords: 0 });
  });
});

describe('records in use', () => {
  it("deleting a centro de custo a departamento uses → 409 'Registro em uso', nothing deleted", async () => {
    const c = (await admin.post(CC, { codigo: 'USO-1', nome: 'Em uso' })).body.data as Centro;
    const d = await admin.post(DEP, { nome: 'Departamento que usa', centroCustoUid: c.uid });
    expect(d.status, d.text).toBe(201);
    const res = await admin.delete(`${CC}/${c.uid}`);
    expect(res.status, res.text).toBe(409);
    expect(res.body).toMatchObject({ success: false, message: MSG.registroEmUso, errorCode: 409 });
    expect((await admin.get(`${CC}/${c.uid}`)).status).toBe(200);
    expect((await admin.get(`${DEP}/${d.body.data.uid}`)).body.data).toMatchObject({ centroCustoUid: c.uid, centroCustoNome: 'Em uso' });
    // Once nothing refers to it, it goes.
    expect((await admin.delete(`${DEP}/${d.body.data.uid}`)).status).toBe(200);
    expect((await admin.delete(`${CC}/${c.uid}`)).status).toBe(200);
  });

  it("a departamento cannot point at another shipper's centro de custo", async () => {
    const deB = (await outro.get<Lista<Centro>>(CC)).body.data.data[0];
    const res = await admin.post(DEP, { nome: 'Tentativa cruzada', centroCustoUid: deB.uid });
    expect(res.status, res.text).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'centroCustoUid', message: 'Centro de custo não encontrado.' }]);
  });
});

describe('departamentos', () => {
  it('par=ativos lists only active departamentos', async () => {
    const todos = (await listar({ pps: 500 }, DEP)) as unknown as { data: { nome: string; ativo: boolean }[] };
    expect(todos.data.map((d) => d.nome)).toContain('Controladoria');
    const ativos = (await listar({ pps: 500, par: 'ativos' }, DEP)) as unknown as {
      data: { nome: string; ativo: boolean }[];
      totalRecords: number;
    };
    expect(ativos.data.length).toBeGreaterThan(0);
    expect(ativos.data.every((d) => d.ativo)).toBe(true);
    expect(ativos.data.map((d) => d.nome)).not.toContain('Controladoria');
    expect(ativos.totalRecords).toBe(todos.data.filter((d) => d.ativo).length);
  });

  it('par with another value → 400', async () => {
    expect((await admin.get(DEP, { par: 'todos' })).status).toBe(400);
  });

  it('the list carries the centro de custo name, and sorts by it', async () => {
    const page = (await listar({ pps: 500, ssf: 'centroCustoNome', ftr_ativo: 'true' }, DEP)) as unknown as {
      data: { nome: string; centroCustoNome: string | null }[];
    };
    const expedicao = page.data.find((d) => d.nome === 'Expedição');
    expect(expedicao?.centroCustoNome).toBe('Logística de Distribuição');
  });
});
