// Freight calculator over HTTP: POST /api/v1/calculadora/calcular against 50 active tables of 500
// routes each (25,000 routes, 25,200 rules, 100,000 ranges) of the Demo shipper, on loopback.
// A fresh PGlite database (migrations + demo seed) gets the tables by a few set-based INSERTs; the
// app listens on 127.0.0.1 and autocannon sends the same quote over one keep-alive connection.
//   - cold: the first quote builds the 50 tables (set-based load) and caches them (LRU per table);
//   - warm: later quotes reuse the cache, only checking each table's revisao (target p95 < 50 ms);
//   - after a change of one table: that table alone is rebuilt;
//   - a shipment's simular-frete (in a transaction, result saved) reuses the same cache.
// Run standalone with `npx tsx bench/calculadora.ts`, or let bench/run.ts call benchCalculadora().
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import { DEMO } from '../apps/server/src/db/seed/demo.ts';
import { signIn } from '../apps/server/test/support/http.ts';
import { startBenchApp } from './support.ts';

export type BenchRow = { name: string; p50: number; p95: number; note?: string };

const TABELAS = Number(process.env.BENCH_CALC_TABELAS ?? 50);
const ROTAS = Number(process.env.BENCH_CALC_ROTAS ?? 500);
const PEDIDOS = Number(process.env.BENCH_CALC_PEDIDOS ?? 300);
const SIMULACOES = Number(process.env.BENCH_CALC_SIMULACOES ?? 40);

type AutocannonInstance = Promise<{ non2xx: number; errors: number }> & {
  on(ev: 'response', fn: (c: unknown, status: number, bytes: number, ms: number) => void): void;
};
type Autocannon = (opts: Record<string, unknown>) => AutocannonInstance;

const percentil = (ordenados: number[], p: number) =>
  ordenados[Math.min(ordenados.length - 1, Math.max(0, Math.ceil((p / 100) * ordenados.length) - 1))];
const r2 = (v: number) => Math.round(v * 100) / 100;

/** 50 tables × 500 routes: each table has SP → RJ (UF) plus 499 SP → municipality routes. */
export async function gerarTabelas(db: Db, embarcadorUid: string) {
  const exec = (q: ReturnType<typeof sql>) => db.execute(q);
  await exec(sql`
    insert into tabelas_frete (embarcador_uid, nome, transportador_uid, vigencia_inicio, status, prioridade)
    select ${embarcadorUid}::uuid, 'Bench ' || lpad(i::text, 3, '0'), et.transportador_uid, '2020-01-01', 1, i % 7
    from generate_series(1, ${TABELAS}::int) i
    join lateral (select transportador_uid from embarcador_transportador where embarcador_uid = ${embarcadorUid}::uuid
                  order by transportador_uid offset (i % 3) limit 1) et on true`);
  await exec(sql`
    insert into tabela_frete_rotas (tabela_frete_uid, origem_tipo, origem_uf, destino_tipo, destino_uf, destino_ibge, prazo_dias_uteis, frete_minimo, ordem)
    select t.uid, 'UF', 'SP', case when m.n = 0 then 'UF' else 'MUNICIPIO' end, case when m.n = 0 then 'RJ' end,
           case when m.n = 0 then null else m.ibge end, 1 + (m.n % 6), 60 + (m.n % 40), m.n
    from tabelas_frete t
    cross join lateral (
      select 0 as n, null::varchar as ibge
      union all
      select row_number() over (order by ibge), ibge from (select ibge from municipios where ibge <> '3304557' order by ibge limit ${ROTAS - 1}::int) x
    ) m
    where t.nome like 'Bench %'`);
  await exec(sql`
    insert into regras (tabela_frete_uid, tabela_rota_uid, escopo, componente, base, calculo, ordem)
    select r.tabela_frete_uid, r.uid, 'ROTA', 'FRETE_PESO', 'PESO', 'FAIXA', 0
    from tabela_frete_rotas r join tabelas_frete t on t.uid = r.tabela_frete_uid where t.nome like 'Bench %'`);
  await exec(sql`
    insert into faixas (regra_uid, tabela_frete_uid, ate, valor, modo, ordem)
    select g.uid, g.tabela_frete_uid, f.ate, f.valor * (1 + (hashtext(g.uid::text) % 20) / 100.0), f.modo, f.ordem
    from regras g join tabelas_frete t on t.uid = g.tabela_frete_uid
    cross join (values (0, 10::numeric, 30::numeric, 'FIXO'), (1, 30, 45, 'FIXO'), (2, 100, 90, 'FIXO'), (3, null, 0.85, 'EXCEDENTE')) f(ordem, ate, valor, modo)
    where t.nome like 'Bench %' and g.componente = 'FRETE_PESO'`);
  await exec(sql`
    insert into regras (tabela_frete_uid, escopo, componente, base, calculo, valor, minimo, ordem)
    select t.uid, 'GENERALIDADE', g.componente, g.base, g.calculo, g.valor, g.minimo, g.ordem
    from tabelas_frete t
    cross join (values ('FRETE_VALOR', 'VALOR', 'PERCENTUAL', 0.3, null::numeric, 0), ('GRIS', 'VALOR', 'PERCENTUAL', 0.3, 3, 1),
                       ('PEDAGIO', 'FRACAO_100KG', 'POR_UNIDADE', 6.5, null, 2), ('TAS', 'VIAGEM', 'FIXO', 4.5, null, 3)) g(componente, base, calculo, valor, minimo, ordem)
    where t.nome like 'Bench %'`);
  await exec(sql`analyze`);
}

