// Fiscal documents at scale (BENCH_ONLY=fiscal; BENCH_FISCAL=importacao,lista picks a part).
//  (a) Import rate: a ZIP of BENCH_FISCAL_DOCS NF-es (default 20,000; copies of one real sample, each
//      with its own number and valid key) uploaded to a real server process (child, HTTP on loopback),
//      timed from the upload to the task's end, the rows checked through the API; next to
//      fast-xml-parser's raw parse of the same files in this process, in the same run (ratio = import/raw).
//  (b) Peak RSS of that server process during the import: VmHWM of /proc/<pid>/status (the parse
//      workers are threads of the same process, so they are counted).
//  (c) 1,000,000 NF-es and 1,000,000 CT-es generated with generate_series, then the NF-e list (the
//      framework's listar(), what GET documentos/nfes runs) with a date range + destination UF,
//      pages 1 and 500: p50/p95, and the EXPLAIN of the same statements (page 500: its uids first, index-only). PostgreSQL (BENCH_DATABASE_URL,
//      e.g. `bash apps/server/test/pg.sh --bench`) and PGlite side by side; PGlite gets
//      BENCH_FISCAL_PGLITE_ROWS rows (default 1,000,000; say so when smaller).
// The server of (a)/(b) runs on PostgreSQL when BENCH_DATABASE_URL is set, else on PGlite (on disk).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { DEMO, seedDemo } from '../apps/server/src/db/seed/demo.ts';
import { listar } from '../apps/server/src/framework/crud.ts';
import { nfesResource } from '../apps/server/src/modules/nfes/resource.ts';
import { identidadeRepository } from '../apps/server/src/modules/perfil/identidade-repository.ts';
import type { RequestContext } from '../apps/server/src/plugins/auth/context.ts';
import { copiasDaAmostra } from '../apps/server/test/support/lote-fiscal.ts';
import { type ServidorFilho, entrarPorHttp, enviarArquivos, iniciarServidorFilho } from '../apps/server/test/support/servidor-filho.ts';
import { adminClient, createDatabase, databaseUrlFor, dropDatabase } from '../apps/server/test/support/pg-admin.ts';
import { montarZip } from '../apps/server/test/support/zip.ts';

type Linha = { name: string; opsPerSec?: number; ratio?: number; note?: string; p50Ms?: number; p95Ms?: number };

const partes = (process.env.BENCH_FISCAL ?? 'importacao,lista').split(',').map((s) => s.trim());
const DOCS = Number(process.env.BENCH_FISCAL_DOCS ?? 20_000);
/** Longest the import is followed (s): past it the task is cancelled and the rate is over what was done. */
const JANELA_S = Number(process.env.BENCH_FISCAL_MAX_S ?? 3_600);
/** Documents fast-xml-parser parses for the raw rate (the same files; a sample keeps a loaded run short). */
const AMOSTRA_BRUTA = Number(process.env.BENCH_FISCAL_RAW ?? 2_000);
const LINHAS_PG = Number(process.env.BENCH_FISCAL_ROWS ?? 1_000_000);
const LINHAS_PGLITE = Number(process.env.BENCH_FISCAL_PGLITE_ROWS ?? LINHAS_PG);
const r2 = (v: number, d = 2) => Math.round(v * 10 ** d) / 10 ** d;
const pct = (ms: number[], p: number) => {
  const s = [...ms].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
const log = (s: string) => console.log(`[fiscal] ${s}`);
const linhas = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** A throwaway PostgreSQL database of BENCH_DATABASE_URL, or null (no server given). */
async function bancoPostgres(prefixo: string): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const base = process.env.BENCH_DATABASE_URL;
  if (!base) return null;
  const nome = `${prefixo}_${Math.random().toString(16).slice(2, 10)}`;
  const a = await adminClient(base);
  await createDatabase(a, nome);
  await a.end();
  return {
    url: databaseUrlFor(base, nome),
    drop: async () => {
      const b = await adminClient(base);
      await dropDatabase(b, nome);
      await b.end();
    },
  };
}

const statusDoProcesso = (pid: number) => {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
};

