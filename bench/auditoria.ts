// Freight audit at scale (BENCH_ONLY=auditoria; BENCH_AUDITORIA=reauditoria,lista picks a part).
//  (a) Re-audit task (reauditar-por-periodo, batches of 250 CT-es per transaction, lote.ts) over
//      BENCH_AUDITORIA_CTES CT-es (default 20,000; the target is 100,000 in < 60 s on PostgreSQL)
//      of 50 carriers, each with a table of 500 routes (SP → RJ by UF + 499 SP → municipality), one NF-e
//      per CT-e, components mapped per carrier. Measured from the task's creation to its end (the
//      worker of the app, as in production); reports CT-es/s, the engine's share of the time (freight
//      engine + comparison, calculo.ts tempoMotor) and the stages of the batch (reads / calculation /
//      writes), next to the one-CT-e path (auditarCte, one transaction each: what the task did before)
//      on a sample of BENCH_AUDITORIA_AMOSTRA CT-es in the same run (ratio = batch rate / one-by-one rate).
//  (b) The audit list (listar() of auditoriasResource, what GET/POST auditorias/list runs) over
//      BENCH_AUDITORIA_LISTA audits (default 1,000,000, generate_series) with a period + result filter:
//      p50/p95 of pages 1 and 50, and the EXPLAIN of the page. PostgreSQL when BENCH_DATABASE_URL is set
//      (`bash apps/server/test/pg.sh --bench`), else PGlite with BENCH_AUDITORIA_LISTA_PGLITE rows.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { DEMO, seedDemo } from '../apps/server/src/db/seed/demo.ts';
import { listar } from '../apps/server/src/framework/crud.ts';
import { criarTarefa } from '../apps/server/src/framework/tarefas/index.ts';
import { tempoMotor } from '../apps/server/src/modules/auditorias/calculo.ts';
import { tempos } from '../apps/server/src/modules/auditorias/lote.ts';
import { auditoriasResource } from '../apps/server/src/modules/auditorias/resource.ts';
import { auditarCte } from '../apps/server/src/modules/auditorias/service.ts';
import { reauditarPorPeriodo } from '../apps/server/src/modules/auditorias/tarefa.ts';
import { identidadeRepository } from '../apps/server/src/modules/perfil/identidade-repository.ts';
import type { RequestContext } from '../apps/server/src/plugins/auth/context.ts';
import { adminClient, createDatabase, databaseUrlFor, dropDatabase } from '../apps/server/test/support/pg-admin.ts';

type Linha = { name: string; opsPerSec?: number; ratio?: number; note?: string; p50Ms?: number; p95Ms?: number };

