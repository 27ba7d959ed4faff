// Search-as-you-type on 200,000 people: GET /api/v1/pessoas/list?q= over HTTP on loopback.
// A fresh PGlite database (migrations + demo seed) gets 200,000 rows of the Demo shipper by one
// generate_series INSERT; the app listens on 127.0.0.1 and autocannon drives each query for a few
// seconds (1 connection: the latency a typing user sees). Prints the EXPLAIN ANALYZE of the query
// showing the indexes (trigram GIN over f_norm(nome) / f_norm(nome_fantasia), text_pattern_ops btree
// on documento).
// Run standalone with `npx tsx bench/pessoas.ts`, or import benchPessoas() from a bench runner.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { startBenchApp } from './support.ts';
import { consultasLista } from '../apps/server/src/modules/pessoas/repository.ts';

export type BenchRow = { name: string; p50: number; p95: number; note?: string };

const TOTAL = Number(process.env.BENCH_PESSOAS ?? 200_000);
const DURACAO_S = Number(process.env.BENCH_SECONDS ?? 4);

type AutocannonResult = { requests: { total: number }; non2xx: number; errors: number };
type AutocannonInstance = Promise<AutocannonResult> & {
  on(ev: 'response', fn: (c: unknown, status: number, bytes: number, ms: number) => void): void;
};
type Autocannon = (opts: Record<string, unknown>) => AutocannonInstance;

/** Signs in through Auth.js over HTTP (as next-auth's client does) and returns the Cookie header. */
export async function entrar(base: string, login = 'admin@demo.com.br', senha = 'demo1234'): Promise<string> {
  const jar = new Map<string, string>();
  const guardar = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [par] = c.split(';');
      const i = par.indexOf('=');
      jar.set(par.slice(0, i), par.slice(i + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrf = await fetch(`${base}/api/auth/csrf`);
  guardar(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookie() },
    body: new URLSearchParams({ csrfToken, callbackUrl: base, json: 'true', login, senha }),
  });
  guardar(res);
  if (![...jar.keys()].some((k) => k.endsWith('session-token'))) throw new Error(`sign-in de ${login} falhou: ${res.status}`);
  return cookie();
}

// 200,000 people from 40 first names × 50 surnames × 100 (companies every third row), documents
// unique per row (CPF-like 11 digits or CNPJ-like 14), spread over real municipalities.
export const INSERT = (embarcadorUid: string, n: number) => sql`
  with nomes as (
    select array['João','Maria','José','Ana','Antônio','Francisca','Carlos','Paulo','Lúcia','Luís','Márcia','Sebastião','Conceição',
                 'Raimundo','Fátima','Cláudio','Mônica','André','Patrícia','Sérgio','Fernanda','Márcio','Cíntia','Rogério','Vitória',
                 'Gonçalo','Inês','Joaquim','Débora','Otávio','Flávia','Caio','Letícia','Tomás','Júlia','Benedito','Íris','Érico','Célia','Ângela'] as p,
           array['Silva','Santos','Oliveira','Souza','Rodrigues','Ferreira','Alves','Pereira','Lima','Gomes','Ribeiro','Carvalho','Araújo',
                 'Melo','Barbosa','Conceição','Magalhães','Gonçalves','Simões','Brandão','Falcão','Guimarães','Peçanha','Assunção','Leão',
                 'Romão','Calixto','Bragança','Nóbrega','Sampaio','Teixeira','Moreira','Cardoso','Rocha','Dias','Nascimento','Andrade',
                 'Moraes','Vieira','Mendes','Freitas','Barros','Pinto','Campos','Fonseca','Machado','Monteiro','Tavares','Correia','Macêdo'] as s,
           array['Comércio de Alimentos','Distribuidora','Transportes','Supermercados','Indústria Têxtil','Atacadista','Logística',
                 'Materiais de Construção','Farmácia','Laticínios'] as r,
           array['3550308','3304557','3106200','4106902','4314902','2927408','2611606','3509502','4209102','5208707'] as m,
           array['SP','RJ','MG','PR','RS','BA','PE','SP','SC','GO'] as u
  )
  insert into pessoas (embarcador_uid, tipo_pessoa, documento, nome, nome_fantasia, municipio_ibge, uf, destinatario, remetente)
  select ${embarcadorUid}::uuid,
         case when i % 3 = 0 then 'J' else 'F' end,
         case when i % 3 = 0 then lpad((i::bigint * 70000019 % 100000000000000)::text, 14, '0') else lpad((i::bigint * 104729 % 100000000000)::text, 11, '0') end,
         case when i % 3 = 0
              then s[1 + (i / 40) % 50] || ' ' || r[1 + i % 10] || ' ' || i || ' Ltda'
              else p[1 + i % 40] || ' ' || s[1 + (i / 40) % 50] || ' ' || s[1 + (i / 7) % 50] end,
         case when i % 3 = 0 then s[1 + (i / 40) % 50] || ' ' || split_part(r[1 + i % 10], ' ', 1) else null end,
         m[1 + i % 10], u[1 + i % 10], true, i % 5 = 0
  from nomes, generate_series(1, ${n}::int) i`;

function percentil(ordenados: number[], p: number) {
  if (!ordenados.length) return Number.NaN;
  return ordenados[Math.min(ordenados.length - 1, Math.ceil((p / 100) * ordenados.length) - 1)];
}

