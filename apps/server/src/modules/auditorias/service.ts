import { eq, sql } from 'drizzle-orm';
import {
  auditarCte as compararCte, consolidarComplementares, detectarDuplicidades, efeitoNaAuditoria, RESULTADO_AUDITORIA as R,
  type RegraTributaria,
} from '@fretio/core';
import { auditorias, preFaturas } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { calculoAcordado, calculoPelaTabela, tempoMotor, tributoDoCte } from './calculo.ts';
import { reentregasDe } from './reentregas.ts';
import { candidatosDuplicidade, carregarCte, type CteCarregado, complementaresDe, transportadorSimples } from './cte.ts';
import { aguardaOriginal, originalRetidoEmPreFatura } from '../faturamento/substituicao.ts';
import { cobrancasDeOcorrencias } from './ocorrencias.ts';
import { atualizarTotaisPreFatura, auditoriaDoCte, mapaDoTransportador, preFaturaAutomaticaAberta, taxasDa, toleranciasDe } from './repository.ts';

// The audit of one CT-e, stored: loads the CT-e and everything the comparison (packages/core) needs,
// applies the document rules (complementar adds to its original, anulação/substituto replace it, a
// cancelled CT-e leaves the audit), saves the result and lets an approved CT-e flow into its carrier's
// open automatic pre-invoice. Runs inside the caller's transaction.

export type ResultadoAuditarCte = { auditoriaUid: string | null; status: number | null; mensagem: string };

/** Audits that a re-audit must not touch: accepted (reabrir first) or in a released pre-invoice. */
export async function exigirReauditavel(db: DbOrTx, a: typeof auditorias.$inferSelect) {
  if (a.status === R.ACEITA) throw AppError.conflict('A auditoria foi aceita: reabra-a antes de re-auditar.', undefined, 'AUDITORIA_ACEITA');
  if (a.status === R.CANCELADA) throw AppError.conflict('A auditoria está cancelada (CT-e cancelado, anulado ou substituído).', undefined, 'AUDITORIA_CANCELADA');
  await exigirForaDePreFaturaLiberada(db, a);
}

export async function exigirForaDePreFaturaLiberada(db: DbOrTx, a: { preFaturaUid: string | null }) {
  if (!a.preFaturaUid) return;
  const [p] = await db.select({ status: preFaturas.status }).from(preFaturas).where(eq(preFaturas.uid, a.preFaturaUid));
  if (p && p.status !== 1) throw AppError.conflict('O CT-e está numa pré-fatura já liberada ou faturada.', undefined, 'EM_PRE_FATURA');
}

async function cancelarAuditoria(db: DbOrTx, embarcadorUid: string, cteUid: string, motivo: string) {
  const a = await auditoriaDoCte(db, embarcadorUid, cteUid, true);
  if (!a || a.status === R.CANCELADA) return;
  await exigirForaDePreFaturaLiberada(db, a);
  await db.update(auditorias).set({ status: R.CANCELADA, resumo: motivo, preFaturaUid: null, atualizadoEm: sql`now()` }).where(eq(auditorias.uid, a.uid));
  if (a.preFaturaUid) await atualizarTotaisPreFatura(db, a.preFaturaUid);
}

/** What the CT-e must highlight: the tax of the calculator's one rule (the same the expected value is grossed up with). */
async function regraTributaria(db: DbOrTx, embarcadorUid: string, c: CteCarregado, simples: boolean): Promise<RegraTributaria> {
  if (simples) return { simplesNacional: true };
  const tr = await tributoDoCte(db, embarcadorUid, c, false);
  if (!tr) return { simplesNacional: false };
  if (tr.tributo === 'ISS') return { simplesNacional: false, tributo: 'ISS', fonte: tr.fonte };
  return c.cte.origem.uf === c.cte.destino.uf
    ? { simplesNacional: false, tributo: 'ICMS', aliquotaInterna: tr.aliquota, fonte: tr.fonte }
    : { simplesNacional: false, tributo: 'ICMS', aliquotaInterestadual: tr.aliquota, fonte: tr.fonte };
}

/** The CT-e is on an invoice (its link on the CT-e or an invoice line). */
export async function cteFaturado(db: DbOrTx, embarcadorUid: string, cteUid: string): Promise<boolean> {
  const r = await db.execute(sql`select 1 from ctes c where c.uid = ${cteUid} and c.embarcador_uid = ${embarcadorUid}
    and (c.fatura_uid is not null or exists (select 1 from fatura_ctes fc where fc.embarcador_uid = ${embarcadorUid} and fc.cte_uid = c.uid))`);
  return ((r as { rows?: unknown[] }).rows ?? (r as unknown as unknown[])).length > 0;
}

