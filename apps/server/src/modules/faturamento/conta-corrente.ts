import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import { TIPO_USUARIO, contaCorrente, contaCorrenteQuery, envelope, z } from '@fretio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contaCorrenteTransportador, embarcadorTransportador, transportadores } from '../../db/schema/index.ts';
import type { DbOrTx, Tx } from '../../framework/resource.ts';
import { errorResponses, zUidParam } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { rowsOf } from '../../framework/sql.ts';

// The carrier's running balance (conta corrente) with the shipper: positive, the carrier owes the
// shipper (an accepted overcharge, written by the audit); an invoice's netting (valorDesconto) is a
// negative entry when it is validated and is reversed when it is reopened. Read per carrier, under
// /fatura (the invoice permission), by the shipper's users and by the carrier's own users. Every sum is
// the database's (numeric): nothing is added up in JavaScript.

export async function saldoDaContaCorrente(db: DbOrTx, embarcadorUid: string, transportadorUid: string): Promise<Decimal> {
  const [r] = await db.select({ s: sql<string>`coalesce(sum(${contaCorrenteTransportador.valor}), 0)` }).from(contaCorrenteTransportador)
    .where(and(eq(contaCorrenteTransportador.embarcadorUid, embarcadorUid), eq(contaCorrenteTransportador.transportadorUid, transportadorUid)));
  return new Decimal(r?.s ?? 0);
}

/** One dated entry of the invoice `row` (same transaction as the change that causes it). */
export async function lancarNaContaCorrente(tx: Tx, ctx: RequestContext, row: Record<string, unknown>, valor: Decimal, historico: string) {
  await tx.insert(contaCorrenteTransportador).values({
    embarcadorUid: row.embarcadorUid as string, transportadorUid: row.transportadorUid as string, valor: valor.toFixed(2),
    historico: historico.slice(0, 500), documentoTipo: 'FATURA', documentoUid: row.uid as string, usuarioUid: ctx.usuarioUid,
  });
}


/**
 * The account of one carrier with the shipper, every sum in the database (numeric, to the centavo): the
 * balance, the nettings typed on open invoices (written only when validated) and the deduction suggested on
 * the next invoice — the positive balance minus those nettings, never below zero — and one page of entries,
 * newest first, each with the balance after it (a window sum over the whole account, oldest first).
 */
export async function contaCorrenteDoTransportador(db: DbOrTx, embarcadorUid: string, transportadorUid: string, q: { pc: number; pps: number; excetoFaturaUid?: string }) {
  const [tot] = rowsOf(await db.execute(sql`
    select c.n::int as n, c.saldo::text as saldo, f.abertos::text as abertos, greatest(c.saldo - f.abertos, 0)::text as sugerido
      from (select count(*) as n, coalesce(sum(valor), 0)::numeric(14, 2) as saldo from conta_corrente_transportador
             where embarcador_uid = ${embarcadorUid} and transportador_uid = ${transportadorUid}) c,
           (select coalesce(sum(valor_desconto), 0)::numeric(14, 2) as abertos from faturas
             where embarcador_uid = ${embarcadorUid} and transportador_uid = ${transportadorUid} and status = 1
               ${q.excetoFaturaUid ? sql`and uid <> ${q.excetoFaturaUid}` : sql``}) f`));
  const pagina = rowsOf(await db.execute(sql`
    select uid, data, valor::text as valor, historico, documento_tipo as "documentoTipo", documento_uid as "documentoUid", saldo::text as saldo
      from (select l.*, sum(l.valor) over (order by l.data, l.uid rows between unbounded preceding and current row) as saldo
              from conta_corrente_transportador l where l.embarcador_uid = ${embarcadorUid} and l.transportador_uid = ${transportadorUid}) x
     order by data desc, uid desc limit ${q.pps} offset ${(q.pc - 1) * q.pps}`));
  const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
  return {
    saldo: Number(tot!.saldo), totalRecords: Number(tot!.n), pc: q.pc, pps: q.pps,
    descontoEmFaturasAbertas: Number(tot!.abertos), descontoSugerido: Number(tot!.sugerido),
    lancamentos: pagina.map((l) => ({ uid: String(l.uid), data: iso(l.data), valor: Number(l.valor), historico: String(l.historico),
      documentoTipo: String(l.documentoTipo), documentoUid: String(l.documentoUid), saldo: Number(l.saldo) })),
  };
}

export async function contaCorrenteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/v1/fatura/conta-corrente/:uid', {
    config: { permission: ['fatura', 'ler'] },
    schema: {
      tags: ['Fatura'], summary: 'Conta corrente do transportador (uid do transportador): o saldo, o desconto sugerido na próxima fatura e uma página de lançamentos',
      description: 'Saldo positivo: o transportador deve ao embarcador (divergências aceitas), sugerido como desconto na próxima fatura, menos os descontos já digitados em faturas abertas. Lançamentos do mais recente ao mais antigo, com o saldo depois de cada um.',
      params: z.object({ uid: zUidParam }), querystring: contaCorrenteQuery, response: { 200: envelope(contaCorrente), ...errorResponses },
    },
  }, async (req) => {
    const embarcadorUid = exigirEmbarcador(req.ctx);
    const ctx = req.ctx as RequestContext;
    const transportadorUid = req.params.uid;
    const [t] = await app.db.select({ nome: transportadores.nome }).from(embarcadorTransportador)
      .innerJoin(transportadores, eq(transportadores.uid, embarcadorTransportador.transportadorUid))
      .where(and(eq(embarcadorTransportador.embarcadorUid, embarcadorUid), eq(embarcadorTransportador.transportadorUid, transportadorUid)));
    if (!t || (ctx.tipoUsuario === TIPO_USUARIO.TRANSPORTADOR && ctx.transportadorUid !== transportadorUid)) throw AppError.notFound();
    return { success: true as const, message: '', data: { transportadorUid, transportadorNome: t.nome, ...(await contaCorrenteDoTransportador(app.db, embarcadorUid, transportadorUid, req.query)) } };
  });
}
