// BI over 1,000,000 NF-es (BENCH_ONLY=bi). The demo shipper gets BENCH_BI_ROWS NF-es (default 1,000,000) spread
// over 2025, with tracking rows (90 % delivered, a quarter of them late), about 3 events per NF-e (two of
// course, one "delivered"), as many CT-es and a quotation per 20 NF-es (3 invitations); then each BI dataset, bi/frete,
// bi/cotacoes and GET dashboard's figures for the 12 months of 2025 are timed twice in the same run: read from the
// summary tables (modules/bi/resumo.ts, what the routes serve) and aggregated from the documents themselves
// (datasets.ts / dashboard.ts bruto): p50/p95 of each.
// The bulk load runs with the summary triggers off, then the summaries are built by the same function the triggers
// call (timed), and the write cost of the triggers is measured on a 1,000-NF-e insert (on vs. off).
// PostgreSQL via BENCH_DATABASE_URL (`BENCH_ONLY=bi bash apps/server/test/pg.sh --bench`), PGlite beside it with
// BENCH_BI_PGLITE_ROWS (default 100,000: said in the note). BENCH_BI_RUNS (20) summary samples, BENCH_BI_RAW_RUNS (3) raw.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FiltroBi } from '@fretio/core';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/db/seed/demo.ts';
import { dashboard } from '../apps/server/src/modules/bi/dashboard.ts';
import { DATASETS, biCotacoes, biFrete, biTracking, scorecard } from '../apps/server/src/modules/bi/datasets.ts';
import { DATASETS_RESUMO, biCotacoesResumo, biFreteResumo, biTrackingResumo } from '../apps/server/src/modules/bi/resumo.ts';
import type { Escopo } from '../apps/server/src/modules/bi/sql.ts';
import { adminClient, createDatabase, databaseUrlFor, dropDatabase } from '../apps/server/test/support/pg-admin.ts';

type Linha = { name: string; opsPerSec?: number; ratio?: number; note?: string; p50Ms?: number; p95Ms?: number };

