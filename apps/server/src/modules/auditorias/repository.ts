import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { MapaComponentes, TaxaEspecial, Tolerancia } from '@fretio/core';
import { auditoriaTaxasEspeciais, auditorias, componentes, configuracoes, mapasComponente, preFaturas, toleranciasAuditoria } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { memoLote } from '../../lib/memo-lote.ts';
import { rowsOf } from '../../framework/sql.ts';


// What the comparison needs besides the CT-e: the carrier's component map, the tolerances, the special
// taxes of the audit; and the pre-invoice an approved CT-e flows into.

export async function mapaDoTransportador(db: DbOrTx, embarcadorUid: string, transportadorUid: string | null): Promise<MapaComponentes> {
  if (!transportadorUid) return {};
  return memoLote(db, `mapa|${transportadorUid}`, () => mapaLido(db, embarcadorUid, transportadorUid));
}

async function mapaLido(db: DbOrTx, embarcadorUid: string, transportadorUid: string): Promise<MapaComponentes> {
  const rows = await db.select({ nome: mapasComponente.nome, codigo: componentes.codigo }).from(mapasComponente)
    .innerJoin(componentes, eq(componentes.uid, mapasComponente.componenteUid))
    .where(and(eq(mapasComponente.embarcadorUid, embarcadorUid), eq(mapasComponente.transportadorUid, transportadorUid)));
  return Object.fromEntries(rows.map((r) => [r.nome, r.codigo]));
}

/**
 * The shipper's tolerances for this carrier. Without a general one of its own, the settings' general
 * tolerance (configuracoes: % and R$, both sides) stands in for it.
 */
export function toleranciasDe(db: DbOrTx, embarcadorUid: string, transportadorUid: string | null): Promise<Tolerancia[]> {
  return memoLote(db, `tolerancias|${transportadorUid}`, () => toleranciasLidas(db, embarcadorUid, transportadorUid));
}

async function toleranciasLidas(db: DbOrTx, embarcadorUid: string, transportadorUid: string | null): Promise<Tolerancia[]> {
  const rows = await db.select().from(toleranciasAuditoria).where(and(
    eq(toleranciasAuditoria.embarcadorUid, embarcadorUid),
    transportadorUid ? or(isNull(toleranciasAuditoria.transportadorUid), eq(toleranciasAuditoria.transportadorUid, transportadorUid)) : isNull(toleranciasAuditoria.transportadorUid),
  ));
  const lista: Tolerancia[] = rows.map((r) => ({ ...r }));
  if (!lista.some((t) => t.transportadorUid === null && t.componente === null)) {
    const [cfg] = await db.select({ p: configuracoes.toleranciaAuditoriaPercentual, v: configuracoes.toleranciaAuditoriaValor })
      .from(configuracoes).where(eq(configuracoes.embarcadorUid, embarcadorUid));
    if (cfg) lista.push({ transportadorUid: null, componente: null, percentualAcima: cfg.p, valorAcima: cfg.v, percentualAbaixo: cfg.p, valorAbaixo: cfg.v });
  }
  return lista;
}

export async function taxasDa(db: DbOrTx, auditoriaUid: string | null): Promise<TaxaEspecial[]> {
  if (!auditoriaUid) return [];
  return memoLote(db, `taxas|${auditoriaUid}`, () => db.select({ descricao: auditoriaTaxasEspeciais.descricao, valor: auditoriaTaxasEspeciais.valor, componente: auditoriaTaxasEspeciais.componente })
    .from(auditoriaTaxasEspeciais).where(eq(auditoriaTaxasEspeciais.auditoriaUid, auditoriaUid)));
}

export async function auditoriaDoCte(db: DbOrTx, embarcadorUid: string, cteUid: string, travar = false) {
  const q = db.select().from(auditorias).where(and(eq(auditorias.embarcadorUid, embarcadorUid), eq(auditorias.cteUid, cteUid)));
  const [a] = travar ? await q.for('update') : await q;
  return a ?? null;
}

/** Recomputes the pre-invoice's total and count from its audits (the charged value of each CT-e). */
export async function atualizarTotaisPreFatura(db: DbOrTx, preFaturaUid: string) {
  await db.update(preFaturas).set({
    valorTotal: sql`(select coalesce(sum(a.valor_cobrado), 0) from auditorias a where a.pre_fatura_uid = ${preFaturaUid})`,
    quantidadeCtes: sql`(select count(*) from auditorias a where a.pre_fatura_uid = ${preFaturaUid})::int`,
    atualizadoEm: sql`now()`,
  }).where(eq(preFaturas.uid, preFaturaUid));
}

/**
 * The open automatic pre-invoice of a carrier (unit), created when there is none. INSERT … ON CONFLICT DO
 * NOTHING on pre_faturas_automatica_aberta_uq: two audits approved at once never create two — the second
 * insert waits for the first transaction and, once it commits, finds its pre-invoice (locked for the caller).
 */
export async function preFaturaAutomaticaAberta(db: DbOrTx, embarcadorUid: string, transportadorUid: string, unidadeUid: string | null): Promise<string> {
  for (let tentativa = 0; ; tentativa++) {
    const criada = rowsOf(await db.execute(sql`
      insert into pre_faturas (embarcador_uid, transportador_uid, unidade_transportador_uid, automatica, observacao)
      values (${embarcadorUid}, ${transportadorUid}, ${unidadeUid}, true, 'Criada automaticamente com os CT-es aprovados na auditoria.')
      on conflict do nothing returning uid`));
    if (criada[0]) return String(criada[0].uid);
    const [p] = await db.select({ uid: preFaturas.uid }).from(preFaturas).where(and(
      eq(preFaturas.embarcadorUid, embarcadorUid), eq(preFaturas.transportadorUid, transportadorUid), eq(preFaturas.status, 1), eq(preFaturas.automatica, true),
      unidadeUid ? eq(preFaturas.unidadeTransportadorUid, unidadeUid) : isNull(preFaturas.unidadeTransportadorUid),
    )).limit(1).for('update');
    if (p) return p.uid;
    // Released or cancelled between the conflict and the read: a new one may be created now.
    if (tentativa >= 3) throw new Error('pré-fatura automática: conflito repetido');
  }
}
