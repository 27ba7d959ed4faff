// The quotation list at 100,000 quotations (BENCH_ONLY=cotacoes). Issue goal: "the same budget as the other
// lists" (lista: p95 < 100 ms). GET /api/v1/cotacoesfrete through app.inject as the demo administrator, on
// a fresh PGlite with the demo data plus BENCH_COTACOES quotations of the demo shipper (each with two invited
// carriers, one answer, one product line): page 1 and page 500 (20 per page, default order numero DESC), in
// one statement (the whole item computed for every skipped row) and in two (the page's uids from the index,
// then the item for those 20 only: ResourceDef.paginaEmDuasEtapas, what the route uses).
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { DEMO } from '../apps/server/src/db/seed/demo.ts';
import { listar } from '../apps/server/src/framework/crud.ts';
import { criarCotacoesResource } from '../apps/server/src/modules/cotacoesfrete/resource.ts';
import { identidadeRepository } from '../apps/server/src/modules/perfil/identidade-repository.ts';
import type { RequestContext } from '../apps/server/src/plugins/auth/context.ts';
import { signIn } from '../apps/server/test/support/http.ts';
import { startBenchApp } from './support.ts';

const N = Number(process.env.BENCH_COTACOES ?? 100_000);
const AMOSTRAS = Number(process.env.BENCH_COTACOES_AMOSTRAS ?? 30);
const r2 = (v: number) => Math.round(v * 100) / 100;
const percentil = (ordenados: number[], q: number) => ordenados[Math.min(ordenados.length - 1, Math.max(0, Math.ceil(q * ordenados.length) - 1))];

async function medir(fn: () => Promise<unknown>) {
  await fn();
  const t: number[] = [];
  for (let i = 0; i < AMOSTRAS; i++) {
    const a = performance.now();
    await fn();
    t.push(performance.now() - a);
  }
  t.sort((a, b) => a - b);
  return { p50: r2(percentil(t, 0.5)), p95: r2(percentil(t, 0.95)) };
}

export async function benchCotacoes() {
  const { app, embarcadorUid, close } = await startBenchApp('cotacoes');
  try {
    const db = app.db;
    const g0 = performance.now();
    await db.execute(sql`insert into cotacoes_frete (embarcador_uid, status, situacao_aprovacao, tipo_carga, origem_municipio_ibge, destino_municipio_ibge, valor_alvo, observacao, criado_em)
      select ${embarcadorUid}, 1 + i % 5, 1 + i % 6, 'LTL', '3550308', (array['3304557','4106902','3106200','2611606'])[1 + i % 4], 1000 + i % 3000, 'bench', now() - make_interval(mins => i)
      from generate_series(1, ${N}) i`);
    await db.execute(sql`insert into cotacao_transportadores (cotacao_uid, transportador_uid, respondido_em, valor_total)
      select c.uid, t.uid, case when t.nome_fantasia = 'Rápido Sul' then now() end, case when t.nome_fantasia = 'Rápido Sul' then c.valor_alvo end
      from cotacoes_frete c cross join transportadores t where c.embarcador_uid = ${embarcadorUid} and c.observacao = 'bench' and t.nome_fantasia in ('Rápido Sul', 'TransMinas')`);
    await db.execute(sql`insert into carga_produtos (cotacao_uid, descricao, quantidade, peso_kg, volume_m_3, valor)
      select uid, 'Café', 10, 1000, 3, 20000 from cotacoes_frete where embarcador_uid = ${embarcadorUid} and observacao = 'bench'`);
    for (const t of ['cotacoes_frete', 'cotacao_transportadores', 'carga_produtos']) await db.execute(sql.raw(`analyze ${t}`));
    const geracao = r2((performance.now() - g0) / 1000);

    const cookie = await signIn(app, DEMO.admin.login, DEMO.admin.senha);
    const [u] = ((await db.execute(sql`select uid from usuarios where login = ${DEMO.admin.login}`)) as unknown as { rows: { uid: string }[] }).rows;
    const ctx = { ...(await identidadeRepository(db).contexto(u.uid, embarcadorUid)), via: 'sessao' } as RequestContext;
    const def = criarCotacoesResource(app);
    const nota = `PGlite; ${N.toLocaleString('pt-BR')} cotações (+ as do demo), 2 convites e 1 produto cada (geradas em ${geracao} s); ${AMOSTRAS} amostras; load average ${loadavg().map((x) => x.toFixed(1)).join('/')}`;
    const out = [];
    for (const pc of [1, 500]) {
      const http = await medir(async () => {
        const r = await app.inject({ method: 'GET', url: `/api/v1/cotacoesfrete?pc=${pc}&pps=20`, headers: { cookie } });
        if (r.statusCode !== 200) throw new Error(`GET cotacoesfrete → ${r.statusCode}`);
      });
      const umaEtapa = await medir(() => listar(db, { ...def, paginaEmDuasEtapas: false }, ctx, { pc, pps: 20 }));
      out.push({ name: `GET cotacoesfrete página ${pc} (20 por página), ${N.toLocaleString('pt-BR')} cotações`, p50Ms: http.p50, p95Ms: http.p95, ratio: r2(umaEtapa.p95 / http.p95), note: `${nota}; ratio = p95 numa etapa só / p95 da rota; meta p95 < 100 ms` });
      out.push({ name: `listar cotações página ${pc} numa etapa só (antes), ${N.toLocaleString('pt-BR')} cotações`, p50Ms: umaEtapa.p50, p95Ms: umaEtapa.p95, note: nota });
      console.log(`[cotacoes] página ${pc}: rota p50 ${http.p50} / p95 ${http.p95} ms; uma etapa p50 ${umaEtapa.p50} / p95 ${umaEtapa.p95} ms`);
    }
    return out;
  } finally {
    await close();
  }
}
