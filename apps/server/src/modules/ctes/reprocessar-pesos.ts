import { gunzipSync } from 'node:zlib';
import Decimal from 'decimal.js';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { FUSO } from '@fretio/core';
import { auditorias, ctes, documentosXml } from '../../db/schema/index.ts';
import { registrarAuditoria } from '../../framework/audit.ts';
import { AppError, defineTipoTarefa, type ResultadoItem } from '../../framework/tarefas/index.ts';
import type { Tx } from '../../framework/resource.ts';
import { auditarCte } from '../auditorias/service.ts';
import type { DocumentoFiscalLido } from '../../framework/importacao/leitor.ts';
import { lerDocumentoFiscal } from '../../framework/importacao/pool.ts';

// reprocessar-pesos-cte: CT-es imported before the infQ weights were kept (migration 0067) have neither PESO
// CUBADO nor PESO BASE DE CALCULO. This task re-reads each one's stored XML (documentos_xml) with today's
// parser and fills them — and the cargo weight, which the old parser could take from the cubed measure when it
// came first. A CT-e whose weights changed is re-audited in the same transaction (its own savepoint), unless
// the audit is accepted, cancelled or in a released pre-invoice. CT-es known only from a CONEMB have no XML
// (CONEMB 3.0 carries only the "peso transportado", kept as the cargo weight): not items of the task.

export type ParametrosReprocessarPesos = { dataInicio?: string; dataFim?: string; reauditar: boolean };
type Pesos = { pesoCarga: string | null; pesoCubado: string | null; pesoBaseCalculo: string | null };

/** 100 CT-es per transaction: each reads one row and writes one (plus its re-audit). */
const POR_TRANSACAO = 100;
const PAGINA = 1000;

const dia = (d: string, mais = 0) => sql`((${new Date(Date.parse(`${d}T00:00:00Z`) + mais * 86_400_000).toISOString().slice(0, 10)}::date)::timestamp at time zone ${FUSO})`;

/** The shipper's CT-es of that origin with neither weight, optionally of an emission period (São Paulo days). */
function candidatos(p: ParametrosReprocessarPesos, embarcadorUid: string, origem: 'XML' | 'EDI' = 'XML') {
  return and(
    eq(ctes.embarcadorUid, embarcadorUid),
    eq(ctes.origemDocumento, origem),
    sql`${ctes.pesoCubado} is null and ${ctes.pesoBaseCalculo} is null`,
    p.dataInicio ? sql`${ctes.emissao} >= ${dia(p.dataInicio)}` : undefined,
    p.dataFim ? sql`${ctes.emissao} < ${dia(p.dataFim, 1)}` : undefined,
  );
}

const kg = (v: string) => `${new Decimal(v).toDecimalPlaces(4).toString().replace('.', ',')} kg`;
const igual = (a: string | null, b: string | null) => (a === null || b === null ? a === b : new Decimal(a).eq(b));

export const reprocessarPesosCte = defineTipoTarefa<ParametrosReprocessarPesos>({
  tipo: 'reprocessar-pesos-cte',
  nome: 'Reprocessamento dos pesos dos CT-e',
  recurso: 'ctes',
  async *preparar(db, tarefa) {
    let depois = '';
    for (;;) {
      // Paged by uid: a shipper's million CT-es are never held in memory at once.
      const lote = await db.select({ uid: ctes.uid, numero: ctes.numero, serie: ctes.serie }).from(ctes)
        .innerJoin(documentosXml, eq(documentosXml.documentoUid, ctes.uid))
        .where(and(candidatos(tarefa.parametros, tarefa.embarcadorUid), depois ? sql`${ctes.uid} > ${depois}` : undefined))
        .orderBy(asc(ctes.uid)).limit(PAGINA);
      for (const c of lote) yield { nome: `CT-e ${c.numero}/${c.serie}`, ref: { cteUid: c.uid } };
      if (lote.length < PAGINA) return;
      depois = lote[lote.length - 1]!.uid;
    }
  },
  itensPorTransacao: POR_TRANSACAO,
  // Reading and parsing the XML happen before the group's transaction opens.
  async buscar(db, tarefa, item): Promise<Pesos> {
    const { cteUid } = item.ref as { cteUid: string };
    const [x] = await db.select({ conteudo: documentosXml.conteudo }).from(documentosXml)
      .where(and(eq(documentosXml.documentoUid, cteUid), eq(documentosXml.embarcadorUid, tarefa.embarcadorUid)));
    if (!x) throw AppError.field('xml', 'XML original do CT-e não está guardado');
    // Parsed in the import's worker pool (as at import time): never on the event loop other users share.
    let d: DocumentoFiscalLido['doc'];
    try {
      d = (await lerDocumentoFiscal(gunzipSync(x.conteudo), 'cte')).doc;
    } catch (e) {
      if (e instanceof AppError && e.status === 400) throw AppError.field('xml', `XML guardado ilegível: ${e.message}`);
      throw e;
    }
    if (d.tipo !== 'cte') throw AppError.field('xml', 'o XML guardado não é um CT-e');
    return { pesoCarga: d.pesoCarga, pesoCubado: d.pesoCubado ?? null, pesoBaseCalculo: d.pesoBaseCalculo ?? null };
  },
  processar: (tx, tarefa, item, buscado) => gravarPesos(tx, tarefa, (item.ref as { cteUid: string }).cteUid, buscado as Pesos),
  async concluir(db, tarefa) {
    // Said in the task's message: the CT-es of the period this task cannot reach (no XML to read).
    const [edi] = await db.select({ n: sql<number>`count(*)::int` }).from(ctes)
      .where(candidatos(tarefa.parametros, tarefa.embarcadorUid, 'EDI'));
    if (!edi?.n) return undefined;
    return { mensagem: `${edi.n} CT-e(s) recebido(s) só pelo CONEMB ficam sem peso cubado e base de cálculo: o CONEMB 3.0 não os traz (só o peso transportado); virão com o XML do CT-e.` };
  },
});

