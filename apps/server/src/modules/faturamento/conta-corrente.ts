import Decimal from 'decimal.js';
import { and, asc, eq, sql } from 'drizzle-orm';
import { TIPO_USUARIO, contaCorrente, envelope, z } from '@fretio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contaCorrenteTransportador, embarcadorTransportador, transportadores } from '../../db/schema/index.ts';
import type { DbOrTx, Tx } from '../../framework/resource.ts';
import { errorResponses, zUidParam } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';

// The carrier's running balance (conta corrente) with the shipper: positive, the carrier owes the
// shipper (an accepted overcharge, written by the audit); an invoice's netting (valorDesconto) is a
// negative entry when it is validated and is reversed when it is reopened. Read per carrier, under
// /fatura (the invoice permission), by the shipper's users and by the carrier's own users.

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

export async function contaCorrenteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/v1/fatura/conta-corrente/:uid', {
    config: { permission: ['fatura', 'ler'] },
    schema: {
      tags: ['Fatura'], summary: 'Conta corrente do transportador (uid do transportador): lançamentos em ordem de data e o saldo',
      description: 'Saldo positivo: o transportador deve ao embarcador (divergências aceitas), sugerido como desconto na próxima fatura.',
      params: z.object({ uid: zUidParam }), response: { 200: envelope(contaCorrente), ...errorResponses },
    },
  }, async (req) => {
    const embarcadorUid = exigirEmbarcador(req.ctx);
    const ctx = req.ctx as RequestContext;
    const transportadorUid = req.params.uid;
    const [t] = await app.db.select({ nome: transportadores.nome }).from(embarcadorTransportador)
      .innerJoin(transportadores, eq(transportadores.uid, embarcadorTransportador.transportadorUid))
      .where(and(eq(embarcadorTransportador.embarcadorUid, embarcadorUid), eq(embarcadorTransportador.transportadorUid, transportadorUid)));
    if (!t || (ctx.tipoUsuario === TIPO_USUARIO.TRANSPORTADOR && ctx.transportadorUid !== transportadorUid)) throw AppError.notFound();
    const rows = await app.db.select().from(contaCorrenteTransportador)
      .where(and(eq(contaCorrenteTransportador.embarcadorUid, embarcadorUid), eq(contaCorrenteTransportador.transportadorUid, transportadorUid)))
      .orderBy(asc(contaCorrenteTransportador.data), asc(contaCorrenteTransportador.uid)).limit(10_000);
    let saldo = new Decimal(0);
    const lancamentos = rows.map((l) => {
      saldo = saldo.plus(l.valor);
      return { uid: l.uid, data: l.data, valor: Number(l.valor), historico: l.historico, documentoTipo: l.documentoTipo, documentoUid: l.documentoUid, saldo: saldo.toNumber() };
    });
    return { success: true as const, message: '', data: { transportadorUid, transportadorNome: t.nome, saldo: saldo.toNumber(), lancamentos: lancamentos.reverse() } };
  });
}