const partes = (process.env.BENCH_AUDITORIA ?? 'reauditoria,lista').split(',').map((s) => s.trim());
const CTES = Number(process.env.BENCH_AUDITORIA_CTES ?? 20_000);
const AMOSTRA = Number(process.env.BENCH_AUDITORIA_AMOSTRA ?? 300);
const TRANSPORTADORES = 50;
const ROTAS = 500;
const LISTA = Number(process.env.BENCH_AUDITORIA_LISTA ?? 1_000_000);
const LISTA_PGLITE = Number(process.env.BENCH_AUDITORIA_LISTA_PGLITE ?? 200_000);
const r2 = (v: number, d = 2) => Math.round(v * 10 ** d) / 10 ** d;
const pct = (ms: number[], p: number) => {
  const s = [...ms].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
const log = (s: string) => console.log(`[auditoria] ${s}`);
const linhas = <T>(r: unknown) => ((r as { rows?: T[] }).rows ?? (r as T[]));

/** The bench's database: a throwaway PostgreSQL database of BENCH_DATABASE_URL, else PGlite on disk. */
async function abrirBanco(prefixo: string): Promise<{ database: Database; rotulo: string; dir: string; fechar: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), `fretio-bench-${prefixo}-`));
  const base = process.env.BENCH_DATABASE_URL;
  if (!base) {
    const database = await openDatabase({ dataDir: dir, migrate: true });
    return { database, rotulo: 'PGlite', dir, fechar: async () => { await database.close(); rmSync(dir, { recursive: true, force: true }); } };
  }
  const nome = `${prefixo}_${Math.random().toString(16).slice(2, 10)}`;
  const a = await adminClient(base);
  await createDatabase(a, nome);
  await a.end();
  const database = await openDatabase({ databaseUrl: databaseUrlFor(base, nome), migrate: true });
  return {
    database, rotulo: 'PostgreSQL', dir,
    fechar: async () => {
      await database.close();
      const b = await adminClient(base);
      await dropDatabase(b, nome).catch(() => undefined);
      await b.end();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function demo(db: Database['db']) {
  await seedDemo(db);
  const [{ uid: embarcadorUid }] = linhas<{ uid: string }>(await db.execute(sql`select uid from embarcadores where cnpj = '11222333000181'`));
  const [u] = linhas<{ uid: string }>(await db.execute(sql`select uid from usuarios where login = ${DEMO.admin.login}`));
  return { embarcadorUid, usuarioUid: u.uid };
}

/** 50 carriers linked to the shipper, each with one table of 500 routes and its component names mapped. */
export async function gerarTransportadores(db: Database['db'], embarcadorUid: string) {
  await db.execute(sql`
    insert into transportadores (nome, nome_fantasia, cnpj, uf)
    select 'Bench Transportes ' || i, 'Bench ' || i, lpad((90000000 + i)::text, 8, '0') || '000190', 'SP' from generate_series(1, ${TRANSPORTADORES}::int) i`);
  await db.execute(sql`insert into embarcador_transportador (embarcador_uid, transportador_uid)
    select ${embarcadorUid}, uid from transportadores where nome like 'Bench Transportes %'`);
  await db.execute(sql`
    insert into tabelas_frete (embarcador_uid, nome, transportador_uid, vigencia_inicio, status, prioridade)
    select ${embarcadorUid}::uuid, 'Bench ' || t.nome, t.uid, '2020-01-01', 1, 0 from transportadores t where t.nome like 'Bench Transportes %'`);
  await db.execute(sql`
    insert into tabela_frete_rotas (tabela_frete_uid, origem_tipo, origem_uf, destino_tipo, destino_uf, destino_ibge, prazo_dias_uteis, frete_minimo, ordem)
    select t.uid, 'UF', 'SP', case when m.n = 0 then 'UF' else 'MUNICIPIO' end, case when m.n = 0 then 'RJ' end,
           case when m.n = 0 then null else m.ibge end, 1 + (m.n % 6), 60 + (m.n % 40), m.n
    from tabelas_frete t
    cross join lateral (
      select 0 as n, null::varchar as ibge
      union all
      select row_number() over (order by ibge), ibge from (select ibge from municipios where ibge <> '3304557' order by ibge limit ${ROTAS - 1}::int) x
    ) m
    where t.nome like 'Bench Bench %'`);
  await db.execute(sql`
    insert into regras (tabela_frete_uid, tabela_rota_uid, escopo, componente, base, calculo, ordem)
    select r.tabela_frete_uid, r.uid, 'ROTA', 'FRETE_PESO', 'PESO', 'FAIXA', 0
    from tabela_frete_rotas r join tabelas_frete t on t.uid = r.tabela_frete_uid where t.nome like 'Bench Bench %'`);
  await db.execute(sql`
    insert into faixas (regra_uid, tabela_frete_uid, ate, valor, modo, ordem)
    select g.uid, g.tabela_frete_uid, f.ate, f.valor, f.modo, f.ordem
    from regras g join tabelas_frete t on t.uid = g.tabela_frete_uid
    cross join (values (0, 10::numeric, 30::numeric, 'FIXO'), (1, 30, 45, 'FIXO'), (2, 100, 90, 'FIXO'), (3, null, 0.85, 'EXCEDENTE')) f(ordem, ate, valor, modo)
    where t.nome like 'Bench Bench %' and g.componente = 'FRETE_PESO'`);
  await db.execute(sql`
    insert into regras (tabela_frete_uid, escopo, componente, base, calculo, valor, minimo, ordem)
    select t.uid, 'GENERALIDADE', g.componente, g.base, g.calculo, g.valor, g.minimo, g.ordem
    from tabelas_frete t
    cross join (values ('FRETE_VALOR', 'VALOR', 'PERCENTUAL', 0.3, null::numeric, 0), ('GRIS', 'VALOR', 'PERCENTUAL', 0.3, 3, 1),
                       ('PEDAGIO', 'FRACAO_100KG', 'POR_UNIDADE', 6.5, null, 2)) g(componente, base, calculo, valor, minimo, ordem)
    where t.nome like 'Bench Bench %'`);
  await db.execute(sql`
    insert into mapas_componente (embarcador_uid, transportador_uid, nome, componente_uid)
    select ${embarcadorUid}, t.uid, c.codigo, c.uid from transportadores t
      join componentes c on c.embarcador_uid = ${embarcadorUid} and c.codigo in ('FRETE_PESO', 'FRETE_VALOR', 'GRIS', 'PEDAGIO')
     where t.nome like 'Bench Transportes %'`);
}

/**
 * n CT-es SP → one of the tables' municipalities, emitted in 2025, each with one NF-e and four components
 * near the table's values (about a third exact → Aprovada), and their first audit (Sem cálculo) to re-audit.
 */
export async function gerarCtes(db: Database['db'], embarcadorUid: string, n: number) {
  await db.execute(sql`create temporary table bench_dest as select row_number() over (order by ibge) - 1 as i, ibge, uf from
    (select ibge, uf from municipios where ibge <> '3304557' order by ibge limit ${ROTAS - 1}::int) x`);
  await db.execute(sql`create temporary table bench_transp as select row_number() over (order by uid) - 1 as i, uid, cnpj from transportadores where nome like 'Bench Transportes %'`);
  for (let de = 1; de <= n; de += 50_000) {
    const ate = Math.min(n, de + 49_999);
    await db.execute(sql`
      insert into nfes (embarcador_uid, chave, versao, numero, serie, modelo, emissao, emissao_texto, tipo_ambiente, natureza_operacao,
        emitente_documento, emitente_nome, emitente_uf, destinatario_documento, destinatario_nome, destinatario_uf, destinatario_municipio_ibge,
        valor_total, valor_produtos, valor_frete, peso_bruto, volumes, modalidade_frete, quantidade_itens, chave_valida, assinatura_valida)
      select ${embarcadorUid}, '35' || lpad(g::text, 42, '0'), '4.00', g, 1, 55, timestamptz '2025-03-01 15:00+00' + (g % 90) * interval '1 day', '2025-03-01T12:00:00-03:00', 1, 'VENDA',
        '11222333000181', 'Demo Alimentos', 'SP', lpad((g % 99991)::text, 14, '0'), 'Cliente', d.uf, d.ibge,
        1000 + (g % 50) * 100, 1000, 0, 50 + (g % 200), 1, 0, 1, true, true
      from generate_series(${de}::int, ${ate}::int) g join bench_dest d on d.i = g % ${ROTAS - 1}::int`);
    await db.execute(sql`
      insert into ctes (embarcador_uid, chave, versao, numero, serie, modelo, emissao, emissao_texto, tipo_cte, origem_uf, destino_uf,
        origem_municipio_ibge, destino_municipio_ibge, valor_prestacao, valor_receber, icms_cst, icms_base, icms_aliquota, icms_valor,
        peso_carga, valor_carga, transportador_uid, emitente_documento, quantidade_nfes)
      select ${embarcadorUid}, '359' || lpad(g::text, 41, '0'), '4.00', g, 1, 57, timestamptz '2025-03-01 15:00+00' + (g % 90) * interval '1 day', '2025-03-01T12:00:00-03:00', 0, 'SP', d.uf,
        '3550308', d.ibge, 150, 150, '00', 150, 12, 18, 50 + (g % 200), 1000 + (g % 50) * 100, t.uid, t.cnpj, 1
      from generate_series(${de}::int, ${ate}::int) g join bench_dest d on d.i = g % ${ROTAS - 1}::int join bench_transp t on t.i = g % ${TRANSPORTADORES}::int`);
  }
  await db.execute(sql`insert into cte_nfes (cte_uid, embarcador_uid, chave, nfe_uid, ordem)
    select c.uid, c.embarcador_uid, '35' || lpad(c.numero::text, 42, '0'), f.uid, 0 from ctes c
      join nfes f on f.embarcador_uid = c.embarcador_uid and f.chave = '35' || lpad(c.numero::text, 42, '0')
     where c.embarcador_uid = ${embarcadorUid} and c.chave like '359%'`);
  await db.execute(sql`insert into cte_componentes (cte_uid, ordem, nome, valor)
    select c.uid, k.o, k.nome, k.v from ctes c cross join lateral (values (0, 'FRETE_PESO', 60 + (c.numero % 40)::numeric), (1, 'FRETE_VALOR', c.valor_carga * 0.003),
      (2, 'GRIS', greatest(3, c.valor_carga * 0.003)), (3, 'PEDAGIO', ceil(c.peso_carga / 100) * 6.5)) k(o, nome, v)
     where c.embarcador_uid = ${embarcadorUid} and c.chave like '359%'`);
  await db.execute(sql`
    insert into auditorias (embarcador_uid, cte_uid, chave_cte, numero_cte, serie_cte, emissao, transportador_uid, status, resultado_calculo, valor_cobrado, resumo)
    select c.embarcador_uid, c.uid, c.chave, c.numero, c.serie, c.emissao, c.transportador_uid, 3, 3, c.valor_prestacao, 'Ainda não auditado.'
      from ctes c where c.embarcador_uid = ${embarcadorUid} and c.chave like '359%'`);
  for (const t of ['nfes', 'ctes', 'cte_nfes', 'cte_componentes', 'auditorias']) await db.execute(sql.raw(`analyze ${t}`));
}

async function aguardar(db: Database['db'], uid: string, limiteS = 3_600) {
  const fim = performance.now() + limiteS * 1000;
  for (;;) {
    const [t] = linhas<{ status: number; processados: number; total: number; erros: number; avisos: number; mensagem: string | null }>(
      await db.execute(sql`select status, processados, total, erros, avisos, mensagem from tarefas where uid = ${uid}`));
    if (t && [3, 4, 5, 6].includes(Number(t.status))) return t;
    if (performance.now() > fim) throw new Error(`tarefa ${uid} não terminou em ${limiteS} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function benchReauditoria(): Promise<Linha[]> {
  const banco = await abrirBanco('fretio_bench_aud');
  const { database, rotulo } = banco;
  const app = await buildApp({
    database,
    config: { dataDir: banco.dir, logLevel: 'silent', seedDemo: false, databaseUrl: undefined, smtpUrl: undefined,
      authSecret: 'bench-secret-0123456789abcdef0123456789abcdef', webDist: join(banco.dir, 'sem-web') },
  });
  // onReady starts the queue's worker (plugins/tarefas.ts): the task below runs on it, as in production.
  await app.ready();
  try {
    const db = app.db;
    const { embarcadorUid, usuarioUid } = await demo(db);
    const t0 = performance.now();
    await gerarTransportadores(db, embarcadorUid);
    await gerarCtes(db, embarcadorUid, CTES);
    log(`${rotulo}: ${TRANSPORTADORES} transportadores × ${ROTAS} rotas, ${CTES.toLocaleString('pt-BR')} CT-es gerados em ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // One-CT-e path on a sample (first audit of those CT-es). Warm-up first: one CT-e of each carrier builds
    // its table into the engine's cache (the first build of a 500-route table costs ~1 s), for both paths.
    const amostra = linhas<{ uid: string }>(await db.execute(sql`select uid from ctes where embarcador_uid = ${embarcadorUid} and chave like '359%' order by numero limit ${AMOSTRA + TRANSPORTADORES}::int`));
    const w0 = performance.now();
    for (const c of amostra.slice(0, TRANSPORTADORES)) await db.transaction((tx) => auditarCte(tx, embarcadorUid, c.uid, { propagar: false }));
    const aquecimento = performance.now() - w0;
    const m0 = tempoMotor.ms;
    const a0 = performance.now();
    for (const c of amostra.slice(TRANSPORTADORES)) await db.transaction((tx) => auditarCte(tx, embarcadorUid, c.uid, { propagar: false }));
    const umMs = performance.now() - a0;
    const umPorS = AMOSTRA / (umMs / 1000);
    const umMotor = (tempoMotor.ms - m0) / umMs;
    log(`${rotulo}: um a um ${AMOSTRA} CT-es em ${(umMs / 1000).toFixed(1)} s (${umPorS.toFixed(0)} CT-e/s; motor ${(umMotor * 100).toFixed(0)} %)`);

    // The task over every CT-e (the worker runs it; measured from creation to end).
    const antes = { ...tempos, motor: tempoMotor.ms };
    const b0 = performance.now();
    const uid = await criarTarefa(db, { embarcadorUid, usuarioUid }, reauditarPorPeriodo, { dataInicio: '2025-01-01', dataFim: '2025-12-31', transportadorUid: null });
    const fim = await aguardar(db, uid);
    const loteMs = performance.now() - b0;
    const porS = Number(fim.processados) / (loteMs / 1000);
    const motor = (tempoMotor.ms - antes.motor) / loteMs;
    const estagios = { leitura: tempos.leitura - antes.leitura, calculo: tempos.calculo - antes.calculo, gravacao: tempos.gravacao - antes.gravacao };
    const noLote = tempos.ctes - antes.ctes;
    const resultado = linhas<{ status: number; n: number }>(await db.execute(sql`select status, count(*)::int as n from auditorias where embarcador_uid = ${embarcadorUid} and chave_cte like '359%' group by status order by status`));
    const mix = resultado.map((r) => `${({ 1: 'Aprovada', 2: 'Divergente', 3: 'Sem cálculo' } as Record<number, string>)[r.status] ?? r.status} ${r.n}`).join(', ');
    const projecao = 100_000 / porS;
    log(`${rotulo}: tarefa ${fim.processados} CT-es em ${(loteMs / 1000).toFixed(1)} s (${porS.toFixed(0)} CT-e/s; motor ${(motor * 100).toFixed(0)} %); ${mix}; ${fim.mensagem}`);
    const seg = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    return [
      {
        name: `re-auditoria em lotes (${rotulo}, ${CTES.toLocaleString('pt-BR')} CT-es, ${TRANSPORTADORES} transportadores × ${ROTAS} rotas): CT-es/s`,
        opsPerSec: r2(porS, 1),
        ratio: r2(porS / umPorS),
        note: `tarefa reauditar-por-periodo ${seg(loteMs)} (${fim.processados} itens, ${fim.erros} erros; ${noLote} pelo caminho em lote); motor+comparação ${(motor * 100).toFixed(1)} % do tempo; `
          + `estágios do lote: leitura ${seg(estagios.leitura)}, cálculo ${seg(estagios.calculo)}, gravação ${seg(estagios.gravacao)}; resultado: ${mix}; `
          + `ratio = vs. um CT-e por transação (auditarCte) em ${AMOSTRA} CT-es na mesma execução: ${umPorS.toFixed(1)} CT-e/s, motor ${(umMotor * 100).toFixed(1)} %; `
          + `aquecimento (1 CT-e por transportador: as ${TRANSPORTADORES} tabelas montadas no cache do motor, antes das duas medidas) ${seg(aquecimento)}; projeção para 100.000: ${projecao.toFixed(0)} s (meta < 60 s no PostgreSQL)`,
      },
    ];
  } finally {
    await app.close();
    await banco.fechar();
  }
}

/** n audits of the demo shipper over 2024-2025, status spread 1/2/3 (and a few 4/5), 53 carriers. */
async function gerarAuditorias(db: Database['db'], embarcadorUid: string, n: number) {
  await db.execute(sql`create temporary table bench_tr as select row_number() over (order by uid) - 1 as i, uid from transportadores`);
  const [{ q }] = linhas<{ q: number }>(await db.execute(sql`select count(*)::int as q from bench_tr`));
  for (let de = 1; de <= n; de += 250_000) {
    const ate = Math.min(n, de + 249_999);
    await db.execute(sql`
      insert into auditorias (embarcador_uid, cte_uid, chave_cte, numero_cte, serie_cte, emissao, transportador_uid, status, resultado_calculo, fonte,
        valor_cobrado, valor_esperado, diferenca, resumo)
      select ${embarcadorUid}, gen_random_uuid(), '359' || lpad(g::text, 41, '0'), g, 1, e, t.uid, s, least(s, 3), 'TABELA', 100 + g % 900, 100 + g % 890, g % 10,
        case s when 1 then 'Aprovada' when 2 then 'Divergente: frete peso acima da tolerância' else 'Sem cálculo' end
      from generate_series(${de}::int, ${ate}::int) g
      cross join lateral (select timestamptz '2024-01-01 03:00+00' + ((g::bigint * 104729) % 63072000) * interval '1 second' as e,
                                 case when g % 100 < 80 then 1 when g % 100 < 92 then 2 when g % 100 < 97 then 3 when g % 100 < 99 then 4 else 5 end as s) x
      join bench_tr t on t.i = g % ${q}::int`);
  }
  await db.execute(sql`vacuum analyze auditorias`);
}

async function listaEm(rotulo: string, database: Database, n: number, nota: string): Promise<Linha[]> {
  const db = database.db;
  const { embarcadorUid, usuarioUid } = await demo(db);
  const t0 = performance.now();
  await gerarAuditorias(db, embarcadorUid, n);
  const geracao = Math.round((performance.now() - t0) / 1000);
  log(`${rotulo}: ${n.toLocaleString('pt-BR')} auditorias geradas em ${geracao} s`);
  const ctx = { ...(await identidadeRepository(db).contexto(usuarioUid, embarcadorUid)), via: 'sessao' } as RequestContext;
  const out: Linha[] = [];
  for (const [nome, status] of [['Divergente', 2], ['Aprovada', 1]] as const) {
    for (const pc of [1, 50]) {
      const q = { ftr_status: status, ftr_emissaoDe: '2025-03-01', ftr_emissaoAte: '2025-05-31', pc, pps: 20 };
      const primeiro = (await listar(db, auditoriasResource, ctx, q)) as { data: unknown[]; totalRecords: number };
      for (let i = 0; i < 3; i++) await listar(db, auditoriasResource, ctx, q);
      const ms: number[] = [];
      for (let i = 0; i < 40; i++) {
        const a = performance.now();
        await listar(db, auditoriasResource, ctx, q);
        ms.push(performance.now() - a);
      }
      const onde = sql`a.embarcador_uid = ${embarcadorUid} and a.status = ${status}
        and a.emissao >= ('2025-03-01'::date::timestamp at time zone 'America/Sao_Paulo') and a.emissao < (('2025-05-31'::date + 1)::timestamp at time zone 'America/Sao_Paulo')`;
      const plano = linhas<Record<string, string>>(await db.execute(sql`explain (analyze, costs off, timing off, summary off)
        select a.uid, a.emissao from auditorias a where ${onde} order by a.emissao desc, a.uid asc limit 20 offset ${(pc - 1) * 20}`)).map((r) => Object.values(r)[0]).join('\n');
      const contagem = linhas<Record<string, string>>(await db.execute(sql`explain (analyze, costs off, timing off, summary off) select count(*) from auditorias a where ${onde}`)).map((r) => Object.values(r)[0]).join('\n');
      console.log(`\n[auditoria] ${rotulo}, ${nome}, página ${pc} — EXPLAIN:\n${plano}\n[auditoria] contagem:\n${contagem}\n`);
      const indice = /auditorias_\w+_idx/.exec(plano)?.[0] ?? 'sem índice';
      const p50 = pct(ms, 50);
      const p95 = pct(ms, 95);
      log(`${rotulo} ${nome} página ${pc}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms; ${primeiro.totalRecords} no filtro; ${indice}`);
      out.push({
        name: `auditorias/list (${rotulo}, ${(n / 1e6).toLocaleString('pt-BR')} mi auditorias): período de 3 meses + resultado ${nome}, página ${pc}`,
        opsPerSec: r2(1000 / p50, 1), p50Ms: r2(p50), p95Ms: r2(p95),
        note: `${primeiro.totalRecords.toLocaleString('pt-BR')} auditorias no filtro; 40 amostras de listar() (o que GET/POST auditorias/list executa); plano: ${indice}; geração ${geracao} s${nota}; meta p95 < 100 ms no PostgreSQL`,
      });
    }
  }
  return out;
}

async function benchLista(): Promise<Linha[]> {
  const banco = await abrirBanco('fretio_bench_audl');
  try {
    const n = banco.rotulo === 'PostgreSQL' ? LISTA : LISTA_PGLITE;
    return await listaEm(banco.rotulo, banco.database, n, n < LISTA ? `; ${banco.rotulo} com ${n.toLocaleString('pt-BR')} linhas (não ${LISTA.toLocaleString('pt-BR')}): rode com BENCH_DATABASE_URL para o PostgreSQL` : '');
  } finally {
    await banco.fechar();
  }
}

export async function benchAuditoria(): Promise<Linha[]> {
  const out: Linha[] = [];
  if (partes.includes('reauditoria')) out.push(...(await benchReauditoria()));
  if (partes.includes('lista')) out.push(...(await benchLista()));
  return out;
}
