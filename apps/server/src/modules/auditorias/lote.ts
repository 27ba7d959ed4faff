import { and, eq, inArray, sql } from 'drizzle-orm';
import { type CteParaDuplicidade, type ReentregaNfe, efeitoNaAuditoria, RESULTADO_AUDITORIA as R } from '@fretio/core';
import { auditoriaTaxasEspeciais, auditorias, preFaturas } from '../../db/schema/index.ts';
import type { ResultadoItem } from '../../framework/tarefas/index.ts';
import type { Tx } from '../../framework/resource.ts';
import { fatias } from '../../lib/lotes.ts';
import { abrirMemoLote } from '../../lib/memo-lote.ts';
import { type CteCarregado, candidatoDaLinha, cteDaLinha, selectCte } from './cte.ts';
import { atualizarTotaisPreFatura, preFaturaAutomaticaAberta } from './repository.ts';
import { precarregarCalculo } from './precarga.ts';
import { reentregasLidas } from './reentregas.ts';
import { calcularAuditoria } from './service.ts';
import { rowsOf } from '../../framework/sql.ts';

// The re-audit of a batch of CT-es (reauditar-por-periodo, 250 per transaction) set-based: the audit rows
// are locked in one statement, the CT-es, their complementares, the special taxes and the pre-invoices
// are read with bounded IN lists, the per-carrier lookups (tables, mapping, tolerances, tax rules,
// holidays…) once per batch (lib/memo-lote.ts), the audits written with one multi-row upsert and routed
// to the pre-invoices with one UPDATE … FROM VALUES. The expected value and the comparison are the
// one-CT-e path's own (calcularAuditoria), so the rows are the same as auditarCte's.
// CT-es that are not plain audits (complementar, anulação, substituto, cancelled), whose audit sits in a
// released pre-invoice, or whose calculation raised, are left out: the caller runs them one by one.

type Auditoria = typeof auditorias.$inferSelect;

export type ResultadoLote = Map<string, ResultadoItem>;

/** Time spent in the batch's stages (ms), summed over every batch of the process: the bench reads it. */
export const tempos = { leitura: 0, calculo: 0, gravacao: 0, lotes: 0, ctes: 0 };

const agora = () => performance.now();

/**
 * Reference data a re-audit task reads once and shares between its batches (lib/memo-lote.ts): places,
 * tax rules, holidays, the carriers' tables valid on a day (and their built form), mapping, tolerances,
 * catalogue and regime. The CT-es' own rows (NF-es, agreed prices, occurrences…) stay per batch.
 */
const DA_TAREFA = ['tabelas|', 'montadas|', 'local|', 'icms|', 'iss|', 'feriados|', 'catalogo|', 'facultativos|', 'transportadores-modais|',
  'veiculos|', 'antt|', 'simples|', 'mapa|', 'tolerancias|'];
const daTarefa = (chave: string) => DA_TAREFA.some((p) => chave.startsWith(p));

/**
 * Re-audits `cteUids` (one shipper) in `tx`; answers per CT-e uid those it took. `cache`: the task's
 * map of reference data (the same map for every batch of one task).
 */