async function benchImportacao(): Promise<Linha[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fretio-bench-fiscal-'));
  const pg = await bancoPostgres('fretio_bench_imp');
  const banco = pg ? 'PostgreSQL' : 'PGlite (disco)';
  let servidor: ServidorFilho | undefined;
  try {
    const copias = copiasDaAmostra(DOCS);
    const bytesXml = copias.reduce((s, c) => s + c.dados.length, 0);
    const zip = montarZip(copias.map((c) => ({ nome: c.nome, dados: c.dados })));
    log(`${DOCS.toLocaleString('pt-BR')} NF-e: ${Math.round(bytesXml / 2 ** 20)} MB de XML, ZIP de ${Math.round(zip.length / 2 ** 20)} MB`);

    // Raw rate: fast-xml-parser over the same files (text decoded from bytes, as the worker does), this process.
    const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false });
    const textos = copias.slice(0, Math.min(DOCS, AMOSTRA_BRUTA)).map((c) => c.dados);
    const t0 = performance.now();
    let nos = 0;
    for (const d of textos) nos += Object.keys(parser.parse(d.toString('utf8'))).length;
    const brutoMs = performance.now() - t0;
    const nBruto = textos.length;
    const taxaBruta = nBruto / (brutoMs / 1000);
    log(`fast-xml-parser: ${Math.round(taxaBruta)} docs/s (${nos} raízes)`);
    copias.length = 0;
    textos.length = 0;

    const s = await iniciarServidorFilho({ dataDir, databaseUrl: pg?.url });
    servidor = s;
    const pid = s.processo.pid as number;
    const cookie = await entrarPorHttp(s.base, DEMO.admin.login, DEMO.admin.senha);
    const antes = statusDoProcesso(pid);
    let picoRss = antes.rss;
    const amostrar = setInterval(() => {
      try {
        picoRss = Math.max(picoRss, statusDoProcesso(pid).rss);
      } catch {}
    }, 100);

    const inicio = performance.now();
    const uid = await enviarArquivos(s.base, '/api/importar/documentos/import-nfe', cookie, [{ nome: 'lote.zip', dados: zip }]);
    const envioMs = performance.now() - inicio;
    let tarefa: { status: number; processados: number; erros: number; total: number } = { status: 1, processados: 0, erros: 0, total: 0 };
    let ultimoLog = performance.now();
    let cancelada = false;
    while (![3, 4, 5, 6].includes(tarefa.status)) {
      if (!cancelada && performance.now() - inicio > JANELA_S * 1000) {
        cancelada = true;
        await fetch(`${s.base}/api/v1/fila-tarefas/${uid}/cancelar`, { headers: { cookie } });
      }
      await new Promise((r) => setTimeout(r, 250));
      tarefa = ((await (await fetch(`${s.base}/api/v1/fila-tarefas/${uid}`, { headers: { cookie } })).json()) as { data: typeof tarefa }).data;
      if (performance.now() - ultimoLog > 30_000) {
        ultimoLog = performance.now();
        log(`  ${tarefa.processados}/${tarefa.total} em ${Math.round((ultimoLog - inicio) / 1000)} s, RSS ${Math.round(statusDoProcesso(pid).rss)} MB`);
      }
    }
    const totalMs = performance.now() - inicio;
    clearInterval(amostrar);
    const fim = statusDoProcesso(pid);
    const lista = (await (await fetch(`${s.base}/api/v1/documentos/nfes?ftr_emitenteDocumento=75277525000178&pps=1`, { headers: { cookie } })).json()) as { data: { totalRecords: number } };
    const gravadas = lista.data.totalRecords;
    const feitos = tarefa.processados;
    const taxa = feitos / (totalMs / 1000);
    log(`importação: ${Math.round(taxa)} docs/s (${Math.round(totalMs / 1000)} s; ${gravadas} gravadas, ${tarefa.erros} erros); pico de RSS ${Math.round(Math.max(picoRss, fim.hwm))} MB`);
    const parcial = cancelada ? `; acompanhada por ${JANELA_S} s e então cancelada: taxa sobre os ${feitos.toLocaleString('pt-BR')} documentos processados` : '';
    const nota = `${banco}; ${DOCS.toLocaleString('pt-BR')} NF-e num ZIP de ${Math.round(zip.length / 2 ** 20)} MB (${Math.round(bytesXml / 2 ** 20)} MB de XML); envio ${Math.round(envioMs)} ms, total ${Math.round(totalMs / 1000)} s${parcial}; ${gravadas.toLocaleString('pt-BR')} linhas gravadas (= processados sem erro), ${tarefa.erros} erros; carga da máquina ${os.loadavg().map((x) => x.toFixed(1)).join(' / ')}`;
    return [
      { name: `importação NF-e ponta a ponta (${banco}): docs/s`, opsPerSec: r2(taxa, 1), ratio: r2(taxa / taxaBruta, 3), note: `${nota}; ratio = importação / parse bruto do fast-xml-parser (${Math.round(taxaBruta)} docs/s, mesma execução); a amostra copiada não tem assinatura XMLDSig (a conferência responde sem montar DOM); meta ≥ 0,5` },
      { name: 'fast-xml-parser: parse bruto dos mesmos XML, docs/s', opsPerSec: r2(taxaBruta, 1), note: `os primeiros ${nBruto.toLocaleString('pt-BR')} dos mesmos documentos, um processo, uma thread, antes da importação` },
      {
        name: `importação NF-e (${banco}): pico de RSS do servidor, MB`,
        opsPerSec: 0,
        p95Ms: r2(Math.max(picoRss, fim.hwm), 0),
        note: `VmHWM ${Math.round(fim.hwm)} MB (pico do processo desde o início, inclui a carga dos dados de demonstração), maior VmRSS amostrado a cada 100 ms ${Math.round(picoRss)} MB, RSS antes do envio ${Math.round(antes.rss)} MB; meta < 600 MB; o valor está na coluna p95`,
      },
    ];
  } finally {
    await servidor?.parar();
    await pg?.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const UFS = ['SP', 'RJ', 'MG', 'PR', 'SC', 'RS', 'BA', 'GO', 'PE', 'CE', 'ES', 'MT', 'MS', 'DF', 'PA', 'AM', 'MA', 'PB', 'RN', 'AL', 'SE', 'PI', 'TO', 'RO', 'AC', 'AP', 'RR'];

/** n NF-es and n CT-es of the demo shipper in batches of 100,000 (emission spread over 2024-2025, ~30 % to SP). */
async function gerar(db: Database['db'], embarcadorUid: string, n: number) {
  const ufs = sql.raw(`array[${UFS.map((u) => `'${u}'`).join(',')}]`);
  for (let de = 1; de <= n; de += 100_000) {
    const ate = Math.min(n, de + 99_999);
    await db.execute(sql`
      insert into nfes (embarcador_uid, chave, versao, numero, serie, modelo, emissao, emissao_texto, tipo_ambiente, natureza_operacao,
        emitente_documento, emitente_nome, emitente_uf, destinatario_documento, destinatario_nome, destinatario_uf, destinatario_municipio_ibge,
        valor_total, valor_produtos, valor_frete, peso_bruto, volumes, modalidade_frete, quantidade_itens, chave_valida, assinatura_valida)
      select ${embarcadorUid}, '35' || lpad(g::text, 42, '0'), '4.00', g, 1, 55, e, to_char(e at time zone 'America/Sao_Paulo', 'YYYY-MM-DD"T"HH24:MI:SS') || '-03:00', 1, 'VENDA',
        '11222333000181', 'Demo Alimentos', 'SP', lpad((g % 99991)::text, 14, '0'), 'Cliente ' || (g % 99991), case when g % 10 < 3 then 'SP' else (${ufs})[1 + g % 27] end, '3550308',
        (g % 50000) / 7.0 + 100, (g % 50000) / 7.0 + 90, 10, (g % 3000) + 1, 1 + g % 20, 0, 1 + g % 5, true, true
      from generate_series(${de}::int, ${ate}::int) g, lateral (select timestamptz '2024-01-01 03:00+00' + ((g::bigint * 7919) % 63072000) * interval '1 second' as e) t`);
    await db.execute(sql`
      insert into ctes (embarcador_uid, chave, versao, numero, serie, modelo, emissao, emissao_texto)
      select ${embarcadorUid}, '359' || lpad(g::text, 41, '0'), '4.00', g, 1, 57, e, to_char(e at time zone 'America/Sao_Paulo', 'YYYY-MM-DD"T"HH24:MI:SS') || '-03:00'
      from generate_series(${de}::int, ${ate}::int) g, lateral (select timestamptz '2024-01-01 03:00+00' + ((g::bigint * 104729) % 63072000) * interval '1 second' as e) t`);
  }
  await db.execute(sql`vacuum analyze nfes`);
  await db.execute(sql`vacuum analyze ctes`);
}

async function listaEm(rotulo: string, database: Database, n: number, nota: string): Promise<Linha[]> {
  const db = database.db;
  await seedDemo(db);
  const [{ uid: embarcadorUid }] = linhas<{ uid: string }>(await db.execute(sql`select uid from embarcadores where cnpj = '11222333000181'`));
  const t0 = performance.now();
  await gerar(db, embarcadorUid, n);
  const geracao = Math.round((performance.now() - t0) / 1000);
  log(`${rotulo}: ${n.toLocaleString('pt-BR')} NF-e + ${n.toLocaleString('pt-BR')} CT-e gerados em ${geracao} s`);
  const [u] = linhas<{ uid: string }>(await db.execute(sql`select uid from usuarios where login = ${DEMO.admin.login}`));
  const ctx = { ...(await identidadeRepository(db).contexto(u.uid, embarcadorUid)), via: 'sessao' } as RequestContext;
  const out: Linha[] = [];
  for (const pc of [1, 500]) {
    const q = { dataInicioFiltro: '2025-03-01', dataFimFiltro: '2025-05-31', ftr_destinatarioUf: 'SP', pc, pps: 20 };
    const primeiro = (await listar(db, nfesResource, ctx, q)) as { data: unknown[]; totalRecords: number };
    for (let i = 0; i < 3; i++) await listar(db, nfesResource, ctx, q);
    const ms: number[] = [];
    for (let i = 0; i < 40; i++) {
      const a = performance.now();
      await listar(db, nfesResource, ctx, q);
      ms.push(performance.now() - a);
    }
    // The statements listar() issues (page: index range + top-N; count when the page is full), as EXPLAIN.
    const onde = sql`n.embarcador_uid = ${embarcadorUid} and n.virtual = false and n.destinatario_uf = 'SP'
      and n.emissao >= ('2025-03-01'::date::timestamp at time zone 'America/Sao_Paulo') and n.emissao < (('2025-05-31'::date + 1)::timestamp at time zone 'America/Sao_Paulo')`;
    const plano = async (q2: ReturnType<typeof sql>) => linhas<Record<string, string>>(await db.execute(sql`explain (analyze, costs off, timing off, summary off) ${q2}`)).map((r) => Object.values(r)[0]).join('\n');
    // Pages after the first read their uids alone first (ResourceDef.paginaEmDuasEtapas): an index-only scan.
    const pagina = await plano(
      pc === 1
        ? sql`select n.uid, n.chave, n.numero, n.emissao from nfes n where ${onde} order by n.emissao desc, n.uid desc limit 20`
        : sql`select n.uid, n.chave, n.numero, n.emissao from nfes n where n.uid in (select n.uid from nfes n where ${onde} order by n.emissao desc, n.uid desc limit 20 offset ${(pc - 1) * 20}) order by n.emissao desc, n.uid desc`,
    );
    const contagem = pc === 1 ? await plano(sql`select count(*) from nfes n where ${onde}`) : '';
    console.log(`\n[fiscal] ${rotulo}, página ${pc} — EXPLAIN da página:\n${pagina}${contagem ? `\n[fiscal] EXPLAIN da contagem:\n${contagem}` : ''}\n`);
    const usaIndice = /Index (Only )?Scan/.test(pagina);
    const p50 = pct(ms, 50);
    const p95 = pct(ms, 95);
    log(`${rotulo} página ${pc}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms; ${primeiro.totalRecords} no filtro; ${usaIndice ? 'índice' : 'SEM índice'}`);
    out.push({
      name: `NF-e lista (${rotulo}, ${(n / 1e6).toLocaleString('pt-BR')} mi NF-e + CT-e): período + UF, página ${pc}`,
      opsPerSec: r2(1000 / p50, 1),
      p50Ms: r2(p50, 2),
      p95Ms: r2(p95, 2),
      note: `${primeiro.totalRecords.toLocaleString('pt-BR')} NF-e no filtro${primeiro.data.length ? '' : ' (página além do fim: vazia)'}; 40 amostras de listar(); plano: ${usaIndice ? (/nfes_uf_emissao_idx/.test(pagina) ? 'nfes_uf_emissao_idx' : 'índice') : 'sem índice'}; geração ${geracao} s${nota}; meta p95 < 100 ms no PostgreSQL`,
    });
  }
  return out;
}

async function benchLista(): Promise<Linha[]> {
  const out: Linha[] = [];
  const pg = await bancoPostgres('fretio_bench_nfes');
  if (pg) {
    const database = await openDatabase({ databaseUrl: pg.url, migrate: true });
    try {
      out.push(...(await listaEm('PostgreSQL', database, LINHAS_PG, '')));
    } finally {
      await database.close();
      await pg.drop().catch(() => undefined);
    }
  } else log('BENCH_DATABASE_URL ausente: só PGlite (rode `bash apps/server/test/pg.sh --bench` para os dois)');
  const dir = mkdtempSync(join(tmpdir(), 'fretio-bench-nfes-'));
  const database = await openDatabase({ dataDir: dir, migrate: true });
  try {
    out.push(...(await listaEm('PGlite', database, LINHAS_PGLITE, LINHAS_PGLITE < LINHAS_PG ? `; PGlite com ${LINHAS_PGLITE.toLocaleString('pt-BR')} linhas (não ${LINHAS_PG.toLocaleString('pt-BR')}): gerar 1 mi no WASM leva tempo demais` : '')));
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

export async function benchFiscal(): Promise<Linha[]> {
  const out: Linha[] = [];
  if (partes.includes('importacao')) out.push(...(await benchImportacao()));
  if (partes.includes('lista')) out.push(...(await benchLista()));
  return out;
}