export async function benchPessoas(): Promise<BenchRow[]> {
  const autocannon = (await import('autocannon')).default as unknown as Autocannon;
  const { app, embarcadorUid, close } = await startBenchApp('pessoas');
  const out: BenchRow[] = [];
  try {
    const t0 = performance.now();
    await app.db.execute(INSERT(embarcadorUid, TOTAL));
    await app.db.execute(sql`analyze pessoas`);
    const insertMs = performance.now() - t0;
    console.log(`pessoas: ${TOTAL} linhas inseridas (generate_series) + analyze em ${(insertMs / 1000).toFixed(1)} s`);

    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${addr.port}`;
    const cookie = await entrar(base);

    // A real document of the table gives the prefixes to search (7 digits, and 5 typed with the mask).
    const doc = (
      (await app.db.execute(
        sql`select documento from pessoas where embarcador_uid = ${embarcadorUid} and tipo_pessoa = 'F' order by uid limit 1`,
      )) as unknown as { rows: { documento: string }[] }
    ).rows[0].documento;
    const prefixo = doc.slice(0, 7);
    const mascarado = `${doc.slice(0, 3)}.${doc.slice(3, 5)}`;

    // The EXPLAIN of the very query the route runs (drizzle's SQL and parameters).
    const client = (app.db as unknown as { $client: { query(q: string, p: unknown[]): Promise<{ rows: Record<string, string>[] }> } })
      .$client;
    const explicar = async (titulo: string, consulta: { toSQL(): { sql: string; params: unknown[] } }) => {
      const { sql: texto, params } = consulta.toSQL();
      const plano = await client.query(`explain (analyze, costs off, timing off, summary off) ${texto}`, params);
      console.log(`\nEXPLAIN ANALYZE ${titulo}\n${plano.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    };
    await explicar(`/pessoas/list?q=${prefixo} (documento)`, consultasLista(app.db, embarcadorUid, prefixo).principal);
    const joao = consultasLista(app.db, embarcadorUid, 'joao');
    await explicar('/pessoas/list?q=joao (1: nomes começando por)', joao.principal);
    const silvaRua = consultasLista(app.db, embarcadorUid, 'braganca distribuidora');
    await explicar(
      '/pessoas/list?q=braganca distribuidora (2: contém, quando o passo 1 não dá 20)',
      silvaRua.complemento?.([], 20) ?? silvaRua.principal,
    );

    const casos: { name: string; q: string; note: string }[] = [
      { name: 'pessoas/list prefixo documento (7 dígitos)', q: prefixo, note: 'btree text_pattern_ops (embarcador_uid, documento)' },
      { name: 'pessoas/list prefixo documento mascarado', q: mascarado, note: `'${mascarado}': pontuação ignorada` },
      {
        name: "pessoas/list 'joao' (acha João)",
        q: 'joao',
        note: 'começa por: btree f_norm(nome) text_pattern_ops; ~1/40 das pessoas físicas',
      },
      { name: "pessoas/list 'conceicao' (comum)", q: 'conceicao', note: 'nome e sobrenome frequentes (~10 mil linhas contêm)' },
      {
        name: "pessoas/list contém 'magalhaes' (sobrenome)",
        q: 'magalhaes',
        note: 'sobrenome em ~1/50 das linhas; as empresas começam por ele (passo 1)',
      },
      { name: "pessoas/list contém 'oncal' (meio da palavra)", q: 'oncal', note: 'Gonçalo/Gonçalves: só o passo contém' },
      {
        name: "pessoas/list contém 'bragança distribuidora'",
        q: 'braganca distribuidora',
        note: 'contém, dois termos (GIN pg_trgm sobre busca)',
      },
      { name: "pessoas/list 2 letras 'ma' (prefixo do nome)", q: 'ma', note: 'termo curto: nome começando por' },
      { name: 'pessoas/list sem q (20 primeiros por nome)', q: '', note: 'btree (embarcador_uid, f_norm(nome) text_pattern_ops)' },
    ];
    for (const c of casos) {
      const url = `${base}/api/v1/pessoas/list?src=embarcador${c.q ? `&q=${encodeURIComponent(c.q)}` : ''}`;
      const check = await fetch(url, { headers: { cookie } });
      const body = (await check.json()) as { success: boolean; data: unknown[] };
      if (check.status !== 200 || !body.success) throw new Error(`${url} → ${check.status}`);
      const tempos: number[] = [];
      const inst = autocannon({ url, connections: 1, duration: DURACAO_S, headers: { cookie } });
      inst.on('response', (_c, _s, _b, ms) => tempos.push(ms));
      const r = await inst;
      if (r.non2xx || r.errors) throw new Error(`${c.name}: ${r.non2xx} respostas não-2xx, ${r.errors} erros`);
      tempos.sort((a, b) => a - b);
      const row = {
        name: c.name,
        p50: Number(percentil(tempos, 50).toFixed(2)),
        p95: Number(percentil(tempos, 95).toFixed(2)),
        note: `${c.note}; ${body.data.length} itens; ${tempos.length} req em ${DURACAO_S}s; ${TOTAL} pessoas`,
      };
      out.push(row);
    }
    // Typing users in parallel: 8 connections mixing the searches.
    const tempos: number[] = [];
    const inst = autocannon({
      url: base,
      connections: 8,
      duration: DURACAO_S,
      requests: casos.map((c) => ({ method: 'GET', path: `/api/v1/pessoas/list?q=${encodeURIComponent(c.q)}`, headers: { cookie } })),
    });
    inst.on('response', (_c, _s, _b, ms) => tempos.push(ms));
    const r = await inst;
    tempos.sort((a, b) => a - b);
    out.push({
      name: 'pessoas/list misto, 8 conexões',
      p50: Number(percentil(tempos, 50).toFixed(2)),
      p95: Number(percentil(tempos, 95).toFixed(2)),
      note: `${(r.requests.total / DURACAO_S).toFixed(0)} req/s; PGlite atende uma consulta por vez`,
    });
  } finally {
    await close();
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchPessoas();
  console.log('');
  console.table(rows);
}