export async function reauditarLote(tx: Tx, embarcadorUid: string, cteUids: string[], cache?: Map<string, unknown>): Promise<ResultadoLote> {
  const out: ResultadoLote = new Map();
  if (!cteUids.length) return out;
  const memo = abrirMemoLote(tx, { tarefa: cache, daTarefa });
  try {
    const t0 = agora();
    // Lock row first (the same rule as the one-CT-e path): a concurrent accept/reopen waits for the batch.
    const existentes = new Map<string, Auditoria>();
    for (const l of fatias(cteUids, 500)) {
      const rows = await tx.select().from(auditorias)
        .where(and(eq(auditorias.embarcadorUid, embarcadorUid), inArray(auditorias.cteUid, l))).orderBy(auditorias.uid).for('update');
      for (const a of rows) existentes.set(a.cteUid, a);
    }
    const vivos: string[] = [];
    for (const uid of cteUids) {
      const a = existentes.get(uid);
      if (!a) out.set(uid, { situacao: 'ignorado', mensagem: 'Auditoria não existe mais.' });
      else if (a.status === R.ACEITA || a.status === R.CANCELADA) out.set(uid, { situacao: 'ignorado', mensagem: 'Auditoria aceita ou cancelada: mantida.' });
      else vivos.push(uid);
    }
    if (!vivos.length) return out;

    const carregados = new Map<string, CteCarregado>();
    for (const l of fatias(vivos, 500)) {
      const rows = rowsOf(await tx.execute(selectCte(sql`c.embarcador_uid = ${embarcadorUid} and c.uid in (${sql.join(l.map((u) => sql`${u}`), sql`, `)})`)));
      for (const r of rows) carregados.set(String(r.uid), cteDaLinha(r));
    }
    // Only plain CT-es (tpCTe 0, not cancelled) whose pre-invoice, if any, is still open.
    const preDe = new Map<string, number>();
    const pres = [...new Set(vivos.map((u) => existentes.get(u)!.preFaturaUid).filter((p): p is string => !!p))];
    for (const l of fatias(pres, 500)) {
      for (const p of await tx.select({ uid: preFaturas.uid, status: preFaturas.status }).from(preFaturas).where(inArray(preFaturas.uid, l))) preDe.set(p.uid, p.status);
    }
    const doLote = vivos.filter((u) => {
      const c = carregados.get(u);
      const pre = existentes.get(u)!.preFaturaUid;
      return c && efeitoNaAuditoria(c.cte) === 'AUDITAR' && (!pre || preDe.get(pre) === 1 || !preDe.has(pre));
    });
    if (!doLote.length) return out;
    for (const u of doLote) memo.precarregar(`cte|${u}`, carregados.get(u)!);

    // Complementares of the batch's originals (same match as complementaresDe: original uid or key), and their CT-es.
    const compl = new Map<string, string[]>(doLote.map((u) => [u, []]));
    const porChave = new Map(doLote.map((u) => [carregados.get(u)!.cte.chave, u]));
    for (const l of fatias(doLote, 400)) {
      const chaves = l.map((u) => carregados.get(u)!.cte.chave);
      const rows = rowsOf(await tx.execute(sql`
        select uid, cte_original_uid, chave_original from ctes where embarcador_uid = ${embarcadorUid} and tipo_cte = 1 and cancelado = false
           and (cte_original_uid in (${sql.join(l.map((u) => sql`${u}`), sql`, `)}) or chave_original in (${sql.join(chaves.map((k) => sql`${k}`), sql`, `)}))
         order by emissao`));
      for (const r of rows) {
        const donos = new Set<string>();
        if (r.cte_original_uid && compl.has(String(r.cte_original_uid))) donos.add(String(r.cte_original_uid));
        const porK = r.chave_original ? porChave.get(String(r.chave_original)) : undefined;
        if (porK) donos.add(porK);
        for (const d of donos) compl.get(d)!.push(String(r.uid));
      }
    }
    for (const [u, l] of compl) memo.precarregar(`complementares|${u}`, l);
    const complUids = [...new Set([...compl.values()].flat())];
    for (const l of fatias(complUids, 500)) {
      const rows = rowsOf(await tx.execute(selectCte(sql`c.embarcador_uid = ${embarcadorUid} and c.uid in (${sql.join(l.map((u) => sql`${u}`), sql`, `)})`)));
      for (const r of rows) memo.precarregar(`cte|${String(r.uid)}`, cteDaLinha(r));
    }
    // Duplicate candidates of the whole batch in three set-based reads (same key; same carrier + number/series;
    // a shared NF-e), then each CT-e's own list, as candidatosDuplicidade finds it one by one.
    const porCandidato = new Map<string, Set<string>>(doLote.map((u) => [u, new Set([u])]));
    const transpDe = (c: CteCarregado) => c.transportadorUid ?? c.cte.emitente.documento;
    for (const l of fatias(doLote, 300)) {
      const cs = l.map((u) => carregados.get(u)!);
      const chavesL = sql.join(cs.map((c) => sql`${c.cte.chave}`), sql`, `);
      const numeros = sql.join(cs.map((c) => sql`(${transpDe(c)}::text, ${c.cte.numero}::int, ${c.cte.serie}::int)`), sql`, `);
      const nfesL = [...new Set(cs.flatMap((c) => c.cte.nfes))];
      const rows = rowsOf(await tx.execute(sql`
        select c.uid, c.chave, c.numero, c.serie, coalesce(c.transportador_uid::text, c.emitente_documento) as transportador, null::varchar as nfe
          from ctes c where c.embarcador_uid = ${embarcadorUid} and c.cancelado = false
           and (c.chave in (${chavesL}) or (coalesce(c.transportador_uid::text, c.emitente_documento), c.numero, c.serie) in (${numeros}))
        ${nfesL.length ? sql`union all
        select c.uid, c.chave, c.numero, c.serie, coalesce(c.transportador_uid::text, c.emitente_documento), n.chave
          from cte_nfes n join ctes c on c.uid = n.cte_uid
         where n.embarcador_uid = ${embarcadorUid} and c.embarcador_uid = ${embarcadorUid} and c.cancelado = false
           and n.chave in (${sql.join(nfesL.map((k) => sql`${k}`), sql`, `)})` : sql``}`));
      const porChaveL = new Map<string, string[]>();
      const porNumero = new Map<string, string[]>();
      const porNfe = new Map<string, string[]>();
      const add = (m: Map<string, string[]>, k: string, v: string) => (m.get(k) ?? m.set(k, []).get(k)!).push(v);
      for (const r of rows) {
        if (r.nfe !== null && r.nfe !== undefined) add(porNfe, String(r.nfe), String(r.uid));
        else {
          add(porChaveL, String(r.chave), String(r.uid));
          add(porNumero, `${r.transportador}|${r.numero}|${r.serie}`, String(r.uid));
        }
      }
      for (const c of cs) {
        const s = porCandidato.get(c.uid)!;
        for (const u of porChaveL.get(c.cte.chave) ?? []) s.add(u);
        for (const u of porNumero.get(`${transpDe(c)}|${c.cte.numero}|${c.cte.serie}`) ?? []) s.add(u);
        for (const k of c.cte.nfes) for (const u of porNfe.get(k) ?? []) s.add(u);
      }
    }
    const todosCandidatos = [...new Set([...porCandidato.values()].flatMap((s) => [...s]))];
    const candidatos = new Map<string, CteParaDuplicidade>();
    for (const l of fatias(todosCandidatos, 500)) {
      const rows = rowsOf(await tx.execute(sql`
        select c.uid, c.chave, c.numero, c.serie, coalesce(c.transportador_uid::text, c.emitente_documento) as transportador,
               coalesce(c.tipo_cte, 0) as tipo_cte, c.cancelado, c.emissao,
               (select coalesce(json_agg(n.chave), '[]'::json) from cte_nfes n where n.cte_uid = c.uid) as nfes_json
          from ctes c where c.embarcador_uid = ${embarcadorUid} and c.cancelado = false and c.uid in (${sql.join(l.map((u) => sql`${u}`), sql`, `)})`));
      for (const r of rows) candidatos.set(String(r.uid), candidatoDaLinha(r));
    }
    // A CT-e with more than 200 candidates (the one-by-one read's limit) is read one by one.
    for (const [u, s] of porCandidato) {
      if (s.size <= 200) memo.precarregar(`duplicidade|${u}`, [...s].map((x) => candidatos.get(x)).filter((x): x is CteParaDuplicidade => !!x));
    }
    // Attempt/re-delivery events on the batch's NF-es (a re-delivery CT-e is no duplicate), one read.
    const chavesNfe = [...new Set(doLote.flatMap((u) => carregados.get(u)!.cte.nfes))];
    const eventosPorNfe = new Map<string, ReentregaNfe[]>();
    for (const l of fatias(chavesNfe, 500)) {
      for (const e of await reentregasLidas(tx, embarcadorUid, l)) (eventosPorNfe.get(e.nfe) ?? eventosPorNfe.set(e.nfe, []).get(e.nfe)!).push(e);
    }
    for (const u of doLote) {
      const c = carregados.get(u)!;
      if (c.cte.nfes.length) memo.precarregar(`reentregas|${u}`, c.cte.nfes.flatMap((k) => eventosPorNfe.get(k) ?? []));
    }
    // Special taxes of the existing audits.
    const auditoriaUids = doLote.map((u) => existentes.get(u)!.uid);
    const taxas = new Map<string, { descricao: string; valor: string; componente: string | null }[]>(auditoriaUids.map((a) => [a, []]));
    for (const l of fatias(auditoriaUids, 500)) {
      const rows = await tx.select({ a: auditoriaTaxasEspeciais.auditoriaUid, descricao: auditoriaTaxasEspeciais.descricao, valor: auditoriaTaxasEspeciais.valor, componente: auditoriaTaxasEspeciais.componente })
        .from(auditoriaTaxasEspeciais).where(inArray(auditoriaTaxasEspeciais.auditoriaUid, l));
      for (const { a, ...t } of rows) taxas.get(a)!.push(t);
    }
    for (const [a, l] of taxas) memo.precarregar(`taxas|${a}`, l);
    // CT-es already on an invoice (never routed to an automatic pre-invoice).
    const faturados = new Set<string>();
    for (const l of fatias(doLote, 500)) {
      const lista = sql.join(l.map((u) => sql`${u}`), sql`, `);
      const rows = rowsOf(await tx.execute(sql`select c.uid from ctes c where c.embarcador_uid = ${embarcadorUid} and c.uid in (${lista})
        and (c.fatura_uid is not null or exists (select 1 from fatura_ctes fc where fc.embarcador_uid = ${embarcadorUid} and fc.cte_uid = c.uid))`));
      for (const r of rows) faturados.add(String(r.uid));
    }
    // What each CT-e's calculation reads (agreed prices, tables by carrier + day, NF-es' parties and m³,
    // occurrence charges, recipients' cubage exemption), for the whole batch in a few statements.
    await precarregarCalculo(tx, embarcadorUid, doLote.map((u) => carregados.get(u)!), memo);
    const t1 = agora();
    tempos.leitura += t1 - t0;

    // The calculation: the one-CT-e path's, on the batch's memo. A CT-e whose calculation raised is left out.
    const calculados: { cteUid: string; valores: Record<string, unknown>; status: number; resumo: string }[] = [];
    for (const u of doLote) {
      try {
        const { valores, r } = await calcularAuditoria(tx, embarcadorUid, carregados.get(u)!, existentes.get(u)!);
        calculados.push({ cteUid: u, valores, status: r.resultado, resumo: r.resumo });
      } catch {
        // processar() runs it alone and reports its error
      }
    }
    const t2 = agora();
    tempos.calculo += t2 - t1;
    if (!calculados.length) return out;

    // One multi-row upsert per slice (~22 columns a row: far below the bind-parameter limits).
    const chaves = Object.keys(calculados[0]!.valores);
    // Column names as the database has them (the schema's camelCase keys in snake_case, drizzle's casing).
    const set = Object.fromEntries(chaves.map((k) => [k, sql.raw(`excluded.${k.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`)}`)]));
    const salvos = new Map<string, string>();
    for (const l of fatias(calculados, 250)) {
      const rows = await tx.insert(auditorias).values(l.map((c) => ({ embarcadorUid, cteUid: c.cteUid, ...c.valores })) as never)
        .onConflictDoUpdate({ target: [auditorias.embarcadorUid, auditorias.cteUid], set: set as never })
        .returning({ uid: auditorias.uid, cteUid: auditorias.cteUid });
      for (const r of rows) salvos.set(r.cteUid, r.uid);
    }

    // Pre-invoice routing, as encaminharPreFatura does one by one: an approved CT-e not on an invoice goes
    // to (or stays in) its carrier's open automatic pre-invoice; anything else leaves an open one.
    const mudar: { uid: string; pre: string | null }[] = [];
    const totais = new Set<string>();
    const abertas = new Map<string, string>();
    const pedir: { c: (typeof calculados)[number]; chave: string }[] = [];
    for (const c of calculados) {
      const antes = existentes.get(c.cteUid)!;
      const v = c.valores as { transportadorUid: string | null; unidadeTransportadorUid: string | null };
      const liberavel = c.status === R.APROVADA && !!v.transportadorUid && !faturados.has(c.cteUid);
      if (antes.preFaturaUid) {
        totais.add(antes.preFaturaUid);
        if (!liberavel) mudar.push({ uid: salvos.get(c.cteUid)!, pre: null });
      } else if (liberavel) pedir.push({ c, chave: `${v.transportadorUid}|${v.unidadeTransportadorUid ?? ''}` });
    }
    // Carriers in a fixed order: two batches running at once on PostgreSQL take their pre-invoices in the same order.
    for (const chave of [...new Set(pedir.map((p) => p.chave))].sort()) {
      const [t, u] = chave.split('|');
      abertas.set(chave, await preFaturaAutomaticaAberta(tx, embarcadorUid, t!, u || null));
    }
    for (const p of pedir) {
      const pre = abertas.get(p.chave)!;
      mudar.push({ uid: salvos.get(p.c.cteUid)!, pre });
      totais.add(pre);
    }
    for (const l of fatias(mudar, 500)) {
      const valores = sql.join(l.map((m) => sql`(${m.uid}::uuid, ${m.pre}::uuid)`), sql`, `);
      await tx.execute(sql`update auditorias set pre_fatura_uid = v.pre from (values ${valores}) as v(uid, pre) where auditorias.uid = v.uid`);
    }
    for (const p of [...totais].sort()) await atualizarTotaisPreFatura(tx, p);
    tempos.gravacao += agora() - t2;
    tempos.lotes++;
    tempos.ctes += calculados.length;

    for (const c of calculados) {
      out.set(c.cteUid, { situacao: c.status === R.APROVADA ? 'ok' : 'aviso', mensagem: c.resumo.slice(0, 500), registroUid: salvos.get(c.cteUid) });
    }
    return out;
  } finally {
    memo.fim();
  }
}
