// Load proposals at scale (BENCH_ONLY=planejamento). Issue goal: 2,000 documents into loads under 2 s.
//  1. core proporCargas alone — group by destination, first-fit by decreasing weight into a Truck's
//     14.000 kg / 45 m³ — over 2,000 and 5,000 documents spread over 27 UFs × 20 municipalities;
//  2. the endpoint end to end: POST /api/v1/planejamento-carga/propor over HTTP on loopback (signed-in
//     cookie), on a fresh PGlite with the demo data plus 5,000 free NF-es (27 UFs × 20 real municipalities,
//     50–1.950 kg) — the SELECT of the free documents, the packing into the demo's Carreta Baú (28 t /
//     100 m³), one plan per load through the resource's create (rules, documents, audit) in one
//     transaction, and the reply with every plan and its documents. A call takes at most 2,000 documents
//     (the input's `limite`), so: one proposal of 2,000 (repeated; its plans are deleted between samples,
//     outside the timing), then the whole 5,000 planned by three successive calls (2,000 + 2,000 + 1,000).
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { DEMO } from '../apps/server/src/db/seed/demo.ts';
import { documentosLivres } from '../apps/server/src/modules/planejamento-carga/documentos.ts';
import { signIn } from '../apps/server/test/support/http.ts';
import { type DocumentoParaCarga, proporCargas } from '../packages/core/src/planejamento.ts';
import { startBenchApp } from './support.ts';

const UFS = ['AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA', 'PB', 'PE', 'PI', 'PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO'];

function documentos(n: number): DocumentoParaCarga[] {
  let x = 12345;
  const rnd = () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x / 2 ** 31;
  };
  return Array.from({ length: n }, (_, i) => {
    const uf = UFS[Math.floor(rnd() * UFS.length)];
    return { uid: `d${i}`, destinoUf: uf, destinoMunicipio: `${uf}${Math.floor(rnd() * 20)}`, pesoKg: Math.round(50 + rnd() * 4950), volumeM3: Math.round(rnd() * 12_000) / 1000 };
  });
}

function medir(n: number, agrupamento: 'uf' | 'municipio', vezes = 15) {
  const docs = documentos(n);
  const tempos: number[] = [];
  let cargas = 0;
  for (let i = 0; i < vezes; i++) {
    const t0 = performance.now();
    cargas = proporCargas(docs, { kg: 14_000, m3: 45 }, agrupamento).length;
    tempos.push(performance.now() - t0);
  }
  tempos.sort((a, b) => a - b);
  const p = (q: number) => Math.round(tempos[Math.min(tempos.length - 1, Math.floor(q * tempos.length))] * 100) / 100;
  return { name: `proporCargas ${n.toLocaleString('pt-BR')} documentos por ${agrupamento}`, p50Ms: p(0.5), p95Ms: p(0.95), note: `${cargas} cargas; meta < 2.000 ms para 2.000 documentos` };
}

const NFES = Number(process.env.BENCH_PLANEJAMENTO_NFES ?? 5_000);
const AMOSTRAS = Number(process.env.BENCH_PLANEJAMENTO_AMOSTRAS ?? 8);
type Linhas<T> = { rows: T[] };
const percentil = (ordenados: number[], q: number) => ordenados[Math.min(ordenados.length - 1, Math.max(0, Math.ceil(q * ordenados.length) - 1))];
const r2 = (v: number) => Math.round(v * 100) / 100;