const LINHAS_PG = Number(process.env.BENCH_BI_ROWS ?? 1_000_000);
const LINHAS_PGLITE = Number(process.env.BENCH_BI_PGLITE_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_BI_RUNS ?? 20);
const RAW_RUNS = Number(process.env.BENCH_BI_RAW_RUNS ?? 3);
const LOTE = 100_000;
const r2 = (v: number, d = 2) => Math.round(v * 10 ** d) / 10 ** d;
const pct = (ms: number[], p: number) => {
  const s = [...ms].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
const log = (s: string) => console.log(`[bi] ${s}`);
const linhas = <T>(r: unknown) => (r as { rows: T[] }).rows;
const UFS = ['SP', 'RJ', 'MG', 'PR', 'SC', 'RS', 'BA', 'GO', 'PE', 'CE', 'ES', 'MT', 'MS', 'DF', 'PA', 'AM', 'MA', 'PB', 'RN', 'AL', 'SE', 'PI', 'TO', 'RO', 'AC', 'AP', 'RR'];
const GATILHOS = ['nfes', 'rastreios', 'eventos_ocorrencia', 'ctes'];

/** The summary triggers of the bulk-loaded tables: 0060's (notes, CT-es) and the generic ones of *_bi_resumo_cotacoes
 * (undelivered notes, events by kind, bills per UF); not those of audits and paid CT-es (bi2, measured apart below). */
async function gatilhos(db: Database['db'], ligar: boolean) {
  for (const t of GATILHOS) {
    for (const op of ['ins', 'upd', 'del']) {
      for (const g of ['resumo_bi', 'resumo_bi4']) await db.execute(sql.raw(`alter table ${t} ${ligar ? 'enable' : 'disable'} trigger ${t}_${g}_${op}`));
    }
  }
}

/** NF-es numbered de..ate of the shipper: emission in 2025 (≈ 2,740 a day), carrier 1 of 3 (or none for 1 in 50), UF ~30 % SP. */
async function inserirNotas(db: Database['db'], emb: string, transps: string[], de: number, ate: number) {
  const ufs = sql.raw(`array[${UFS.map((u) => `'${u}'`).join(',')}]`);
  const tr = sql.raw(`array[${transps.map((t) => `'${t}'::uuid`).join(',')}]`);
  await db.execute(sql`
    insert into nfes (embarcador_uid, chave, versao, numero, serie, modelo, emissao, emissao_texto, tipo_ambiente, natureza_operacao,
      emitente_documento, emitente_nome, emitente_uf, destinatario_documento, destinatario_nome, destinatario_uf, destinatario_municipio_ibge,
      valor_total, valor_produtos, valor_frete, peso_bruto, volumes, modalidade_frete, quantidade_itens, chave_valida, assinatura_valida,
      transportador_uid, transportador_nome)
    select ${emb}, '35' || lpad(g::text, 42, '0'), '4.00', g, 1, 55, e, to_char(e at time zone 'America/Sao_Paulo', 'YYYY-MM-DD"T"HH24:MI:SS') || '-03:00', 1, 'VENDA',
      '11222333000181', 'Demo Alimentos', 'SP', lpad((g % 99991)::text, 14, '0'), 'Cliente ' || (g % 99991), case when g % 10 < 3 then 'SP' else (${ufs})[1 + g % 27] end, '3550308',
      round((g % 50000) / 7.0 + 100, 2), round((g % 50000) / 7.0 + 90, 2), 10, (g % 3000) + 1, 1 + g % 20, 0, 1 + g % 5, true, true,
      case when g % 50 = 0 then null else (${tr})[1 + g % 3] end, case when g % 50 = 0 then 'Transportes Avulsos ' || (g % 7) end
    from generate_series(${de}::int, ${ate}::int) g, lateral (select timestamptz '2025-01-01 03:00+00' + ((g::bigint * 7919) % 31536000) * interval '1 second' as e) t`);
}

const transportadores = async (db: Database['db'], emb: string) =>
  linhas<{ uid: string }>(await db.execute(sql`select transportador_uid as uid from embarcador_transportador where embarcador_uid = ${emb} order by 1 limit 3`)).map((r) => r.uid);

async function gerar(db: Database['db'], emb: string, n: number) {
  const transps = await transportadores(db, emb);
  const [{ entregue }] = linhas<{ entregue: string }>(await db.execute(sql`select uid as entregue from ocorrencias where embarcador_uid = ${emb} and acao = 1 order by codigo limit 1`));
  const [{ outra }] = linhas<{ outra: string }>(await db.execute(sql`select uid as outra from ocorrencias where embarcador_uid = ${emb} and acao <> 1 order by codigo limit 1`));
  const tr = sql.raw(`array[${transps.map((t) => `'${t}'::uuid`).join(',')}]`);
  for (let de = 1_000_001; de < 1_000_001 + n; de += LOTE) {
    const ate = Math.min(1_000_000 + n, de + LOTE - 1);
    await inserirNotas(db, emb, transps, de, ate);
    const faixa = sql`n.embarcador_uid = ${emb} and n.numero between ${de} and ${ate}`;
    // Tracking: promised 2-6 days after emission; 9 in 10 delivered, a quarter of those 1-3 days late; 1 in 7 with an attempt.
    await db.execute(sql`
      insert into rastreios (nfe_uid, embarcador_uid, token, data_prevista, prazo_dias_uteis, data_entrega, tentativas, ultimo_evento_em)
      select n.uid, n.embarcador_uid, md5(n.uid::text) || 'bench12345', p.prevista, 2 + n.numero % 5,
        case when n.numero % 10 = 9 then null when n.numero % 4 = 0 then p.prevista + (1 + n.numero % 3) else p.prevista - (n.numero % 2) end,
        case when n.numero % 7 = 0 then 1 else 0 end, n.emissao + interval '1 day'
      from nfes n, lateral (select (n.emissao at time zone 'America/Sao_Paulo')::date + (2 + n.numero % 5) as prevista) p where ${faixa}`);
    // Events: two "in transit" ones and, for the delivered notes, "delivered" on the delivery day at 14:00.
    await db.execute(sql`
      insert into eventos_ocorrencia (embarcador_uid, ocorrencia_uid, transportador_uid, cnpj_emissor_nf, serie_nf, numero_nf, data_hora, origem, nfe_uid)
      select n.embarcador_uid, case when k = 2 then ${entregue}::uuid else ${outra}::uuid end, n.transportador_uid, '11222333000181', '1', n.numero::text,
        case when k = 2 then (r.data_entrega + time '14:00') at time zone 'America/Sao_Paulo' else n.emissao + (k + 1) * interval '5 hours' end, 'edi', n.uid
      from nfes n join rastreios r on r.nfe_uid = n.uid cross join generate_series(0, 2) k
      where ${faixa} and (k < 2 or r.data_entrega is not null)`);
    await inserirCtes(db, emb, transps, de, ate);
  }
  // Quotations: one for 20 NF-es, created over 2025, each inviting the 3 carriers (2 of 3 answer); 1 in 4 finalized, won by one of them.
  await db.execute(sql`
    with q as (
      insert into cotacoes_frete (embarcador_uid, status, vencedor_transportador_uid, valor_aprovado, valor_alvo, criado_em)
      select ${emb}, case when g % 4 = 0 then 4 else 2 end, case when g % 4 = 0 then (${tr})[1 + g % 3] end,
        case when g % 4 = 0 then round(100 + (g % 900) / 3.0, 2) end, case when g % 8 = 0 then round(110 + (g % 900) / 3.0, 2) end,
        timestamptz '2025-01-01 03:00+00' + ((g::bigint * 7919) % 31536000) * interval '1 second'
      from generate_series(1, ${Math.ceil(n / 20)}::int) g returning uid, criado_em)
    insert into cotacao_transportadores (cotacao_uid, transportador_uid, respondido_em, valor_total)
    select q.uid, t, case when k <= 2 then q.criado_em + interval '3 hours' end, case when k <= 2 then 100 + k end
    from q cross join lateral unnest(${tr}) with ordinality as x(t, k)`);
  for (const t of ['nfes', 'rastreios', 'eventos_ocorrencia', 'ctes']) await db.execute(sql.raw(`vacuum analyze ${t}`));
}

/** The summaries of what the bulk load wrote, by the functions the triggers call (100,000 documents a statement). */
async function construirResumos(db: Database['db'], emb: string) {
  const lotes = async (q: ReturnType<typeof sql>, aplicar: (uids: string) => ReturnType<typeof sql>) => {
    const uids = linhas<{ uid: string }>(await db.execute(q)).map((r) => r.uid);
    for (let i = 0; i < uids.length; i += LOTE) await db.execute(aplicar(`{${uids.slice(i, i + LOTE).join(',')}}`));
  };
  const notas = sql`select uid from nfes where embarcador_uid = ${emb} and numero > 1000000 order by uid`;
  await lotes(notas, (u) => sql`select resumo_bi_aplicar_notas(${u}::uuid[])`);
  await lotes(notas, (u) => sql`select resumo_bi_aplicar('resumo_bi_pendentes', ${u}::uuid[])`);
  await lotes(sql`select uid from eventos_ocorrencia where embarcador_uid = ${emb} order by uid`, (u) => sql`select resumo_bi_aplicar('resumo_bi_eventos', ${u}::uuid[])`);
  await lotes(notas, (u) => sql`select resumo_bi_aplicar('resumo_bi_ocorrencias_notas', ${u}::uuid[])`);
  await db.execute(sql`select resumo_bi_somar_ctes(array(select c from ctes c where embarcador_uid = ${emb} and numero > 1000000), 1)`);
  for (const t of ['resumo_bi_notas', 'resumo_bi_ctes', 'resumo_bi_pendentes', 'resumo_bi_eventos', 'resumo_bi_convites', 'resumo_bi_cotacoes', 'resumo_bi_ocorrencias_notas']) await db.execute(sql.raw(`vacuum analyze ${t}`));
}

async function medir(fn: () => Promise<unknown>, n: number) {
  await fn();
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const a = performance.now();
    await fn();
    ms.push(performance.now() - a);
  }
  return { p50: r2(pct(ms, 50)), p95: r2(pct(ms, 95)) };
}