/** Puts an approved/accepted audit in its carrier's open automatic pre-invoice; takes anything else out of an open one. */
export async function encaminharPreFatura(db: DbOrTx, embarcadorUid: string, auditoriaUid: string) {
  const [a] = await db.select().from(auditorias).where(eq(auditorias.uid, auditoriaUid));
  if (!a) return;
  if (await cteFaturado(db, embarcadorUid, a.cteUid)) {
    // Already on an invoice (typed, DOCCOB or another pre-invoice): never in an automatic pre-invoice again;
    // out of an open one, left where it is in a released/invoiced one.
    if (a.preFaturaUid) {
      const [p] = await db.select({ status: preFaturas.status }).from(preFaturas).where(eq(preFaturas.uid, a.preFaturaUid));
      if (p?.status === 1) {
        await db.update(auditorias).set({ preFaturaUid: null }).where(eq(auditorias.uid, a.uid));
        await atualizarTotaisPreFatura(db, a.preFaturaUid);
      }
    }
    return;
  }
  // A substitute whose original is still in a released pre-invoice waits (faturamento/substituicao.ts).
  const liberavel = (a.status === R.APROVADA || a.status === R.ACEITA) && a.transportadorUid && !(await aguardaOriginal(db, a.cteUid));
  if (!liberavel) {
    if (a.preFaturaUid) {
      await exigirForaDePreFaturaLiberada(db, a);
      await db.update(auditorias).set({ preFaturaUid: null }).where(eq(auditorias.uid, a.uid));
      await atualizarTotaisPreFatura(db, a.preFaturaUid);
    }
    return;
  }
  if (a.preFaturaUid) return atualizarTotaisPreFatura(db, a.preFaturaUid);
  const p = await preFaturaAutomaticaAberta(db, embarcadorUid, a.transportadorUid!, a.unidadeTransportadorUid);
  await db.update(auditorias).set({ preFaturaUid: p }).where(eq(auditorias.uid, a.uid));
  await atualizarTotaisPreFatura(db, p);
}

/**
 * Audits (or re-audits) one CT-e. `propagar`: also re-audit the CT-es it duplicates, so the flag shows
 * on both. An accepted audit is left as it is unless `forcar` (reabrir).
 */
export async function auditarCte(db: DbOrTx, embarcadorUid: string, cteUid: string, opts: { propagar?: boolean; forcar?: boolean } = {}): Promise<ResultadoAuditarCte> {
  const c = await carregarCte(db, embarcadorUid, cteUid);
  if (!c) throw AppError.notFound('CT-e não encontrado.');
  const efeito = efeitoNaAuditoria(c.cte);
  if (efeito === 'REMOVER') {
    await cancelarAuditoria(db, embarcadorUid, cteUid, `CT-e ${c.cte.numero}/${c.cte.serie} cancelado: fora da auditoria.`);
    if (c.cte.tipoCte === 1 && c.cteOriginalUid) await auditarCte(db, embarcadorUid, c.cteOriginalUid, { propagar: false });
    return { auditoriaUid: null, status: R.CANCELADA, mensagem: 'CT-e cancelado: auditoria encerrada.' };
  }
  if (efeito === 'SOMAR_AO_ORIGINAL') {
    if (!c.cteOriginalUid) return { auditoriaUid: null, status: null, mensagem: 'CT-e complementar sem o original importado: será auditado com ele.' };
    return auditarCte(db, embarcadorUid, c.cteOriginalUid, opts);
  }
  if (efeito === 'ANULAR_ORIGINAL') {
    if (c.cteOriginalUid && !(await originalRetidoEmPreFatura(db, embarcadorUid, c.cteOriginalUid, c.cte)))
      await cancelarAuditoria(db, embarcadorUid, c.cteOriginalUid, `CT-e anulado pelo CT-e de anulação ${c.cte.numero}/${c.cte.serie}.`);
    return { auditoriaUid: null, status: null, mensagem: 'CT-e de anulação: auditoria do original encerrada.' };
  }
  // An original already in a released pre-invoice keeps its audit; the substitute waits (faturamento/substituicao.ts).
  if (efeito === 'SUBSTITUIR_ORIGINAL' && c.cteOriginalUid && !(await originalRetidoEmPreFatura(db, embarcadorUid, c.cteOriginalUid, c.cte)))
    await cancelarAuditoria(db, embarcadorUid, c.cteOriginalUid, `CT-e substituído pelo CT-e ${c.cte.numero}/${c.cte.serie}.`);

  const existente = await auditoriaDoCte(db, embarcadorUid, cteUid, true);
  if (existente?.status === R.ACEITA && !opts.forcar) return { auditoriaUid: existente.uid, status: existente.status, mensagem: existente.resumo };
  if (existente) await exigirForaDePreFaturaLiberada(db, existente);
  const { valores, r, duplicidades } = await calcularAuditoria(db, embarcadorUid, c, existente, opts);
  const [salva] = await db.insert(auditorias).values({ embarcadorUid, cteUid, ...valores } as never)
    .onConflictDoUpdate({ target: [auditorias.embarcadorUid, auditorias.cteUid], set: valores as never })
    .returning({ uid: auditorias.uid });
  await encaminharPreFatura(db, embarcadorUid, salva!.uid);

  if (opts.propagar !== false) {
    for (const outro of duplicidades.keys()) {
      if (outro === c.uid) continue;
      const a = await auditoriaDoCte(db, embarcadorUid, outro);
      if (a && (a.status === R.ACEITA || a.status === R.CANCELADA)) continue;
      try {
        await auditarCte(db, embarcadorUid, outro, { propagar: false });
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
      }
    }
  }
  return { auditoriaUid: salva!.uid, status: r.resultado, mensagem: r.resumo };
}