/** POST /planejamento-carga/propor end to end over HTTP. */
async function medirEndpoint() {
  const { app, embarcadorUid, close } = await startBenchApp('planejamento');
  try {
    const db = app.db;
    // 5,000 free NF-es of the demo shipper: issued in São Paulo, to 20 real municipalities of each UF.
    await db.execute(sql`
      with m as (select ibge, nome, uf, row_number() over (partition by uf order by ibge) as k from municipios),
        destinos as (select ibge, nome, uf, row_number() over (order by uf, ibge) - 1 as i from m where k <= 20),
        total as (select count(*) as n from destinos)
      insert into nfes (embarcador_uid, chave, numero, serie, emissao, emissao_texto, emitente_documento, emitente_nome, emitente_uf,
        emitente_municipio_ibge, destinatario_documento, destinatario_nome, destinatario_uf, destinatario_municipio, destinatario_municipio_ibge,
        valor_total, peso_bruto, volumes, chave_valida)
      select ${embarcadorUid}::uuid, '3525011122233300018155900' || lpad(g::text, 9, '0') || '1' || lpad(g::text, 8, '0') || '0', 800000 + g, 900,
        timestamptz '2026-11-02 10:00:00-03' + (g % 20) * interval '1 day', '2026-11-02T10:00:00-03:00', '11222333000181', 'Demo Alimentos', 'SP', '3550308',
        '33000167000101', 'Cliente ' || (g % 97), d.uf, d.nome, d.ibge, 100 + (g * 37) % 9900, 50 + (g * 7919) % 1901, 1 + g % 30, false
      from generate_series(1, ${NFES}::int) g join destinos d on d.i = (g * 2654435761::bigint) % (select n from total)`);
    await db.execute(sql`analyze`);
    const [carreta] = ((await db.execute(sql`select uid from tipos_veiculo where embarcador_uid = ${embarcadorUid} and nome = 'Carreta Baú 15 m'`)) as unknown as Linhas<{ uid: string }>).rows;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/v1/planejamento-carga/propor`;
    const cookie = await signIn(app, DEMO.admin.login, DEMO.admin.senha);
    const propor = async (limite: number) => {
      const t0 = performance.now();
      const res = await fetch(url, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ tipo: 'nfe', origemMunicipioIbge: '3550308', tipoVeiculoUid: carreta.uid, agrupamento: 'uf', limite }),
      });
      const corpo = (await res.json()) as { data: { cargas: { uid: string; documentos: unknown[] }[] }; message: string };
      const ms = performance.now() - t0;
      if (res.status !== 201) throw new Error(`propor: ${res.status} ${corpo.message}`);
      return { ms, cargas: corpo.data.cargas.map((c) => c.uid), documentos: corpo.data.cargas.reduce((n, c) => n + c.documentos.length, 0) };
    };
    const desfazer = (uids: string[]) => db.execute(sql`delete from planejamentos_carga where uid in (${sql.join(uids.map((u) => sql`${u}`), sql`, `)})`);

    const tempos: number[] = [];
    let ultima = { ms: 0, cargas: [] as string[], documentos: 0 };
    for (let i = 0; i < AMOSTRAS; i++) {
      ultima = await propor(2_000);
      tempos.push(ultima.ms);
      await desfazer(ultima.cargas);
    }
    tempos.sort((a, b) => a - b);
    const p95 = percentil(tempos, 0.95);
    const out = [
      {
        name: `POST propor (HTTP) 2.000 de ${NFES.toLocaleString('pt-BR')} NF-es livres, por UF`,
        p50Ms: r2(percentil(tempos, 0.5)),
        p95Ms: r2(p95),
        note: `${ultima.documentos} documentos em ${ultima.cargas.length} cargas (Carreta 28 t); ${AMOSTRAS} amostras; meta < 2.000 ms ${p95 < 2_000 ? 'atingida' : 'NÃO atingida'}; carga da máquina ${loadavg()[0].toFixed(1)} (2 CPUs)`,
      },
    ];
    // Every free NF-e (the 5,000 and the demo's own): calls of 2,000, each on what the previous ones left free.
    const livres = ((await db.execute(sql`select count(*)::int as n from (${documentosLivres(embarcadorUid, { tipo: 'nfe', limite: 1_000_000 })}) x`)) as unknown as Linhas<{ n: number }>).rows[0].n;
    const t0 = performance.now();
    let cargas = 0;
    let documentos = 0;
    for (let i = 0; i < Math.ceil(livres / 2_000); i++) {
      const r = await propor(2_000);
      cargas += r.cargas.length;
      documentos += r.documentos;
    }
    const todos = performance.now() - t0;
    out.push({ name: `POST propor (HTTP) até planejar as ${NFES.toLocaleString('pt-BR')} NF-es (chamadas de 2.000)`, p50Ms: r2(todos), p95Ms: r2(todos), note: `${documentos} documentos em ${cargas} cargas; ${Math.ceil(livres / 2_000)} chamadas; tempo total; carga da máquina ${loadavg()[0].toFixed(1)}` });
    return out;
  } finally {
    await close();
  }
}

export async function benchPlanejamento() {
  return [medir(2_000, 'uf'), medir(2_000, 'municipio'), medir(5_000, 'uf'), ...(await medirEndpoint())];
}

if (import.meta.url === `file://${process.argv[1]}`) benchPlanejamento().then((r) => console.table(r));