async function benchEm(rotulo: string, database: Database, n: number, nota: string): Promise<Linha[]> {
  const db = database.db;
  await seedDemo(db);
  const [{ uid: emb }] = linhas<{ uid: string }>(await db.execute(sql`select uid from embarcadores where cnpj = '11222333000181'`));
  await gatilhos(db, false);
  let t0 = performance.now();
  await gerar(db, emb, n);
  const geracao = Math.round((performance.now() - t0) / 1000);
  const [{ eventos }] = linhas<{ eventos: number }>(await db.execute(sql`select count(*)::int as eventos from eventos_ocorrencia where embarcador_uid = ${emb}`));
  log(`${rotulo}: ${n.toLocaleString('pt-BR')} NF-e, ${n.toLocaleString('pt-BR')} CT-e e ${eventos.toLocaleString('pt-BR')} eventos gerados em ${geracao} s`);
  t0 = performance.now();
  await construirResumos(db, emb);
  const construcao = Math.round((performance.now() - t0) / 1000);
  await gatilhos(db, true);
  const [{ linhasResumo }] = linhas<{ linhasResumo: number }>(await db.execute(sql`select (select count(*) from resumo_bi_notas) + (select count(*) from resumo_bi_ctes) + (select count(*) from resumo_bi_pendentes) + (select count(*) from resumo_bi_eventos) as "linhasResumo"`));
  log(`${rotulo}: resumos construídos em ${construcao} s (${Number(linhasResumo).toLocaleString('pt-BR')} linhas)`);

  // Write cost of the triggers: 1,000 NF-es in one statement, on and then off (deleted after each).
  const custo: Record<string, number> = {};
  const transps = await transportadores(db, emb);
  for (const ligado of [true, false]) {
    await gatilhos(db, ligado);
    const ms: number[] = [];
    for (let i = 0; i < 3; i++) {
      const base = 5_000_000 + i * 1_000 + (ligado ? 0 : 10_000);
      const a = performance.now();
      await inserirNotas(db, emb, transps, base, base + 999);
      ms.push(performance.now() - a);
      await db.execute(sql`delete from nfes where embarcador_uid = ${emb} and numero between ${base} and ${base + 999}`);
    }
    custo[ligado ? 'com' : 'sem'] = r2(pct(ms, 50));
  }
  await gatilhos(db, true);

  // The generic triggers of the audit and paid-CT-e summaries on ctes (migration *_bi_resumo_auditorias): a batch of
  // 1,000 CT-es with every trigger, without those two (the others on), and without any.
  const custoCte: Record<string, number> = {};
  for (const modo of ['todos', 'sem-bi2', 'nenhum'] as const) {
    await gatilhos(db, modo !== 'nenhum');
    for (const op of ['ins', 'upd', 'del']) await db.execute(sql.raw(`alter table ctes ${modo === 'todos' ? 'enable' : 'disable'} trigger ctes_resumo_bi2_${op}`));
    const ms: number[] = [];
    for (let i = 0; i < 5; i++) {
      const base = 6_000_000 + i * 1_000 + (modo === 'todos' ? 0 : modo === 'sem-bi2' ? 10_000 : 20_000);
      const a = performance.now();
      await inserirCtes(db, emb, transps, base, base + 999);
      ms.push(performance.now() - a);
      await db.execute(sql`delete from ctes where embarcador_uid = ${emb} and numero between ${base} and ${base + 999}`);
    }
    custoCte[modo] = r2(pct(ms, 50));
  }
  await gatilhos(db, true);
  for (const op of ['ins', 'upd', 'del']) await db.execute(sql.raw(`alter table ctes enable trigger ctes_resumo_bi2_${op}`));
  log(`${rotulo}: 1.000 CT-e: todos os gatilhos ${custoCte.todos} ms, sem os de auditorias/faturas ${custoCte['sem-bi2']} ms, sem nenhum ${custoCte.nenhum} ms`);

  const e: Escopo = { embarcadorUid: emb, transportadorUid: null };
  const f: FiltroBi = { dataInicio: '2025-01-01', dataFim: '2025-12-31' };
  const casos: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
    ...Object.keys(DATASETS_RESUMO).map((k) => [`bi-test/${k}`, () => DATASETS_RESUMO[k](db, e, f), () => DATASETS[k].consulta(db, e, f)] as [string, () => Promise<unknown>, () => Promise<unknown>]),
    ['bi/frete', () => biFreteResumo(db, e, f), () => biFrete(db, e, f)],
    ['bi/transportadora', () => scorecard(db, e, f, { resumo: true }), () => scorecard(db, e, f)],
    ['bi/tracking', () => biTrackingResumo(db, e, f), () => biTracking(db, e, f)],
    ['bi/cotacoes', () => biCotacoesResumo(db, e, f), () => biCotacoes(db, e, f)],
    ['GET dashboard', () => dashboard(db, e, f), () => dashboard(db, e, f, { bruto: true })],
  ];
  const out: Linha[] = [];
  for (const [nome, resumo, bruto] of casos) {
    const a = await medir(resumo, RUNS);
    const b = await medir(bruto, RAW_RUNS);
    log(`${rotulo} ${nome}: resumo p50 ${a.p50} / p95 ${a.p95} ms; agregado bruto p50 ${b.p50} / p95 ${b.p95} ms`);
    out.push({
      name: `${nome}, 12 meses (${rotulo}): tabelas de resumo`,
      p50Ms: a.p50, p95Ms: a.p95, opsPerSec: r2(1000 / a.p50, 1), ratio: r2(b.p95 / a.p95, 1),
      note: `${nota}; ${RUNS} amostras; ratio = p95 do agregado bruto / p95 do resumo; meta p95 < 300 ms`,
    });
    out.push({ name: `${nome}, 12 meses (${rotulo}): agregado bruto dos documentos`, p50Ms: b.p50, p95Ms: b.p95, opsPerSec: r2(1000 / b.p50, 2), note: `${nota}; ${RAW_RUNS} amostras, a mesma execução` });
  }
  out.push({
    name: `resumos de BI (${rotulo}): construção a partir dos documentos, s`, opsPerSec: 0, p95Ms: construcao * 1000,
    note: `${nota}; resumo_bi_aplicar_notas e resumo_bi_aplicar (pendentes, eventos, ocorrências por nota) em lotes de 100.000 + resumo_bi_somar_ctes; ${Number(linhasResumo).toLocaleString('pt-BR')} linhas de resumo; carga em massa (gatilhos desligados) ${geracao} s; o valor está na coluna p95 (ms)`,
  });
  out.push({
    name: `resumos de BI (${rotulo}): custo dos gatilhos ao inserir 1.000 NF-e`, opsPerSec: r2(1000 / custo.com, 2), p50Ms: custo.com, ratio: r2(custo.com / custo.sem, 2),
    note: `${nota}; um INSERT … SELECT de 1.000 NF-e com gatilhos (p50 ${custo.com} ms) e sem (${custo.sem} ms); ratio = com / sem`,
  });
  out.push({
    name: `resumos de BI (${rotulo}): custo dos gatilhos de auditorias/faturas ao inserir 1.000 CT-e`, opsPerSec: r2(1000 / custoCte.todos, 2), p50Ms: custoCte.todos,
    ratio: r2(custoCte.todos / custoCte['sem-bi2'], 2),
    note: `${nota}; um INSERT … SELECT de 1.000 CT-e: com todos os gatilhos p50 ${custoCte.todos} ms, sem os dois genéricos (resumo_bi_auditorias, resumo_bi_faturas) ${custoCte['sem-bi2']} ms, sem nenhum ${custoCte.nenhum} ms; ratio = todos / sem os genéricos`,
  });
  return out;
}

