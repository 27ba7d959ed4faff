import { and, asc, eq } from 'drizzle-orm';
import { condicaoPagamento, condicaoPagamentoInput, ehDiaUtil, envelope, opcaoSelecao, z } from '@fretio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { condicoesPagamento, embarcadores } from '../../db/schema/index.ts';
import { type DbOrTx, defineResource, doEmbarcador } from '../../framework/resource.ts';
import { errorResponses, zUidParam } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { diasSemExpedienteBancario, feriadosDoDestino } from '../feriados/service.ts';

// Payment conditions of invoices: instalments in days counted from the invoice's emission or validation;
// a due date on a weekend, national holiday, Carnival Monday/Tuesday (no banking hours) or a holiday of the
// shipper's own register that applies where it pays (its national ones, its UF's and its municipality's,
// from the shipper's address — an invoice has no paying unit) moves to the next business day.

registerUniqueConstraint('condicoes_pagamento_nome_uq', 'nome', 'Já existe uma condição de pagamento com este nome.');

const descricao = (r: { parcelas: number[]; base: string }) =>
  `${r.parcelas.join('/')} dia(s) da ${r.base === 'VALIDACAO' ? 'validação' : 'emissão'}`;

export const condicoesResource = defineResource({
  nome: 'Condição de pagamento',
  path: '/fatura/condicao-pagamento',
  recurso: 'condicao-pagamento',
  table: condicoesPagamento,
  uid: condicoesPagamento.uid,
  scope: doEmbarcador(condicoesPagamento.embarcadorUid),
  item: condicaoPagamento,
  input: condicaoPagamentoInput,
  toItem: (r) => ({ ...r, descricao: descricao(r as never) }) as z.infer<typeof condicaoPagamento>,
  sortable: { nome: condicoesPagamento.nome, criadoEm: condicoesPagamento.criadoEm },
  defaultSort: 'nome',
  filters: { nome: { column: condicoesPagamento.nome, kind: 'text' }, ativo: { column: condicoesPagamento.ativo, kind: 'bool' } },
  selecoes: [{
    path: '/fatura/condicao-pagamento/list',
    summary: 'Condições ativas para seleção (value = uid)',
    item: opcaoSelecao,
    colunas: { uid: condicoesPagamento.uid, nome: condicoesPagamento.nome, parcelas: condicoesPagamento.parcelas, base: condicoesPagamento.base },
    where: () => eq(condicoesPagamento.ativo, true),
    orderBy: [asc(condicoesPagamento.nome)],
    opcao: (c) => ({ value: c.uid, label: `${c.nome} (${descricao(c)})` }),
  }],
});

const soma = (data: string, dias: number) => new Date(Date.parse(`${data}T00:00:00Z`) + dias * 86_400_000).toISOString().slice(0, 10);

/**
 * Due dates of each instalment from `inicio`, each moved to the next business day: weekends, national
 * holidays, Carnival Monday/Tuesday and `outrosFeriados` (the shipper's, feriadosDoEmbarcador).
 */
export function vencimentos(parcelas: number[], inicio: string, outrosFeriados: Iterable<string> = []): string[] {
  const ano = Number(inicio.slice(0, 4));
  const ate = Number(soma(inicio, Math.max(0, ...parcelas) + 31).slice(0, 4));
  const feriados = diasSemExpedienteBancario(Array.from({ length: ate - ano + 1 }, (_, i) => ano + i));
  for (const d of outrosFeriados) feriados.add(d);
  return parcelas.map((d) => {
    let v = soma(inicio, d);
    while (!ehDiaUtil(v, feriados)) v = soma(v, 1);
    return v;
  });
}

/**
 * Holidays (not pontos facultativos) of the shipper's register between two dates that stop its payments:
 * its own national ones, those of its UF and of its municipality (the shipper's address). Another
 * shipper's holidays never count.
 */
export async function feriadosDoEmbarcador(db: DbOrTx, embarcadorUid: string, de: string, ate: string): Promise<string[]> {
  const [e] = await db.select({ uf: embarcadores.uf, ibge: embarcadores.municipioIbge }).from(embarcadores).where(eq(embarcadores.uid, embarcadorUid));
  return feriadosDoDestino(db, embarcadorUid, { uf: e?.uf ?? '', ibge: e?.ibge ?? null }, de, ate);
}

/** vencimentos() with the shipper's register (feriadosDoEmbarcador). */
export async function vencimentosDoEmbarcador(db: DbOrTx, embarcadorUid: string, parcelas: number[], inicio: string): Promise<string[]> {
  const ate = soma(inicio, Math.max(0, ...parcelas) + 31);
  return vencimentos(parcelas, inicio, await feriadosDoEmbarcador(db, embarcadorUid, inicio, ate));
}

const parcelaItem = z.object({ parcela: z.number().int(), dias: z.number().int(), vencimento: z.string(), valor: z.number().nullable() });

// The instalments of one condition from a date (`{uid}/listaselecao`) stay a route of their own: they are
// computed (due dates on business days, values to the centavo), not rows, and the path carries the uid.
export async function condicoesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Condição de pagamento'];
  r.get('/api/v1/fatura/condicao-pagamento/:uid/listaselecao', {
    config: { permission: ['condicao-pagamento', 'ler'] },
    schema: {
      tags, summary: 'Parcelas da condição com vencimento (dia útil seguinte) a partir de uma data e, com valor, o valor de cada uma',
      params: z.object({ uid: zUidParam }),
      querystring: z.object({ data: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida').optional(), valor: z.coerce.number().min(0).optional() }),
      response: { 200: envelope(z.array(parcelaItem)), ...errorResponses },
    },
  }, async (req) => {
    const [c] = await app.db.select().from(condicoesPagamento)
      .where(and(eq(condicoesPagamento.uid, req.params.uid), eq(condicoesPagamento.embarcadorUid, exigirEmbarcador(req.ctx))));
    if (!c) throw AppError.notFound();
    const inicio = req.query.data ?? new Date().toISOString().slice(0, 10);
    const datas = await vencimentosDoEmbarcador(app.db, c.embarcadorUid, c.parcelas, inicio);
    // Instalments in centavos; the last takes the remainder so they add up to the value exactly.
    const total = req.query.valor === undefined ? null : Math.round(req.query.valor * 100);
    const cada = total === null ? null : Math.floor(total / c.parcelas.length);
    return {
      success: true as const, message: '',
      data: c.parcelas.map((dias, i) => ({
        parcela: i + 1, dias, vencimento: datas[i]!,
        valor: total === null || cada === null ? null : (i === c.parcelas.length - 1 ? total - cada * (c.parcelas.length - 1) : cada) / 100,
      })),
    };
  });
}