async function gravarPesos(tx: Tx, tarefa: { embarcadorUid: string; usuarioUid: string | null; parametros: ParametrosReprocessarPesos }, cteUid: string, lidos: Pesos): Promise<ResultadoItem> {
  const [c] = await tx.select({ pesoCarga: ctes.pesoCarga, pesoCubado: ctes.pesoCubado, pesoBaseCalculo: ctes.pesoBaseCalculo }).from(ctes)
    .where(and(eq(ctes.uid, cteUid), eq(ctes.embarcadorUid, tarefa.embarcadorUid))).for('update');
  if (!c) return { situacao: 'ignorado', mensagem: 'CT-e não existe mais.' };
  const novo: Pesos = { pesoCarga: lidos.pesoCarga ?? c.pesoCarga, pesoCubado: lidos.pesoCubado, pesoBaseCalculo: lidos.pesoBaseCalculo };
  const mudou = (Object.keys(novo) as (keyof Pesos)[]).filter((k) => !igual(c[k], novo[k]));
  if (!mudou.length) return { situacao: 'ignorado', registroUid: cteUid, mensagem: 'O XML não traz peso cubado nem peso base de cálculo: nada a preencher.' };
  await tx.update(ctes).set({ ...novo, atualizadoEm: new Date().toISOString() }).where(eq(ctes.uid, cteUid));
  const antes = Object.fromEntries(mudou.map((k) => [k, c[k]]));
  const depois = Object.fromEntries(mudou.map((k) => [k, novo[k]]));
  await registrarAuditoria(tx, tarefa, 'ctes', cteUid, 'reprocessar-pesos', antes, depois);
  const partes = [
    novo.pesoCubado && `peso cubado ${kg(novo.pesoCubado)}`,
    novo.pesoBaseCalculo && `peso base de cálculo ${kg(novo.pesoBaseCalculo)}`,
    mudou.includes('pesoCarga') && novo.pesoCarga && `peso da carga ${kg(c.pesoCarga ?? '0')} → ${kg(novo.pesoCarga)}`,
  ].filter(Boolean);
  const feito = `Preenchido: ${partes.join('; ')}.`;
  if (!tarefa.parametros.reauditar) return { situacao: 'ok', registroUid: cteUid, mensagem: feito };
  return { registroUid: cteUid, ...(await reauditar(tx, tarefa.embarcadorUid, cteUid, feito)) };
}

/** Re-audits the CT-e in a savepoint (a refused re-audit keeps the weights); accepted/cancelled audits stay. */
async function reauditar(tx: Tx, embarcadorUid: string, cteUid: string, feito: string): Promise<Omit<ResultadoItem, 'registroUid'>> {
  const [a] = await tx.select({ status: auditorias.status }).from(auditorias)
    .where(and(eq(auditorias.embarcadorUid, embarcadorUid), eq(auditorias.cteUid, cteUid), inArray(auditorias.status, [1, 2, 3]))).for('update');
  if (!a) return { situacao: 'ok', mensagem: `${feito} Sem auditoria a refazer (não auditado, aceita ou cancelada).` };
  try {
    const r = await tx.transaction((sp) => auditarCte(sp, embarcadorUid, cteUid, { propagar: false }));
    const rotulo = r.status === 1 ? 'Aprovada' : r.status === 2 ? 'Divergente' : 'Sem cálculo';
    return { situacao: 'ok', mensagem: `${feito} Auditoria refeita: ${rotulo}.` };
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return { situacao: 'aviso', mensagem: `${feito} Auditoria não refeita: ${e.message}` };
  }
}