/**
 * The audit row of a CT-e to audit (not cancelled, not a complementar/anulação), computed but not saved:
 * the one-CT-e path (auditarCte) and the re-audit batch (lote.ts) both save exactly this.
 */
export async function calcularAuditoria(db: DbOrTx, embarcadorUid: string, c: CteCarregado, existente: typeof auditorias.$inferSelect | null, opts: { forcar?: boolean } = {}) {
  const complementares = [];
  for (const uid of await complementaresDe(db, embarcadorUid, c)) {
    const k = await carregarCte(db, embarcadorUid, uid);
    if (k) complementares.push(k.cte);
  }
  const cte = consolidarComplementares(c.cte, complementares);
  const simples = await transportadorSimples(db, c.transportadorUid);
  const candidatos = await candidatosDuplicidade(db, embarcadorUid, c);
  const duplicidades = detectarDuplicidades(candidatos, await reentregasDe(db, embarcadorUid, c));
  const [calculo, mapa, tolerancias, regra, taxas] = await Promise.all([
    calculoAcordado(db, embarcadorUid, { ...c, cte }, simples).then((a) => a ?? calculoPelaTabela(db, embarcadorUid, { ...c, cte }, simples)),
    mapaDoTransportador(db, embarcadorUid, c.transportadorUid),
    toleranciasDe(db, embarcadorUid, c.transportadorUid),
    regraTributaria(db, embarcadorUid, c, simples),
    taxasDa(db, existente?.uid ?? null),
  ]);
  const t0 = performance.now();
  // Extra charges of the delivery occurrences on its notes ('Cobrança adicional'), as accepted special taxes.
  const ocorrencias = await cobrancasDeOcorrencias(db, embarcadorUid, c.uid, calculo);
  const r = compararCte({ cte, transportadorUid: c.transportadorUid, calculo, mapa, tolerancias, regraTributaria: regra, taxasEspeciais: [...taxas, ...ocorrencias], duplicidades: duplicidades.get(c.uid) ?? [] });
  tempoMotor.ms += performance.now() - t0;
  const valores = {
    chaveCte: c.cte.chave, numeroCte: c.cte.numero, serieCte: c.cte.serie, emissao: c.cte.emissao,
    transportadorUid: c.transportadorUid, unidadeTransportadorUid: c.unidadeTransportadorUid,
    status: r.resultado, resultadoCalculo: r.resultado, fonte: r.fonte, referenciaUid: calculo.calculado ? (calculo.referenciaUid ?? null) : null,
    valorCobrado: String(r.valorCobrado), valorEsperado: r.valorEsperado === null ? null : String(r.valorEsperado),
    diferenca: r.diferenca === null ? null : String(r.diferenca), resumo: r.resumo.slice(0, 2000), linhas: r.linhas,
    memoria: calculo.calculado ? (calculo.memoria ?? null) : { motivo: calculo.motivo },
    mensagem: opts.forcar ? null : (existente?.mensagem ?? null), aceitaPorUid: null, aceitaEm: null,
    auditadaEm: sql`now()`, atualizadoEm: sql`now()`,
  };
  return { valores, r, duplicidades };
}
