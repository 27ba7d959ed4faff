import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { encaminharPreFatura } from '../auditorias/service.ts';

// Settlement races on a real PostgreSQL (PGlite has one connection and runs requests one after the other):
// two requests on one pre-invoice or audit are held behind a row lock a third connection takes, both wait
// on it, then race once it commits. Releasing, invoicing, cancelling and accepting happen once; the other
// request gets 409 in pt-BR and nothing is written twice. Two audits of one carrier unit approved at once
// put their CT-es in one open automatic pre-invoice, never two.
const naPostgres = inject('fretioTestDb')?.kind === 'postgres';
const PF = '/api/v1/fatura/pre-fatura';

type Resposta = { status: number; text: string; body: { message?: string } };

describe.runIf(naPostgres)('liquidação concorrente no PostgreSQL', () => {
  let t: TestApp;
  let admin: Api, operador: Api;
  let pool: pg.Pool;
  let embarcadorUid: string;
  let minas: string, bh: string;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    pool = (t.db as unknown as { $client: pg.Pool }).$client;
    await pool.query(`update papeis set permissoes = permissoes || '{"auditorias": ["ler", "aprovar"], "pre-fatura": ["ler", "alterar"], "fatura": ["ler", "criar"]}'::jsonb where nome = 'Operador'`);
    [admin, operador] = await Promise.all([as(t.app, 'admin@demo.com.br'), as(t.app, 'operador@demo.com.br')]);
    embarcadorUid = (await admin.get('/api/v1/perfil')).body.data.embarcadorAtivo.uid;
    minas = (await pool.query(`select uid from transportadores where nome_fantasia = 'TransMinas'`)).rows[0].uid;
    bh = (await pool.query(`select uid from unidades_transportador where apelido = 'BH'`)).rows[0].uid;
  });
  afterAll(() => t?.close());

  /** An authorised CT-e of TransMinas BH with its audit (1 Aprovada, 2 Divergente: R$ 10,00 over). */
  async function cteAuditado(status: number, valor = '500.00') {
    const n = 810000 + ++seq * 17 + Math.floor(Math.random() * 10);
    const chave = `3126041718403700011057001${String(n).padStart(19, '0')}`;
    const c = await pool.query(
      `insert into ctes (embarcador_uid, chave, numero, serie, emissao, emissao_texto, tipo_cte, valor_prestacao, transportador_uid, unidade_transportador_uid, protocolo)
       values ($1, $2, $3, 1, '2026-04-10T13:00:00Z', '2026-04-10T10:00:00-03:00', 0, $4, $5, $6, $7) returning uid`,
      [embarcadorUid, chave, n, valor, minas, bh, `13126000${n}`],
    );
    const a = await pool.query(
      `insert into auditorias (embarcador_uid, cte_uid, chave_cte, numero_cte, serie_cte, emissao, transportador_uid, unidade_transportador_uid, status,
         resultado_calculo, fonte, valor_cobrado, valor_esperado, diferenca, resumo)
       values ($1, $2, $3, $4, 1, '2026-04-10T13:00:00Z', $5, $6, $7, $7, 'TABELA', $8, $8::numeric - 10, 10, 'teste') returning uid`,
      [embarcadorUid, c.rows[0].uid, chave, n, minas, bh, status, valor],
    );
    return { cteUid: c.rows[0].uid as string, auditoriaUid: a.rows[0].uid as string, numero: n };
  }

  /** No open automatic pre-invoice of TransMinas BH (the next approved CT-e creates one). */
  const semAutomaticaAberta = () =>
    pool.query(`update pre_faturas set status = 4 where embarcador_uid = $1 and transportador_uid = $2 and automatica and status = 1`, [embarcadorUid, minas]);
  const automaticasAbertas = async () =>
    (await pool.query(`select uid from pre_faturas where embarcador_uid = $1 and transportador_uid = $2 and automatica and status = 1`, [embarcadorUid, minas]))
      .rows.map((r) => r.uid as string);
  const contar = async (q: string, p: unknown[]) => Number((await pool.query(q, p)).rows[0].n);

  /** Both requests wait on the rows a third connection locks, then race for them once it commits. */
  async function emCorrida(linhas: { tabela: string; uid: string }[], pedidos: (() => Promise<Resposta>)[]) {
    const outra = await pool.connect();
    try {
      await outra.query('begin');
      for (const l of linhas) await outra.query(`select 1 from ${l.tabela} where uid = $1 for update`, [l.uid]);
      let prontas = 0;
      const todas = pedidos.map((p) => p().finally(() => prontas++));
      await expect
        .poll(
          async () =>
            prontas +
            (await contar("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'", [])),
          { timeout: 20_000, interval: 10 },
        )
        .toBeGreaterThanOrEqual(pedidos.length);
      await outra.query('commit');
      return await Promise.all(todas);
    } catch (e) {
      await outra.query('rollback').catch(() => undefined);
      throw e;
    } finally {
      outra.release();
    }
  }
  const visto = (rs: Resposta[]) => rs.map((r) => `${r.status} ${r.text.slice(0, 200)}`).join(' | ');
  /** [the success, the 409] whatever order they finished in. */
  function umVence(rs: Resposta[], sucesso: number) {
    const ordenadas = [...rs].sort((a, b) => a.status - b.status);
    expect(ordenadas.map((r) => r.status), visto(rs)).toEqual([sucesso, 409]);
    return ordenadas[1]!;
  }

  async function preFaturaManual(...auditoriaUids: string[]) {
    const r = await admin.post(PF, { transportadorUid: minas, auditoriaUids });
    expect(r.status, r.text).toBe(201);
    return r.body.data.uid as string;
  }

  it('liberar a mesma pré-fatura duas vezes ao mesmo tempo: uma vence, a outra é 409 e nada se repete', async () => {
    const c = await cteAuditado(1);
    const pre = await preFaturaManual(c.auditoriaUid);
    const rs = await emCorrida([{ tabela: 'pre_faturas', uid: pre }], [() => admin.get(`${PF}/liberar/${pre}`), () => operador.get(`${PF}/liberar/${pre}`)]);
    expect(umVence(rs, 200).body.message).toBe("A pré-fatura já está 'Liberada'.");
    expect(await contar(`select count(*)::int as n from auditoria_sistema where registro_uid = $1 and acao = 'liberar'`, [pre])).toBe(1);
    // Each of the carrier's users is told at most once.
    const avisos = await pool.query(`select usuario_uid, count(*)::int as n from notificacoes where registro_uid = $1 group by usuario_uid`, [pre]);
    expect(avisos.rows.every((r) => r.n === 1)).toBe(true);
  });

  it('faturar a mesma pré-fatura duas vezes ao mesmo tempo: uma fatura, a outra é 409', async () => {
    const c = await cteAuditado(1, '321.09');
    const pre = await preFaturaManual(c.auditoriaUid);
    expect((await admin.get(`${PF}/liberar/${pre}`)).status).toBe(200);
    const fatura = (numero: string) => () =>
      admin.post('/api/v1/fatura', { transportadorUid: minas, preFaturaUid: pre, numero, emissao: '2026-04-20', vencimento: '2026-05-20', valor: 321.09 });
    const rs = await emCorrida([{ tabela: 'pre_faturas', uid: pre }], [fatura(`PF-A-${seq}`), fatura(`PF-B-${seq}`)]);
    const perdedora = umVence(rs, 201);
    expect(perdedora.body.message).toBe('A pré-fatura já tem uma fatura.');
    expect(await contar(`select count(*)::int as n from faturas where pre_fatura_uid = $1`, [pre])).toBe(1);
    expect(await contar(`select count(*)::int as n from fatura_ctes where cte_uid = $1`, [c.cteUid])).toBe(1);
    // Afterwards, one after the other: still 409 with the same words.
    const depois = await fatura(`PF-C-${seq}`)();
    expect([depois.status, depois.body.message]).toEqual([409, 'A pré-fatura já tem uma fatura.']);
  });

  it('cancelar a mesma pré-fatura duas vezes ao mesmo tempo: uma vence, a outra é 409', async () => {
    const c = await cteAuditado(1);
    const pre = await preFaturaManual(c.auditoriaUid);
    const rs = await emCorrida([{ tabela: 'pre_faturas', uid: pre }], [() => admin.get(`${PF}/cancelar/${pre}`), () => operador.get(`${PF}/cancelar/${pre}`)]);
    expect(umVence(rs, 200).body.message).toBe("A pré-fatura já está 'Cancelada'.");
    expect(await contar(`select count(*)::int as n from auditoria_sistema where registro_uid = $1 and acao = 'cancelar'`, [pre])).toBe(1);
    expect((await pool.query('select pre_fatura_uid from auditorias where uid = $1', [c.auditoriaUid])).rows[0].pre_fatura_uid).toBeNull();
  });

  it('aceitar a mesma auditoria ao mesmo tempo: uma vence, um só lançamento na conta corrente', async () => {
    const c = await cteAuditado(2);
    const aceitar = (api: Api, mensagem: string) => () => api.put(`/api/v1/auditorias/${c.auditoriaUid}/aceitar-auditoria`, { mensagem });
    const rs = await emCorrida([{ tabela: 'auditorias', uid: c.auditoriaUid }], [aceitar(admin, 'Reajuste combinado.'), aceitar(operador, 'Aceito pela operação.')]);
    expect(umVence(rs, 200).body.message).toBe('A auditoria já foi aceita.');
    expect(await contar(`select count(*)::int as n from conta_corrente_transportador where documento_uid = $1`, [c.auditoriaUid])).toBe(1);
    expect(await contar(`select count(*)::int as n from auditoria_sistema where registro_uid = $1 and acao = 'aceitar-auditoria'`, [c.auditoriaUid])).toBe(1);
  });

  it('duas auditorias do mesmo transportador aceitas ao mesmo tempo vão para uma só pré-fatura automática aberta', async () => {
    await semAutomaticaAberta();
    const [a, b] = [await cteAuditado(2, '100.00'), await cteAuditado(2, '200.00')];
    const aceitar = (api: Api, uid: string) => () => api.put(`/api/v1/auditorias/${uid}/aceitar-auditoria`, { mensagem: 'Reajuste combinado.' });
    const rs = await emCorrida(
      [{ tabela: 'auditorias', uid: a.auditoriaUid }, { tabela: 'auditorias', uid: b.auditoriaUid }],
      [aceitar(admin, a.auditoriaUid), aceitar(operador, b.auditoriaUid)],
    );
    expect(rs.map((r) => r.status), visto(rs)).toEqual([200, 200]);
    const abertas = await automaticasAbertas();
    expect(abertas).toHaveLength(1);
    const pre = await pool.query('select valor_total, quantidade_ctes from pre_faturas where uid = $1', [abertas[0]]);
    // 100,00 + 200,00
    expect(pre.rows[0]).toEqual({ valor_total: '300.00', quantidade_ctes: 2 });
  });

  it('a segunda auditoria espera a pré-fatura automática que a primeira está criando e entra nela', async () => {
    await semAutomaticaAberta();
    const [a, b] = [await cteAuditado(1, '40.00'), await cteAuditado(1, '60.00')];
    let soltar!: () => void;
    const segura = new Promise<void>((r) => { soltar = r; });
    let criou!: () => void;
    const criada = new Promise<void>((r) => { criou = r; });
    // The first creates the pre-invoice and keeps its transaction open ...
    const primeira = t.db.transaction(async (tx) => {
      await encaminharPreFatura(tx, embarcadorUid, a.auditoriaUid);
      criou();
      await segura;
    });
    await criada;
    // ... the second, meanwhile, must not create another one.
    let segundaPronta = false;
    const segunda = t.db.transaction((tx) => encaminharPreFatura(tx, embarcadorUid, b.auditoriaUid)).finally(() => { segundaPronta = true; });
    await expect
      .poll(async () => segundaPronta || (await contar("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'", [])) > 0,
        { timeout: 20_000, interval: 10 })
      .toBe(true);
    soltar();
    await Promise.all([primeira, segunda]);
    const abertas = await automaticasAbertas();
    expect(abertas).toHaveLength(1);
    const noGrupo = await pool.query('select pre_fatura_uid from auditorias where uid = any($1::uuid[])', [[a.auditoriaUid, b.auditoriaUid]]);
    expect(noGrupo.rows.map((r) => r.pre_fatura_uid)).toEqual([abertas[0], abertas[0]]);
    expect((await pool.query('select valor_total, quantidade_ctes from pre_faturas where uid = $1', [abertas[0]])).rows[0]).toEqual({ valor_total: '100.00', quantidade_ctes: 2 });
  });
});