/** CT-es numbered de..ate of the shipper, like the bulk load's. */
async function inserirCtes(db: Database['db'], emb: string, transps: string[], de: number, ate: number) {
  const tr = sql.raw(`array[${transps.map((t) => `'${t}'::uuid`).join(',')}]`);
  await db.execute(sql`
    insert into ctes (embarcador_uid, chave, versao, numero, serie, modelo, emissao, emissao_texto, emitente_nome, transportador_uid, destino_uf,
      valor_prestacao, valor_carga, peso_carga, cancelado)
    select ${emb}, '359' || lpad(g::text, 41, '0'), '4.00', g, 1, 57, e, to_char(e at time zone 'America/Sao_Paulo', 'YYYY-MM-DD"T"HH24:MI:SS') || '-03:00',
      'Transportes Avulsos', case when g % 50 = 0 then null else (${tr})[1 + g % 3] end, case when g % 10 < 3 then 'SP' else 'RJ' end,
      round((g % 9000) / 13.0 + 50, 2), round((g % 50000) / 7.0 + 100, 2), (g % 3000) + 1, g % 100 = 0
    from generate_series(${de}::int, ${ate}::int) g, lateral (select timestamptz '2025-01-01 03:00+00' + ((g::bigint * 104729) % 31536000) * interval '1 second' as e) t`);
}