function medir(autocannon: Autocannon, url: string, body: string, cookie: string, amount: number) {
  const ms: number[] = [];
  const inst = autocannon({
    url,
    method: 'POST',
    body,
    amount,
    connections: 1,
    pipelining: 1,
    timeout: 120,
    headers: { cookie, 'content-type': 'application/json' },
  });
  inst.on('response', (_c, _s, _b, t) => ms.push(t));
  return inst.then((r) => {
    if (r.non2xx || r.errors) throw new Error(`calculadora: ${r.non2xx} respostas não-2xx, ${r.errors} erros`);
    return ms.sort((a, b) => a - b);
  });
}

export async function benchCalculadora(): Promise<BenchRow[]> {
  const autocannon = (await import('autocannon')).default as unknown as Autocannon;
  const { app, embarcadorUid, close } = await startBenchApp('calc');
  const out: BenchRow[] = [];
  try {
    let t0 = performance.now();
    await gerarTabelas(app.db, embarcadorUid);
    console.log(`calculadora: ${TABELAS} tabelas × ${ROTAS} rotas geradas em ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/v1/calculadora/calcular`;
    const cookie = await signIn(app, DEMO.admin.login, DEMO.admin.senha);
    const carga = JSON.stringify({
      origem: { cep: '01310-100' },
      destino: { cep: '20040-002' },
      pesoKg: 150,
      m3: 0.6,
      valorMercadoria: 10000,
      data: '2026-04-17',
    });
    const pedir = () => fetch(url, { method: 'POST', body: carga, headers: { cookie, 'content-type': 'application/json' } });

    t0 = performance.now();
    const primeira = await pedir();
    const frio = performance.now() - t0;
    const corpo = (await primeira.json()) as { data: { cotacoes: unknown[]; naoCotadas: unknown[] } };
    const cotadas = corpo.data.cotacoes.length;
    out.push({
      name: `frio: 1ª cotação, monta ${TABELAS} tabelas`,
      p50: r2(frio),
      p95: r2(frio),
      note: `${cotadas} cotações, ${corpo.data.naoCotadas.length} não cotadas`,
    });

    const quente = await medir(autocannon, url, carga, cookie, PEDIDOS);
    const p95 = percentil(quente, 95);
    out.push({
      name: `quente: ${TABELAS} tabelas × ${ROTAS} rotas (cache)`,
      p50: r2(percentil(quente, 50)),
      p95: r2(p95),
      note: `${PEDIDOS} cotações em 1 conexão; meta p95 < 50 ms ${p95 < 50 ? 'atingida' : 'NÃO atingida'}`,
    });

    // One table changes: the next quote rebuilds only that one.
    await app.db.execute(
      sql`update tabelas_frete set revisao = revisao + 1 where uid = (select uid from tabelas_frete where nome = 'Bench 001')`,
    );
    t0 = performance.now();
    await (await pedir()).arrayBuffer();
    const umaTabela = performance.now() - t0;
    out.push({ name: 'após alterar 1 tabela (remonta só ela)', p50: r2(umaTabela), p95: r2(umaTabela) });

    // The same load as a shipment's simular-frete (run in a transaction, result saved): the built tables
    // are cached per database, so a transaction reuses what the calculator built (it used to rebuild all).
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/v1/embarque`;
    const json = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body), headers: { cookie, 'content-type': 'application/json' } });
    const emb = (await (await fetch(base, json({ origemCep: '01310100', destinoCep: '20040002', dataEmbarque: '2026-04-17' }))).json()) as {
      data: { uid: string };
    };
    await fetch(`${base}/${emb.data.uid}/nfes`, json({ numero: 1, valor: '10000', pesoKg: '150', volumeM3: '0.6', volumes: 1 }));
    const simular = async () => {
      const res = await fetch(`${base}/${emb.data.uid}/simular-frete`, { method: 'POST', headers: { cookie } });
      if (res.status !== 201) throw new Error(`simular-frete: ${res.status} ${await res.text()}`);
      return (await res.json()) as { data: { quantidadeCotacoes: number } };
    };
    const primeiraSim = await simular();
    const sims: number[] = [];
    for (let i = 0; i < SIMULACOES; i++) {
      t0 = performance.now();
      await simular();
      sims.push(performance.now() - t0);
    }
    sims.sort((a, b) => a - b);
    out.push({
      name: `embarque simular-frete quente: ${TABELAS} tabelas × ${ROTAS} rotas`,
      p50: r2(percentil(sims, 50)),
      p95: r2(percentil(sims, 95)),
      note: `${SIMULACOES} simulações em sequência, ${primeiraSim.data.quantidadeCotacoes} cotações cada (resultado gravado)`,
    });
  } finally {
    await close();
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchCalculadora()
    .then((rows) => console.table(rows))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