export async function benchBi(): Promise<Linha[]> {
  const out: Linha[] = [];
  const base = process.env.BENCH_DATABASE_URL;
  if (base) {
    const nome = `fretio_bench_bi_${Math.random().toString(16).slice(2, 10)}`;
    const a = await adminClient(base);
    await createDatabase(a, nome);
    await a.end();
    const database = await openDatabase({ databaseUrl: databaseUrlFor(base, nome), migrate: true });
    try {
      const [{ v }] = linhas<{ v: string }>(await database.db.execute(sql`select current_setting('server_version') as v`));
      out.push(...(await benchEm('PostgreSQL', database, LINHAS_PG, `PostgreSQL ${v}; ${LINHAS_PG.toLocaleString('pt-BR')} NF-e e CT-e, ~${(LINHAS_PG * 2.9).toLocaleString('pt-BR')} eventos`)));
    } finally {
      await database.close();
      const b = await adminClient(base);
      await dropDatabase(b, nome).catch(() => undefined);
      await b.end();
    }
  }
  if (LINHAS_PGLITE > 0) {
    const dir = mkdtempSync(join(tmpdir(), 'fretio-bench-bi-'));
    const database = await openDatabase({ dataDir: dir, migrate: true });
    try {
      out.push(...(await benchEm('PGlite', database, LINHAS_PGLITE, `PGlite em memória; ${LINHAS_PGLITE.toLocaleString('pt-BR')} NF-e e CT-e${LINHAS_PGLITE < LINHAS_PG ? ` (menos que no PostgreSQL: BENCH_BI_PGLITE_ROWS)` : ''}`)));
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return out;
}
